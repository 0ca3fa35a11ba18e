import { describe, expect, it } from 'vitest';
import type { Node } from '@taintgate/domain';
import { SharedNodeParts } from '../../../../apps/api/src/store/shared-node-parts';

const images = () => [{ names: ['registry.k8s.io/pause:3.9'], sizeBytes: 321_520 }];
const node = (name: string, status?: Node['status']): Node => ({ metadata: { name }, ...(status ? { status } : {}) });

describe('SharedNodeParts: equal parts of the nodes of one read held once', () => {
  it('holds one list of images, one capacity and one allocatable for nodes alike; the rest of each node is its own', () => {
    const parts = new SharedNodeParts();
    const status = () => ({
      images: images(),
      capacity: { cpu: '4' },
      allocatable: { cpu: '3920m' },
      addresses: [{ type: 'InternalIP', address: '10.0.0.1' }],
    });
    const a = parts.of(node('a', status()));
    const b = parts.of(node('b', status()));
    expect(b).toEqual(node('b', status()));
    expect(b.status?.images).toBe(a.status?.images);
    expect(b.status?.capacity).toBe(a.status?.capacity);
    expect(b.status?.allocatable).toBe(a.status?.allocatable);
    expect(b.status?.addresses).not.toBe(a.status?.addresses);
  });

  it('keeps parts that differ apart, and equal JSON under two fields apart', () => {
    const parts = new SharedNodeParts();
    const a = parts.of(node('a', { capacity: { cpu: '4' }, allocatable: { cpu: '4' } }));
    expect(a.status?.allocatable).not.toBe(a.status?.capacity);
    const b = parts.of(node('b', { capacity: { cpu: '8' }, images: images() }));
    expect(b.status).toEqual({ capacity: { cpu: '8' }, images: images() });
  });

  it('answers the node itself when it has nothing to share, and never changes the node it was given', () => {
    const parts = new SharedNodeParts();
    const bare = node('bare');
    expect(parts.of(bare)).toBe(bare);
    const first = node('a', { images: images() });
    parts.of(first);
    const second = node('b', { images: images() });
    const before = second.status;
    const shared = parts.of(second);
    expect(second.status).toBe(before);
    expect(shared.status?.images).toBe(first.status?.images);
  });

  it('holds each string of the conditions and annotations once: the node reads the same, field by field and in order', () => {
    const parts = new SharedNodeParts();
    const ready = (heartbeat: string) => ({
      type: 'Ready',
      status: 'True',
      lastHeartbeatTime: heartbeat,
      lastTransitionTime: '2026-11-01T00:00:00Z',
      reason: 'KubeletReady',
      message: 'kubelet is posting ready status',
    });
    const annotated = (name: string, heartbeat: string): Node => ({
      metadata: { name, annotations: { 'node.alpha.kubernetes.io/ttl': '0', 'volumes.kubernetes.io/controller-managed-attach-detach': 'true' } },
      status: { conditions: [ready(heartbeat)] as never, capacity: { cpu: '4' } },
    });
    for (const [name, heartbeat] of [
      ['a', '2026-11-30T10:00:00Z'],
      ['b', '2026-11-30T10:00:00Z'],
      ['c', '2026-11-30T10:00:07Z'],
    ] as const) {
      const given = annotated(name, heartbeat);
      const held = parts.of(given);
      expect(JSON.stringify(held)).toBe(JSON.stringify(given));
      expect(held.status?.conditions).not.toBe(given.status?.conditions);
    }
  });
});
