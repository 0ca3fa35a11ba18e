import { describe, expect, it } from 'vitest';
import { expectApiError } from '../../../../support/api-client';
import { useApiFixture } from '../../../../support/api-test-app';

const unschedulableTaint = 'node.kubernetes.io/unschedulable:NoSchedule';
const taintKeys = (node: { spec?: { taints?: { key: string; effect: string }[] } }) => (node.spec?.taints ?? []).map((t) => `${t.key}:${t.effect}`);

/** doNoScheduleTaintingPass on every node update: the unschedulable taint follows spec.unschedulable, whatever the path. */
describe('cordon by any path', () => {
  const t = useApiFixture();
  const { api } = t;

  it('a PUT that sets spec.unschedulable adds the taint; one that clears it removes it', async () => {
    const cordoned = await api.putNode('p1', { metadata: { name: 'p1' }, spec: { unschedulable: true, taints: [{ key: 'dedicated', effect: 'NoSchedule' }] } });
    expect(cordoned.statusCode).toBe(201);
    expect(taintKeys(cordoned.json())).toEqual(['dedicated:NoSchedule', unschedulableTaint]);
    const uncordoned = await api.putNode('p1', { metadata: { name: 'p1' }, spec: { taints: cordoned.json().spec.taints } });
    expect(taintKeys(uncordoned.json())).toEqual(['dedicated:NoSchedule']);
    expect(uncordoned.json().spec.unschedulable).toBeUndefined();
  });

  it('a cordoned node is unschedulable for placement, whichever path cordoned it', async () => {
    await api.putNode('p2', { metadata: { name: 'p2' }, spec: { unschedulable: true } });
    const placement = (await api.post('/v1/placement?view=nodes', { pod: {}, nodes: undefined })).json();
    expect(placement.nodes.find((n: { name: string }) => n.name === 'p2')).toMatchObject({ feasible: false });
  });

  it('POST /v1/nodes/{name}/cordon and /uncordon, as kubectl cordon and uncordon', async () => {
    await api.putNode('c1');
    const cordoned = await api.post('/v1/nodes/c1/cordon', undefined);
    expect(cordoned.statusCode).toBe(200);
    expect(cordoned.json().spec.unschedulable).toBe(true);
    expect(taintKeys(cordoned.json())).toEqual([unschedulableTaint]);
    const again = await api.post('/v1/nodes/c1/cordon', undefined);
    expect(taintKeys(again.json())).toEqual([unschedulableTaint]);
    const uncordoned = await api.post('/v1/nodes/c1/uncordon', undefined);
    expect(uncordoned.statusCode).toBe(200);
    expect(taintKeys(uncordoned.json())).toEqual([]);
    expectApiError(await api.post('/v1/nodes/ghost/cordon', undefined), 404, 'nodes "ghost" not found');
  });
});
