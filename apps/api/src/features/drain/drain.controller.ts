import { Controller, Get, HttpCode, Post, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { clusterPaths, clusterScope } from '../../http/scope/cluster-commands';
import { Command } from '../../http/edge/commands';
import { AnswersWithChat, BodyFailures, Fails, GuardedOperations, JsonBody } from '../../http/operation-docs/operation-docs';
import { nodeName } from '../nodes/node-commands';
import { Access } from '../../platform/access/route-access';
import { Answer, type AnswerWriter } from '../../http/answer-format/answer-format';
import { warn } from '../../http/edge/warning-headers';
import { drainPlanJson, nodeRemovalJson } from './drain-answers';
import { type DrainCommand, drainImpact } from './drain-command';
import { drainText, removalText } from './drain-text';
import { DrainService } from './drain.service';

@ApiTags('drain-impact')
@GuardedOperations()
@Controller(clusterPaths())
export class DrainController {
  constructor(private readonly drain: DrainService) {}

  @Post('drain-impact')
  @Access('viewer')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'What if these nodes were drained (kubectl drain --ignore-daemonsets --delete-emptydir-data [--force])? {nodes? | selector? | all?, mode?, force?}: which pods are evicted and where their replacements go (placed together or alone), which are stranded, blocked (a PodDisruptionBudget, no controller) or skipped',
  })
  @JsonBody('DrainImpactRequest')
  @AnswersWithChat('the plan: its verdict, counts, and every pod of the nodes drained', 'DrainPlan')
  @BodyFailures()
  @Fails(404)
  async evaluate(
    @Command(clusterScope) cluster: string,
    @Command(drainImpact) command: DrainCommand,
    @Answer() answer: AnswerWriter,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { answer: plan, warnings } = await this.drain.plan(cluster, command);
    warn(reply, warnings);
    return answer.chat ? answer.text(drainText(plan)) : answer.json(drainPlanJson(plan));
  }

  @Get('nodes/:name/removal')
  @Access('viewer')
  @ApiOperation({
    summary:
      'Can this node be removed? Its drain plan (kubectl drain --ignore-daemonsets --delete-emptydir-data, the replacements placed together): removable, where each pod goes, what is stranded, what blocks it',
  })
  @AnswersWithChat('the node, whether it can go, and its drain plan', 'NodeRemoval')
  @Fails(400, 404)
  async removal(@Command(clusterScope) cluster: string, @Command(nodeName) name: string, @Answer() answer: AnswerWriter) {
    const removal = await this.drain.removal(cluster, name);
    return answer.chat ? answer.text(removalText(removal)) : answer.json(nodeRemovalJson(removal));
  }
}
