import { describe, expect, it } from 'vitest';
import { type Pod, formatNanos, podRequests } from '@taintgate/domain';

describe('formatNanos', () => {
  it.each([
    [2_000_000_000n, '2'],
    [1_500_000_000n, '1500m'],
    [250n, '250n'],
    [0n, '0'],
  ])('%s -> %s', (nanos, text) => {
    expect(formatNanos(nanos)).toBe(text);
  });
});

describe('podRequests (resourcehelper.PodRequests)', () => {
  it('sums containers, takes limits for missing requests, and the largest init container when larger', () => {
    const pod: Pod = {
      metadata: { name: 'p' },
      spec: {
        containers: [
          { name: 'a', resources: { requests: { cpu: '250m', memory: '64Mi' } } },
          { name: 'b', resources: { limits: { cpu: '1', 'nvidia.com/gpu': '1' } } },
        ],
        initContainers: [{ name: 'init', resources: { requests: { cpu: '2', memory: '32Mi' } } }],
      },
    };
    expect(podRequests(pod)).toEqual({ cpu: '2', memory: '67108864', 'nvidia.com/gpu': '1' });
  });
  it('is empty for a pod without resources', () => {
    expect(podRequests({ metadata: { name: 'p' } })).toEqual({});
  });
});
