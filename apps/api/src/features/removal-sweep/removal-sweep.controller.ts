import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { clusterPaths, clusterScope } from '../../http/scope/cluster-commands';
import { Command } from '../../http/edge/commands';
import { Answers, AnswersWithChat, BodyFailures, Fails, GuardedOperations, JsonBody } from '../../http/operation-docs/operation-docs';
import { Access } from '../../platform/access/route-access';
import { Answer, type AnswerWriter } from '../../http/answer-format/answer-format';
import { removalSweepAnswer, removalSweepJson, removalSweepListAnswer, removalSweepListJson } from './removal-sweep-answers';
import { type SweepCommand, RemovalSweepService } from './removal-sweep.service';
import { removalSweepCommand, sweepName } from './removal-sweep-command';
import { removalSweepText } from './removal-sweep-text';

@ApiTags('removal-sweep')
@GuardedOperations()
@Controller(clusterPaths())
export class RemovalSweepController {
  constructor(private readonly sweeps: RemovalSweepService) {}

  @Post('removal-sweep')
  // A job that takes a worker's threads, stored: an operator's, as GraphQL's mutation is.
  @Access('operator')
  @HttpCode(202)
  @ApiOperation({
    summary:
      'Which nodes can be removed? {nodes? | selector? | all?} (every node when none is named): a job that judges each node as GET /v1/nodes/{name}/removal does and ranks them, the easiest first; answered at once (202) with the sweep to follow (GET /v1/removal-sweeps/{name}). One sweep a cluster at a time (409 while one waits or runs)',
  })
  @JsonBody('RemovalSweepRequest')
  @Answers(202, 'the sweep, Pending', 'RemovalSweep')
  @BodyFailures()
  @Fails(404, 409)
  async start(@Command(clusterScope) cluster: string, @Command(removalSweepCommand) command: SweepCommand, @Answer() answer: AnswerWriter) {
    return answer.json(removalSweepJson(removalSweepAnswer(await this.sweeps.start(cluster, command))));
  }

  @Get('removal-sweeps')
  @Access('viewer')
  @ApiOperation({ summary: "The cluster's removal sweeps, the newest first (at most 50), without their nodes" })
  @Answers(200, 'the sweeps', 'RemovalSweepList')
  @Fails(404)
  async list(@Command(clusterScope) cluster: string, @Answer() answer: AnswerWriter) {
    return answer.json(removalSweepListJson(removalSweepListAnswer(await this.sweeps.list(cluster))));
  }

  @Get('removal-sweeps/:name')
  @Access('viewer')
  @ApiOperation({
    summary: 'A removal sweep: its phase and progress (nodes judged of those asked), and once Succeeded every node ranked, the easiest to remove first',
  })
  @AnswersWithChat('the sweep', 'RemovalSweep')
  @Fails(404)
  async get(@Command(clusterScope) cluster: string, @Command(sweepName) name: string, @Answer() answer: AnswerWriter) {
    const sweep = await this.sweeps.get(cluster, name);
    return answer.chat ? answer.text(removalSweepText(sweep)) : answer.json(removalSweepJson(removalSweepAnswer(sweep)));
  }
}
