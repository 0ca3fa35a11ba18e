import { describe, expect, it } from 'vitest';
import { type DomainSettings, type Pod, type Toleration, TaintKeys, admitPod, defaultSettings, explainAdmission, settingsWith } from '@taintgate/domain';
import {
  type AdmissionOperation,
  daemonSetTolerations,
  extendedResourceTolerations,
  isDaemonSetPod,
  withDefaultTolerationSeconds,
} from '../../../../libs/domain/src/admission/admit-pod';
import type { Container, OwnerReference, PodSpec } from '../../../../libs/domain/src/types';

/**
 * What kube-apiserver and the DaemonSet controller add to a pod: defaulting (requests from
 * limits), AddOrUpdateDaemonPodTolerations, then the admission plugins DefaultTolerationSeconds,
 * PodTolerationRestriction (memory-pressure) and ExtendedResourceToleration; status.qosClass.
 */

const pod = (spec: PodSpec, meta: Partial<Pod['metadata']> = {}): Pod => ({ metadata: { name: 'p', namespace: 'default', ...meta }, spec });
const tolerationsOf = (p: Pod): Toleration[] | undefined => p.spec?.tolerations;
const exists = (key: string, effect: string, tolerationSeconds?: number): Toleration =>
  tolerationSeconds === undefined ? { key, operator: 'Exists', effect } : { key, operator: 'Exists', effect, tolerationSeconds };

const notReady = (seconds?: number) => exists(TaintKeys.notReady, 'NoExecute', seconds);
const unreachable = (seconds?: number) => exists(TaintKeys.unreachable, 'NoExecute', seconds);
const memoryPressure = exists(TaintKeys.memoryPressure, 'NoSchedule');
const daemonSix: Toleration[] = [
  notReady(),
  unreachable(),
  exists(TaintKeys.diskPressure, 'NoSchedule'),
  memoryPressure,
  exists(TaintKeys.pidPressure, 'NoSchedule'),
  exists(TaintKeys.unschedulable, 'NoSchedule'),
];
const networkUnavailable = exists(TaintKeys.networkUnavailable, 'NoSchedule');

const container = (resources?: Container['resources'], name = 'c'): Container => (resources ? { name, resources } : { name });
const bestEffort: Container = container();
const burstable: Container = container({ requests: { cpu: '100m' } });
const guaranteed: Container = container({ requests: { cpu: '1', memory: '1Gi' }, limits: { cpu: '1', memory: '1Gi' } });

const dsOwner: OwnerReference = { apiVersion: 'apps/v1', kind: 'DaemonSet', name: 'ds', uid: 'u1', controller: true };
const dsPod = (spec: PodSpec) => pod(spec, { ownerReferences: [dsOwner] });

const only = (plugin: 'defaultTolerationSeconds' | 'memoryPressureToleration' | 'extendedResourceToleration' | 'daemonSetTolerations') =>
  settingsWith({
    admission: {
      defaultTolerationSeconds: plugin === 'defaultTolerationSeconds',
      memoryPressureToleration: plugin === 'memoryPressureToleration',
      extendedResourceToleration: plugin === 'extendedResourceToleration',
      daemonSetTolerations: plugin === 'daemonSetTolerations',
    },
  });

