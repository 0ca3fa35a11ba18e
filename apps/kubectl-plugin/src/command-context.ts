import { PluginError } from './failures';
import { resolveConnection, type ConnectionFlags } from './connection';
import type { PluginIo } from './plugin-io';
import { RestClient } from './rest-client';

/** The client every command talks through, from kubectl's flags and the kubeconfig. */
export function clientOf(flags: ConnectionFlags, io: PluginIo): RestClient {
  return new RestClient(resolveConnection(flags, io.env));
}

/** The namespace of `-n`, else the context's, else `default`. */
export const namespaceOf = (flag: string | undefined, client: RestClient): string => flag ?? client.connection.namespace;

/** The service's Markdown for a request (`-o markdown`), printed as it comes. */
export async function markdownOf(client: RestClient, request: Parameters<RestClient['call']>[0]): Promise<string> {
  const answer = await client.call({ ...request, accept: 'text/markdown' });
  if (!answer.contentType.startsWith('text/markdown')) {
    throw new PluginError(`the server does not answer this as Markdown (it answered ${answer.contentType || 'no content type'})`);
  }
  return answer.text.endsWith('\n') ? answer.text : `${answer.text}\n`;
}
