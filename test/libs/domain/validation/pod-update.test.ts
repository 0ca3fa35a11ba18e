import { describe, expect, it } from 'vitest';
import { defaultSettings, fieldErrorText, type Pod, validatePod } from '@taintgate/domain';
import type { Validated } from '../../../../libs/domain/src/validation/objects';
import { msg } from './messages';

/**
 * ValidatePodUpdate (pkg/apis/core/validation/validation.go), through validatePod with the old pod,
 * as kube-apiserver runs it: validatePodMetadataAndSpec on the new pod, then the update rules.
 * The cases are TestValidatePodUpdate's (validation_test.go), under their upstream names, with the
 * pods written as JSON; upstream checks that the aggregate contains a fragment, these check every
 * line. Cases upstream has and taintgate decides differently on purpose say so in their name.
 */

type Json = Record<string, any>;
type Tweak = (pod: Json) => void;

/** podtest.MakeContainer: what defaulting would have filled in is there already. */
const container = (name: string, tweak: (c: Json) => void = () => {}): Json => {
  const c: Json = { name, image: 'image', imagePullPolicy: 'IfNotPresent', terminationMessagePolicy: 'File' };
  tweak(c);
  return c;
};

/** podtest.MakePod, with the test loop's fill-ins (name, namespace, one container, DNS and restart policies). */
const makePod = (...tweaks: Tweak[]): Json => {
  const pod: Json = {
    metadata: { name: 'foo', namespace: 'default', resourceVersion: '1' },
    spec: {
      containers: [container('ctr')],
      dnsPolicy: 'ClusterFirst',
      restartPolicy: 'Always',
      terminationGracePeriodSeconds: 30,
      schedulerName: 'default-scheduler',
      securityContext: {},
    },
  };
  for (const tweak of tweaks) tweak(pod);
  return pod;
};

const set =
  (field: string, value: unknown): Tweak =>
  (p) => {
    p.spec[field] = value;
  };
const containers = (...list: Json[]): Tweak => set('containers', list);
const initContainers = (...list: Json[]): Tweak => set('initContainers', list);
const image = (value: string) => (c: Json) => {
  c.image = value;
};
const resources =
  (value: Json) =>
  (c: Json): void => {
    c.resources = value;
  };
const deadline = (seconds: number): Tweak => set('activeDeadlineSeconds', seconds);
const tolerations = (...list: Json[]): Tweak => set('tolerations', list);
const gates = (...names: string[]): Tweak =>
  set(
    'schedulingGates',
    names.map((name) => ({ name })),
  );
const nodeName = (name: string): Tweak => set('nodeName', name);
const nodeSelector = (selector: Record<string, string>): Tweak => set('nodeSelector', selector);
const affinity = (value: Json | undefined): Tweak => set('affinity', value);
const annotations =
  (value: Record<string, string>): Tweak =>
  (p) => {
    p.metadata.annotations = value;
  };
const labels =
  (value: Record<string, string>): Tweak =>
  (p) => {
    p.metadata.labels = value;
  };

const requirement = (key: string, ...values: string[]): Json => ({ key, operator: 'In', values });
const requiredTerms = (...terms: Json[]): Json => ({ nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: terms } } });
const preferred = (...expressions: Json[]): Json => ({
  nodeAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 1, preference: { matchExpressions: expressions } }] },
});

const lines = (result: Validated<unknown>): string[] => (result.ok ? [] : result.error.map(fieldErrorText));
const forbidden = (...diff: string[]): string => `spec: Forbidden: ${msg.podUpdateForbidden}\n${diff.join('\n')}`;
const tolerationForbidden = 'spec.tolerations: Forbidden: existing toleration can not be modified except its tolerationSeconds';
const termsPath = 'spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms';
const onlyAdditions = 'only additions are allowed (no mutations or deletions)';
const selectorOnlyAdditions = 'only additions to spec.nodeSelector are allowed (no mutations or deletions)';
const noTermChanges = 'no additions/deletions to non-empty NodeSelectorTerms list are allowed';
const range = (lo: number) => `must be between ${lo} and 2147483647, inclusive`;

interface Case {
  test: string;
  old: Json;
  new: Json;
  lines: string[];
}

const check = ({ old, new: next, lines: expected }: Case) => {
  expect(lines(validatePod(next, defaultSettings, old as Pod))).toEqual(expected);
};