describe('DefaultTolerationSeconds (TestForgivenessAdmission), BestEffort pods with default settings', () => {
  const foo: Toleration = { key: 'foo', operator: 'Equal', value: 'bar', effect: 'NoSchedule', tolerationSeconds: 700 };
  const cases: [string, Toleration[] | undefined, Toleration[]][] = [
    ['pod has no tolerations, expect add tolerations for not-ready:NoExecute and unreachable:NoExecute', undefined, [notReady(300), unreachable(300)]],
    ['pod has tolerations, but none is for taint not-ready:NoExecute or unreachable:NoExecute', [foo], [foo, notReady(300), unreachable(300)]],
    [
      'pod specified a toleration for taint not-ready:NoExecute, expect add toleration for unreachable:NoExecute',
      [notReady(700)],
      [notReady(700), unreachable(300)],
    ],
    [
      'pod specified a toleration for taint unreachable:NoExecute, expect add toleration for not-ready:NoExecute',
      [unreachable(700)],
      [unreachable(700), notReady(300)],
    ],
    [
      'pod specified tolerations for both not-ready:NoExecute and unreachable:NoExecute, expect no change',
      [notReady(700), unreachable(700)],
      [notReady(700), unreachable(700)],
    ],
    [
      'pod specified toleration for taint unreachable (empty effect), expect add toleration for not-ready:NoExecute',
      [{ key: TaintKeys.unreachable, operator: 'Exists', tolerationSeconds: 700 }],
      [{ key: TaintKeys.unreachable, operator: 'Exists', tolerationSeconds: 700 }, notReady(300)],
    ],
    [
      'pod has wildcard toleration for all kind of taints, expect no change',
      [{ operator: 'Exists', tolerationSeconds: 700 }],
      [{ operator: 'Exists', tolerationSeconds: 700 }],
    ],
    // Further cases of the same rule: (key matches or is empty) and (effect NoExecute or empty).
    ['an empty key with effect NoExecute covers both', [{ operator: 'Exists', effect: 'NoExecute' }], [{ operator: 'Exists', effect: 'NoExecute' }]],
    [
      'an empty key with effect NoSchedule covers neither',
      [{ operator: 'Exists', effect: 'NoSchedule' }],
      [{ operator: 'Exists', effect: 'NoSchedule' }, notReady(300), unreachable(300)],
    ],
    [
      'the not-ready key with effect NoSchedule does not cover not-ready',
      [exists(TaintKeys.notReady, 'NoSchedule')],
      [exists(TaintKeys.notReady, 'NoSchedule'), notReady(300), unreachable(300)],
    ],
    [
      'operator and value are not looked at',
      [{ key: TaintKeys.notReady, operator: 'Equal', value: 'x', effect: 'NoExecute' }],
      [{ key: TaintKeys.notReady, operator: 'Equal', value: 'x', effect: 'NoExecute' }, unreachable(300)],
    ],
    ['an Equal toleration with no key and no effect counts too', [{ operator: 'Equal' }], [{ operator: 'Equal' }]],
    ['a not-ready toleration with 0 seconds still counts', [notReady(0)], [notReady(0), unreachable(300)]],
  ];
  it.each(cases)('%s', (_name, tolerations, expected) => {
    const spec: PodSpec = tolerations ? { containers: [bestEffort], tolerations } : { containers: [bestEffort] };
    expect(tolerationsOf(admitPod(pod(spec), 'CREATE', defaultSettings))).toEqual(expected);
  });

  it('the seconds come from the settings', () => {
    const settings = settingsWith({ defaultNotReadyTolerationSeconds: 60, defaultUnreachableTolerationSeconds: 0 });
    expect(tolerationsOf(admitPod(pod({ containers: [bestEffort] }), 'CREATE', settings))).toEqual([notReady(60), unreachable(0)]);
  });

  it('runs on UPDATE too', () => {
    expect(tolerationsOf(admitPod(pod({ containers: [bestEffort] }), 'UPDATE', defaultSettings))).toEqual([notReady(300), unreachable(300)]);
  });

  it('is switched off by its setting', () => {
    const settings = settingsWith({ admission: { defaultTolerationSeconds: false } });
    expect(tolerationsOf(admitPod(pod({ containers: [bestEffort] }), 'CREATE', settings))).toEqual([]);
  });

  it('withDefaultTolerationSeconds appends to a copy', () => {
    const list: Toleration[] = [{ key: 'a', operator: 'Exists' }];
    expect(withDefaultTolerationSeconds(list, defaultSettings)).toEqual([{ key: 'a', operator: 'Exists' }, notReady(300), unreachable(300)]);
    expect(list).toEqual([{ key: 'a', operator: 'Exists' }]);
  });
});

