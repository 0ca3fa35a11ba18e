import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  type CSINode,
  type Namespace,
  type Node,
  type NodeClasses,
  type NodePodFacts,
  type NodeRooms,
  type NodeUsage,
  type PersistentVolume,
  type PersistentVolumeClaim,
  type Pod,
  type PodDisruptionBudget,
  type PodKinds,
  type PlacementContext,
  type StorageClass,
  addPodUsage,
  emptyNodeRooms,
  emptyNodeUsage,
  failure,
  holdsNodeResources,
  nodeClassesOf,
  nodePodFacts,
  podKinds,
  podResourceRequest,
  putNode,
  putRoom,
  removeNode,
  removePodUsage,
  removeRoom,
  setRoomUsage,
  snapshotOf,
} from '@taintgate/domain';
import { Logger } from '@nestjs/common';
import type { PrismaService } from '../platform/database/prisma.service';
import { fail } from '../platform/failures/failure.exception';
import type { ClusterRef } from './write-context';
import { nodeOfRow } from './node-record';
import { readSnapshotObjects } from './snapshot-reads';
import { schedulingContextOf } from './scheduling-view';
import { TWIN_KINDS, type TwinField, type TwinObject, isTwinKind, twinKey } from './twin-kinds';
import { twinObjectOfRow } from './twin-object-record';
import { readTwinObjectsSince } from './twin-object-store';
import { SnapshotPodsByNode } from './snapshot-pods-by-node';
import { SharedNodeParts } from './shared-node-parts';
import { type SnapshotRefresh, snapshotChangesOf } from './snapshot-changes';

const logger = new Logger('ClusterSnapshot');

/** A refresh that takes this long is logged. */
const SLOW_REFRESH_SECONDS = 1;

/**
 * How many objects a first load makes or applies before it gives the event loop a turn: made and
 * applied at once, a realistic cluster's first load held it a second or two (150,000 pods applied
 * took 0.36 s of it), while the replica answered nothing else (bench/RESULTS.md).
 */
const FIRST_LOAD_SLICE = 10_000;

/** `each` of `items`, a slice at a time, the event loop given a turn between slices when `sliced` (else all at once). */
async function inSlices<T>(items: readonly T[], sliced: boolean, each: (item: T) => void): Promise<void> {
  for (let i = 0; i < items.length; i++) {
    if (sliced && i > 0 && i % FIRST_LOAD_SLICE === 0) await nextTurn();
    each(items[i] as T);
  }
}

/** The maps of a view that keysInOrder sorts. */
export type SortedMap = 'nodes' | 'pods' | TwinField;

/**
 * The other kinds the twin keeps (twin-kinds.ts), as stored, each by name (a namespaced one by
 * `namespace/name`): read and refreshed with the nodes and pods, at the same revision.
 */
export interface TwinMaps {
  /** The namespaces stored (imported); those only implied by pods are not here (PodsService's namespaces). */
  namespaces: ReadonlyMap<string, Namespace>;
  persistentVolumes: ReadonlyMap<string, PersistentVolume>;
  /** By `namespace/name`. */
  persistentVolumeClaims: ReadonlyMap<string, PersistentVolumeClaim>;
  storageClasses: ReadonlyMap<string, StorageClass>;
  /** By name: a CSINode is named after its node. */
  csiNodes: ReadonlyMap<string, CSINode>;
  /** By `namespace/name`. */
  podDisruptionBudgets: ReadonlyMap<string, PodDisruptionBudget>;
}

