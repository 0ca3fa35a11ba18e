import { describe, expect, it } from 'vitest';
import { SharedParts } from '../../../../apps/api/src/cluster/shared-parts';

const pod = (name: string, image: string) => ({
  metadata: { name, labels: { app: 'web' }, ownerReferences: [{ kind: 'ReplicaSet', name: 'web-1', controller: true }] },
  spec: { containers: [{ name: 'c', image, resources: { requests: { cpu: '100m' } } }], tolerations: [] as unknown[] },
  status: { phase: 'Running', podIP: `10.0.0.${name.length}` },
});

describe('SharedParts: equal parts of a whole load held once', () => {
  it('shares the equal parts of two pods and keeps each its own object, metadata and status', () => {
    const parts = new SharedParts();
    const a = parts.shareMembers(pod('a', 'nginx'), ['metadata'], ['status']);
    const b = parts.shareMembers(pod('bb', 'nginx'), ['metadata'], ['status']);
    expect(a).toEqual(pod('a', 'nginx'));
    expect(b).toEqual(pod('bb', 'nginx'));
    expect(b.spec).toBe(a.spec);
    expect(b.metadata.labels).toBe(a.metadata.labels);
    expect(b.metadata.ownerReferences).toBe(a.metadata.ownerReferences);
    expect(b.metadata).not.toBe(a.metadata);
    expect(b.status).not.toBe(a.status);
  });

  it('shares only what is equal: a value, a key or the order of keys apart is another part', () => {
    const parts = new SharedParts();
    const a = parts.shareMembers(pod('a', 'nginx'), ['metadata'], ['status']);
    const b = parts.shareMembers(pod('b', 'nginx:1.27'), ['metadata'], ['status']);
    expect(b.spec.containers).not.toBe(a.spec.containers);
    expect(b.spec.containers[0]?.resources).toBe(a.spec.containers[0]?.resources);
    // JSON answers keep the order keys were stored in.
    const c = parts.shareMembers({ x: { p: 1, q: 2 } });
    const d = parts.shareMembers({ x: { q: 2, p: 1 } });
    expect(d.x).not.toBe(c.x);
    expect(Object.keys(d.x)).toEqual(['q', 'p']);
    const e = parts.shareMembers({ x: [1, '1', true, null, 0] });
    const f = parts.shareMembers({ x: ['1', 1, true, null, -0] });
    expect(f.x).not.toBe(e.x);
    expect(f.x).toEqual(['1', 1, true, null, -0]);
    // An array and an object of the same members are not the same part.
    const g = parts.shareMembers({ x: { 0: 'a' } });
    const h = parts.shareMembers({ x: ['a'] });
    expect(Array.isArray(h.x)).toBe(true);
    expect(g.x).not.toBe(h.x);
  });

  it('freezes a part once shared: a write into it throws rather than changes every pod holding it', () => {
    const parts = new SharedParts();
    const a = parts.shareMembers(pod('a', 'nginx'), ['metadata'], ['status']);
    parts.shareMembers(pod('b', 'nginx'), ['metadata'], ['status']);
    expect(() => {
      (a.metadata.labels as Record<string, string>).app = 'other';
    }).toThrow(TypeError);
    expect(a.metadata.labels.app).toBe('web');
  });
});
