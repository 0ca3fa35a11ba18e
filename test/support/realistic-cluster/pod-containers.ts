import { ago } from './clock';
import { frozen, type JsonObject, type JsonValue } from './json';
import type { ContainerTemplate } from './pod-template';
import type { PodState } from './pod-types';
import { hex, type Random } from './random';

/** A container as stored in spec.containers and as the kubelet reports it in status.containerStatuses. */

/** `{}`, as lastState and securityContext often are. */
export const emptyObject = frozen({});

export const tokenProjection = frozen<JsonObject>({
  defaultMode: 420,
  sources: [
    { serviceAccountToken: { expirationSeconds: 3607, path: 'token' } },
    { configMap: { items: [{ key: 'ca.crt', path: 'ca.crt' }], name: 'kube-root-ca.crt' } },
    { downwardAPI: { items: [{ fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' }, path: 'namespace' }] } },
  ],
});
export const tokenMountPath = '/var/run/secrets/kubernetes.io/serviceaccount';

/** containerStatuses[].volumeMounts (RecursiveReadOnlyMounts, beta since 1.31): each mount, read-only ones resolved. */
export function statusMount(mount: JsonObject): JsonObject {
  return mount.readOnly === true
    ? { mountPath: mount.mountPath!, name: mount.name!, readOnly: true, recursiveReadOnly: 'Disabled' }
    : { mountPath: mount.mountPath!, name: mount.name! };
}
const statusMountsOf = new WeakMap<readonly JsonObject[], readonly JsonObject[]>();
function templateStatusMounts(mounts: readonly JsonObject[]): readonly JsonObject[] {
  let cached = statusMountsOf.get(mounts);
  if (cached === undefined) {
    cached = frozen(mounts.map(statusMount));
    statusMountsOf.set(mounts, cached);
  }
  return cached;
}

/** The container as stored: the template's fields in key order, defaults filled in, the token mounted last. */
export function containerSpec(t: ContainerTemplate, tokenMount: JsonObject | undefined): JsonObject {
  const c: Record<string, JsonValue> = {};
  if (t.args) c.args = t.args;
  if (t.command) c.command = t.command;
  if (t.env) c.env = t.env;
  c.image = t.image.ref;
  c.imagePullPolicy = t.imagePullPolicy ?? 'IfNotPresent';
  if (t.livenessProbe) c.livenessProbe = t.livenessProbe;
  c.name = t.name;
  if (t.ports) c.ports = t.ports;
  if (t.readinessProbe) c.readinessProbe = t.readinessProbe;
  c.resources = t.resources;
  if (t.restartPolicy) c.restartPolicy = t.restartPolicy;
  if (t.securityContext) c.securityContext = t.securityContext;
  if (t.startupProbe) c.startupProbe = t.startupProbe;
  c.terminationMessagePath = '/dev/termination-log';
  c.terminationMessagePolicy = 'File';
  const mounts = t.volumeMounts ?? [];
  if (tokenMount) c.volumeMounts = [...mounts, tokenMount];
  else if (mounts.length > 0) c.volumeMounts = mounts;
  return c;
}

function containerId(random: Random): string {
  return `containerd://${hex(random, 64)}`;
}

export interface ContainerRun {
  readonly ready: boolean;
  readonly state: PodState;
  readonly startedAgo: number;
  readonly finishedAgo: number;
  readonly exitCode: number;
  /** Set when the container was OOM-killed once: when it started again. */
  readonly restartedAgo?: number;
}

export function containerStatus(t: ContainerTemplate, tokenStatusMount: JsonObject | undefined, random: Random, run: ContainerRun): JsonObject {
  const id = containerId(random);
  const terminal = run.state === 'succeeded' || run.state === 'failed';
  const restarted = run.restartedAgo !== undefined;
  const startedAt = run.restartedAgo ?? run.startedAgo;
  const mounts = t.volumeMounts ? templateStatusMounts(t.volumeMounts) : [];
  const s: Record<string, JsonValue> = {
    containerID: id,
    image: t.image.resolved,
    imageID: t.image.digestRef,
    lastState: restarted
      ? { terminated: { containerID: containerId(random), exitCode: 137, finishedAt: ago(startedAt + 1), reason: 'OOMKilled', startedAt: ago(run.startedAgo) } }
      : emptyObject,
    name: t.name,
    ready: run.ready,
    restartCount: restarted ? 1 : 0,
    started: !terminal,
    state: terminal
      ? {
          terminated: {
            containerID: id,
            exitCode: run.exitCode,
            finishedAt: ago(run.finishedAgo),
            reason: run.exitCode === 0 ? 'Completed' : 'Error',
            startedAt: ago(run.startedAgo),
          },
        }
      : { running: { startedAt: ago(startedAt) } },
  };
  if (tokenStatusMount) s.volumeMounts = [...mounts, tokenStatusMount];
  else if (mounts.length > 0) s.volumeMounts = mounts;
  return s;
}
