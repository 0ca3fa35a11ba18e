import { describe, expect, it } from 'vitest';
import { useApiFixture } from '../../../../support/api-test-app';

/** REST's PUT of a node tells the impact of the taints it adds as the Kubernetes API does: Warning headers. */
describe('PUT /v1/nodes/{name}: the impact of added taints as Warning headers', () => {
  const t = useApiFixture();

  it('a NoExecute taint added over a running pod warns of its eviction; a label change warns of nothing', async () => {
    await t.api.put('/v1/nodes/n1', { metadata: { name: 'n1' } });
    await t.api.put('/v1/namespaces/web/pods/a', {
      metadata: { name: 'a' },
      spec: { nodeName: 'n1', containers: [{ name: 'c', image: 'nginx' }] },
      status: { phase: 'Running' },
    });
    const labeled = await t.api.put('/v1/nodes/n1', { metadata: { name: 'n1', labels: { x: 'y' } } });
    expect(labeled.headers.warning).toBeUndefined();
    const tainted = await t.api.put('/v1/nodes/n1', { metadata: { name: 'n1' }, spec: { taints: [{ key: 'maint', effect: 'NoExecute' }] } });
    expect(tainted.statusCode).toBe(200);
    expect(tainted.headers.warning).toEqual([
      '299 - "node/n1: 1 pod is evicted at once (web/a)"',
      '299 - "node/n1: 1 evicted pod has no other node to go to (web/a)"',
    ]);
  });
});
