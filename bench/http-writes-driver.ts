/**
 * The load of bench/http-writes.ts, in a process of its own (started by it, told what to run over
 * IPC): autocannon's own work (making each body, parsing each answer) then takes no CPU from the
 * service's event loop, as a real client's would not. Not run by hand.
 */
import autocannon from 'autocannon';
import type { Node, Pod } from '@taintgate/domain';
import { makePods } from './cluster-fixture';
import { reportingNodes } from './http-writes-nodes';

/** What the benchmark asks for: one autocannon run. */
export interface DriverRun {
  run: 'get-node' | 'new-pod' | 'replace-pod' | 'replace-node';
  url: string;
  connections: number;
  seconds: number;
  nodes: number;
  /** For `replace-pod`: how many pods `new-pod` made before (new-0 ... new-(made-1)). */
  made?: number;
}

/** What one run measured. */
export interface DriverResult {
  total: number;
  duration: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** The requests sent (for `new-pod`: how many pods it made). */
  sent: number;
}

type Request = { method: 'GET' | 'PUT'; path: string; body?: unknown };

/** The requests of a run, one after the other, as the benchmark has always sent them. */
function requestsOf(run: DriverRun, nodes: readonly Node[]): () => Request {
  let i = 0;
  const count = run.nodes;
  // New pods, bound to the nodes in turn, tolerations as the fixture mixes them; then the same bodies again (200, unchanged).
  const newPod = (n: number): Pod => {
    const pod = makePods(1, [nodes[n % count] as Node], 0, () => (n % 10) / 10)[0] as Pod;
    return { ...pod, metadata: { name: `new-${n}`, namespace: 'bench' } };
  };
  switch (run.run) {
    case 'get-node':
      return () => ({ method: 'GET', path: `/v1/nodes/node-${i++ % count}` });
    case 'new-pod':
      return () => {
        const pod = newPod(i++);
        return { method: 'PUT', path: `/v1/namespaces/bench/pods/${pod.metadata.name}`, body: pod };
      };
    case 'replace-pod':
      return () => {
        const pod = newPod(i++ % Math.max(1, run.made ?? 1));
        return { method: 'PUT', path: `/v1/namespaces/bench/pods/${pod.metadata.name}`, body: pod };
      };
    case 'replace-node':
      return () => {
        const node = nodes[i % count] as Node;
        const body = { ...node, metadata: { ...node.metadata, labels: { ...node.metadata.labels, bench: String(i++) } } };
        return { method: 'PUT', path: `/v1/nodes/${node.metadata.name}`, body };
      };
  }
}

async function drive(run: DriverRun, nodes: readonly Node[]): Promise<DriverResult> {
  const next = requestsOf(run, nodes);
  let sent = 0;
  const result = await autocannon({
    url: run.url,
    connections: run.connections,
    duration: run.seconds,
    headers: { 'content-type': 'application/json' },
    requests: [
      {
        setupRequest: (request) => {
          const { method, path, body } = next();
          sent++;
          return { ...request, method, path, body: body === undefined ? undefined : JSON.stringify(body) };
        },
      },
    ],
  });
  return {
    total: result.requests.total,
    duration: result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    sent,
  };
}

let nodes: Node[] = [];
process.on('message', (run: DriverRun) => {
  if (nodes.length !== run.nodes) nodes = reportingNodes(run.nodes);
  drive(run, nodes).then(
    (result) => process.send?.({ ok: true, result }),
    (error: unknown) => process.send?.({ ok: false, error: String(error) }),
  );
});
process.send?.({ ready: true });
