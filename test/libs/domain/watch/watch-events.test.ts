import {
  type Node,
  type Pod,
  type WatchFilter,
  bookmarkObjectOf,
  catchUpEventOf,
  deletedObjectOf,
  parseGoBool,
  parseLabelSelector,
  parseFieldSelector,
  parseWatchStart,
  passesFilter,
  watchEventOf,
  watchStartOf,
} from '@taintgate/domain';
import { keyMayPass } from '../../../../libs/domain/src/watch/watch-filter';
import { describe, expect, it } from 'vitest';

const pod = (name: string, labels: Record<string, string>, nodeName?: string, namespace = 'web'): Pod => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, namespace, labels, resourceVersion: '5' },
  spec: { containers: [{ name: 'c', image: 'i' }], ...(nodeName ? { nodeName } : {}) },
});
const node = (name: string, labels: Record<string, string> = {}, unschedulable = false): Node => ({
  apiVersion: 'v1',
  kind: 'Node',
  metadata: { name, labels, resourceVersion: '5' },
  spec: { unschedulable },
});

const value = <T>(r: { ok: true; value: T } | { ok: false; error: unknown }): T => {
  if (!r.ok) throw new Error(String(r.error));
  return r.value;
};
const podFilter = (labels = '', fields = '', namespace?: string): WatchFilter => ({
  kind: 'Pod',
  namespace,
  labels: value(parseLabelSelector(labels)),
  fields: value(parseFieldSelector(fields)),
});

describe('watchEventOf: the cacher’s event for a change, by whether before and after pass the filter', () => {
  const web = (o: Pod) => o.metadata.labels?.app === 'web';
  const a = pod('a', { app: 'web' });
  const aOther = pod('a', { app: 'db' });
  it.each<[string, Pod | undefined, Pod | undefined, string | undefined, 'before' | 'after' | undefined]>([
    ['created, passing', undefined, a, 'ADDED', 'after'],
    ['created, not passing', undefined, aOther, undefined, undefined],
    ['changed, passing before and after', a, { ...a, status: { phase: 'Running' } }, 'MODIFIED', 'after'],
    ['changed into the filter', aOther, a, 'ADDED', 'after'],
    ['changed out of the filter: deleted for this watch', a, aOther, 'DELETED', 'before'],
    ['changed, passing neither before nor after', aOther, aOther, undefined, undefined],
    ['deleted, passing', a, undefined, 'DELETED', 'before'],
    ['deleted, not passing', aOther, undefined, undefined, undefined],
  ])('%s', (_what, before, after, type, which) => {
    const event = watchEventOf({ revision: 9n, before, after }, web);
    expect(event?.type).toBe(type);
    if (which === 'after') expect(event?.object).toBe(after);
    if (which === 'before') {
      // The object as it was, at the revision of the change, the stored one untouched.
      expect(event?.object).toEqual({ ...before, metadata: { ...before?.metadata, resourceVersion: '9' } });
      expect(before?.metadata.resourceVersion).toBe('5');
    }
  });
});

describe('catchUpEventOf: a change read back for a watch behind the present', () => {
  const filter = podFilter('app=web', '', 'web');
  it.each<[string, Parameters<typeof catchUpEventOf>[0], string | undefined]>([
    ['an object written since, passing', { after: pod('a', { app: 'web' }), recreated: false }, 'MODIFIED'],
    ['an object made again since its key was deleted', { after: pod('a', { app: 'web' }), recreated: true }, 'ADDED'],
    ['an object written since, not passing: left out', { after: pod('a', { app: 'db' }), recreated: false }, undefined],
    ['a deletion in the namespace watched, labels unknown', { deleted: deletedObjectOf('Pod', 'web/a', 7n) }, 'DELETED'],
    ['a deletion in another namespace', { deleted: deletedObjectOf('Pod', 'db/a', 7n) }, undefined],
  ])('%s', (_what, change, type) => {
    expect(catchUpEventOf(change, filter)?.type).toBe(type);
  });
});