describe('DaemonSet pods (AddOrUpdateDaemonPodTolerations)', () => {
  it('get the six tolerations, forever, and then no default seconds', () => {
    expect(tolerationsOf(admitPod(dsPod({ containers: [bestEffort] }), 'CREATE', defaultSettings))).toEqual(daemonSix);
  });

  it('with hostNetwork, network-unavailable as well, last', () => {
    expect(tolerationsOf(admitPod(dsPod({ containers: [bestEffort], hostNetwork: true }), 'CREATE', defaultSettings))).toEqual([
      ...daemonSix,
      networkUnavailable,
    ]);
  });

  it('an existing not-ready Exists NoExecute toleration with seconds is replaced, in place, by the forever one', () => {
    const mine: Toleration = { key: 'mine', operator: 'Exists' };
    expect(tolerationsOf(admitPod(dsPod({ containers: [bestEffort], tolerations: [mine, notReady(300)] }), 'CREATE', defaultSettings))).toEqual([
      mine,
      notReady(),
      ...daemonSix.slice(1),
    ]);
  });

  it('an existing equal toleration stays where it is', () => {
    const tolerations = [exists(TaintKeys.unschedulable, 'NoSchedule'), { key: 'x', operator: 'Exists' }];
    expect(tolerationsOf(admitPod(dsPod({ containers: [bestEffort], tolerations }), 'CREATE', defaultSettings))).toEqual([
      exists(TaintKeys.unschedulable, 'NoSchedule'),
      { key: 'x', operator: 'Exists' },
      ...daemonSix.slice(0, 5),
    ]);
  });

  it('a toleration that differs in operator is kept beside the added one', () => {
    const equalNotReady: Toleration = { key: TaintKeys.notReady, operator: 'Equal', effect: 'NoExecute', tolerationSeconds: 30 };
    expect(tolerationsOf(admitPod(dsPod({ containers: [bestEffort], tolerations: [equalNotReady] }), 'CREATE', defaultSettings))).toEqual([
      equalNotReady,
      ...daemonSix,
    ]);
  });

  it('a Burstable DaemonSet pod already has memory-pressure: the merge changes nothing', () => {
    const admitted = admitPod(dsPod({ containers: [burstable] }), 'CREATE', defaultSettings);
    expect(tolerationsOf(admitted)).toEqual(daemonSix);
    expect(admitted.status?.qosClass).toBe('Burstable');
  });

  it('the switch off: a DaemonSet pod is admitted like any other', () => {
    const settings = settingsWith({ admission: { daemonSetTolerations: false } });
    expect(tolerationsOf(admitPod(dsPod({ containers: [bestEffort] }), 'CREATE', settings))).toEqual([notReady(300), unreachable(300)]);
  });

  const owners: [string, OwnerReference[] | undefined, boolean][] = [
    ['controller DaemonSet', [dsOwner], true],
    ['DaemonSet among other owners', [{ kind: 'ConfigMap', name: 'cm' }, dsOwner], true],
    ['no owners', undefined, false],
    ['DaemonSet owner that is not the controller', [{ ...dsOwner, controller: false }], false],
    ['DaemonSet owner with controller unset', [{ apiVersion: 'apps/v1', kind: 'DaemonSet', name: 'ds' }], false],
    ['controller ReplicaSet', [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'rs', controller: true }], false],
    ['kind is case-sensitive', [{ ...dsOwner, kind: 'daemonset' }], false],
  ];
  it.each(owners)('isDaemonSetPod: %s -> %s', (_name, ownerReferences, expected) => {
    const p = pod({ containers: [bestEffort] }, ownerReferences ? { ownerReferences } : {});
    expect(isDaemonSetPod(p)).toBe(expected);
    expect(tolerationsOf(admitPod(p, 'CREATE', defaultSettings))).toEqual(expected ? daemonSix : [notReady(300), unreachable(300)]);
  });

  it("daemonSetTolerations lists them in the controller's order", () => {
    expect(daemonSetTolerations({})).toEqual(daemonSix);
    expect(daemonSetTolerations({ hostNetwork: false })).toEqual(daemonSix);
    expect(daemonSetTolerations({ hostNetwork: true })).toEqual([...daemonSix, networkUnavailable]);
  });
});

