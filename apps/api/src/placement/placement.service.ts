import { Injectable } from '@nestjs/common';
import { type FieldError, FieldPath, type Pod, ShapeChecker, placePod } from '@taintgate/domain';
import { ClusterSnapshot } from '../cluster/cluster-snapshot';
import { podKey } from '../cluster/pod-record';
import { ApiError } from '../common/api-error';
import { inlineNodes, inlinePod, throwIfInvalid } from '../common/what-if-input';
import { AppConfig } from '../config/app-config';

/** "Where can this pod go?" over the stored cluster or a hypothetical one sent inline. */
@Injectable()
export class PlacementService {
  constructor(
    private readonly snapshot: ClusterSnapshot,
    private readonly config: AppConfig,
  ) {}

  /** POST /v1/placement `{pod, nodes?}`: with `nodes`, a hypothetical cluster; nothing is stored. */
  async place(body: unknown) {
    const errors: FieldError[] = [];
    const shape = new ShapeChecker();
    const request = shape.object(body, FieldPath.root(), true) ?? {};
    errors.push(...shape.errors);
    if (request.pod === undefined) errors.push({ field: 'pod', type: 'FieldValueRequired', detail: '', reason: 'Required value' });
    const pod = request.pod === undefined ? undefined : inlinePod(request.pod, 'pod', this.config.domain, errors);
    const nodes = request.nodes === undefined ? undefined : inlineNodes(request.nodes, 'nodes', errors);
    throwIfInvalid(errors);
    return this.answer(pod as Pod, nodes);
  }

  /** GET /v1/namespaces/{ns}/pods/{name}/placement: a stored pod over the stored nodes. */
  async placeStored(namespace: string, name: string) {
    const pod = (await this.snapshot.view()).pods.get(podKey(namespace, name));
    if (!pod) throw ApiError.notFound('Pod', name);
    return this.answer(pod, undefined);
  }

  private async answer(pod: Pod, inline: ReturnType<typeof inlineNodes> | undefined) {
    const nodes = inline ?? [...(await this.snapshot.view()).nodes.values()];
    return placePod(pod, nodes, { comparisonOperators: this.config.domain.tolerationComparisonOperators });
  }
}