describe('passesFilter and keyMayPass', () => {
  it.each<[string, WatchFilter, Node | Pod, boolean]>([
    ['a pod, everything', podFilter(), pod('a', {}), true],
    ['a pod in the namespace', podFilter('', '', 'web'), pod('a', {}), true],
    ['a pod in another namespace', podFilter('', '', 'db'), pod('a', {}), false],
    ['a pod by label', podFilter('app in (web)'), pod('a', { app: 'web' }), true],
    ['a pod by label, missing', podFilter('app=web'), pod('a', {}), false],
    ['a pod by node', podFilter('', 'spec.nodeName=n1'), pod('a', {}, 'n1'), true],
    ['a pod on another node', podFilter('', 'spec.nodeName=n1'), pod('a', {}, 'n2'), false],
    ['a pod by name (kubectl get pod a -w)', podFilter('', 'metadata.name=a'), pod('a', {}), true],
    ['a node by name', { kind: 'Node', labels: [], fields: value(parseFieldSelector('metadata.name=n1')) }, node('n1'), true],
    ['a node cordoned', { kind: 'Node', labels: [], fields: value(parseFieldSelector('spec.unschedulable=true')) }, node('n1'), false],
    ['a node by label', { kind: 'Node', labels: value(parseLabelSelector('pool=a')), fields: [] }, node('n1', { pool: 'a' }), true],
  ])('passesFilter: %s', (_what, filter, object, passes) => {
    expect(passesFilter(filter, object)).toBe(passes);
  });

  it.each<[string, WatchFilter, string, boolean]>([
    ['the name asked for', podFilter('', 'metadata.name=a'), 'web/a', true],
    ['another name', podFilter('', 'metadata.name=a'), 'web/b', false],
    ['the namespace asked for in the fields', podFilter('', 'metadata.namespace!=web'), 'web/a', false],
    // Labels and other fields are not known of a key: the deletion is sent.
    ['labels unknown', podFilter('app=web'), 'web/a', true],
    ['a node field unknown', podFilter('', 'spec.nodeName=n1'), 'web/a', true],
  ])('keyMayPass: %s', (_what, filter, key, passes) => {
    expect(keyMayPass(filter, deletedObjectOf('Pod', key, 3n))).toBe(passes);
  });
});

describe('where a watch starts', () => {
  it.each<[string | undefined, unknown]>([
    [undefined, { from: 'any' }],
    ['', { from: 'any' }],
    ['0', { from: 'any' }],
    ['17', { from: 'revision', revision: 17n }],
  ])('resourceVersion %j', (sent, start) => {
    expect(parseWatchStart(sent)).toEqual({ ok: true, value: start });
  });

  it.each(['-1', 'abc', '1.5', '99999999999999999999'])('refuses resourceVersion %j', (sent) => {
    expect(parseWatchStart(sent)).toEqual({ ok: false, error: `invalid resource version: ${sent}` });
  });

  const cluster = { revision: 50n, prunedThrough: 20n };
  it.each<[string, Parameters<typeof watchStartOf>[0], unknown]>([
    ['the present', { from: 'any' }, { kind: 'any' }],
    ['the newest deletion pruned: nothing after it is missing', { from: 'revision', revision: 20n }, { kind: 'catchUp', after: 20n }],
    ['the present revision', { from: 'revision', revision: 50n }, { kind: 'catchUp', after: 50n }],
    ['before the pruned mark: 410 Expired', { from: 'revision', revision: 19n }, { kind: 'expired', message: 'too old resource version: 19 (20)' }],
    ['not yet written: 504', { from: 'revision', revision: 51n }, { kind: 'tooLarge', message: 'Too large resource version: 51, current: 50' }],
  ])('%s', (_what, start, decided) => {
    expect(watchStartOf(start, cluster)).toEqual(decided);
  });

  it('reads booleans as strconv.ParseBool', () => {
    expect(['1', 't', 'true', 'TRUE', 'True'].map(parseGoBool)).toEqual([true, true, true, true, true]);
    expect(['0', 'f', 'false', 'False'].map(parseGoBool)).toEqual([false, false, false, false]);
    expect(parseGoBool('yes')).toBeUndefined();
  });

  it('makes a deleted object of a tombstone key', () => {
    expect(deletedObjectOf('Pod', 'web/a', 7n)).toEqual({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'a', namespace: 'web', resourceVersion: '7' } });
    expect(deletedObjectOf('Node', 'n1', 7n)).toEqual({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'n1', resourceVersion: '7' } });
    // The storage kinds: a claim is namespaced, a class and a CSINode are storage.k8s.io/v1's.
    expect(deletedObjectOf('PersistentVolumeClaim', 'db/data', 7n)).toEqual({
      apiVersion: 'v1',
      kind: 'PersistentVolumeClaim',
      metadata: { name: 'data', namespace: 'db', resourceVersion: '7' },
    });
    expect(deletedObjectOf('StorageClass', 'fast', 7n)).toEqual({
      apiVersion: 'storage.k8s.io/v1',
      kind: 'StorageClass',
      metadata: { name: 'fast', resourceVersion: '7' },
    });
    expect(bookmarkObjectOf('CSINode', 9n)).toEqual({ apiVersion: 'storage.k8s.io/v1', kind: 'CSINode', metadata: { resourceVersion: '9' } });
  });
});

