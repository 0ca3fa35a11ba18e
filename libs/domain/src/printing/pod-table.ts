import type { Container, Pod } from '../types';
import { elapsedSince, timestampMillis, translateTimestampSince } from './human-duration';
import { type Printer, type Table, type TableOptions, type TableRowCondition, ageColumn, column, nameColumn, objectsOf, printTable } from './table';

/** `kubectl get pods`: printPod and the pod column definitions of pkg/printers/internalversion/printers.go. */

interface ContainerState {
  waiting?: { reason?: string };
  running?: object;
  terminated?: { reason?: string; exitCode?: number; signal?: number; finishedAt?: string };
}

interface ContainerStatus {
  name?: string;
  ready?: boolean;
  started?: boolean;
  restartCount?: number;
  state?: ContainerState;
  /** The Go field LastTerminationState. */
  lastState?: ContainerState;
}

interface PodCondition {
  type?: string;
  status?: string;
  reason?: string;
}

const podColumns = [
  nameColumn,
  column('Ready', 'string', 'The aggregate readiness state of this pod for accepting traffic.'),
  column('Status', 'string', 'The aggregate status of the containers in this pod.'),
  column('Restarts', 'string', 'The number of times the containers in this pod have been restarted and when the last container in this pod has restarted.'),
  ageColumn,
  column('IP', 'string', 'podIP address allocated to the pod. Routable at least within the cluster. Empty if not yet allocated.', 1),
  column(
    'Node',
    'string',
    'NodeName indicates in which node this pod is scheduled. If empty, this pod is a candidate for scheduling by the scheduler defined in schedulerName. Once this field is set, the kubelet for this node becomes responsible for the lifecycle of this pod. This field should not be used to express a desire for the pod to be scheduled on a specific node. https://kubernetes.io/docs/concepts/scheduling-eviction/assign-pod-node/#nodename',
    1,
  ),
  column(
    'Nominated Node',
    'string',
    'nominatedNodeName is set only when this pod preempts other pods on the node, but it cannot be scheduled right away as preemption victims receive their graceful termination periods. This field does not guarantee that the pod will be scheduled on this node. Scheduler may decide to place the pod elsewhere if other nodes become available sooner. Scheduler may also decide to give the resources on this node to a higher priority pod that is created after preemption. As a result, this field may be different than PodSpec.nodeName when the pod is scheduled.',
    1,
  ),
  column(
    'Readiness Gates',
    'string',
    'If specified, all readiness gates will be evaluated for pod readiness. A pod is ready when all its containers are ready AND all conditions specified in the readiness gates have status equal to "True" More info: https://git.k8s.io/enhancements/keps/sig-network/580-pod-readiness-gates',
    1,
  ),
] as const;

const succeededConditions: TableRowCondition[] = [{ type: 'Completed', status: 'True', reason: 'Succeeded', message: 'The pod has completed successfully.' }];
const failedConditions: TableRowCondition[] = [{ type: 'Completed', status: 'True', reason: 'Failed', message: 'The pod failed.' }];

/** The node lifecycle controller's status.reason for pods on a node that stopped reporting (NodeUnreachablePodReason). */
const nodeUnreachablePodReason = 'NodeLost';

/** A sidecar: an init container with restartPolicy Always, which keeps running beside the app containers. */
const isRestartable = (container: Container | undefined): boolean => container?.restartPolicy === 'Always';

const hasCondition = (conditions: PodCondition[], type: string): boolean => conditions.some((c) => c.type === type && c.status === 'True');

/** isPodInitializedConditionTrue: the first Initialized condition decides. */
const isInitialized = (conditions: PodCondition[]): boolean => conditions.find((c) => c.type === 'Initialized')?.status === 'True';

/** Restarts and when the latest of them ended (lastState.terminated.finishedAt), over some containers. */
class RestartTally {
  count = 0;
  latest: number | undefined = undefined;

  add(status: ContainerStatus): void {
    this.count += status.restartCount ?? 0;
    const terminated = status.lastState?.terminated;
    if (!terminated) return;
    // Go compares with time.Time{} as the starting point: an unset finishedAt never wins.
    const finishedAt = timestampMillis(terminated.finishedAt);
    if (finishedAt !== undefined && (this.latest === undefined || this.latest < finishedAt)) this.latest = finishedAt;
  }
}

/** `Signal:9` or `ExitCode:137`, for a container that terminated without a reason. */
const exitDetail = (terminated: NonNullable<ContainerState['terminated']>): string =>
  terminated.signal ? `Signal:${terminated.signal}` : `ExitCode:${terminated.exitCode ?? 0}`;

interface PodSummary {
  ready: string;
  status: string;
  restarts: string;
}

