import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';

/**
 * The kustomize manifests of deploy/kustomize, rendered by the machine's real kubectl
 * (`kubectl kustomize`, kustomize built in) as a user renders them: every object is there, wired to
 * the others (the generated ConfigMap and Secret by their hashed names, the selectors to the pods'
 * labels), the probes are the service's (/livez, /readyz), the heap fits the memory limit and the
 * snapshot budget fits the heap, and every setting is one docs/operations.md documents.
 */
const root = join(__dirname, '..', '..');
const run = promisify(execFile);

type Manifest = { kind: string; metadata: { name: string; annotations?: Record<string, string>; labels?: Record<string, string> }; [key: string]: unknown };
type Container = {
  name: string;
  image: string;
  command: string[];
  env: { name: string; value: string }[];
  envFrom: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  ports: { name: string; containerPort: number }[];
  startupProbe: { httpGet: { path: string; port: string } };
  livenessProbe: { httpGet: { path: string; port: string } };
  readinessProbe: { httpGet: { path: string; port: string } };
  resources: { requests: Record<string, string>; limits: Record<string, string> };
};

let rendered: Manifest[];
const only = (kind: string): Manifest => {
  const found = rendered.filter((m) => m.kind === kind);
  expect(found, kind).toHaveLength(1);
  return found[0] as Manifest;
};
const dataOf = (kind: 'ConfigMap' | 'Secret'): Record<string, string> => {
  const data = (only(kind) as unknown as { data: Record<string, string> }).data;
  return kind === 'Secret' ? Object.fromEntries(Object.entries(data).map(([k, v]) => [k, Buffer.from(v, 'base64').toString()])) : data;
};
const deployment = () =>
  only('Deployment') as unknown as Manifest & {
    spec: {
      replicas: number;
      selector: { matchLabels: Record<string, string> };
      template: { metadata: { labels: Record<string, string> }; spec: { containers: Container[] } };
    };
  };
const container = () => deployment().spec.template.spec.containers[0] as Container;
/** Gi and Mi as MiB. */
const mebibytes = (quantity: string): number => Number.parseInt(quantity, 10) * (quantity.endsWith('Gi') ? 1024 : 1);

beforeAll(async () => {
  const { stdout } = await run('kubectl', ['kustomize', join(root, 'deploy/kustomize/overlays/example')]);
  rendered = parseAllDocuments(stdout).map((doc) => doc.toJS() as Manifest);
}, 60_000);

describe('deploy/kustomize, rendered by kubectl kustomize', () => {
  it('holds one of each object, all in the overlay’s namespace', () => {
    expect(rendered.map((m) => m.kind).sort()).toEqual(['ConfigMap', 'Deployment', 'Ingress', 'PodDisruptionBudget', 'Secret', 'Service']);
    for (const manifest of rendered) expect((manifest.metadata as { namespace?: string }).namespace).toBe('taintgate');
  });

  it('runs the overlay’s image with the heap from HEAP_MB, the settings and the secrets by their generated names', () => {
    const c = container();
    expect(c.image).toBe('registry.example.com/platform/taintgate:2026.11.29');
    expect(c.command).toEqual(['node', '--max-old-space-size=$(HEAP_MB)', 'dist/apps/api/src/main.js']);
    expect(c.env.map((e) => e.name)).toContain('HEAP_MB');
    // Two malloc arenas, as `npm run serve` and the image set them.
    expect(c.env).toContainEqual({ name: 'MALLOC_ARENA_MAX', value: '2' });
    expect(c.envFrom.map((from) => from.configMapRef?.name ?? from.secretRef?.name)).toEqual([only('ConfigMap').metadata.name, only('Secret').metadata.name]);
    expect(Object.keys(dataOf('Secret')).sort()).toEqual(['DATABASE_URL', 'REDIS_URL', 'TAINTGATE_SECRETS_KEY']);
  });

  it('probes the service’s own endpoints on the port it listens on', () => {
    const c = container();
    expect(c.ports).toEqual([{ name: 'http', containerPort: Number(dataOf('ConfigMap').PORT) }]);
    expect([c.startupProbe, c.livenessProbe, c.readinessProbe].map((probe) => probe.httpGet)).toEqual([
      { path: '/livez', port: 'http' },
      { path: '/livez', port: 'http' },
      { path: '/readyz', port: 'http' },
    ]);
  });

  it('asks for resources, with the snapshot budget under the heap and the heap under the memory limit', () => {
    const { requests, limits } = container().resources;
    expect(Object.keys(requests).sort()).toEqual(['cpu', 'memory']);
    const heap = Number(container().env.find((e) => e.name === 'HEAP_MB')?.value);
    expect(Number(dataOf('ConfigMap').SNAPSHOT_MEMORY_BUDGET_MB)).toBeLessThan(heap);
    expect(heap).toBeLessThan(mebibytes(limits.memory as string));
    expect(mebibytes(requests.memory as string)).toBeLessThanOrEqual(mebibytes(limits.memory as string));
  });

  it('selects the pods with the Service and the PodDisruptionBudget, which lets one replica go at a time', () => {
    const labels = deployment().spec.template.metadata.labels;
    expect(deployment().spec.selector.matchLabels).toEqual(labels);
    expect((only('Service') as unknown as { spec: { selector: Record<string, string> } }).spec.selector).toEqual(labels);
    const budget = only('PodDisruptionBudget') as unknown as { spec: { maxUnavailable: number; selector: { matchLabels: Record<string, string> } } };
    expect(budget.spec.selector.matchLabels).toEqual(labels);
    expect(budget.spec.maxUnavailable).toBeLessThan(deployment().spec.replicas);
  });

  it('sets only settings docs/operations.md documents', () => {
    const operations = readFileSync(join(root, 'docs/operations.md'), 'utf8');
    const documented = new Set([...operations.matchAll(/^\| `([A-Z_]+)`(?: \/ `([A-Z_]+)`)?/gm)].flatMap((m) => [m[1], m[2]]).filter(Boolean));
    for (const name of [...Object.keys(dataOf('ConfigMap')), ...Object.keys(dataOf('Secret'))]) expect(documented, name).toContain(name);
  });

  it('sends each cluster’s requests to one replica: the Ingress hashes on the variable the controller’s snippet maps from the path', () => {
    const annotations = only('Ingress').metadata.annotations ?? {};
    expect(annotations['nginx.ingress.kubernetes.io/upstream-hash-by']).toBe('$taintgate_cluster');
    expect(annotations['nginx.ingress.kubernetes.io/proxy-body-size']).toBe('0');
    const snippet = readFileSync(join(root, 'deploy/kustomize/components/cluster-affinity/ingress-nginx-http-snippet.conf'), 'utf8');
    expect(snippet).toMatch(/^map \$uri \$taintgate_cluster \{$/m);
    // The map's regex (PCRE's named groups read the same in JavaScript), on the paths it is for.
    const pattern = new RegExp((/^\s+~(\S+) \$name;$/m.exec(snippet) as RegExpExecArray)[1] as string);
    const clusterOf = (path: string) => pattern.exec(path)?.groups?.name ?? 'default';
    expect(
      ['/v1/clusters/team-a/nodes', '/clusters/prod/api/v1/pods?watch=true', '/clusters/prod', '/v1/nodes', '/api/v1/pods', '/graphql', '/v1/clusters'].map(
        clusterOf,
      ),
    ).toEqual(['team-a', 'prod', 'prod', 'default', 'default', 'default', 'default']);
  });
});