describe('watches of the storage kinds', () => {
  const claim = (name: string, namespace: string, labels: Record<string, string> = {}) => ({ metadata: { name, namespace, labels } });
  const filter = (kind: WatchFilter['kind'], fields = '', namespace?: string, labels = ''): WatchFilter => ({
    kind,
    namespace,
    labels: value(parseLabelSelector(labels)),
    fields: value(parseFieldSelector(fields)),
  });

  it.each<[string, WatchFilter, { metadata: { name: string; namespace?: string; labels?: Record<string, string> } }, boolean]>([
    ['a claim in the namespace watched', filter('PersistentVolumeClaim', '', 'db'), claim('data', 'db'), true],
    ['a claim in another', filter('PersistentVolumeClaim', '', 'web'), claim('data', 'db'), false],
    ['a claim by its namespace field', filter('PersistentVolumeClaim', 'metadata.namespace=db'), claim('data', 'db'), true],
    ['a volume by name', filter('PersistentVolume', 'metadata.name=pv1'), { metadata: { name: 'pv1' } }, true],
    // A cluster-scoped object's namespace is "", as apimachinery's ObjectMetaFieldsSet says.
    ['a class by an empty namespace', filter('StorageClass', 'metadata.namespace='), { metadata: { name: 'fast' } }, true],
    ['a CSINode by label', filter('CSINode', '', undefined, 'pool=a'), { metadata: { name: 'n1', labels: { pool: 'b' } } }, false],
  ])('passesFilter: %s', (_what, watched, object, passes) => {
    expect(passesFilter(watched, object)).toBe(passes);
  });

  it('sends a deletion known by its key when its name and namespace may pass', () => {
    expect(keyMayPass(filter('PersistentVolumeClaim', '', 'db'), deletedObjectOf('PersistentVolumeClaim', 'db/data', 3n))).toBe(true);
    expect(keyMayPass(filter('PersistentVolumeClaim', '', 'web'), deletedObjectOf('PersistentVolumeClaim', 'db/data', 3n))).toBe(false);
    expect(keyMayPass(filter('StorageClass', 'metadata.name=slow'), deletedObjectOf('StorageClass', 'fast', 3n))).toBe(false);
  });
});

describe('watches of PodDisruptionBudgets', () => {
  const filter = (fields = '', namespace?: string, labels = ''): WatchFilter => ({
    kind: 'PodDisruptionBudget',
    namespace,
    labels: value(parseLabelSelector(labels)),
    fields: value(parseFieldSelector(fields)),
  });
  const budget = (name: string, namespace?: string, labels: Record<string, string> = {}) => ({ metadata: { name, namespace, labels } });

  it.each<[string, WatchFilter, ReturnType<typeof budget>, boolean]>([
    ['a budget in the namespace watched', filter('', 'shop'), budget('db', 'shop'), true],
    ['a budget in another', filter('', 'web'), budget('db', 'shop'), false],
    // Namespaced: a budget that names none is in default, as it was stored.
    ['a budget by its namespace field, default when it names none', filter('metadata.namespace=default'), budget('api'), true],
    ['a budget by name and label', filter('metadata.name=db', undefined, 'app=db'), budget('db', 'shop', { app: 'db' }), true],
  ])('passesFilter: %s', (_what, watched, object, passes) => {
    expect(passesFilter(watched, object)).toBe(passes);
  });

  it('a deletion: policy/v1, its namespace from its key; a bookmark of the kind', () => {
    expect(deletedObjectOf('PodDisruptionBudget', 'shop/db', 7n)).toEqual({
      apiVersion: 'policy/v1',
      kind: 'PodDisruptionBudget',
      metadata: { name: 'db', namespace: 'shop', resourceVersion: '7' },
    });
    expect(keyMayPass(filter('', 'web'), deletedObjectOf('PodDisruptionBudget', 'shop/db', 7n))).toBe(false);
    expect(bookmarkObjectOf('PodDisruptionBudget', 9n)).toEqual({ apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { resourceVersion: '9' } });
  });
});
