import { describe, expect, it } from 'vitest';
import { useApiFixture } from '../../../../support/api-test-app';

const notReady300 = { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 };
const unreachable300 = { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 };
const memoryPressure = { key: 'node.kubernetes.io/memory-pressure', operator: 'Exists', effect: 'NoSchedule' };
const container = (resources?: unknown) => ({ name: 'c', image: 'nginx', ...(resources ? { resources } : {}) });

/** The plugins kube-apiserver leaves off, turned on as --enable-admission-plugins does (ENABLE_ADMISSION_PLUGINS). */
describe('ENABLE_ADMISSION_PLUGINS=PodTolerationRestriction,ExtendedResourceToleration', () => {
  const { api } = useApiFixture({ ENABLE_ADMISSION_PLUGINS: 'PodTolerationRestriction,ExtendedResourceToleration' });
  const created = async (name: string, body: unknown) => {
    const reply = await api.putPod('adm', name, body);
    expect(reply.statusCode).toBe(201);
    return reply.json();
  };

  it('PodTolerationRestriction: the memory-pressure toleration for pods that are not BestEffort', async () => {
    expect((await created('burstable', { spec: { containers: [container({ requests: { memory: '64Mi' } })] } })).spec.tolerations).toEqual([
      notReady300,
      unreachable300,
      memoryPressure,
    ]);
    expect((await created('best-effort', { spec: { containers: [container()] } })).spec.tolerations).toEqual([notReady300, unreachable300]);
  });

  it('ExtendedResourceToleration: one Exists:NoSchedule per extended resource requested, in name order', async () => {
    const pod = await created('gpu', {
      spec: {
        containers: [container({ requests: { 'nvidia.com/gpu': '1' } }), { name: 'fpga', resources: { limits: { 'example.com/fpga': '2' } } }],
        initContainers: [{ name: 'init', resources: { requests: { 'nvidia.com/gpu': '1', 'hugepages-2Mi': '0' } } }],
      },
    });
    expect(pod.spec.tolerations).toEqual([
      notReady300,
      unreachable300,
      { key: 'example.com/fpga', operator: 'Exists', effect: 'NoSchedule' },
      { key: 'nvidia.com/gpu', operator: 'Exists', effect: 'NoSchedule' },
    ]);
    // extended resources do not count for QoS: still BestEffort, so no memory-pressure toleration
    expect(pod.status.qosClass).toBe('BestEffort');
  });
});