describe('ValidatePodUpdate: metadata', () => {
  it.each<Case>([
    { test: 'nothing', new: makePod(), old: makePod(), lines: [] },
    { test: 'labels', new: makePod(labels({ foo: 'bar' })), old: makePod(labels({ bar: 'foo' })), lines: [] },
    { test: 'annotations', new: makePod(annotations({ foo: 'bar' })), old: makePod(annotations({ bar: 'foo' })), lines: [] },
    {
      test: 'added mirror pod annotation',
      new: makePod(annotations({ 'kubernetes.io/config.mirror': '' }), nodeName('foo')),
      old: makePod(nodeName('foo')),
      lines: ['metadata.annotations[kubernetes.io/config.mirror]: Forbidden: may not add mirror pod annotation'],
    },
    {
      test: 'removed mirror pod annotation',
      new: makePod(nodeName('foo')),
      old: makePod(annotations({ 'kubernetes.io/config.mirror': '' }), nodeName('foo')),
      lines: ['metadata.annotations[kubernetes.io/config.mirror]: Forbidden: may not remove or update mirror pod annotation'],
    },
    {
      test: 'changed mirror pod annotation',
      new: makePod(annotations({ 'kubernetes.io/config.mirror': 'foo' }), nodeName('foo')),
      old: makePod(annotations({ 'kubernetes.io/config.mirror': 'bar' }), nodeName('foo')),
      lines: ['metadata.annotations[kubernetes.io/config.mirror]: Forbidden: may not remove or update mirror pod annotation'],
    },
    {
      // ValidatePodSpecificAnnotationUpdates, AppArmor's beta annotations.
      test: 'AppArmor annotations may be neither added nor changed',
      new: makePod(
        annotations({ 'container.apparmor.security.beta.kubernetes.io/ctr': 'runtime/default', 'container.apparmor.security.beta.kubernetes.io/b': 'x' }),
      ),
      old: makePod(annotations({ 'container.apparmor.security.beta.kubernetes.io/ctr': 'unconfined' })),
      lines: [
        'metadata.annotations[container.apparmor.security.beta.kubernetes.io/ctr]: Forbidden: may not remove or update AppArmor annotations',
        'metadata.annotations[container.apparmor.security.beta.kubernetes.io/b]: Forbidden: may not add AppArmor annotations',
      ],
    },
    {
      // PrepareForUpdate keeps the old status upstream; taintgate stores a PUT's status (no status subresource), and never compares it.
      test: 'a status change is no spec change',
      new: makePod((p) => {
        p.status = { phase: 'Running', qosClass: 'BestEffort' };
      }),
      old: makePod((p) => {
        p.status = { phase: 'Pending' };
      }),
      lines: [],
    },
  ])('$test', check);
});

describe('ValidatePodUpdate: containers and images (ValidateContainerUpdates)', () => {
  it.each<Case>([
    {
      test: 'less containers',
      new: makePod(containers(container('foo', image('foo:V2')))),
      old: makePod(containers(container('foo', image('foo:V1')), container('bar', image('bar:V1')))),
      lines: ['spec.containers: Forbidden: pod updates may not add or remove containers'],
    },
    {
      test: 'more containers',
      new: makePod(containers(container('foo', image('foo:V2')), container('bar', image('bar:V2')))),
      old: makePod(containers(container('foo', image('foo:V1')))),
      lines: ['spec.containers: Forbidden: pod updates may not add or remove containers'],
    },
    {
      test: 'more init containers',
      new: makePod(initContainers(container('foo', image('foo:V2')))),
      old: makePod(initContainers(container('foo', image('foo:V1')), container('bar', image('bar:V1')))),
      lines: ['spec.initContainers: Forbidden: pod updates may not add or remove containers'],
    },
    {
      test: 'image change',
      new: makePod(containers(container('container', image('foo:V1')))),
      old: makePod(containers(container('container', image('foo:V2')))),
      lines: [],
    },
    {
      test: 'init container image change',
      new: makePod(initContainers(container('container', image('foo:V1')))),
      old: makePod(initContainers(container('container', image('foo:V2')))),
      lines: [],
    },
    {
      test: 'image change to empty',
      new: makePod(containers(container('container', image('')))),
      old: makePod(containers(container('container', image('foo:V2')))),
      lines: ['spec.containers[0].image: Required value'],
    },
    {
      test: 'init container image change to empty',
      new: makePod(initContainers(container('container', image('')))),
      old: makePod(initContainers(container('container', image('foo:V2')))),
      lines: ['spec.initContainers[0].image: Required value'],
    },
    {
      // validateContainerOnlyForPod's rule, which ValidateContainerUpdates repeats.
      test: 'an image with surrounding white space',
      new: makePod(containers(container('ctr', image(' image')))),
      old: makePod(),
      lines: ['spec.containers[0].image: Invalid value: " image": must not have leading or trailing whitespace'],
    },
    {
      // taintgate accepts pods without images on create, so one stored so stays updatable.
      test: 'taintgate: a container that never had an image may stay without',
      new: makePod(containers({ name: 'ctr' }), labels({ v: '2' })),
      old: makePod(containers({ name: 'ctr' })),
      lines: [],
    },
    {
      // SetDefaults_Container defaults the pull policy from the image; neither side states one here.
      test: 'taintgate: an image change to :latest when neither pod states a pull policy',
      new: makePod(containers({ name: 'ctr', image: 'nginx' })),
      old: makePod(containers({ name: 'ctr', image: 'nginx:1.27' })),
      lines: [],
    },
    {
      test: 'ephemeralContainer changes are not allowed via normal pod update',
      new: makePod(set('ephemeralContainers', [{ name: 'ephemeral', image: 'busybox' }])),
      old: makePod(),
      lines: [
        forbidden(
          '+ spec.ephemeralContainers: [{"image":"busybox","name":"ephemeral","terminationMessagePath":"/dev/termination-log","terminationMessagePolicy":"File"}]',
        ),
      ],
    },
  ])('$test', check);
});

