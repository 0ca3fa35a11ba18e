import { describe, expect, it } from 'vitest';
import type { Pod } from '../../../../libs/domain/src/types';
import { schedulingInputKey } from '../../../../libs/domain/src/scheduling/scheduling-input-key';

/** What placement reads of a pod, as one key: pods alike in it get one answer (a simulation's kinds, the placement memo, FailedScheduling's recorder). */
const pod = (spec: Pod['spec'] = {}): Pod => ({
  metadata: { name: 'p', namespace: 'web', uid: 'u-1', resourceVersion: '7' },
  spec,
  status: { phase: 'Pending' },
});
const requesting = (cpu: string): Pod['spec'] => ({ containers: [{ name: 'c', image: 'nginx', resources: { requests: { cpu } } }] });

describe('schedulingInputKey', () => {
  it('pods alike but for their identity share it; another namespace, label or spec does not', () => {
    const a = pod(requesting('1'));
    const twin: Pod = { ...a, metadata: { ...a.metadata, name: 'q', uid: 'u-2', resourceVersion: '9' } };
    expect(schedulingInputKey(twin)).toBe(schedulingInputKey(a));
    expect(schedulingInputKey({ ...a, metadata: { ...a.metadata, namespace: 'other' } })).not.toBe(schedulingInputKey(a));
    expect(schedulingInputKey({ ...a, metadata: { ...a.metadata, labels: { app: 'x' } } })).not.toBe(schedulingInputKey(a));
    expect(schedulingInputKey(pod(requesting('2')))).not.toBe(schedulingInputKey(a));
  });

  it('another controller is another key (the default spreading selects by it); a pod with an ephemeral volume keeps its identity', () => {
    const a = pod(requesting('1'));
    const owned = (name: string): Pod => ({
      ...a,
      metadata: { ...a.metadata, ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name, uid: name, controller: true }] },
    });
    expect(schedulingInputKey(owned('rs-1'))).not.toBe(schedulingInputKey(owned('rs-2')));
    const ephemeral = (name: string): Pod => ({
      metadata: { ...a.metadata, name },
      spec: { ...a.spec, volumes: [{ name: 'scratch', ephemeral: { volumeClaimTemplate: { spec: {} } } }] },
    });
    // Its claim is `<pod>-scratch`, owned by the pod: another pod's is another claim.
    expect(schedulingInputKey(ephemeral('p-1'))).not.toBe(schedulingInputKey(ephemeral('p-2')));
  });

  it('holds a tolerationSeconds beyond 2^53 (a bigint)', () => {
    const p = pod({ tolerations: [{ key: 'k', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 2n ** 60n }] });
    expect(schedulingInputKey(p)).toContain('1152921504606846976');
  });
  it('leaves out what no filter, score or answer reads: replicas as kubectl prints them share it', () => {
    // Two replicas of one Deployment: their token volumes' names, hostnames, probes and env differ.
    const replica = (suffix: string): Pod => ({
      metadata: { name: `web-${suffix}`, namespace: 'web', uid: `u-${suffix}` },
      spec: {
        hostname: `web-${suffix}`,
        serviceAccountName: 'web',
        containers: [
          {
            name: 'c',
            image: 'nginx:1',
            resources: { requests: { cpu: '1' } },
            ports: [{ containerPort: 80 }],
            env: [{ name: 'POD', value: `web-${suffix}` }],
            livenessProbe: { httpGet: { path: '/', port: 80 } },
            volumeMounts: [{ name: `kube-api-access-${suffix}`, mountPath: '/var/run/secrets' }],
          },
        ],
        volumes: [
          { name: `kube-api-access-${suffix}`, projected: { sources: [{ serviceAccountToken: { path: 'token' } }] } },
          { name: `cache-${suffix}`, emptyDir: {} },
        ],
      },
    });
    expect(schedulingInputKey(replica('a1'))).toBe(schedulingInputKey(replica('b2')));
  });

  it('keeps what placement reads: an image, a host port, a claim, a disk volume’s name (its conflict names it)', () => {
    const base: Pod = {
      metadata: { name: 'p', namespace: 'web' },
      spec: {
        containers: [{ name: 'c', image: 'nginx:1', ports: [{ containerPort: 80 }] }],
        volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'data-0' } }],
      },
    };
    const changed = (spec: Partial<NonNullable<Pod['spec']>>): Pod => ({ ...base, spec: { ...base.spec, ...spec } });
    const key = schedulingInputKey(base);
    expect(schedulingInputKey(changed({ containers: [{ name: 'c', image: 'nginx:2', ports: [{ containerPort: 80 }] }] }))).not.toBe(key);
    expect(schedulingInputKey(changed({ containers: [{ name: 'c', image: 'nginx:1', ports: [{ containerPort: 80, hostPort: 80 }] }] }))).not.toBe(key);
    expect(schedulingInputKey(changed({ volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'data-1' } }] }))).not.toBe(key);
    const disk = (name: string) => changed({ volumes: [{ name, gcePersistentDisk: { pdName: 'pd-1' } }] });
    expect(schedulingInputKey(disk('a'))).not.toBe(schedulingInputKey(disk('b')));
  });
});
