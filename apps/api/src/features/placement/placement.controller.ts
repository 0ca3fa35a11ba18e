import { Controller, Get, HttpCode, Post, applyDecorators } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { DEFAULT_LIST_LIMIT, DEFAULT_PLACEMENT_TOP, MAX_PLACEMENT_TOP, type PlacementView, placementViews } from '@taintgate/domain';
import { clusterPaths, clusterScope } from '../../http/scope/cluster-commands';
import { Command } from '../../http/edge/commands';
import { type PlacementAnswer, placementJson } from './placement-answers';
import { type PlacementCommand, type StoredPodPlacement, placement, placementView, storedPodPlacement } from './placement-command';
import { PlacementService } from './placement.service';
import { AnswersWithChat, BodyFailures, Fails, GuardedOperations, JsonBody } from '../../http/operation-docs/operation-docs';
import { Access } from '../../platform/access/route-access';
import { Answer, type AnswerWriter, chatOnlyInSummary } from '../../http/answer-format/answer-format';
import { placementText } from './placement-text';

/** The query of every placement route, and its answer: which view, and how much of it. */
const PlacementViewQueries = (): MethodDecorator =>
  applyDecorators(
    ApiQuery({
      name: 'view',
      required: false,
      enum: placementViews,
      description: 'summary (the default): the line, counts, the best nodes, the others grouped by reasons; nodes: every node, a page at a time',
    }),
    ApiQuery({
      name: 'top',
      required: false,
      type: Number,
      description: `summary: nodes named per list (the best, and each group), 0-${MAX_PLACEMENT_TOP}; default ${DEFAULT_PLACEMENT_TOP}`,
    }),
    ApiQuery({ name: 'limit', required: false, type: Number, description: `nodes: at most this many nodes a page; absent or 0: ${DEFAULT_LIST_LIMIT}` }),
    ApiQuery({ name: 'continue', required: false, type: String, description: "nodes: the previous page's metadata.continue" }),
    AnswersWithChat('the placement in the view asked for (told apart by `view`); as chat, the summary', 'PlacementSummary', 'PlacementNodes'),
    Fails(404, 410),
  );

@ApiTags('placement')
@GuardedOperations()
@Controller(clusterPaths())
export class PlacementController {
  constructor(private readonly placement: PlacementService) {}

  @Post('placement')
  @Access('viewer')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Where can this pod go? {pod, nodes?, pods?}: the summary line, counts, the best nodes and the others grouped by reasons (?view=nodes: every node, paged)',
  })
  @PlacementViewQueries()
  @JsonBody('PlacementRequest')
  @BodyFailures()
  async place(
    @Command(clusterScope) cluster: string,
    @Command(placement) command: PlacementCommand,
    @Command(placementView) view: PlacementView,
    @Answer() answer: AnswerWriter,
  ) {
    chatOnlyInSummary(answer, view.name);
    return written(answer, await this.placement.place(cluster, command, view));
  }

  @Get('namespaces/:namespace/pods/:name/placement')
  @ApiOperation({ summary: 'Placement of a stored pod over the stored nodes; ?reschedule=true: where it could go if it were rescheduled (draining)' })
  @ApiQuery({ name: 'reschedule', required: false, type: Boolean })
  @PlacementViewQueries()
  @Fails(400)
  async placeStored(
    @Command(clusterScope) cluster: string,
    @Command(storedPodPlacement) stored: StoredPodPlacement,
    @Command(placementView) view: PlacementView,
    @Answer() answer: AnswerWriter,
  ) {
    chatOnlyInSummary(answer, view.name);
    return written(answer, await this.placement.placeStored(cluster, stored, view));
  }
}

/** The placement as JSON, or as a chat answer (the summary view's). */
function written(answer: AnswerWriter, placement: PlacementAnswer): string | Buffer {
  return answer.chat && placement.view === 'summary' ? answer.text(placementText(placement)) : answer.json(placementJson(placement));
}
