import { ago } from './clock';
import { frozen, type JsonObject, type JsonValue } from './json';
import type { NodePlan } from './node-layout';
import { unreachableSince } from './node-object';
import { containerStatus, type ContainerRun } from './pod-containers';
import type { ContainerTemplate, PodTemplate } from './pod-template';
import type { PodPlan } from './pod-types';
import { between, type Random } from './random';

/** A pod's status: its conditions, its containers' statuses and its addresses, at each stage of its life. */

// One hostIPs list per node, shared by its pods.
const nodeHostIPs = new WeakMap<NodePlan, readonly JsonObject[]>();
function hostIPsOf(node: NodePlan): readonly JsonObject[] {
  let ips = nodeHostIPs.get(node);
  if (ips === undefined) {
    ips = frozen([{ ip: node.internalIP }]);
    nodeHostIPs.set(node, ips);
  }
  return ips;
}

/** The moments of a pod's start, as seconds ago, each after (smaller than) the one before. */
export interface Timeline {
  readonly created: number;
  readonly started: number;
  readonly sandboxReady: number;
  readonly initialized: number;
  readonly containersStarted: number;
  readonly ready: number;
}

export function timeline(random: Random, createdAgo: number, initContainers: number): Timeline {
  const later = (from: number, min: number, max: number) => Math.max(1, from - between(random, min, max));
  const started = later(createdAgo, 0, 1);
  const sandboxReady = later(started, 1, 3);
  const initialized = initContainers > 0 ? later(sandboxReady, 4 * initContainers, 12 * initContainers) : sandboxReady;
  const containersStarted = later(initialized, 0, 2);
  return { created: createdAgo, started, sandboxReady, initialized, containersStarted, ready: later(containersStarted, 1, 12) };
}

function condition(type: string, status: string, transitionAgo: number, reason?: string, message?: string): JsonObject {
  const c: Record<string, JsonValue> = { lastProbeTime: null, lastTransitionTime: ago(transitionAgo) };
  if (message !== undefined) c.message = message;
  if (reason !== undefined) c.reason = reason;
  c.status = status;
  c.type = type;
  return c;
}

/** status.qosClass, as the API server computes it from requests and limits. */
function qosClass(t: PodTemplate): 'Guaranteed' | 'Burstable' | 'BestEffort' {
  const all = [...t.containers, ...(t.initContainers ?? [])];
  const resources = all.map((c) => c.resources as { requests?: Record<string, string>; limits?: Record<string, string> });
  if (resources.every((r) => r.requests === undefined && r.limits === undefined)) return 'BestEffort';
  const guaranteed = resources.every((r) =>
    ['cpu', 'memory'].every((name) => r.limits?.[name] !== undefined && (r.requests?.[name] ?? r.limits[name]) === r.limits[name]),
  );
  return guaranteed ? 'Guaranteed' : 'Burstable';
}
const qosOf = new WeakMap<PodTemplate, string>();
function cachedQos(t: PodTemplate): string {
  let q = qosOf.get(t);
  if (q === undefined) {
    q = qosClass(t);
    qosOf.set(t, q);
  }
  return q;
}

const podNetworks = new WeakMap<NodePlan, string>();
function podIP(plan: PodPlan, node: NodePlan): string {
  if (plan.template.hostNetwork === true) return node.internalIP;
  let network = podNetworks.get(node);
  if (network === undefined) {
    network = node.podCIDR.slice(0, node.podCIDR.lastIndexOf('.') + 1);
    podNetworks.set(node, network);
  }
  return network + String(plan.slot + 2);
}

/** How long a terminal pod ran: its containers finished a few minutes after they started. */
function terminalRun(random: Random, times: Timeline): { startedAgo: number; finishedAgo: number } {
  return { startedAgo: times.containersStarted, finishedAgo: Math.max(1, times.containersStarted - between(random, 20, 400)) };
}