describe('PodTolerationRestriction: memory-pressure for pods that are not BestEffort (when enabled)', () => {
  // Off in kube-apiserver's default set: a cluster that wants it enables it.
  const withPodTolerationRestriction = settingsWith({ admission: { memoryPressureToleration: true } });
  const cases: [string, Container[], Container[] | undefined, 'BestEffort' | 'Burstable' | 'Guaranteed'][] = [
    ['no resources', [bestEffort], undefined, 'BestEffort'],
    ['zero requests and limits count as none', [container({ requests: { cpu: '0' }, limits: { memory: '0' } })], undefined, 'BestEffort'],
    ['only an extended resource', [container({ requests: { 'example.com/gpu': '1' }, limits: { 'example.com/gpu': '1' } })], undefined, 'BestEffort'],
    ['only ephemeral-storage', [container({ requests: { 'ephemeral-storage': '1Gi' } })], undefined, 'BestEffort'],
    ['a CPU request', [burstable], undefined, 'Burstable'],
    ['a memory limit only', [container({ limits: { memory: '1Gi' } })], undefined, 'Burstable'],
    ['requests below limits', [container({ requests: { cpu: '500m', memory: '1Gi' }, limits: { cpu: '1', memory: '1Gi' } })], undefined, 'Burstable'],
    ['requests equal to limits', [guaranteed], undefined, 'Guaranteed'],
    ['limits only: requests are defaulted from them', [container({ limits: { cpu: '1', memory: '1Gi' } })], undefined, 'Guaranteed'],
    [
      'equal quantities spelled differently',
      [container({ requests: { cpu: '1000m', memory: '1024Mi' }, limits: { cpu: '1', memory: '1Gi' } })],
      undefined,
      'Guaranteed',
    ],
    ['one Guaranteed and one BestEffort container', [guaranteed, container(undefined, 'c2')], undefined, 'Burstable'],
    ['a request in an init container only', [bestEffort], [burstable], 'Burstable'],
    ['Guaranteed containers and init containers', [guaranteed], [container({ limits: { cpu: '2', memory: '2Gi' } }, 'init')], 'Guaranteed'],
  ];
  it.each(cases)('%s: %s', (_name, containers, initContainers, qos) => {
    const spec: PodSpec = initContainers ? { containers, initContainers } : { containers };
    const admitted = admitPod(pod(spec), 'CREATE', withPodTolerationRestriction);
    expect(admitted.status?.qosClass).toBe(qos);
    const expected = qos === 'BestEffort' ? [notReady(300), unreachable(300)] : [notReady(300), unreachable(300), memoryPressure];
    expect(tolerationsOf(admitted)?.filter((t) => !(t.key ?? '').includes('/gpu'))).toEqual(expected);
  });

  it('is merged (MergeTolerations): covered by a wildcard toleration, nothing is added', () => {
    expect(tolerationsOf(admitPod(pod({ containers: [burstable], tolerations: [{ operator: 'Exists' }] }), 'CREATE', withPodTolerationRestriction))).toEqual([
      { operator: 'Exists' },
    ]);
  });

  it('is merged: a memory-pressure toleration without effect covers it', () => {
    const mine: Toleration = { key: TaintKeys.memoryPressure, operator: 'Exists' };
    expect(tolerationsOf(admitPod(pod({ containers: [burstable], tolerations: [mine] }), 'CREATE', withPodTolerationRestriction))).toEqual([
      mine,
      notReady(300),
      unreachable(300),
    ]);
  });

  it('is merged: a narrower pod toleration it covers is dropped', () => {
    const narrow: Toleration = { key: TaintKeys.memoryPressure, operator: 'Equal', value: 'x', effect: 'NoSchedule' };
    expect(tolerationsOf(admitPod(pod({ containers: [burstable], tolerations: [narrow] }), 'CREATE', withPodTolerationRestriction))).toEqual([
      notReady(300),
      unreachable(300),
      memoryPressure,
    ]);
  });

  it("the merge also collapses the pod's own duplicate and covered tolerations", () => {
    const a: Toleration = { key: 'a', operator: 'Equal', value: '1', effect: 'NoSchedule' };
    const aAll: Toleration = { key: 'a', operator: 'Exists' };
    expect(tolerationsOf(admitPod(pod({ containers: [burstable], tolerations: [a, a, aAll] }), 'CREATE', withPodTolerationRestriction))).toEqual([
      aAll,
      notReady(300),
      unreachable(300),
      memoryPressure,
    ]);
  });

  it('no merge at all for a BestEffort pod: its duplicates stay', () => {
    const a: Toleration = { key: 'a', operator: 'Equal', value: '1', effect: 'NoSchedule' };
    expect(tolerationsOf(admitPod(pod({ containers: [bestEffort], tolerations: [a, a] }), 'CREATE', withPodTolerationRestriction))).toEqual([
      a,
      a,
      notReady(300),
      unreachable(300),
    ]);
  });

  it('is switched off by its setting, and then nothing is merged', () => {
    const a: Toleration = { key: 'a', operator: 'Exists' };
    const settings = settingsWith({ admission: { memoryPressureToleration: false } });
    expect(tolerationsOf(admitPod(pod({ containers: [guaranteed], tolerations: [a, a] }), 'CREATE', settings))).toEqual([
      a,
      a,
      notReady(300),
      unreachable(300),
    ]);
  });

  it('runs on UPDATE too', () => {
    expect(tolerationsOf(admitPod(pod({ containers: [burstable] }), 'UPDATE', only('memoryPressureToleration')))).toEqual([memoryPressure]);
  });
});

