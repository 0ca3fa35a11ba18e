import { Injectable, Logger } from '@nestjs/common';
import {
  type CommandImpact,
  type DrainPlan,
  type KubectlCommand,
  type Node,
  type NodeChangeImpact,
  type PodRef,
  addsTaintsOrCordons,
  commandWarnings,
  drainEvictionWarnings,
  drainWarnings,
  nodeChangeKey,
  nodeChangeOf,
  nodeImpactInCommand,
  unjudgedWarnings,
} from '@taintgate/domain';
import { ClusterSnapshots } from '../../store/cluster-snapshots';
import { currentRequest } from '../../platform/access/request-context';
import { FailureException } from '../../platform/failures/failure.exception';
import { ImpactService } from '../impact/impact.service';
import { DrainService } from '../drain/drain.service';
import type { KubectlSession } from './kubectl-session';

/** What a drain judged as one tells one of its evictions: its lines, and the pod's own (absent: the pod is judged alone). */
export interface DrainJudgement {
  readonly lines: readonly string[];
  readonly own?: readonly string[];
  /**
   * The eviction failed (a budget's 429): its answer carries no warnings, so the drain's lines go
   * with the next eviction, and the plan is made again for it (what refused it may have changed).
   */
  readonly untold: () => void;
}

/** What a command judged as one tells a write of one of its nodes. */
export interface CommandJudgement {
  /** The command's own line (commandWarnings), on the write that made the judgement; none on the others. */
  readonly lines: readonly string[];
  /** The node's impact as part of the command (nodeImpactInCommand). */
  readonly forNode: (impact: NodeChangeImpact) => NodeChangeImpact;
}

/** One kubectl invocation as the service has seen it. */
interface Session {
  readonly command: string;
  /** The nodes it read or wrote, in order. */
  readonly nodes: Set<string>;
  listed: boolean;
  usedAt: number;
  judged?: { readonly key: string; readonly impact: Promise<CommandImpact> };
  drained?: { readonly key: string; readonly plan: Promise<DrainPlan | string> };
  /** Whether the drain's own lines were told (with an eviction that went through). */
  drainTold?: boolean;
}

/**
 * How many kubectl invocations are remembered, and for how long after their last request. A
 * command's requests follow one another within seconds (a real drain waits on its evictions, each
 * a request); one idle longer is over. The bound keeps a flood of sessions from growing the process.
 */
const MAX_SESSIONS = 64;
const IDLE_MS = 10 * 60_000;

/**
 * kubectl commands over many nodes judged as one (commandImpact, drainPlan): the Kubernetes API
 * face tells each write the command makes what the whole command does, not what that write does
 * with the other nodes as they are. A command is known by kubectl's session id (KubectlSession),
 * for the caller that sent it, on one cluster; its nodes are those it read (a list, or each node by
 * name) and wrote. Kept in this replica's memory: a command whose requests a load balancer spreads
 * over replicas is judged, on each, over the nodes that replica saw.
 */
@Injectable()
export class KubectlCommands {
  private readonly logger = new Logger(KubectlCommands.name);
  private readonly sessions = new Map<string, Session>();

  constructor(
    private readonly snapshots: ClusterSnapshots,
    private readonly impact: ImpactService,
    private readonly drain: DrainService,
  ) {}

  /** Nodes a command read: a page of a list (`listed`: kubectl took them by selector or --all), or one by name. */
  read(cluster: string, session: KubectlSession | undefined, names: Iterable<string>, listed: boolean): void {
    if (!session) return;
    const seen = this.session(cluster, session);
    for (const name of names) seen.nodes.add(name);
    if (listed) seen.listed = true;
  }

