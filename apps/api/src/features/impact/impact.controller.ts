import { Controller, HttpCode, Post, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { DEFAULT_LIST_LIMIT, type ImpactView, impactViews } from '@taintgate/domain';
import { clusterPaths, clusterScope } from '../../http/scope/cluster-commands';
import { Command } from '../../http/edge/commands';
import { impactJson } from './impact-answers';
import { type ImpactCommand, impactView, taintImpact } from './impact-command';
import { ImpactService } from './impact.service';
import { AnswersWithChat, BodyFailures, Fails, GuardedOperations, JsonBody } from '../../http/operation-docs/operation-docs';
import { Access } from '../../platform/access/route-access';
import { Answer, type AnswerWriter, chatOnlyInSummary } from '../../http/answer-format/answer-format';
import { impactText } from './impact-text';
import { warn } from '../../http/edge/warning-headers';

@ApiTags('taint-impact')
@GuardedOperations()
@Controller(clusterPaths())
export class ImpactController {
  constructor(private readonly impact: ImpactService) {}

  @Post('taint-impact')
  @Access('viewer')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'What if this taint were added? {taint, nodes? | selector? | all?, inline?: {nodes, pods}}: how many pods are evicted now, later (by when), stay, and pending pods left with no node (?view=pods: every pod, paged)',
  })
  @ApiQuery({
    name: 'view',
    required: false,
    enum: impactViews,
    description: "summary (the default): counts and a timeline; pods: every pod's fate, a page at a time",
  })
  @ApiQuery({ name: 'limit', required: false, type: Number, description: `pods: at most this many pods a page; absent or 0: ${DEFAULT_LIST_LIMIT}` })
  @ApiQuery({ name: 'continue', required: false, type: String, description: "pods: the previous page's metadata.continue" })
  @JsonBody('TaintImpactRequest')
  @AnswersWithChat('the impact in the view asked for (told apart by `view`); as chat, the summary', 'TaintImpactSummary', 'TaintImpactPods')
  @BodyFailures()
  @Fails(404, 410)
  async evaluate(
    @Command(clusterScope) cluster: string,
    @Command(taintImpact) command: ImpactCommand,
    @Command(impactView) view: ImpactView,
    @Answer() answer: AnswerWriter,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    chatOnlyInSummary(answer, view.name);
    if (answer.chat) {
      const explained = await this.impact.explain(cluster, command);
      warn(reply, explained.warnings);
      return answer.text(impactText(explained));
    }
    const impact = await this.impact.impact(cluster, command, view);
    warn(reply, impact.warnings ?? []);
    return answer.json(impactJson(impact));
  }
}