describe('ExtendedResourceToleration (TestAdmit), with only that plugin on', () => {
  const ext1 = 'example.com/device-ek';
  const ext2 = 'example.com/device-do';
  const cpu = container({ requests: { cpu: '2' } }, 'cpu');
  const memory = container({ requests: { memory: '2048' } }, 'memory');
  const wantsExt1 = container({ requests: { [ext1]: '1' } }, 'ext1');
  const wantsExt2 = container({ requests: { [ext2]: '2' } }, 'ext2');
  const tol = (key: string) => exists(key, 'NoSchedule');
  const fooBar: Toleration = { key: 'foo', operator: 'Equal', value: 'bar', effect: 'NoSchedule' };
  const cases: [string, PodSpec, Toleration[]][] = [
    ['empty pod without any extended resources, expect no change in tolerations', {}, []],
    ['pod with container without any extended resources, expect no change in tolerations', { containers: [cpu] }, []],
    ['pod with init container without any extended resources, expect no change in tolerations', { initContainers: [memory] }, []],
    ['pod with container with extended resource, expect toleration to be added', { containers: [wantsExt1] }, [tol(ext1)]],
    ['pod with init container with extended resource, expect toleration to be added', { initContainers: [wantsExt2] }, [tol(ext2)]],
    [
      'pod with existing tolerations and container with extended resource, expect existing tolerations to be preserved and new toleration to be added',
      { containers: [cpu, wantsExt1], tolerations: [fooBar] },
      [fooBar, tol(ext1)],
    ],
    [
      'pod with multiple extended resources, expect multiple tolerations to be added (sorted by key)',
      { containers: [memory, wantsExt1], initContainers: [cpu, wantsExt2] },
      [tol(ext2), tol(ext1)],
    ],
    [
      'pod with container requesting extended resource and existing correct toleration, expect no change in tolerations',
      { containers: [cpu, memory, wantsExt1], tolerations: [tol(ext1)] },
      [tol(ext1)],
    ],
    [
      'pod with container requesting extended resource and existing toleration with the same key but different effect and value, expect existing tolerations to be preserved and new toleration to be added',
      { containers: [cpu, memory, wantsExt1], tolerations: [{ key: ext1, operator: 'Equal', value: 'foo', effect: 'NoExecute' }] },
      [{ key: ext1, operator: 'Equal', value: 'foo', effect: 'NoExecute' }, tol(ext1)],
    ],
    [
      'pod with wildcard toleration and container requesting extended resource, expect existing tolerations to be preserved and new toleration to be added',
      { containers: [cpu, memory, wantsExt1], tolerations: [{ operator: 'Exists' }] },
      [{ operator: 'Exists' }, tol(ext1)],
    ],
    // Further cases.
    [
      'nvidia.com/gpu and example.com/fpga, sorted',
      { containers: [container({ requests: { 'nvidia.com/gpu': '1', 'example.com/fpga': '1' } })] },
      [tol('example.com/fpga'), tol('nvidia.com/gpu')],
    ],
    ['the same resource in two containers gives one toleration', { containers: [wantsExt1, { ...wantsExt1, name: 'again' }] }, [tol(ext1)]],
    ['a limit only counts, through the defaulted request', { containers: [container({ limits: { 'nvidia.com/gpu': '1' } })] }, [tol('nvidia.com/gpu')]],
    [
      'native and invalid names get none',
      {
        containers: [
          container({
            requests: {
              cpu: '1',
              'hugepages-2Mi': '2Mi',
              'ephemeral-storage': '1Gi',
              'kubernetes.io/foo': '1',
              'example.kubernetes.io/foo': '1',
              'requests.example.com/gpu': '1',
              'Example.com/gpu': '1',
              'example.com/': '1',
            },
          }),
        ],
      },
      [],
    ],
  ];
  it.each(cases)('%s', (_name, spec, expected) => {
    expect(tolerationsOf(admitPod(pod(spec), 'CREATE', only('extendedResourceToleration')))).toEqual(expected);
  });

  it('extendedResourceTolerations reads requests only (before defaulting)', () => {
    expect(extendedResourceTolerations(pod({ containers: [container({ limits: { 'nvidia.com/gpu': '1' } })] }))).toEqual([]);
    expect(extendedResourceTolerations(pod({ containers: [container({ requests: { 'nvidia.com/gpu': '1' } })] }))).toEqual([tol('nvidia.com/gpu')]);
  });

  it('is switched off by its setting', () => {
    const settings = settingsWith({ admission: { extendedResourceToleration: false } });
    expect(tolerationsOf(admitPod(pod({ containers: [wantsExt1] }), 'CREATE', settings))).toEqual([notReady(300), unreachable(300)]);
  });

  it('runs on UPDATE too', () => {
    expect(tolerationsOf(admitPod(pod({ containers: [wantsExt1] }), 'UPDATE', only('extendedResourceToleration')))).toEqual([tol(ext1)]);
  });
});