/** A cluster as one consistent revision. Read-only: callers must not mutate the objects. */
export interface ClusterView extends TwinMaps {
  cluster: ClusterRef;
  revision: bigint;
  nodes: ReadonlyMap<string, Node>;
  /**
   * `nodes` grouped by what the scheduler's filters read of them (taints, cordon, labels), kept as
   * nodes come and go, so placement decides a pod once per group rather than once per node. Holds
   * the very objects of `nodes`. Read-only but for the views viewFor memoizes in it.
   */
  readonly nodeClasses: NodeClasses;
  /**
   * By `namespace/name`, each as decisions read it (decisionPodOf): a realistic pod whole is ten
   * times larger, mostly its own status. Reads that answer a pod whole (get, list, watch) read it
   * from the store (PodStore.whole). Pods of one template share their parts: read-only.
   */
  pods: ReadonlyMap<string, Pod>;
  /**
   * What the pods bound to each node request, and how many there are (kube-scheduler's
   * NodeInfo.Requested): every pod on a node until it is gone, terminating ones too, terminal ones
   * not. Undefined for a node no such pod is bound to.
   */
  readonly usageOf: (nodeName: string) => NodeUsage | undefined;
  /** Each node's free room as numbers, kept with `usageOf` (placement's summary checks resources from it). */
  readonly rooms: NodeRooms;
  /**
   * The keys of `nodes` or `pods` in order (as JavaScript compares strings: byte order for
   * Kubernetes' ASCII names), the order lists are answered and paged in; sorted once per revision.
   */
  readonly keysInOrder: (of: SortedMap) => readonly string[];
  /**
   * The pods bound to a node, and the pods bound to none (pending), kept as pods come and go: what
   * one node's write decides about (its impact warnings) without a pass over 300,000 pods.
   */
  readonly podsOn: (nodeName: string) => Iterable<Pod>;
  readonly pendingPods: () => Iterable<Pod>;
  /**
   * What taint impact's summary reads of each node's pods, packed (node-pod-facts.ts), with kinds
   * found by `podKinds`: made on first asking and kept until a pod of the node changes.
   */
  readonly podFactsOn: (nodeName: string) => NodePodFacts;
  /** The pods' kinds, kept with the snapshot's objects (which are replaced, never changed). */
  readonly podKinds: PodKinds;
  /** The cluster as the scheduler's plugins read it (its nodes in order, each node's pods in its cache, indexes), made once per revision. */
  readonly scheduling: () => PlacementContext;
}

/** A cluster with nothing in it (yet), at `revision`. */
export function emptyClusterView(cluster: ClusterRef, revision: bigint): ClusterView {
  return {
    cluster,
    revision,
    nodes: new Map(),
    nodeClasses: nodeClassesOf([]),
    pods: new Map(),
    ...(emptyTwinMaps() as TwinMaps),
    usageOf: () => undefined,
    rooms: emptyNodeRooms(),
    keysInOrder: () => [],
    podsOn: () => [],
    pendingPods: () => [],
    podFactsOn: () => nodePodFacts([], podKinds()),
    podKinds: podKinds(),
    scheduling: () => ({ snapshot: snapshotOf([], []) }),
  };
}

export const emptyTwinMaps = (): { [F in TwinField]: Map<string, TwinObject> } => ({
  namespaces: new Map(),
  persistentVolumes: new Map(),
  persistentVolumeClaims: new Map(),
  storageClasses: new Map(),
  csiNodes: new Map(),
  podDisruptionBudgets: new Map(),
});

export type { SnapshotRefresh } from './snapshot-changes';

/** Told of every refresh, when someone follows the cluster (ClusterSnapshots.follow); and of each refresh's time, for the metrics. */
export interface RefreshListener {
  readonly followed: () => boolean;
  /** Whether a follower is told of pods whole (a watch): they are then read whole; else as decisions read them. */
  readonly followedWhole?: () => boolean;
  readonly refreshed: (refresh: SnapshotRefresh) => void;
  readonly loaded?: (seconds: number, whole: boolean, onThread: boolean) => void;
}

/**
 * One cluster in memory, never stale: ClusterSnapshots reads the cluster's current revision
 * (one indexed single-row read) and, if it moved, this fetches only what changed since, in one
 * repeatable-read transaction so that the view is a consistent revision.
 */