export function statusOf(plan: PodPlan, random: Random, times: Timeline, tokenStatusMount: JsonObject | undefined): JsonObject {
  const t = plan.template;
  const node = plan.node;
  const qos = cachedQos(t);
  if (node === undefined) {
    return {
      conditions: [condition('PodScheduled', 'False', times.created - 1, 'Unschedulable', plan.schedulerMessage)],
      phase: 'Pending',
      qosClass: qos,
    };
  }
  const { state } = plan;
  const terminal = state === 'succeeded' || state === 'failed';
  const run = terminal ? terminalRun(random, times) : { startedAgo: times.containersStarted, finishedAgo: 0 };
  const exitCode = state === 'failed' ? 1 : 0;
  const ready = state === 'running' || state === 'nodeLost';
  // One pod in thirty that has run for an hour had its first container OOM-killed once; Ready
  // went False and True again then.
  const restartedAgo =
    ready && times.containersStarted > 3600 && random() % 30 === 0 ? between(random, 120, Math.min(times.containersStarted - 60, 86_400)) : undefined;
  const readyAgo = restartedAgo !== undefined ? restartedAgo - 5 : times.ready;
  const runs: ContainerRun = { ready, state, exitCode, startedAgo: run.startedAgo, finishedAgo: run.finishedAgo };
  const containerStatuses = t.containers.map((c, i) =>
    containerStatus(c, tokenStatusMount, random, i === 0 && restartedAgo !== undefined ? { ...runs, restartedAgo } : runs),
  );
  const unready = `containers with unready status: [${t.containers.map((c) => c.name).join(' ')}]`;
  const terminalReason = state === 'succeeded' ? 'PodCompleted' : 'PodFailed';
  const conditions: JsonObject[] = [];
  if (state === 'terminating') conditions.push(condition('DisruptionTarget', 'True', 18, 'EvictionByEvictionAPI', 'Eviction API: evicting'));
  conditions.push(condition('PodReadyToStartContainers', terminal ? 'False' : 'True', terminal ? run.finishedAgo - 1 : times.sandboxReady));
  conditions.push(condition('Initialized', 'True', times.initialized));
  if (terminal) {
    conditions.push(condition('Ready', 'False', run.finishedAgo, terminalReason));
    conditions.push(condition('ContainersReady', 'False', run.finishedAgo, terminalReason));
  } else if (state === 'terminating') {
    conditions.push(condition('Ready', 'False', 17, 'ContainersNotReady', unready));
    conditions.push(condition('ContainersReady', 'False', 17, 'ContainersNotReady', unready));
  } else {
    // MarkPodsNotReady flips Ready alone, a second after the node went unreachable.
    conditions.push(condition('Ready', state === 'nodeLost' ? 'False' : 'True', state === 'nodeLost' ? unreachableSince - 1 : readyAgo));
    conditions.push(condition('ContainersReady', 'True', readyAgo));
  }
  conditions.push(condition('PodScheduled', 'True', times.created));
  const ip = podIP(plan, node);
  const s: Record<string, JsonValue> = { conditions, containerStatuses, hostIP: node.internalIP, hostIPs: hostIPsOf(node) };
  if (t.initContainers) s.initContainerStatuses = initContainerStatuses(t.initContainers, tokenStatusMount, random, times);
  s.phase = state === 'succeeded' ? 'Succeeded' : state === 'failed' ? 'Failed' : 'Running';
  s.podIP = ip;
  s.podIPs = [{ ip }];
  s.qosClass = qos;
  s.startTime = ago(times.started);
  return s;
}

/** Init containers ran to completion one after the other; a sidecar among them keeps running. */
function initContainerStatuses(inits: readonly ContainerTemplate[], tokenStatusMount: JsonObject | undefined, random: Random, times: Timeline): JsonObject[] {
  let at = times.sandboxReady;
  return inits.map((c) => {
    const startedAgo = Math.max(1, at - 1);
    at = Math.max(1, startedAgo - between(random, 3, 9));
    if (c.restartPolicy === 'Always')
      return containerStatus(c, tokenStatusMount, random, { ready: true, state: 'running', exitCode: 0, startedAgo, finishedAgo: 0 });
    // A completed init container is reported ready, and not started.
    return containerStatus(c, tokenStatusMount, random, { ready: true, state: 'succeeded', exitCode: 0, startedAgo, finishedAgo: at });
  });
}