describe("all plugins together, in kube-apiserver's order", () => {
  const allOn = settingsWith({ admission: { memoryPressureToleration: true, extendedResourceToleration: true } });
  it('a Burstable pod asking for a GPU', () => {
    const spec: PodSpec = {
      containers: [container({ requests: { cpu: '1', 'nvidia.com/gpu': '1' } })],
      tolerations: [{ key: 'dedicated', operator: 'Equal', value: 'ml', effect: 'NoSchedule' }],
    };
    expect(tolerationsOf(admitPod(pod(spec), 'CREATE', allOn))).toEqual([
      { key: 'dedicated', operator: 'Equal', value: 'ml', effect: 'NoSchedule' },
      notReady(300),
      unreachable(300),
      memoryPressure,
      exists('nvidia.com/gpu', 'NoSchedule'),
    ]);
  });

  it('a Guaranteed DaemonSet pod on the host network asking for a GPU', () => {
    const spec: PodSpec = { containers: [container({ limits: { cpu: '1', memory: '1Gi', 'nvidia.com/gpu': '1' } })], hostNetwork: true };
    const admitted = admitPod(dsPod(spec), 'CREATE', allOn);
    expect(tolerationsOf(admitted)).toEqual([...daemonSix, networkUnavailable, exists('nvidia.com/gpu', 'NoSchedule')]);
    expect(admitted.status?.qosClass).toBe('Guaranteed');
  });

  it("every plugin off: the tolerations are the pod's own", () => {
    const settings = settingsWith({
      admission: { defaultTolerationSeconds: false, memoryPressureToleration: false, extendedResourceToleration: false, daemonSetTolerations: false },
    });
    const admitted = admitPod(dsPod({ containers: [container({ requests: { cpu: '1', 'nvidia.com/gpu': '1' } })] }), 'CREATE', settings);
    expect(tolerationsOf(admitted)).toEqual([]);
  });
});

