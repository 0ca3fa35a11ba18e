import { parseQuantity } from '../resources/quantity';
import { FieldPath, goJson } from '../foundation/field-errors';
import { type Json, isObject } from './json-shape';

/**
 * Two pod specs compared as kube-apiserver compares them in ValidatePodUpdate: both as they are
 * after decoding (v1 converted to the internal type, SetDefaults_* applied), through
 * apiequality.Semantic.DeepEqual.
 *
 * taintgate stores a pod as the client sent it plus its admission defaults, not the scheme's
 * defaults, so a stored pod and the body of a later PUT may say the same thing in different
 * words (`restartPolicy: Always` or nothing, `cpu: "1"` or `cpu: 1000m`). Both are therefore
 * brought to one form here, for the comparison only (what is stored and answered is unchanged):
 *
 * - `serviceAccount` is an alias of `serviceAccountName` (Convert_v1_PodSpec_To_core_PodSpec);
 * - what the Priority admission plugin would have set, which taintgate does not run: without a
 *   priorityClassName (and with no global default class), priority 0 and PreemptLowerPriority;
 *   on an update, a new spec that names neither keeps the old ones, as the plugin keeps them;
 * - the defaults of SetDefaults_PodSpec, SetDefaults_Pod, SetDefaults_Container, SetDefaults_Probe,
 *   SetDefaults_HTTPGetAction, SetDefaults_ObjectFieldSelector and the volume sources' defaults,
 *   and ContainerPort's declarative `protocol: TCP`;
 * - Go's zero values: an absent field, null, "", [] and {} are the same (Semantic.DeepEqual treats a
 *   nil and an empty slice or map alike; a struct pointer set to an empty struct is taken as unset,
 *   a leniency, since JSON cannot tell the two apart without the Go types), and so are `false` or 0
 *   and absence for the non-pointer fields listed below;
 * - resource quantities compare by value (Quantity.Cmp), after SetDefaults_ResourceList rounded
 *   them up to milli-units.
 */

/** Objects that are Go maps: their keys print as `[key]` (field.Path.Key) and are not struct fields. */
const mapFields = new Set(['nodeSelector', 'requests', 'limits', 'overhead']);
/** core.ResourceList fields: quantities. */
const quantityMaps = new Set(['requests', 'limits', 'overhead']);
/** Non-pointer bools and ints of PodSpec, Container, ContainerPort, Probe and VolumeMount: false or 0 is "unset". */
const zeroIsUnset = new Set(['hostNetwork', 'hostPID', 'hostIPC', 'stdin', 'stdinOnce', 'tty', 'readOnly', 'hostPort', 'initialDelaySeconds']);

/** kube-apiserver's defaults (v1.DefaultTerminationGracePeriodSeconds, v1.DefaultSchedulerName, ...). */
const defaultTerminationGracePeriodSeconds = 30;
const defaultSchedulerName = 'default-scheduler';
/** 0644, the default mode of secret, configMap, downwardAPI and projected volumes. */
const defaultVolumeMode = 420;
const defaultTokenExpirationSeconds = 3600;

const unset = (v: unknown): boolean => v === undefined || v === null || v === '';

function setDefault(obj: Json, key: string, value: unknown): void {
  if (unset(obj[key])) obj[key] = value;
}

const objectsIn = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isObject) : []);
const objectAt = (obj: Json | undefined, key: string): Json | undefined => (obj && isObject(obj[key]) ? obj[key] : undefined);

/**
 * The tag parsers.ParseImageName finds: the one written, else "latest" unless a digest pins the
 * image. A name the reference parser refuses (upper case in the repository, or no name) has none.
 */
function imageTag(image: string): string {
  const [name = '', digest] = image.split('@');
  const lastSlash = name.lastIndexOf('/');
  const colon = name.lastIndexOf(':');
  const repository = colon > lastSlash ? name.slice(0, colon) : name;
  if (repository === '' || /[A-Z]/.test(repository.slice(lastSlash + 1))) return '';
  if (colon > lastSlash) return name.slice(colon + 1);
  return digest === undefined ? 'latest' : '';
}

/** SetDefaults_Container's pull policy: Always for `:latest` (or no tag), IfNotPresent otherwise. */
export function defaultImagePullPolicy(image: unknown): string {
  return imageTag(typeof image === 'string' ? image : '') === 'latest' ? 'Always' : 'IfNotPresent';
}

function defaultHandler(handler: Json | undefined): void {
  const httpGet = objectAt(handler, 'httpGet');
  if (!httpGet) return;
  setDefault(httpGet, 'path', '/');
  setDefault(httpGet, 'scheme', 'HTTP');
}

