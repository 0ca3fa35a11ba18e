/**
 * The program the generated-client test writes beside the types openapi-typescript generates
 * (`./taintgate`) and type-checks: what a portal written against taintgate's document would do.
 * It imports a cluster (a node by PUT, the rest by an import), asks where a pod can go and what a
 * NoExecute taint would evict, and reads the answers' fields. It is given its openapi-fetch client
 * so that the test can run it against the service as well. It asks for JSON answers (`'application/json'`):
 * placement, taint impact and others also answer Markdown, and the document says so.
 *
 * `wrongField` is a line that reads a field no answer has: added to the program, it must fail to compile.
 */

export const CLIENT_PROGRAM = `
import type { Client } from 'openapi-fetch';
import type { components, paths } from './taintgate';

type Node = components['schemas']['Node'];
type Pod = components['schemas']['Pod'];
type Taint = components['schemas']['Taint'];

const node = (name: string, taints: Taint[]): Node => ({
  apiVersion: 'v1',
  kind: 'Node',
  metadata: { name, labels: { 'kubernetes.io/hostname': name } },
  spec: { taints },
  status: { allocatable: { cpu: '4', memory: '8Gi', pods: '110' }, conditions: [{ type: 'Ready', status: 'True' }] },
});

const batchPod: Pod = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'batch', namespace: 'default' },
  spec: { nodeName: 'cpu-1', containers: [{ name: 'main', image: 'busybox' }] },
  status: { phase: 'Running' },
};

export async function run(client: Client<paths, 'application/json'>, cluster: string) {
  const put = await client.PUT('/v1/clusters/{cluster}/nodes/{name}', {
    params: { path: { cluster, name: 'gpu-1' } },
    body: node('gpu-1', [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }]),
  });
  if (put.error) throw new Error('PUT node: ' + put.error.message);

  const imported = await client.POST('/v1/clusters/{cluster}/import', {
    params: { path: { cluster } },
    body: { apiVersion: 'v1', kind: 'List', items: [node('cpu-1', []), batchPod] },
  });
  if (imported.error) throw new Error('import: ' + imported.error.message);

  const placement = await client.POST('/v1/clusters/{cluster}/placement', {
    params: { path: { cluster }, query: { top: 5 } },
    body: { pod: { metadata: { name: 'web' }, spec: { containers: [{ name: 'web', image: 'nginx' }] } } },
  });
  if (placement.error) throw new Error('placement: ' + placement.error.message);
  if (placement.data.view !== 'summary') throw new Error('placement: the summary view was asked for');

  const impact = await client.POST('/v1/clusters/{cluster}/taint-impact', {
    params: { path: { cluster } },
    body: { taint: { key: 'maintenance', effect: 'NoExecute' }, nodes: ['cpu-1'] },
  });
  if (impact.error) throw new Error('taint impact: ' + impact.error.message);
  if (impact.data.view !== 'summary') throw new Error('taint impact: the summary view was asked for');

  const nodes = await client.GET('/v1/clusters/{cluster}/nodes', { params: { path: { cluster } } });
  if (nodes.error) throw new Error('list nodes: ' + nodes.error.message);

  return {
    putNode: put.data.metadata?.name,
    importedCreated: imported.data.created,
    importedRejected: imported.data.rejected.map((r) => r.message),
    listed: nodes.data.items.map((n) => n.metadata?.name),
    placementSummary: placement.data.summary,
    feasibleCount: placement.data.feasibleCount,
    feasibleNodes: placement.data.feasibleNodes.map((n) => n.name),
    infeasibleGroups: placement.data.infeasibleGroups.map((g) => ({ count: g.count, codes: g.reasons.map((r) => r.code) })),
    impactNodeCount: impact.data.nodeCount,
    evictedNow: impact.data.counts.evictedNow,
    impactTaint: impact.data.taint.key,
  };
}
`;

/** Reads what the summary view has not (feasibleNodes is the summary's; `nodes` is the nodes view's). */
export const WRONG_FIELD = `
export async function wrong(client: Client<paths, 'application/json'>) {
  const placement = await client.POST('/v1/placement', { body: { pod: {} } });
  if (placement.data?.view === 'summary') return placement.data.nodes.length;
  return placement.data?.feasibleCount.toFixed();
}
`;

/** Sends a taint whose effect is a number. */
export const WRONG_BODY = `
export async function wrongBody(client: Client<paths, 'application/json'>) {
  return client.POST('/v1/nodes/{name}/taints', { params: { path: { name: 'n1' } }, body: { key: 'k', effect: 42 } });
}
`;
