import type { ContainerPort, Node, Pod } from '../types';
import type { FilterStatus, PreFilterOutcome } from './framework/plugin-status';
import type { SchedulingSnapshot } from './framework/scheduling-snapshot';
import { type PlacementReason, PlacementReasonCodes } from './placement-reasons';

/**
 * kube-scheduler's NodePorts filter (pkg/scheduler/framework/plugins/nodeports/node_ports.go): a
 * pod that asks for host ports fits a node only where none of them is taken by the pods already
 * there. Ports are compared as NodeInfo.UsedPorts holds them (framework.HostPortInfo).
 */

/** NodePorts' ErrReason, as the summary line counts it. */
export const nodePortsReason = "node(s) didn't have free ports for the requested pod ports";

/** framework.DefaultBindAllHostIP: a host port bound on every address of the node. */
const bindAllHostIP = '0.0.0.0';

/** A host port a container asks for, and where in its pod it is written. */
export interface WantedHostPort {
  readonly port: ContainerPort;
  /** `spec.containers[0].ports[1]`, `spec.initContainers[0].ports[0]`. */
  readonly field: string;
}

/**
 * util.GetHostPorts: the ports with a host port (hostPort > 0) of the sidecars (init containers
 * with restartPolicy Always, which run as long as the pod) and of the containers, in that order.
 * Other init containers have ended before the pod's containers start, so their ports count for nothing.
 */
export function podHostPorts(pod: Pod): WantedHostPort[] {
  const wanted: WantedHostPort[] = [];
  const collect = (list: 'initContainers' | 'containers'): void => {
    (pod.spec?.[list] ?? []).forEach((container, i) => {
      if (list === 'initContainers' && container.restartPolicy !== 'Always') return;
      (container.ports ?? []).forEach((port, j) => {
        if ((port.hostPort ?? 0) > 0) wanted.push({ port, field: `spec.${list}[${i}].ports[${j}]` });
      });
    });
  };
  collect('initContainers');
  collect('containers');
  return wanted;
}

/** A host port after HostPortInfo.sanitize: an empty hostIP is 0.0.0.0, an empty protocol TCP. */
export interface HostPort {
  readonly hostIP: string;
  readonly protocol: string;
  readonly hostPort: number;
}

/** HostPortInfo.sanitize and NewProtocolPort, over a container's port. */
export function sanitizedHostPort(port: Pick<ContainerPort, 'hostIP' | 'protocol' | 'hostPort'>): HostPort {
  return { hostIP: port.hostIP || bindAllHostIP, protocol: port.protocol || 'TCP', hostPort: port.hostPort ?? 0 };
}

/**
 * HostPortInfo.CheckConflict for one port in use: the same protocol and port, on the same address
 * or where either side binds 0.0.0.0 (which takes the port on every address). A port of 0 or less
 * is never held (HostPortInfo.Add skips it) nor checked.
 */
export function hostPortsConflict(wanted: HostPort, used: HostPort): boolean {
  if (wanted.hostPort <= 0 || used.hostPort <= 0) return false;
  if (wanted.protocol !== used.protocol || wanted.hostPort !== used.hostPort) return false;
  return wanted.hostIP === bindAllHostIP || used.hostIP === bindAllHostIP || wanted.hostIP === used.hostIP;
}

/** A host port in use on a node, and the first pod (in the node's order) that holds it. */
export interface UsedHostPort extends HostPort {
  readonly pod: Pod;
}

/**
 * NodeInfo.UsedPorts (updateUsedPorts over util.GetHostPorts of each pod): every distinct
 * (address, protocol, port) the node's pods hold, sanitized. Built from the pods each time, where
 * the cache adds and removes them pod by pod.
 */
export function usedHostPorts(pods: readonly Pod[]): UsedHostPort[] {
  const used = new Map<string, UsedHostPort>();
  for (const pod of pods) {
    for (const port of hostPortsOf(pod)) {
      const key = `${port.hostIP}|${port.protocol}|${port.hostPort}`;
      if (!used.has(key)) used.set(key, { ...port, pod });
    }
  }
  return [...used.values()];
}

/** Each pod's host ports, sanitized: a DaemonSet's pod asked about is filtered on every node, each holding the same 30 pods. */
const podPorts = new WeakMap<Pod, readonly HostPort[]>();
const noPorts: readonly HostPort[] = [];

function hostPortsOf(pod: Pod): readonly HostPort[] {
  let ports = podPorts.get(pod);
  if (!ports) {
    const wanted = podHostPorts(pod);
    podPorts.set(pod, (ports = wanted.length === 0 ? noPorts : wanted.map(({ port }) => sanitizedHostPort(port))));
  }
  return ports;
}

/**
 * The first port in use that conflicts with `wanted`, in the node's order (usedHostPorts' order: its
 * first holder of each port), and its pod; read pod by pod, without building the node's ports.
 */
function firstHolder(pods: readonly Pod[], wanted: HostPort): UsedHostPort | undefined {
  for (const pod of pods) {
    for (const used of hostPortsOf(pod)) if (hostPortsConflict(wanted, used)) return { ...used, pod };
  }
  return undefined;
}

/** NodePorts' cycle state: the host ports the pod asks for (preFilterState). */
export type NodePortsState = readonly WantedHostPort[];

/** NodePorts' PreFilter: the pod's host ports, or Skip when it asks for none (its Filter is then not run). */
export function nodePortsPreFilter(pod: Pod): PreFilterOutcome<NodePortsState> {
  const wanted = podHostPorts(pod);
  return wanted.length === 0 ? { kind: 'skip' } : { kind: 'run', state: wanted };
}

const hostPortText = (port: HostPort): string => `${port.hostIP}:${port.hostPort}/${port.protocol}`;
const podName = (pod: Pod): string => `${pod.metadata.namespace ?? 'default'}/${pod.metadata.name}`;

/**
 * NodePorts' Filter (fitsPorts): Unschedulable when any host port the pod asks for conflicts with
 * one the node's pods hold. The scheduler stops at the first conflict; every conflicting port is
 * described here, each with the pod on the node that holds it.
 */
export function nodePortsFilter(state: NodePortsState, _pod: Pod, node: Node, snapshot: SchedulingSnapshot): FilterStatus | undefined {
  const pods = snapshot.podsOn(node.metadata.name);
  const details: PlacementReason[] = [];
  for (const { port, field } of state) {
    const wanted = sanitizedHostPort(port);
    const holder = firstHolder(pods, wanted);
    if (!holder) continue;
    const same = holder.hostIP === wanted.hostIP ? '' : ` (bound as ${hostPortText(holder)})`;
    details.push({
      code: PlacementReasonCodes.nodePortConflict,
      message: `host port ${hostPortText(wanted)} is taken by pod ${podName(holder.pod)}${same}`,
      field,
    });
  }
  if (details.length === 0) return undefined;
  return { code: 'Unschedulable', plugin: 'NodePorts', reasons: [nodePortsReason], details };
}