export class ClusterSnapshot {
  private revision = -1n;
  private readonly nodes = new Map<string, Node>();
  /** `nodes` by class, changed with it (setNode); built anew on a whole read. */
  private nodeClasses = nodeClassesOf([]);
  private readonly pods = new Map<string, Pod>();
  /** The other kinds kept, one map each. */
  private readonly twins = emptyTwinMaps();
  /** Kept as pods come and go, so a read never sums 300,000 pods. */
  private readonly usage = new Map<string, NodeUsage>();
  private readonly usageOf = (nodeName: string): NodeUsage | undefined => this.usage.get(nodeName);
  /** The free room of each node held: changed with `nodes` (setNode) and `usage` (count). */
  private readonly rooms = emptyNodeRooms();
  /** While a whole read applies 300,000 pods, usage and rooms wait, each node's made once at its end (sumUsage). */
  private deferred = false;
  /** The pods by node, and each node's pods packed for taint impact's summary. */
  private readonly byNode = new SnapshotPodsByNode(this.pods);
  /** The keys in order, sorted on the first list after a change; every page of a list reads the same. */
  private sorted: Partial<Record<SortedMap, readonly string[]>> = {};
  private readonly keysInOrder = (of: SortedMap): readonly string[] =>
    (this.sorted[of] ??= [...(of === 'nodes' ? this.nodes : of === 'pods' ? this.pods : this.twins[of]).keys()].sort());
  /** The scheduling view of the revision held, made on first asking after a change. */
  private schedulingView: { revision: bigint; view: PlacementContext } | undefined;
  /** The nodes changed, or that a pod changed on, since that view: its next one's indexes are made again on those alone (none after a whole read). */
  private touched: Set<string> | undefined;
  private readonly scheduling = (): PlacementContext => {
    if (this.schedulingView?.revision !== this.revision) {
      const { namespaces, persistentVolumeClaims, persistentVolumes, storageClasses, csiNodes, podDisruptionBudgets } = this.twins as TwinMaps;
      const previous = this.schedulingView?.view;
      const after = previous && this.touched ? { previous, touched: this.touched } : undefined;
      const view = schedulingContextOf(
        {
          nodeNamesInOrder: this.keysInOrder('nodes'),
          nodes: this.nodes,
          podsOn: this.byNode.podsOn,
          namespace: (name) => namespaces.get(name),
          storage: {
            persistentVolumeClaim: (namespace, name) => persistentVolumeClaims.get(`${namespace}/${name}`),
            persistentVolume: (name) => persistentVolumes.get(name),
            storageClass: (name) => storageClasses.get(name),
            csiNode: (name) => csiNodes.get(name),
          },
          podDisruptionBudgets,
        },
        after,
      );
      this.schedulingView = { revision: this.revision, view };
      this.touched = new Set();
    }
    return this.schedulingView.view;
  };
  private refreshing: Promise<void> | null = null;
  /** When the snapshot last answered (epoch ms), for dropping idle ones. */
  lastUsed = 0;

  constructor(
    readonly cluster: ClusterRef,
    private readonly prisma: PrismaService,
    private readonly listener?: RefreshListener,
  ) {}

  /** How many objects it holds, for the memory budget: nodes, pods, and the other kinds kept (`others`). */
  get size(): { nodes: number; pods: number; others: number } {
    let others = 0;
    for (const map of Object.values(this.twins)) others += map.size;
    return { nodes: this.nodes.size, pods: this.pods.size, others };
  }

  /**
   * The view at `latest` or later. `onThread`: a whole load's pods and nodes are read on a worker
   * thread (snapshot-reads.ts; ClusterSnapshots says when).
   */
  async viewAt(latest: bigint, { onThread = false }: { onThread?: boolean } = {}): Promise<ClusterView> {
    while (this.revision < latest) {
      // One refresh at a time; a refresh that started before `latest` was committed is followed by another.
      this.refreshing ??= this.refresh(onThread).finally(() => {
        this.refreshing = null;
      });
      await this.refreshing;
    }
    return this.current();
  }

  /** The view as held now, unchecked: at whatever revision the last refresh reached (-1 before the first). */
  current(): ClusterView {
    return {
      cluster: this.cluster,
      revision: this.revision,
      nodes: this.nodes,
      nodeClasses: this.nodeClasses,
      pods: this.pods,
      ...(this.twins as TwinMaps),
      usageOf: this.usageOf,
      rooms: this.rooms,
      keysInOrder: this.keysInOrder,
      podsOn: this.byNode.podsOn,
      pendingPods: this.byNode.pendingPods,
      podFactsOn: this.byNode.factsOn,
      podKinds: this.byNode.kinds,
      scheduling: this.scheduling,
    };
  }