  /**
   * A write to a node (kubectl taint's or cordon's PATCH) that adds taints or cordons it, as the
   * command's: every node of the command given the change this write makes to the node as held
   * (`sent`), judged together, made once for the nodes and change and kept for the command's next
   * writes; its line worded for what happens, or with `dryRun` for what would. Undefined outside a
   * kubectl command, or for a write that adds nothing.
   */
  async nodeChange(
    cluster: string,
    session: KubectlSession | undefined,
    name: string,
    sent: (held: Node) => Node | undefined,
    dryRun: boolean,
  ): Promise<CommandJudgement | undefined> {
    if (!session) return undefined;
    // Most writes of kubectl (label, annotate, edit) add no taint: told apart from the node this replica holds, without waiting for the snapshot.
    const peeked = this.snapshots.peek(cluster)?.nodes.get(name);
    const peekedAfter = peeked && sent(peeked);
    if (peeked && (!peekedAfter || !addsTaintsOrCordons(peeked, peekedAfter))) return undefined;
    const held = (await this.snapshots.view(cluster)).nodes.get(name);
    const after = held && sent(held);
    if (!held || !after || !addsTaintsOrCordons(held, after)) return undefined;
    const seen = this.session(cluster, session);
    seen.nodes.add(name);
    const change = nodeChangeOf(held, after);
    const command = this.commandOf(seen);
    const key = `${command.nodes.length}\u0000${nodeChangeKey(change)}`;
    const fresh = seen.judged?.key !== key;
    if (fresh) seen.judged = { key, impact: this.impact.ofCommand(cluster, command, change) };
    const judged = seen.judged as NonNullable<Session['judged']>;
    let impact: CommandImpact;
    try {
      impact = await judged.impact;
    } catch (error) {
      // A judgement that failed (Postgres away) is not kept, and does not fail the write: it is judged alone, and the next write tries again.
      if (seen.judged === judged) seen.judged = undefined;
      this.logger.warn(`${session.command} not judged together: ${String(error)}`);
      return undefined;
    }
    // A command of one node tells its line through the node's own.
    const lines = fresh && command.nodes.length > 1 ? commandWarnings(impact, dryRun) : [];
    return { lines, forNode: (own) => nodeImpactInCommand(own, impact) };
  }

  /**
   * An eviction of `kubectl drain`, as the drain's: the plan of every node it read, placed together
   * (with --force: kubectl evicts a pod without a controller only when it was given), made at its
   * first eviction (again after one refused: a budget's 429) and told with the first that goes
   * through. Its pod's line when, placed with the others, no node takes its replacement. Undefined
   * outside a drain.
   */
  async eviction(cluster: string, session: KubectlSession | undefined, pod: PodRef, dryRun: boolean): Promise<DrainJudgement | undefined> {
    if (session?.command !== 'kubectl drain') return undefined;
    const seen = this.session(cluster, session);
    if (seen.nodes.size === 0) return undefined;
    // kubectl drain reads every node, then cordons them all, before its first eviction: the nodes are the whole command's.
    const command = { ...this.commandOf(seen), listed: true };
    const key = command.nodes.join('\u0000');
    if (seen.drained?.key !== key) {
      const target = { by: 'names' as const, names: command.nodes };
      const plan = this.drain.plan(cluster, { target, mode: 'together', force: true }).then(
        ({ answer }) => answer,
        // Refused (too many pods to place together) or failed: said once, and each pod judged alone.
        (error: unknown) => (error instanceof FailureException ? error.failure.message : String(error)),
      );
      seen.drained = { key, plan };
    }
    const drained = seen.drained;
    const plan = await drained.plan;
    const told = seen.drainTold === true;
    seen.drainTold = true;
    const untold = () => {
      if (!told) seen.drainTold = false;
      if (seen.drained === drained) seen.drained = undefined;
    };
    if (typeof plan === 'string') return { lines: told ? [] : unjudgedWarnings(command, plan), untold };
    const own = drainEvictionWarnings(plan, pod, dryRun);
    const lines = told ? [] : drainWarnings(plan, command, dryRun);
    return own ? { lines, own, untold } : { lines, untold };
  }

  private commandOf(seen: Session): KubectlCommand {
    return { name: seen.command, nodes: [...seen.nodes], listed: seen.listed };
  }

  /** The caller's session on the cluster, made on first sight; the least recently used ones past the bound, and the idle ones, forgotten. */
  private session(cluster: string, { id, command }: KubectlSession): Session {
    const caller = currentRequest()?.caller;
    const key = [caller?.kind === 'apiKey' ? `key:${String(caller.id)}` : 'anyone', cluster, id].join('\u0000');
    const now = Date.now();
    for (const [old, session] of this.sessions) {
      if (this.sessions.size < MAX_SESSIONS && now - session.usedAt < IDLE_MS) break;
      this.sessions.delete(old);
    }
    const session = this.sessions.get(key) ?? { command, nodes: new Set<string>(), listed: false, usedAt: now };
    session.usedAt = now;
    // Last in the map's order: the map runs from the least recently used.
    this.sessions.delete(key);
    this.sessions.set(key, session);
    return session;
  }
}