describe('ValidatePodUpdate: activeDeadlineSeconds', () => {
  it.each<Case>([
    { test: 'activeDeadlineSeconds no change, nil', new: makePod(), old: makePod(), lines: [] },
    { test: 'activeDeadlineSeconds no change, set', new: makePod(deadline(30)), old: makePod(deadline(30)), lines: [] },
    { test: 'activeDeadlineSeconds change to positive from nil', new: makePod(deadline(30)), old: makePod(), lines: [] },
    { test: 'activeDeadlineSeconds change to smaller positive', new: makePod(deadline(30)), old: makePod(deadline(31)), lines: [] },
    {
      test: 'activeDeadlineSeconds change to larger positive',
      new: makePod(deadline(31)),
      old: makePod(deadline(30)),
      lines: ['spec.activeDeadlineSeconds: Invalid value: 31: must be less than or equal to previous value'],
    },
    {
      test: 'activeDeadlineSeconds change to negative from nil',
      new: makePod(deadline(-30)),
      old: makePod(),
      lines: [`spec.activeDeadlineSeconds: Invalid value: -30: ${range(1)}`, `spec.activeDeadlineSeconds: Invalid value: -30: ${range(0)}`],
    },
    {
      test: 'activeDeadlineSeconds change to negative from positive',
      new: makePod(deadline(-30)),
      old: makePod(deadline(30)),
      lines: [`spec.activeDeadlineSeconds: Invalid value: -30: ${range(1)}`, `spec.activeDeadlineSeconds: Invalid value: -30: ${range(0)}`],
    },
    {
      test: 'activeDeadlineSeconds change to zero from positive',
      new: makePod(deadline(0)),
      old: makePod(deadline(30)),
      lines: [`spec.activeDeadlineSeconds: Invalid value: 0: ${range(1)}`],
    },
    {
      test: 'activeDeadlineSeconds change to zero from nil',
      new: makePod(deadline(0)),
      old: makePod(),
      lines: [`spec.activeDeadlineSeconds: Invalid value: 0: ${range(1)}`],
    },
    {
      test: 'activeDeadlineSeconds change to nil from positive',
      new: makePod(),
      old: makePod(deadline(30)),
      lines: ['spec.activeDeadlineSeconds: Invalid value: "null": must not update from a positive integer to nil value'],
    },
  ])('$test', check);
});