  private async refresh(onThread: boolean): Promise<void> {
    const started = Date.now();
    const clusterId = this.cluster.id;
    const changes = await this.prisma.$transaction(
      async (tx) => {
        const row = await tx.cluster.findUnique({ where: { id: clusterId }, select: { revision: true, tombstonesPrunedThrough: true } });
        // Deleted since its revision was read: its rows are gone, and so is the cluster.
        if (!row) return fail(failure.notFound('Cluster', this.cluster.name));
        const revision = row.revision;
        // Retention pruned tombstones this replica has not seen: some deletions can no longer be
        // learnt one by one, so the cluster is read whole.
        const whole = this.revision >= 0n && this.revision < row.tombstonesPrunedThrough;
        const since = whole ? -1n : this.revision;
        const after = { clusterId, revision: { gt: since } };
        // One after the other: a transaction is one connection, and pg will not queue for us.
        const tombstones = await tx.tombstone.findMany({ where: after, orderBy: { revision: 'asc' } });
        const connection = await this.prisma.connectionOf(tx);
        const twins = await readTwinObjectsSince(tx, clusterId, since);
        // A watch is told of each pod as it is now, whole; the snapshot keeps what decisions read.
        const { pods, nodes } = await readSnapshotObjects(connection, clusterId, since, {
          whole: since >= 0n && this.listener?.followedWhole?.() === true,
          onThread,
          databaseUrl: this.prisma.databaseUrl,
        });
        return { revision, since, whole, tombstones, nodes, pods, twins };
      },
      { isolationLevel: 'RepeatableRead', timeout: 120_000, maxWait: 15_000 },
    );
    const { since } = changes;
    if (changes.whole) {
      this.clear();
      this.sorted = {};
    }
    const twins = changes.twins.flatMap((row) =>
      isTwinKind(row.kind) ? [{ kind: row.kind, key: twinKey(row.kind, row.namespace, row.name), object: twinObjectOfRow(row), revision: row.revision }] : [],
    );
    // The order of the keys holds while none comes or goes (most writes change objects that exist).
    if (changes.tombstones.some((t) => t.kind === 'Node') || changes.nodes.some((row) => !this.nodes.has(row.name))) delete this.sorted.nodes;
    if (changes.tombstones.some((t) => t.kind === 'Pod') || changes.pods.some(({ key }) => !this.pods.has(key))) delete this.sorted.pods;
    const moved = new Set<SortedMap>();
    for (const { kind } of changes.tombstones) if (isTwinKind(kind)) moved.add(TWIN_KINDS[kind].field);
    for (const { kind, key } of twins) if (!this.twins[TWIN_KINDS[kind].field].has(key)) moved.add(TWIN_KINDS[kind].field);
    if (moved.size > 0) this.sorted = Object.fromEntries(Object.entries(this.sorted).filter(([of]) => !moved.has(of as SortedMap)));
    // A first load is seen by no one before its end (its revision is set last, and readers wait
    // for it): it is made and applied a slice at a time, the replica answering others between.
    const firstLoad = this.revision < 0n;
    // A pool's nodes list the same images and resources: held once per read (a whole load's 10,000
    // nodes share a few lists). A node read on a thread comes with them held so.
    const parts = new SharedNodeParts();
    const nodes: { key: string; node: Node; revision: bigint }[] = [];
    await inSlices(changes.nodes, firstLoad, (read) =>
      nodes.push({ key: read.name, node: 'node' in read ? read.node : parts.of(nodeOfRow(read)), revision: read.revision }),
    );
    // Read before they are applied: a follower is told what each object was, as well as what it is.
    const whole = changes.whole || since < 0n;
    const told =
      !whole && this.listener?.followed()
        ? snapshotChangesOf({ nodes: this.nodes, pods: this.pods, twins: this.twins }, changes.tombstones, nodes, changes.pods, twins)
        : [];
    // Deletions first: a row still present was written after its tombstone and is the truth.
    for (const t of changes.tombstones) {
      if (t.kind === 'Node') this.setNode(t.key, undefined);
      else if (t.kind === 'Pod') this.setPod(t.key, undefined);
      else if (isTwinKind(t.kind)) this.twins[TWIN_KINDS[t.kind].field].delete(t.key);
    }
    for (const { kind, key, object } of twins) this.twins[TWIN_KINDS[kind].field].set(key, object);
    if (whole) {
      // Grouped once, rather than node by node into a sorted list of names.
      for (const { key, node } of nodes) this.nodes.set(key, node);
      this.nodeClasses = nodeClassesOf(this.nodes.values());
    } else for (const { key, node } of nodes) this.setNode(key, node);
    this.deferred = whole;
    await inSlices(changes.pods, firstLoad, ({ key, pod }) => this.setPod(key, pod));
    this.deferred = false;
    if (whole) {
      this.sumUsage();
      for (const [key, node] of this.nodes) putRoom(this.rooms, node, this.usage.get(key));
    }
    this.revision = changes.revision;
    if (this.listener?.followed()) this.listener.refreshed({ since, revision: changes.revision, whole, changes: told });
    const seconds = (Date.now() - started) / 1000;
    this.listener?.loaded?.(seconds, whole, since < 0n && onThread);
    // A replica's first read of a large cluster, or its first read after a large import, waits for this.
    if (seconds >= SLOW_REFRESH_SECONDS) {
      logger.log(
        `cluster ${this.cluster.name}: read ${changes.nodes.length} nodes, ${changes.pods.length} pods and ${twins.length} other objects written since revision ${since} in ${seconds.toFixed(1)} s`,
      );
    }
  }