describe('defaulting and status.qosClass', () => {
  it('limits without requests become requests (containers and init containers), existing requests stay', () => {
    const spec: PodSpec = {
      containers: [container({ requests: { cpu: '100m' }, limits: { cpu: '1', memory: '1Gi' } })],
      initContainers: [container({ limits: { memory: '64Mi' } }, 'init')],
    };
    const admitted = admitPod(pod(spec), 'CREATE', defaultSettings);
    expect(admitted.spec?.containers?.[0]?.resources).toEqual({ requests: { cpu: '100m', memory: '1Gi' }, limits: { cpu: '1', memory: '1Gi' } });
    expect(admitted.spec?.initContainers?.[0]?.resources).toEqual({ requests: { memory: '64Mi' }, limits: { memory: '64Mi' } });
  });

  const create: [string, PodSpec, string][] = [
    ['BestEffort', { containers: [bestEffort] }, 'BestEffort'],
    ['Burstable', { containers: [burstable] }, 'Burstable'],
    ['Guaranteed', { containers: [guaranteed] }, 'Guaranteed'],
    ['Guaranteed from limits only', { containers: [container({ limits: { cpu: '250m', memory: '128Mi' } })] }, 'Guaranteed'],
  ];
  it.each(create)('CREATE sets status.qosClass: %s', (_name, spec, qos) => {
    expect(admitPod(pod(spec), 'CREATE', defaultSettings).status).toEqual({ qosClass: qos });
  });

  it('CREATE computes the class whatever the client sent, and keeps the other status fields', () => {
    const p: Pod = { ...pod({ containers: [guaranteed] }), status: { phase: 'Pending', qosClass: 'BestEffort' } };
    expect(admitPod(p, 'CREATE', defaultSettings).status).toEqual({ phase: 'Pending', qosClass: 'Guaranteed' });
  });

  it('UPDATE keeps a qosClass already set', () => {
    const p: Pod = { ...pod({ containers: [guaranteed] }), status: { phase: 'Running', qosClass: 'Burstable' } };
    expect(admitPod(p, 'UPDATE', defaultSettings).status).toEqual({ phase: 'Running', qosClass: 'Burstable' });
  });

  it('UPDATE fills in a missing qosClass', () => {
    expect(admitPod(pod({ containers: [guaranteed] }), 'UPDATE', defaultSettings).status).toEqual({ qosClass: 'Guaranteed' });
  });

  it('a pod without a spec gets the default tolerations and is BestEffort', () => {
    const admitted = admitPod({ metadata: { name: 'p' } }, 'CREATE', defaultSettings);
    expect(admitted.spec).toEqual({ tolerations: [notReady(300), unreachable(300)] });
    expect(admitted.status).toEqual({ qosClass: 'BestEffort' });
  });

  it('does not change its input and keeps other fields', () => {
    const input: Pod = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'p', namespace: 'ns', labels: { app: 'x' } },
      spec: { nodeName: 'n1', containers: [container({ limits: { cpu: '1', memory: '1Gi' } })], tolerations: [notReady(10)] },
    };
    const before = JSON.stringify(input);
    const admitted = admitPod(input, 'CREATE', defaultSettings);
    expect(JSON.stringify(input)).toBe(before);
    expect(admitted.apiVersion).toBe('v1');
    expect(admitted.metadata).toEqual(input.metadata);
    expect(admitted.spec?.nodeName).toBe('n1');
  });
});

describe("kube-apiserver's default plugin set (pkg/kubeapiserver/options/plugins.go)", () => {
  it('DefaultTolerationSeconds only: no memory-pressure toleration for a Burstable pod, none for its extended resource', () => {
    const spec: PodSpec = { containers: [container({ requests: { cpu: '1', 'nvidia.com/gpu': '1' } })] };
    expect(tolerationsOf(admitPod(pod(spec), 'CREATE', defaultSettings))).toEqual([notReady(300), unreachable(300)]);
  });
});

