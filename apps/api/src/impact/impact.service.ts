import { Injectable } from '@nestjs/common';
import {
  type FieldError,
  FieldPath,
  type Node,
  type Pod,
  ShapeChecker,
  type Taint,
  selectorMatches,
  taintImpact,
  validateTaintBody,
  validateTaintTargets,
} from '@taintgate/domain';
import { ClusterSnapshot } from '../cluster/cluster-snapshot';
import { k8sTime } from '../cluster/node-record';
import { ApiError } from '../common/api-error';
import { inlineNodes, inlinePods, throwIfInvalid } from '../common/what-if-input';
import { AppConfig } from '../config/app-config';
import { parseSelector } from '../nodes/nodes.service';

/** "What happens if I add this taint?" Nothing is changed. */
@Injectable()
export class ImpactService {
  constructor(
    private readonly snapshot: ClusterSnapshot,
    private readonly config: AppConfig,
  ) {}

  /**
   * POST /v1/taint-impact `{taint, nodes?: [names] | selector?: "a=b" | all?: true,
   * inline?: {nodes, pods}}`: over the stored cluster, or the hypothetical one in `inline`.
   */
  async impact(body: unknown) {
    const errors: FieldError[] = [];
    const shape = new ShapeChecker();
    const root = FieldPath.root();
    const request = shape.object(body, root, true) ?? {};
    shape.strings(request.nodes, root.child('nodes'));
    shape.string(request.selector, root.child('selector'));
    shape.boolean(request.all, root.child('all'));
    const inline = shape.object(request.inline, root.child('inline'));
    errors.push(...shape.errors);

    let taint: Taint | undefined;
    if (request.taint === undefined) errors.push({ field: 'taint', type: 'FieldValueRequired', detail: '', reason: 'Required value' });
    else {
      const parsed = validateTaintBody(request.taint);
      if (parsed.ok) taint = { key: parsed.value.key, effect: parsed.value.effect, ...(parsed.value.value ? { value: parsed.value.value } : {}) };
      else errors.push(...parsed.errors.map((e) => ({ ...e, field: e.field === '<body>' ? 'taint' : `taint.${e.field}` })));
    }
    const hypothetical = inline
      ? { nodes: inlineNodes(inline.nodes ?? [], 'inline.nodes', errors), pods: inlinePods(inline.pods ?? [], 'inline.pods', this.config.domain, errors) }
      : undefined;
    throwIfInvalid(errors);

    const target = { nodes: request.nodes as string[] | undefined, selector: request.selector as string | undefined, all: request.all as boolean | undefined };
    const targetProblem = validateTaintTargets(target);
    if (targetProblem) throw ApiError.badRequest(`${targetProblem}: name the nodes, or give a selector, or all: true`);

    const cluster = hypothetical ?? (await this.stored());
    const names = this.targetNames(cluster.nodes, target);
    const now = Date.now();
    const result = taintImpact(taint as Taint, cluster.nodes, cluster.pods, names, now, {
      comparisonOperators: this.config.domain.tolerationComparisonOperators,
    });
    return {
      ...result,
      at: k8sTime(new Date(now)),
      evictions: result.evictions.map((e) => ({ ...e, at: new Date(e.at).toISOString() })),
    };
  }

  private async stored(): Promise<{ nodes: Node[]; pods: Pod[] }> {
    const view = await this.snapshot.view();
    return { nodes: [...view.nodes.values()], pods: [...view.pods.values()] };
  }

  private targetNames(nodes: readonly Node[], target: { nodes?: string[]; selector?: string; all?: boolean }): Set<string> {
    if (target.all) return new Set(nodes.map((n) => n.metadata.name));
    if (target.selector) {
      const selector = parseSelector(target.selector, 'selector');
      return new Set(nodes.filter((n) => selectorMatches(selector, n.metadata.labels)).map((n) => n.metadata.name));
    }
    const known = new Set(nodes.map((n) => n.metadata.name));
    for (const name of target.nodes ?? []) if (!known.has(name)) throw ApiError.notFound('Node', name);
    return new Set(target.nodes);
  }
}