  /** Forgets everything, before the cluster is read whole again. */
  private clear(): void {
    this.nodes.clear();
    this.nodeClasses = nodeClassesOf([]);
    this.pods.clear();
    for (const map of Object.values(this.twins)) map.clear();
    this.usage.clear();
    this.rooms.byName.clear();
    this.byNode.clear();
    this.touched = undefined;
  }

  /** Replaces (or with undefined, removes) a node, in the map and in its class. */
  private setNode(key: string, node: Node | undefined): void {
    this.touch(key);
    if (node) {
      this.nodes.set(key, node);
      putNode(this.nodeClasses, node);
      putRoom(this.rooms, node, this.usage.get(key));
    } else {
      this.nodes.delete(key);
      removeNode(this.nodeClasses, key);
      removeRoom(this.rooms, key);
    }
  }

  /** Notes a node touched since the scheduling view, while the snapshot follows what touched it. */
  private touch(nodeName: string | undefined): void {
    if (nodeName) this.touched?.add(nodeName);
  }

  /** Replaces (or with undefined, removes) a pod, moving its request from the node it was on to the one it is on. */
  private setPod(key: string, pod: Pod | undefined): void {
    const old = this.pods.get(key);
    this.touch(old?.spec?.nodeName);
    this.touch(pod?.spec?.nodeName);
    if (old) {
      this.count(old, removePodUsage);
      this.byNode.remove(key, old);
    }
    if (pod) {
      this.pods.set(key, pod);
      this.count(pod, addPodUsage);
      this.byNode.add(key, pod);
    } else this.pods.delete(key);
  }

  private count(pod: Pod, change: typeof addPodUsage): void {
    const nodeName = pod.spec?.nodeName;
    if (this.deferred || !nodeName || !holdsNodeResources(pod)) return;
    const next = change(this.usage.get(nodeName) ?? emptyNodeUsage, podResourceRequest(pod));
    if (next.pods <= 0) this.usage.delete(nodeName);
    else this.usage.set(nodeName, next);
    setRoomUsage(this.rooms, this.nodes.get(nodeName), this.usage.get(nodeName));
  }

  /**
   * Each node's usage after a whole read: its pods' requests added in the order they came, as
   * count adds them. Summed node by node, a node's partial sums die young; added as 300,000 pods
   * came in name order, each node's lived until its next pod came, long enough to be copied into the
   * old generation before it was let go.
   */
  private sumUsage(): void {
    for (const nodeName of this.byNode.nodeNames()) {
      let usage = emptyNodeUsage;
      for (const pod of this.byNode.podsOn(nodeName)) if (holdsNodeResources(pod)) usage = addPodUsage(usage, podResourceRequest(pod));
      if (usage.pods > 0) this.usage.set(nodeName, usage);
    }
  }
}