describe('ValidatePodUpdate: resources and other fields are compared, after defaulting', () => {
  const limited = (limits: Json, requests?: Json) => makePod(containers(container('container', resources(requests ? { limits, requests } : { limits }))));
  it.each<Case>([
    {
      test: 'cpu limit change',
      new: limited({ cpu: '200m', memory: '0', 'ephemeral-storage': '1Gi' }),
      old: limited({ cpu: '100m', memory: '0', 'ephemeral-storage': '1Gi' }),
      // SetDefaults_Pod filled requests from limits on both sides: they differ too.
      lines: [
        forbidden(
          '- spec.containers[0].resources.limits[cpu]: "100m"',
          '+ spec.containers[0].resources.limits[cpu]: "200m"',
          '- spec.containers[0].resources.requests[cpu]: "100m"',
          '+ spec.containers[0].resources.requests[cpu]: "200m"',
        ),
      ],
    },
    {
      test: 'memory limit change',
      new: limited({ cpu: '100m', memory: '100Mi' }, { cpu: '100m', memory: '100Mi' }),
      old: limited({ cpu: '100m', memory: '200Mi' }, { cpu: '100m', memory: '100Mi' }),
      lines: [forbidden('- spec.containers[0].resources.limits[memory]: "200Mi"', '+ spec.containers[0].resources.limits[memory]: "100Mi"')],
    },
    {
      test: 'cpu request change',
      new: makePod(containers(container('container', resources({ requests: { cpu: '100m' } })))),
      old: makePod(containers(container('container', resources({ requests: { cpu: '200m' } })))),
      lines: [forbidden('- spec.containers[0].resources.requests[cpu]: "200m"', '+ spec.containers[0].resources.requests[cpu]: "100m"')],
    },
    {
      test: 'Pod QoS change, burstable -> besteffort',
      new: makePod(),
      old: limited({ cpu: '200m', memory: '200Mi' }, { cpu: '100m', memory: '100Mi' }),
      // As upstream, the new pod's one container is MakePod's "ctr", the old one's "container".
      lines: [
        forbidden(
          '- spec.containers[0].name: "container"',
          '+ spec.containers[0].name: "ctr"',
          '- spec.containers[0].resources: {"limits":{"cpu":"200m","memory":"200Mi"},"requests":{"cpu":"100m","memory":"100Mi"}}',
        ),
      ],
    },
    {
      test: 'quantities compare by value (Quantity.Cmp), not by spelling',
      new: limited({ cpu: '0.5', memory: 268435456 }),
      old: limited({ cpu: '500m', memory: '256Mi' }),
      lines: [],
    },
    {
      test: 'fsGroupChangePolicy change',
      new: makePod(set('securityContext', { fsGroupChangePolicy: 'OnRootMismatch' })),
      old: makePod(set('securityContext', {})),
      lines: [forbidden('+ spec.securityContext: {"fsGroupChangePolicy":"OnRootMismatch"}')],
    },
    {
      test: 'port change',
      new: makePod(containers(container('container', (c) => (c.ports = [{ hostPort: 8080, containerPort: 80 }])))),
      old: makePod(containers(container('container', (c) => (c.ports = [{ hostPort: 8000, containerPort: 80 }])))),
      lines: [forbidden('- spec.containers[0].ports[0].hostPort: 8000', '+ spec.containers[0].ports[0].hostPort: 8080')],
    },
    {
      test: 'changed priority class name',
      new: makePod(nodeName('node1'), set('priorityClassName', 'bar-priority')),
      old: makePod(nodeName('node1'), set('priorityClassName', 'foo-priority')),
      lines: [forbidden('- spec.priorityClassName: "foo-priority"', '+ spec.priorityClassName: "bar-priority"')],
    },
    {
      test: 'removed priority class name',
      new: makePod(nodeName('node1'), set('priorityClassName', '')),
      old: makePod(nodeName('node1'), set('priorityClassName', 'foo-priority')),
      lines: [forbidden('- spec.priorityClassName: "foo-priority"')],
    },
    {
      test: 'update termination grace period seconds',
      new: makePod(set('terminationGracePeriodSeconds', 1)),
      old: makePod(set('terminationGracePeriodSeconds', -1)),
      lines: [],
    },
    {
      test: 'update termination grace period seconds not 1',
      new: makePod(set('terminationGracePeriodSeconds', 0)),
      old: makePod(set('terminationGracePeriodSeconds', -1)),
      lines: [forbidden('- spec.terminationGracePeriodSeconds: -1', '+ spec.terminationGracePeriodSeconds: 0')],
    },
    {
      test: 'update pod spec OS to a valid value, featuregate disabled',
      new: makePod(set('os', { name: 'linux' })),
      old: makePod(set('os', { name: 'windows' })),
      lines: [forbidden('- spec.os.name: "windows"', '+ spec.os.name: "linux"')],
    },
    {
      // Both sides after SetDefaults_PodSpec and the v1 serviceAccount alias: the same spec.
      test: 'a body that leaves out what defaulting fills in is no change',
      new: makePod((p) => {
        p.spec = { containers: [{ name: 'ctr', image: 'image', imagePullPolicy: 'IfNotPresent' }], serviceAccount: 'default', hostNetwork: false };
      }),
      old: makePod(set('serviceAccountName', 'default'), set('enableServiceLinks', true)),
      lines: [],
    },
    {
      test: 'a pull policy stated on one side only is compared with the default of the other',
      new: makePod(containers({ name: 'ctr', image: 'image' })),
      old: makePod(),
      lines: [forbidden('- spec.containers[0].imagePullPolicy: "IfNotPresent"', '+ spec.containers[0].imagePullPolicy: "Always"')],
    },
  ])('$test', check);
});