describe('explainAdmission: which tolerations admission added, and by which step', () => {
  const allOn = settingsWith({ admission: { memoryPressureToleration: true, extendedResourceToleration: true } });
  const gpu = exists('nvidia.com/gpu', 'NoSchedule');

  it('a Burstable pod asking for a GPU: its own toleration unmarked, each added one marked with its step', () => {
    const own: Toleration = { key: 'dedicated', operator: 'Equal', value: 'ml', effect: 'NoSchedule' };
    const explained = explainAdmission(
      pod({ containers: [container({ requests: { cpu: '1', 'nvidia.com/gpu': '1' } })], tolerations: [own] }),
      'CREATE',
      allOn,
    );
    expect(explained.tolerations).toEqual([
      { toleration: own },
      { toleration: notReady(300), addedBy: 'DefaultTolerationSeconds' },
      { toleration: unreachable(300), addedBy: 'DefaultTolerationSeconds' },
      { toleration: memoryPressure, addedBy: 'PodTolerationRestriction' },
      { toleration: gpu, addedBy: 'ExtendedResourceToleration' },
    ]);
    expect(explained.removed).toEqual([]);
  });

  it("a DaemonSet pod: the controller's tolerations, the one it replaced in place reported removed", () => {
    const mine: Toleration = { key: 'mine', operator: 'Exists' };
    const explained = explainAdmission(dsPod({ containers: [bestEffort], tolerations: [mine, notReady(300)], hostNetwork: true }), 'CREATE', defaultSettings);
    expect(explained.tolerations).toEqual([
      { toleration: mine },
      { toleration: notReady(), addedBy: 'DaemonSetController' },
      ...[...daemonSix.slice(1), networkUnavailable].map((toleration) => ({ toleration, addedBy: 'DaemonSetController' })),
    ]);
    expect(explained.removed).toEqual([{ toleration: notReady(300), by: 'DaemonSetController' }]);
  });

  it("PodTolerationRestriction's merge: a narrower toleration it covers is removed, and a duplicate of the pod's collapsed", () => {
    const narrow: Toleration = { key: TaintKeys.memoryPressure, operator: 'Equal', value: 'x', effect: 'NoSchedule' };
    const a: Toleration = { key: 'a', operator: 'Equal', value: '1', effect: 'NoSchedule' };
    const explained = explainAdmission(pod({ containers: [burstable], tolerations: [narrow, a, a] }), 'CREATE', only('memoryPressureToleration'));
    expect(explained.tolerations).toEqual([{ toleration: a }, { toleration: memoryPressure, addedBy: 'PodTolerationRestriction' }]);
    expect(explained.removed).toEqual([
      { toleration: narrow, by: 'PodTolerationRestriction' },
      { toleration: a, by: 'PodTolerationRestriction' },
    ]);
  });

  it('nothing added when every step is off or has nothing to add', () => {
    const covered: Toleration = { operator: 'Exists' };
    const explained = explainAdmission(pod({ containers: [bestEffort], tolerations: [covered] }), 'CREATE', defaultSettings);
    expect(explained).toMatchObject({ tolerations: [{ toleration: covered }], removed: [] });
  });

  it.each<[string, Pod, AdmissionOperation, DomainSettings]>([
    ['a BestEffort pod, defaults', pod({ containers: [bestEffort] }), 'CREATE', defaultSettings],
    [
      'a Guaranteed DaemonSet pod on the host network asking for a GPU, all on',
      dsPod({ containers: [container({ limits: { cpu: '1', memory: '1Gi', 'nvidia.com/gpu': '1' } })], hostNetwork: true }),
      'CREATE',
      allOn,
    ],
    ['an update keeping its class', { ...pod({ containers: [guaranteed] }), status: { qosClass: 'Burstable' } }, 'UPDATE', allOn],
  ])("its pod is admitPod's: %s", (_name, p, operation, settings) => {
    const explained = explainAdmission(p, operation, settings);
    expect(explained.pod).toEqual(admitPod(p, operation, settings));
    expect(explained.tolerations.map((t) => t.toleration)).toEqual(explained.pod.spec?.tolerations);
  });
});