function defaultContainer(container: Json, hostNetwork: boolean, pullPolicy: boolean): void {
  if (pullPolicy) setDefault(container, 'imagePullPolicy', defaultImagePullPolicy(container.image));
  setDefault(container, 'terminationMessagePath', '/dev/termination-log');
  setDefault(container, 'terminationMessagePolicy', 'File');
  for (const port of objectsIn(container.ports)) {
    setDefault(port, 'protocol', 'TCP');
    // defaultHostNetworkPorts: with host networking every container port is a host port.
    if (hostNetwork && (port.hostPort === undefined || port.hostPort === null || port.hostPort === 0)) port.hostPort = port.containerPort;
  }
  for (const key of ['livenessProbe', 'readinessProbe', 'startupProbe']) {
    const probe = objectAt(container, key);
    if (!probe) continue;
    for (const [field, value] of [
      ['timeoutSeconds', 1],
      ['periodSeconds', 10],
      ['successThreshold', 1],
      ['failureThreshold', 3],
    ] as const) {
      if (unset(probe[field]) || probe[field] === 0) probe[field] = value;
    }
    defaultHandler(probe);
  }
  const lifecycle = objectAt(container, 'lifecycle');
  defaultHandler(objectAt(lifecycle, 'postStart'));
  defaultHandler(objectAt(lifecycle, 'preStop'));
  for (const env of objectsIn(container.env)) {
    const fieldRef = objectAt(objectAt(env, 'valueFrom'), 'fieldRef');
    if (fieldRef) setDefault(fieldRef, 'apiVersion', 'v1');
  }
}

/** core/v1 VolumeSource's fields, one of which a volume names (the OpenAPI document lists them too). */
export const VOLUME_SOURCES = [
  'hostPath',
  'emptyDir',
  'gcePersistentDisk',
  'awsElasticBlockStore',
  'gitRepo',
  'secret',
  'nfs',
  'iscsi',
  'glusterfs',
  'persistentVolumeClaim',
  'rbd',
  'flexVolume',
  'cinder',
  'cephfs',
  'flocker',
  'downwardAPI',
  'fc',
  'azureFile',
  'configMap',
  'vsphereVolume',
  'quobyte',
  'azureDisk',
  'photonPersistentDisk',
  'projected',
  'portworxVolume',
  'scaleIO',
  'storageos',
  'csi',
  'ephemeral',
  'image',
];

function defaultVolume(volume: Json): void {
  // SetDefaults_Volume: a volume that names no source is an emptyDir.
  if (!VOLUME_SOURCES.some((source) => isObject(volume[source]))) volume.emptyDir = {};
  for (const source of ['secret', 'configMap', 'downwardAPI', 'projected']) {
    const of = objectAt(volume, source);
    if (of) setDefault(of, 'defaultMode', defaultVolumeMode);
  }
  const hostPath = objectAt(volume, 'hostPath');
  if (hostPath && hostPath.type === undefined) hostPath.type = '';
  for (const projection of objectsIn(objectAt(volume, 'projected')?.sources)) {
    const token = objectAt(projection, 'serviceAccountToken');
    if (token) setDefault(token, 'expirationSeconds', defaultTokenExpirationSeconds);
  }
}

/**
 * The spec as the API server holds it after decoding: the v1 alias folded in and the scheme's
 * defaults applied. `pullPolicies` says, per container list, whether to default imagePullPolicy.
 */
function defaulted(spec: unknown, pullPolicies: (list: string, index: number) => boolean): Json {
  const copy: Json = isObject(spec) ? structuredClone(spec) : {};
  if (unset(copy.serviceAccountName) && typeof copy.serviceAccount === 'string') copy.serviceAccountName = copy.serviceAccount;
  delete copy.serviceAccount;

  setDefault(copy, 'dnsPolicy', 'ClusterFirst');
  setDefault(copy, 'restartPolicy', 'Always');
  setDefault(copy, 'terminationGracePeriodSeconds', defaultTerminationGracePeriodSeconds);
  setDefault(copy, 'schedulerName', defaultSchedulerName);
  setDefault(copy, 'enableServiceLinks', true);

  const hostNetwork = copy.hostNetwork === true;
  for (const list of ['containers', 'initContainers', 'ephemeralContainers']) {
    objectsIn(copy[list]).forEach((container, i) => defaultContainer(container, hostNetwork && list !== 'ephemeralContainers', pullPolicies(list, i)));
  }
  // SetDefaults_Pod: requests default to limits (admission does it already for what is stored).
  for (const list of ['containers', 'initContainers']) {
    for (const container of objectsIn(copy[list])) {
      const resources = objectAt(container, 'resources');
      const limits = objectAt(resources, 'limits');
      if (!resources || !limits) continue;
      resources.requests = { ...limits, ...(objectAt(resources, 'requests') ?? {}) };
    }
  }
  for (const volume of objectsIn(copy.volumes)) defaultVolume(volume);
  return copy;
}