describe('ValidatePodUpdate: tolerations (validateOnlyAddedTolerations)', () => {
  it.each<Case>([
    {
      test: 'existing toleration value modified in pod spec updates',
      new: makePod(nodeName('node1'), tolerations({ key: 'key1', value: 'value2' })),
      old: makePod(nodeName('node1'), tolerations({ key: 'key1', value: 'value1' })),
      lines: [tolerationForbidden],
    },
    {
      test: 'existing toleration value modified in pod spec updates with modified tolerationSeconds',
      new: makePod(nodeName('node1'), tolerations({ key: 'key1', value: 'value2', operator: 'Equal', effect: 'NoExecute' })),
      old: makePod(nodeName('node1'), tolerations({ key: 'key1', value: 'value1', operator: 'Equal', effect: 'NoExecute', tolerationSeconds: 10 })),
      lines: [tolerationForbidden],
    },
    {
      test: 'modified tolerationSeconds in existing toleration value in pod spec updates',
      new: makePod(nodeName('node1'), tolerations({ key: 'key1', value: 'value1', operator: 'Equal', effect: 'NoExecute', tolerationSeconds: 10 })),
      old: makePod(nodeName('node1'), tolerations({ key: 'key1', value: 'value1', operator: 'Equal', effect: 'NoExecute', tolerationSeconds: 20 })),
      lines: [],
    },
    {
      test: 'toleration modified in updates to an unscheduled pod',
      new: makePod(tolerations({ key: 'key1', value: 'value2' })),
      old: makePod(nodeName(''), tolerations({ key: 'key1', value: 'value1' })),
      lines: [tolerationForbidden],
    },
    {
      test: 'tolerations unmodified in updates to a scheduled pod',
      new: makePod(nodeName('node1'), tolerations({ key: 'key1', value: 'value1' })),
      old: makePod(nodeName('node1'), tolerations({ key: 'key1', value: 'value1' })),
      lines: [],
    },
    {
      test: 'added valid new toleration to existing tolerations in pod spec updates',
      new: makePod(
        nodeName('node1'),
        tolerations(
          { key: 'key1', value: 'value1', operator: 'Equal', effect: 'NoExecute', tolerationSeconds: 20 },
          { key: 'key2', value: 'value2', operator: 'Equal', effect: 'NoExecute', tolerationSeconds: 30 },
        ),
      ),
      old: makePod(nodeName('node1'), tolerations({ key: 'key1', value: 'value1', operator: 'Equal', effect: 'NoExecute', tolerationSeconds: 10 })),
      lines: [],
    },
    {
      test: 'added invalid new toleration to existing tolerations in pod spec updates',
      new: makePod(
        nodeName('node1'),
        tolerations(
          { key: 'key1', value: 'value1', operator: 'Equal', effect: 'NoExecute', tolerationSeconds: 20 },
          { key: 'key2', value: 'value2', operator: 'Equal', effect: 'NoSchedule', tolerationSeconds: 30 },
        ),
      ),
      old: makePod(nodeName('node1'), tolerations({ key: 'key1', value: 'value1', operator: 'Equal', effect: 'NoExecute', tolerationSeconds: 10 })),
      lines: ['spec.tolerations[1].effect: Invalid value: "NoSchedule": effect must be \'NoExecute\' when `tolerationSeconds` is set'],
    },
  ])('$test', check);
});

