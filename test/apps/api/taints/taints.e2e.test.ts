import { describe, expect, it } from 'vitest';
import { useApiFixture } from '../../../support/api-test-app';

describe('taints', () => {
  const t = useApiFixture();
  const put = (name: string, labels: Record<string, string> = {}, taints: unknown[] = []) =>
    t.app.inject({ method: 'PUT', url: `/v1/nodes/${name}`, payload: { metadata: { name, labels }, spec: { taints } } });

  it('adds one taint, refuses the same key and effect with 409, overwrites on request, removes', async () => {
    await put('a');
    const added = await t.app.inject({ method: 'POST', url: '/v1/nodes/a/taints', payload: { key: 'k', value: 'v', effect: 'NoSchedule' } });
    expect(added.statusCode).toBe(201);
    expect(added.json().spec.taints).toMatchObject([{ key: 'k', value: 'v', effect: 'NoSchedule' }]);
    const again = await t.app.inject({ method: 'POST', url: '/v1/nodes/a/taints', payload: { key: 'k', value: 'w', effect: 'NoSchedule' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('node a already has k taint(s) with same effect(s) and --overwrite is false');
    const over = await t.app.inject({ method: 'POST', url: '/v1/nodes/a/taints?overwrite=true', payload: { key: 'k', value: 'w', effect: 'NoSchedule' } });
    expect(over.json().spec.taints).toMatchObject([{ key: 'k', value: 'w', effect: 'NoSchedule' }]);
    const removed = await t.app.inject({ method: 'DELETE', url: '/v1/nodes/a/taints?key=k' });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().spec.taints).toBeUndefined();
    const absent = await t.app.inject({ method: 'DELETE', url: '/v1/nodes/a/taints?key=k&effect=NoSchedule' });
    expect(absent.statusCode).toBe(404);
    expect(absent.json().message).toBe('taint "k:NoSchedule" not found');
  });

  it('kubectl taint over a selector, all or none', async () => {
    await put('g1', { pool: 'gpu' });
    await put('g2', { pool: 'gpu' }, [{ key: 'x', effect: 'NoSchedule' }]);
    const dry = await t.app.inject({ method: 'POST', url: '/v1/taint', payload: { selector: 'pool=gpu', taints: ['dedicated=gpu:NoSchedule'], dryRun: true } });
    expect(dry.statusCode).toBe(200);
    expect(dry.json().results.map((r: { message: string }) => r.message)).toEqual(['node/g1 tainted (dry run)', 'node/g2 tainted (dry run)']);
    expect((await t.app.inject({ method: 'GET', url: '/v1/nodes/g1' })).json().spec.taints).toBeUndefined();

    // g1 has no x taint: removing it fails there, so nothing changes anywhere
    const failing = await t.app.inject({ method: 'POST', url: '/v1/taint', payload: { selector: 'pool=gpu', taints: ['dedicated=gpu:NoSchedule', 'x:NoSchedule-'] } });
    expect(failing.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/v1/nodes/g2' })).json().spec.taints).toMatchObject([{ key: 'x' }]);

    const done = await t.app.inject({ method: 'POST', url: '/v1/taint', payload: { nodes: ['g2'], taints: ['dedicated=gpu:NoSchedule', 'x-'] } });
    expect(done.json().results[0].message).toBe('node/g2 modified');
  });

  it('50 concurrent adds of distinct taints to one node leave 50 taints', async () => {
    await put('busy');
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => t.app.inject({ method: 'POST', url: '/v1/nodes/busy/taints', payload: { key: `k${i}`, effect: 'NoSchedule' } })),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(50).fill(201));
    expect((await t.app.inject({ method: 'GET', url: '/v1/nodes/busy' })).json().spec.taints).toHaveLength(50);
  });
});
