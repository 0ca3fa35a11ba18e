import { type ClusterSpec, FieldPath, type KubeconfigReader, ShapeChecker, checkClusterSpec, err, failure, fieldError, ok } from '@taintgate/domain';
import { parse as parseYaml } from 'yaml';
import { operation } from '../../http/edge/operation';
import { clusterName } from '../../http/scope/cluster-commands';

/** PUT /v1/clusters/{name}: the cluster, and its spec when the body gives one (none: the cluster as it is, created if need be). */
export interface PutClusterCommand {
  name: string;
  spec: ClusterSpec | undefined;
}

const root = FieldPath.root();

/** A kubeconfig's text, as kubectl writes it (YAML, of which JSON is a part). */
const readKubeconfig: KubeconfigReader = (text) => {
  try {
    return { document: parseYaml(text, { maxAliasCount: 0 }) as unknown };
  } catch (error) {
    return { error: error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error) };
  }
};

/**
 * The body of PUT /v1/clusters/{name}: none, or the Cluster object as GET answers it (`apiVersion`,
 * `kind`, `metadata`, `spec`; `status` is the service's and is not read), or `{"spec": ...}` alone.
 * A spec given is the whole spec (a mode left out is `managed`), as a PUT replaces; a body without
 * one leaves the spec as it is.
 */
export const putCluster = operation<PutClusterCommand>({
  rest: ({ params, body }) => ({ cluster: params.cluster, body }),
  parse(input, settings) {
    const named = clusterName.parse(input, settings);
    if (!named.ok) return named;
    const name = named.value;
    if (input.body === undefined || input.body === null || input.body === '') return ok({ name, spec: undefined });
    const shape = new ShapeChecker();
    const body = shape.object(input.body, root, true) ?? {};
    // No spec in it (`{}`, or the metadata alone): the cluster as it is, as a PUT without a body.
    const specGiven = body.spec !== undefined && body.spec !== null;
    const apiVersion = shape.string(body.apiVersion, root.child('apiVersion'));
    if (apiVersion !== undefined && apiVersion !== 'taintgate.io/v1')
      shape.errors.push(fieldError.notSupported(root.child('apiVersion'), apiVersion, ['taintgate.io/v1']));
    const kind = shape.string(body.kind, root.child('kind'));
    if (kind !== undefined && kind !== 'Cluster') shape.errors.push(fieldError.notSupported(root.child('kind'), kind, ['Cluster']));
    const metadata = shape.object(body.metadata, root.child('metadata'));
    const metaName = shape.string(metadata?.name, root.child('metadata').child('name'));
    if (metaName !== undefined && metaName !== name) {
      shape.errors.push(fieldError.invalid(root.child('metadata').child('name'), metaName, 'must match the name in the path'));
    }
    const spec = specGiven ? checkClusterSpec(shape, body.spec, root.child('spec'), readKubeconfig) : undefined;
    return shape.errors.length ? err(failure.invalid('Cluster', name, shape.errors)) : ok({ name, spec });
  },
  clusterOf: ({ name }) => name,
});