describe('ValidatePodUpdate: nodeName', () => {
  it.each<Case>([
    {
      // Upstream refuses this (binding is the pods/binding subresource's); taintgate binds by PUT.
      test: 'removed nodeName from pod spec: taintgate allows setting it once (binding)',
      new: makePod(nodeName('foo')),
      old: makePod(),
      lines: [],
    },
    {
      test: 'taintgate: a bound pod may not move',
      new: makePod(nodeName('node2')),
      old: makePod(nodeName('node1')),
      lines: [forbidden('- spec.nodeName: "node1"', '+ spec.nodeName: "node2"')],
    },
    {
      // ValidatePodCreate's rule, which the binding subresource enforces too.
      test: 'taintgate: binding a pod that keeps a scheduling gate',
      new: makePod(nodeName('node1'), gates('foo')),
      old: makePod(gates('foo')),
      lines: ['spec.nodeName: Forbidden: cannot be set until all schedulingGates have been cleared'],
    },
    { test: 'taintgate: binding once the last gate is gone', new: makePod(nodeName('node1')), old: makePod(gates('foo')), lines: [] },
  ])('$test', check);
});

describe('ValidatePodUpdate: schedulingGates (validateOnlyDeletedSchedulingGates)', () => {
  it.each<Case>([
    {
      test: 'update pod spec schedulingGates: add new scheduling gate',
      new: makePod(gates('foo')),
      old: makePod(),
      lines: ["spec.schedulingGates[0].name: Forbidden: only deletion is allowed, but found new scheduling gate 'foo'"],
    },
    {
      test: 'update pod spec schedulingGates: mutating an existing scheduling gate',
      new: makePod(gates('bar')),
      old: makePod(gates('foo')),
      lines: ["spec.schedulingGates[0].name: Forbidden: only deletion is allowed, but found new scheduling gate 'bar'"],
    },
    {
      test: 'update pod spec schedulingGates: mutating an existing scheduling gate along with deletion',
      new: makePod(gates('baz')),
      old: makePod(gates('foo', 'bar')),
      lines: ["spec.schedulingGates[0].name: Forbidden: only deletion is allowed, but found new scheduling gate 'baz'"],
    },
    { test: 'update pod spec schedulingGates: legal deletion', new: makePod(), old: makePod(gates('foo')), lines: [] },
    { test: 'removing one gate of two', new: makePod(gates('bar')), old: makePod(gates('foo', 'bar')), lines: [] },
  ])('$test', check);
});

