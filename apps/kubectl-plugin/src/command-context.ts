import { type ConnectionFlags, resolveConnection } from './connection';
import type { PluginIo } from './plugin-io';
import { type TaintgateClient, taintgateClient } from './service-client';

/** The client every command talks through, from kubectl's flags and the kubeconfig. */
export function clientOf(flags: ConnectionFlags, io: PluginIo): TaintgateClient {
  return taintgateClient(resolveConnection(flags, io.env));
}

/** The namespace of `-n`, else the context's, else `default`. */
export const namespaceOf = (flag: string | undefined, client: TaintgateClient): string => flag ?? client.connection.namespace;