/** Go's zero values dropped, so that absent, null, "", [] and {} compare equal. */
function pruned(value: unknown, key?: string): unknown {
  if (Array.isArray(value)) return value.map((item) => pruned(item));
  if (!isObject(value)) return value;
  // A map's entries are data ("" is a label value like any other), not fields with zero values.
  if (key !== undefined && mapFields.has(key)) return { ...value };
  const out: Json = {};
  for (const [k, v] of Object.entries(value)) {
    const child = pruned(v, k);
    if (child === undefined || child === null || child === '') continue;
    if (Array.isArray(child) && child.length === 0) continue;
    if (isObject(child) && Object.keys(child).length === 0) continue;
    if (zeroIsUnset.has(k) && (child === false || child === 0)) continue;
    out[k] = child;
  }
  return out;
}

function hasOwnPullPolicy(spec: unknown, list: string, index: number): boolean {
  const container = isObject(spec) && Array.isArray(spec[list]) ? (spec[list] as unknown[])[index] : undefined;
  return isObject(container) && !unset(container.imagePullPolicy);
}

/**
 * Both specs in their comparable form. imagePullPolicy is defaulted only where one side states
 * it: taintgate does not store the defaulted policy, so when neither the stored pod nor the new
 * body names one, both mean "what the server chose at creation", which an image change leaves
 * as it was, as the API server would keep the policy it stored.
 */
export function comparablePodSpecs(before: unknown, after: unknown): { before: Json; after: Json } {
  const stated = (list: string, i: number) => hasOwnPullPolicy(before, list, i) || hasOwnPullPolicy(after, list, i);
  const [old, next] = [defaulted(before, stated), defaulted(after, stated)];
  // The Priority plugin on create (the stored pod), then on update (the new one).
  if (unset(old.priorityClassName)) {
    setDefault(old, 'priority', 0);
    setDefault(old, 'preemptionPolicy', 'PreemptLowerPriority');
  }
  for (const key of ['priority', 'preemptionPolicy']) if (unset(next[key])) next[key] = old[key];
  return { before: pruned(old) as Json, after: pruned(next) as Json };
}

/** One place where two specs differ: the value on each side (undefined where a side has none). */
export interface SpecDifference {
  path: FieldPath;
  before?: unknown;
  after?: unknown;
}

/** Quantity.Cmp after SetDefaults_ResourceList's RoundUp to milli-units; anything unparsable compares as text. */
function sameQuantity(a: unknown, b: unknown): boolean {
  if ((typeof a !== 'string' && typeof a !== 'number') || (typeof b !== 'string' && typeof b !== 'number')) return a === b;
  const [x, y] = [parseQuantity(a), parseQuantity(b)];
  if (x === undefined || y === undefined) return a === b;
  const milli = 1_000_000n;
  const roundUp = (n: bigint): bigint => (n % milli === 0n ? n : n > 0n ? (n / milli + 1n) * milli : (n / milli - 1n) * milli);
  return roundUp(x) === roundUp(y);
}

function collect(before: unknown, after: unknown, path: FieldPath, key: string | undefined, out: SpecDifference[]): void {
  if (before === undefined && after === undefined) return;
  if (isObject(before) && isObject(after)) {
    const isMap = key !== undefined && mapFields.has(key);
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    for (const k of keys) {
      const at = isMap ? path.key(k) : path.child(k);
      if (isMap && quantityMaps.has(key)) {
        if (!sameQuantity(before[k], after[k])) out.push(difference(at, before[k], after[k]));
      } else {
        collect(before[k], after[k], at, isMap ? undefined : k, out);
      }
    }
    return;
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    for (let i = 0; i < Math.max(before.length, after.length); i++) collect(before[i], after[i], path.index(i), undefined, out);
    return;
  }
  if (before !== after) out.push(difference(path, before, after));
}

function difference(path: FieldPath, before: unknown, after: unknown): SpecDifference {
  const d: SpecDifference = { path };
  if (before !== undefined) d.before = before;
  if (after !== undefined) d.after = after;
  return d;
}

/** Where two comparable values differ, field by field, in path order; none when Semantic.DeepEqual would say equal. */
export function specDifferences(before: unknown, after: unknown, path: FieldPath = FieldPath.root('spec'), key?: string): SpecDifference[] {
  const out: SpecDifference[] = [];
  collect(before, after, path, key, out);
  return out;
}

export const semanticallyEqual = (before: unknown, after: unknown, key?: string): boolean => specDifferences(before, after, FieldPath.root(), key).length === 0;

/** A value with its object keys sorted, as json.Marshal orders a map's keys. */
export function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((k) => [k, sortedKeys(value[k])]),
  );
}

/**
 * The differences as the lines of a diff, old value first (cmp.Diff(old, new) puts the old side
 * on `-` lines and the new on `+`), one line per side that has a value:
 * `- spec.nodeSelector[disk]: "ssd"` then `+ spec.nodeSelector[disk]: "hdd"`.
 */
export function formatSpecDifferences(differences: readonly SpecDifference[]): string {
  const lines: string[] = [];
  for (const d of differences) {
    if (d.before !== undefined) lines.push(`- ${d.path.render()}: ${goJson(sortedKeys(d.before))}`);
    if (d.after !== undefined) lines.push(`+ ${d.path.render()}: ${goJson(sortedKeys(d.after))}`);
  }
  return lines.join('\n');
}