describe('ValidatePodUpdate: gated pods may tighten nodeSelector and node affinity (validateNodeSelectorMutation, validateNodeAffinityMutation)', () => {
  const exprFoo = requirement('expr', 'foo');
  const nameField = { key: 'metadata.name', operator: 'In', values: ['foo'] };
  it.each<Case>([
    { test: 'adding node selector is allowed for gated pods', new: makePod(nodeSelector({ foo: 'bar' }), gates('baz')), old: makePod(gates('baz')), lines: [] },
    {
      test: 'adding node selector is not allowed for non-gated pods',
      new: makePod(nodeSelector({ foo: 'bar', foo2: 'bar2' })),
      old: makePod(nodeSelector({ foo: 'bar' })),
      lines: [forbidden('+ spec.nodeSelector[foo2]: "bar2"')],
    },
    {
      test: 'removing node selector is not allowed for gated pods',
      new: makePod(gates('baz')),
      old: makePod(nodeSelector({ foo: 'bar' }), gates('baz')),
      lines: [`spec.nodeSelector: Invalid value: null: ${selectorOnlyAdditions}`],
    },
    {
      test: 'removing node selector is not allowed for non-gated pods',
      new: makePod(),
      old: makePod(nodeSelector({ foo: 'bar' })),
      lines: [forbidden('- spec.nodeSelector: {"foo":"bar"}')],
    },
    {
      test: 'old pod spec has scheduling gate, new pod spec does not, and node selector is added',
      new: makePod(nodeSelector({ foo: 'bar', foo2: 'bar2' })),
      old: makePod(nodeSelector({ foo: 'bar' }), gates('baz')),
      lines: [],
    },
    {
      test: 'modifying value of existing node selector is not allowed',
      new: makePod(nodeSelector({ foo: 'new value' }), gates('baz')),
      old: makePod(nodeSelector({ foo: 'bar' }), gates('baz')),
      // "new value" is no label value either (ValidatePodSpec's ValidateLabels runs first, upstream as here).
      lines: [
        `spec.nodeSelector: Invalid value: "new value": ${msg.labelValueRegex}`,
        `spec.nodeSelector: Invalid value: {"foo":"new value"}: ${selectorOnlyAdditions}`,
      ],
    },
    {
      test: 'addition to nodeAffinity is allowed for gated pods',
      new: makePod(affinity(requiredTerms({ matchExpressions: [exprFoo, requirement('expr2', 'foo2')], matchFields: [nameField] })), gates('baz')),
      old: makePod(affinity(requiredTerms({ matchExpressions: [exprFoo] })), gates('baz')),
      lines: [],
    },
    {
      test: 'old RequiredDuringSchedulingIgnoredDuringExecution is non-nil, new RequiredDuringSchedulingIgnoredDuringExecution is nil, pod is gated',
      new: makePod(affinity({ nodeAffinity: {} }), gates('baz')),
      old: makePod(affinity(requiredTerms({ matchExpressions: [exprFoo] })), gates('baz')),
      lines: [`${termsPath}: Invalid value: null: ${noTermChanges}`],
    },
    {
      test: 'addition to nodeAffinity is not allowed for non-gated pods',
      new: makePod(affinity(requiredTerms({ matchExpressions: [exprFoo, requirement('expr2', 'foo2')] }))),
      old: makePod(affinity(requiredTerms({ matchExpressions: [exprFoo] }))),
      lines: [forbidden(`+ ${termsPath}[0].matchExpressions[1]: {"key":"expr2","operator":"In","values":["foo2"]}`)],
    },
    {
      test: 'old pod spec has scheduling gate, new pod spec does not, and node affinity addition occurs',
      new: makePod(affinity(requiredTerms({ matchExpressions: [exprFoo, requirement('expr2', 'foo2')], matchFields: [nameField] }))),
      old: makePod(affinity(requiredTerms({ matchExpressions: [exprFoo] })), gates('baz')),
      lines: [],
    },
    {
      test: 'nodeAffinity deletion from MatchExpressions not allowed',
      new: makePod(affinity(requiredTerms({ matchFields: [nameField] })), gates('baz')),
      old: makePod(affinity(requiredTerms({ matchExpressions: [exprFoo] })), gates('baz')),
      lines: [
        `${termsPath}[0]: Invalid value: {"MatchExpressions":null,"MatchFields":[{"Key":"metadata.name","Operator":"In","Values":["foo"]}]}: ${onlyAdditions}`,
      ],
    },
    {
      test: 'nodeAffinity modification of item in MatchExpressions not allowed',
      new: makePod(affinity(requiredTerms({ matchExpressions: [requirement('expr', 'bar')], matchFields: [nameField] })), gates('baz')),
      old: makePod(affinity(requiredTerms({ matchExpressions: [exprFoo], matchFields: [nameField] })), gates('baz')),
      lines: [
        `${termsPath}[0]: Invalid value: {"MatchExpressions":[{"Key":"expr","Operator":"In","Values":["bar"]}],"MatchFields":[{"Key":"metadata.name","Operator":"In","Values":["foo"]}]}: ${onlyAdditions}`,
      ],
    },
    {
      test: 'nodeSelectorTerms addition on gated pod should fail',
      new: makePod(affinity(requiredTerms({ matchExpressions: [exprFoo] }, { matchExpressions: [requirement('expr', 'foo2')] })), gates('baz')),
      old: makePod(affinity(requiredTerms({ matchExpressions: [exprFoo] })), gates('baz')),
      lines: [
        `${termsPath}: Invalid value: [{"MatchExpressions":[{"Key":"expr","Operator":"In","Values":["foo"]}],"MatchFields":null},{"MatchExpressions":[{"Key":"expr","Operator":"In","Values":["foo2"]}],"MatchFields":null}]: ${noTermChanges}`,
      ],
    },
    {
      test: 'preferredDuringSchedulingIgnoredDuringExecution can modified for gated pods',
      new: makePod(affinity(preferred(requirement('expr', 'foo2'))), gates('baz')),
      old: makePod(affinity(preferred(exprFoo)), gates('baz')),
      lines: [],
    },
    {
      test: 'preferredDuringSchedulingIgnoredDuringExecution can have removals for gated pods',
      new: makePod(gates('baz')),
      old: makePod(affinity(preferred(exprFoo)), gates('baz')),
      lines: [],
    },
    {
      test: 'new node affinity is nil',
      new: makePod(affinity({}), gates('baz')),
      old: makePod(affinity(requiredTerms({ matchExpressions: [exprFoo] })), gates('baz')),
      lines: [`${termsPath}: Invalid value: null: ${noTermChanges}`],
    },
    {
      test: 'empty NodeSelectorTerm (selects nothing) cannot become populated (selects something)',
      new: makePod(affinity(requiredTerms({ matchExpressions: [exprFoo] })), gates('baz')),
      old: makePod(affinity(requiredTerms({})), gates('baz')),
      lines: [`${termsPath}[0]: Invalid value: {"MatchExpressions":[{"Key":"expr","Operator":"In","Values":["foo"]}],"MatchFields":null}: ${onlyAdditions}`],
    },
    {
      test: 'nil affinity can be mutated for gated pods',
      new: makePod(affinity(requiredTerms({ matchExpressions: [exprFoo] })), gates('baz')),
      old: makePod(gates('baz')),
      lines: [],
    },
    {
      test: 'the podAffinity cannot be updated on gated pods',
      new: makePod(
        affinity({
          ...requiredTerms({ matchExpressions: [exprFoo] }),
          podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ topologyKey: 'foo', labelSelector: { matchLabels: { foo: 'bar' } } }] },
        }),
        gates('baz'),
      ),
      old: makePod(gates('baz')),
      lines: [
        forbidden(
          '+ spec.affinity: {"podAffinity":{"requiredDuringSchedulingIgnoredDuringExecution":[{"labelSelector":{"matchLabels":{"foo":"bar"}},"topologyKey":"foo"}]}}',
        ),
      ],
    },
    {
      test: 'allow update pod if old pod already has invalid label-value in node affinity',
      new: makePod(affinity(requiredTerms({ matchExpressions: [requirement('expr', '-1')] }))),
      old: makePod(affinity(requiredTerms({ matchExpressions: [requirement('expr', '-1')] })), gates('baz')),
      lines: [],
    },
    {
      test: 'not allow update node affinity to an invalid label-value',
      new: makePod(affinity(requiredTerms({ matchExpressions: [requirement('expr', '-1')] })), gates('baz')),
      old: makePod(affinity(requiredTerms({ matchExpressions: [requirement('expr', 'bar')] })), gates('baz')),
      lines: [
        `${termsPath}[0].matchExpressions[0].values[0]: Invalid value: "-1": ${msg.labelValueRegex}`,
        `${termsPath}[0]: Invalid value: {"MatchExpressions":[{"Key":"expr","Operator":"In","Values":["-1"]}],"MatchFields":null}: ${onlyAdditions}`,
      ],
    },
  ])('$test', check);
});

