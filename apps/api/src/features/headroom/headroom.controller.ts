import { Controller, HttpCode, Post, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { clusterPaths, clusterScope } from '../../http/scope/cluster-commands';
import { Command } from '../../http/edge/commands';
import { AnswersWithChat, BodyFailures, Fails, GuardedOperations, JsonBody } from '../../http/operation-docs/operation-docs';
import { Access } from '../../platform/access/route-access';
import { Answer, type AnswerWriter } from '../../http/answer-format/answer-format';
import { warn } from '../../http/edge/warning-headers';
import { headroomJson } from './headroom-answers';
import { type HeadroomCommand, headroomCommand } from './headroom-command';
import { headroomText } from './headroom-text';
import { HeadroomService } from './headroom.service';

@ApiTags('headroom')
@GuardedOperations()
@Controller(clusterPaths())
export class HeadroomController {
  constructor(private readonly service: HeadroomService) {}

  @Post('headroom')
  @Access('viewer')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'How many more copies of this pod fit? {pod: Pod | {namespace, name}, nodes? | selector? | all?, max?}: copies placed one after another as kube-scheduler would (cluster-capacity): the total, per pool, per node with the resource that stops the next copy, and the line for the copy that fits nowhere',
  })
  @JsonBody('HeadroomRequest')
  @AnswersWithChat('the headroom', 'Headroom')
  @BodyFailures()
  @Fails(404)
  async evaluate(
    @Command(clusterScope) cluster: string,
    @Command(headroomCommand) command: HeadroomCommand,
    @Answer() answer: AnswerWriter,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const headroom = await this.service.headroom(cluster, command);
    warn(reply, [...headroom.warnings]);
    return answer.chat ? answer.text(headroomText(headroom)) : answer.json(headroomJson(headroom));
  }
}
