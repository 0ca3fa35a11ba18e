import { minute } from './clock';
import { allocatableMemoryKi, allocatableMillicores } from './gke';
import type { NodePlan } from './node-layout';
import { OwnerRegistry } from './owners';
import type { PodTemplate } from './pod-template';
import type { PodOwner, PodPlan, PodState } from './pod-types';
import { between, nameSuffix, randomStream, type Random } from './random';
import { requestsOf, type Requests } from './requests';

/** Places pods on nodes one at a time, numbering them and keeping count of what each node has given away. */
export class PodPlacer {
  readonly owners: OwnerRegistry;
  readonly pods: PodPlan[] = [];
  private readonly slots: Int32Array;
  private readonly used: { cpu: number; memory: number; gpu: number }[];

  constructor(
    readonly nodes: readonly NodePlan[],
    private readonly seed: number,
  ) {
    this.owners = new OwnerRegistry(seed);
    this.slots = new Int32Array(nodes.length);
    this.used = nodes.map(() => ({ cpu: 0, memory: 0, gpu: 0 }));
  }

  /** The nodes of a pool, and of one role if given, in plan order. */
  nodesOf(pool: NodePlan['pool'], role?: NodePlan['role']): NodePlan[] {
    return this.nodes.filter((n) => n.pool === pool && (role === undefined || n.role === role));
  }

  /** What the pods bound to the node request (terminal pods hold nothing). */
  usedOn(node: NodePlan): Requests {
    return this.used[node.index]!;
  }

  /** A pod of `owner` (named after it unless a name is given), created `created(random)` seconds ago. */
  add(
    namespace: string,
    template: PodTemplate,
    owner: PodOwner,
    node: NodePlan | undefined,
    created: (r: Random) => number,
    options: { name?: string; state?: PodState } = {},
  ): void {
    const index = this.pods.length;
    const state: PodState = options.state ?? (node === undefined ? 'pending' : node.role === 'notReady' ? 'nodeLost' : 'running');
    const slot = node !== undefined ? this.slots[node.index]! : 0;
    if (node !== undefined) {
      this.slots[node.index] = slot + 1;
      if (state !== 'succeeded' && state !== 'failed') {
        const r = requestsOf(template);
        const u = this.used[node.index]!;
        u.cpu += r.cpu;
        u.memory += r.memory;
        u.gpu += r.gpu;
      }
    }
    this.pods.push({
      index,
      namespace,
      name: options.name ?? `${owner.generateName ?? ''}${nameSuffix(index, this.seed)}`,
      template,
      owner,
      node,
      slot,
      state,
      createdAgo: Math.max(2, Math.round(created(randomStream(this.seed, 0x3000000 + index)))),
    });
  }

  /** Sets the PodScheduled message of the last pod added, which no node took. */
  setSchedulerMessage(message: string): void {
    const last = this.pods.pop()!;
    this.pods.push({ ...last, schedulerMessage: message });
  }

  /** A realistic cluster does not overcommit: the kubelet would refuse pods beyond these. */
  checkFits(): void {
    for (const node of this.nodes) {
      const pods = this.slots[node.index]!;
      const used = this.usedOn(node);
      const problems = [
        pods > 110 ? `${pods} pods (max 110)` : '',
        used.cpu > allocatableMillicores(node.machine.cpus) ? `${used.cpu}m CPU requested` : '',
        used.memory > allocatableMemoryKi(node.machine.memoryKi) * 1024 ? `${Math.round(used.memory / 2 ** 20)}Mi memory requested` : '',
        used.gpu > node.machine.gpus ? `${used.gpu} GPUs requested` : '',
      ].filter((p) => p !== '');
      if (problems.length > 0) throw new RangeError(`too many pods per node: ${node.name} (${node.machine.name}) would have ${problems.join(', ')}`);
    }
  }
}

/** Created a minute after the node at the earliest, `maxAge` ago at most, five minutes ago at the latest (so before the silent node fell silent). */
export const createdOn = (node: NodePlan, maxAge: number) => (r: Random) => {
  const oldest = Math.min(maxAge, node.createdAgo - 60);
  return between(r, Math.min(5 * minute, oldest), oldest);
};

/** Created seconds after the node: the DaemonSet controller and the kubelet react at once. */
export const createdWithNode = (node: NodePlan) => (r: Random) => node.createdAgo - between(r, 3, 20);