describe('the create rules ValidatePodUpdate runs first (validatePodMetadataAndSpec) and ValidatePodCreate', () => {
  it.each<{ test: string; pod: Json; lines: string[] }>([
    {
      // TestValidatePodCreateWithSchedulingGates
      test: 'create a Pod with nodeName and schedulingGates, feature enabled',
      pod: makePod(nodeName('node'), gates('foo')),
      lines: ['spec.nodeName: Forbidden: cannot be set until all schedulingGates have been cleared'],
    },
    { test: 'create a Pod with schedulingGates, feature enabled', pod: makePod(gates('foo')), lines: [] },
    {
      // validateSchedulingGates
      test: 'scheduling gates: qualified names, none twice',
      pod: makePod(gates('example.com/ok', 'bad name', 'example.com/ok')),
      lines: [`spec.schedulingGates[1]: Invalid value: "bad name": ${msg.nameRegex}`, 'spec.schedulingGates[2]: Duplicate value: "example.com/ok"'],
    },
    { test: 'activeDeadlineSeconds of 0', pod: makePod(deadline(0)), lines: [`spec.activeDeadlineSeconds: Invalid value: 0: ${range(1)}`] },
    {
      test: 'activeDeadlineSeconds beyond int32',
      pod: makePod(deadline(2 ** 31)),
      lines: [`spec.activeDeadlineSeconds: Invalid value: 2147483648: ${range(1)}`],
    },
    {
      test: 'activeDeadlineSeconds a string',
      pod: makePod(set('activeDeadlineSeconds', '30')),
      lines: ['spec.activeDeadlineSeconds: Invalid value: "30": must be an integer'],
    },
    {
      test: 'a scheduling gate without a name',
      pod: makePod(set('schedulingGates', [{ name: 1 }])),
      lines: ['spec.schedulingGates[0].name: Invalid value: 1: must be a string'],
    },
  ])('$test', ({ pod, lines: expected }) => {
    expect(lines(validatePod(pod, defaultSettings))).toEqual(expected);
  });
});