/** The READY, STATUS and RESTARTS cells: printPod's walk over the init containers, then the app containers. */
function summarize(pod: Pod, now: number): PodSummary {
  const phase = pod.status?.phase ?? '';
  const statusReason = typeof pod.status?.reason === 'string' ? pod.status.reason : '';
  const conditions = objectsOf<PodCondition>(pod.status?.conditions);
  const specInitContainers = pod.spec?.initContainers ?? [];
  const initContainers = new Map(specInitContainers.map((container) => [container.name, container]));

  let reason = statusReason || phase;
  if (conditions.some((c) => c.type === 'PodScheduled' && c.reason === 'SchedulingGated')) reason = 'SchedulingGated';

  // Sidecars count towards READY's total, beside the app containers.
  const total = (pod.spec?.containers?.length ?? 0) + specInitContainers.filter(isRestartable).length;
  let ready = 0;
  let restarts = new RestartTally();
  const sidecarRestarts = new RestartTally();

  let initializing = false;
  for (const [index, status] of objectsOf<ContainerStatus>(pod.status?.initContainerStatuses).entries()) {
    // Looked up by name as Go does: a status without one matches a spec container without one.
    const sidecar = isRestartable(initContainers.get(status.name ?? ''));
    restarts.add(status);
    if (sidecar) sidecarRestarts.add(status);

    const terminated = status.state?.terminated;
    const waitingReason = status.state?.waiting?.reason;
    if (terminated && (terminated.exitCode ?? 0) === 0) continue;
    if (sidecar && status.started === true) {
      if (status.ready) ready++;
      continue;
    }
    // The first init container that has not finished (nor, for a sidecar, started) names the status.
    if (terminated) reason = terminated.reason ? `Init:${terminated.reason}` : `Init:${exitDetail(terminated)}`;
    else if (waitingReason && waitingReason !== 'PodInitializing') reason = `Init:${waitingReason}`;
    else reason = `Init:${index}/${specInitContainers.length}`;
    initializing = true;
    break;
  }

  if (!initializing || isInitialized(conditions)) {
    // Past initialization only the sidecars' restarts still count, beside the app containers'.
    restarts = sidecarRestarts;
    let hasRunning = false;
    // From the last container to the first, so the first container's state wins.
    for (const status of objectsOf<ContainerStatus>(pod.status?.containerStatuses).reverse()) {
      restarts.add(status);
      const { waiting, terminated, running } = status.state ?? {};
      if (waiting?.reason) reason = waiting.reason;
      else if (terminated?.reason) reason = terminated.reason;
      else if (terminated) reason = exitDetail(terminated);
      else if (status.ready && running) {
        hasRunning = true;
        ready++;
      }
    }
    // A pod whose first container completed while another still runs is not Completed.
    if (reason === 'Completed' && hasRunning) reason = hasCondition(conditions, 'Ready') ? 'Running' : 'NotReady';
  }

  if (pod.metadata.deletionTimestamp) {
    if (statusReason === nodeUnreachablePodReason) reason = 'Unknown';
    else if (phase !== 'Succeeded' && phase !== 'Failed') reason = 'Terminating';
  }

  const restartsCell =
    restarts.count !== 0 && restarts.latest !== undefined ? `${restarts.count} (${elapsedSince(restarts.latest, now)} ago)` : String(restarts.count);
  return { ready: `${ready}/${total}`, status: reason, restarts: restartsCell };
}

/** The first pod IP (status.podIPs[0], or status.podIP from before dual-stack). */
function podIP(pod: Pod): string {
  const first = objectsOf<{ ip?: string }>(pod.status?.podIPs)[0]?.ip;
  const legacy = typeof pod.status?.podIP === 'string' ? pod.status.podIP : '';
  return first || legacy || '<none>';
}

/** `trueCount/gates` over spec.readinessGates, each read from the first condition of its type; `<none>` without gates. */
function readinessGates(pod: Pod, conditions: PodCondition[]): string {
  const gates = objectsOf<{ conditionType?: string }>(pod.spec?.readinessGates);
  if (gates.length === 0) return '<none>';
  const passed = gates.filter((gate) => conditions.find((c) => c.type === gate.conditionType)?.status === 'True').length;
  return `${passed}/${gates.length}`;
}

const podPrinter: Printer<Pod> = {
  kind: 'Pod',
  apiVersion: 'v1',
  columns: podColumns,
  print: (pod, now) => {
    const { ready, status, restarts } = summarize(pod, now);
    const nominated = typeof pod.status?.nominatedNodeName === 'string' ? pod.status.nominatedNodeName : '';
    const cells = [
      pod.metadata.name,
      ready,
      status,
      restarts,
      translateTimestampSince(pod.metadata.creationTimestamp, now),
      podIP(pod),
      pod.spec?.nodeName || '<none>',
      nominated || '<none>',
      readinessGates(pod, objectsOf<PodCondition>(pod.status?.conditions)),
    ];
    const phase = pod.status?.phase;
    if (phase === 'Succeeded') return { cells, conditions: succeededConditions.map((c) => ({ ...c })) };
    if (phase === 'Failed') return { cells, conditions: failedConditions.map((c) => ({ ...c })) };
    return { cells };
  },
};

/** The Table kube-apiserver returns for pods (a list, or one pod). */
export const podTable = (pods: readonly Pod[], options: TableOptions): Table => printTable(podPrinter, pods, options);
