import { Controller, Delete, HttpCode, Post } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { clusterPaths, clusterScope } from '../../http/scope/cluster-commands';
import { Command } from '../../http/edge/commands';
import { type AddTaintCommand, type RemoveTaintCommand, TaintNodesBody, type TaintNodesCommand, addTaint, removeTaint, taintNodes } from './taint-commands';
import { TaintsService } from './taints.service';
import { TaintCommandService } from './taint-command.service';
import { Answer, type AnswerWriter } from '../../http/answer-format/answer-format';
import { taintCommandText } from './taint-command-text';
import { Answers, AnswersWithChat, BodyFailures, Fails, GuardedOperations, JsonBody } from '../../http/operation-docs/operation-docs';

@ApiTags('taints')
@GuardedOperations()
@Controller(clusterPaths())
export class TaintsController {
  constructor(
    private readonly taints: TaintsService,
    private readonly taintCommand: TaintCommandService,
  ) {}

  @Post('nodes/:name/taints')
  @ApiOperation({ summary: 'Add one taint {key, value?, effect}; 409 if the key and effect exist, unless ?overwrite=true' })
  @ApiQuery({ name: 'overwrite', required: false, type: Boolean })
  @JsonBody('Taint')
  @Answers(201, 'the node, tainted', 'Node')
  @BodyFailures()
  @Fails(404, 409)
  add(@Command(clusterScope) cluster: string, @Command(addTaint) command: AddTaintCommand) {
    return this.taints.add(cluster, command);
  }

  @Delete('nodes/:name/taints')
  @ApiOperation({ summary: "Remove the taint of key and effect; without effect, every effect of the key (kubectl's key-)" })
  @ApiQuery({ name: 'key', required: true })
  @ApiQuery({ name: 'effect', required: false, enum: ['NoSchedule', 'PreferNoSchedule', 'NoExecute'] })
  @Answers(200, 'the node, untainted', 'Node')
  @Fails(400, 404)
  remove(@Command(clusterScope) cluster: string, @Command(removeTaint) command: RemoveTaintCommand) {
    return this.taints.remove(cluster, command);
  }

  @Post('taint')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'kubectl taint: several taint arguments over nodes by name, selector or all; refused for one node, nothing changes; over 1,000 nodes, stored in writes of 1,000',
  })
  // The example Swagger UI fills in: one of nodes, selector or all, as the command takes (its properties' examples would give all three).
  @ApiBody({ type: TaintNodesBody, examples: { TaintNodesBody: { value: { nodes: ['node-1'], taints: ['maintenance=true:NoSchedule'], dryRun: true } } } })
  @AnswersWithChat('what each node became (what kubectl prints, and the node), and what its NoExecute taints did', 'TaintCommandResult')
  @BodyFailures()
  @Fails(404, 409)
  async command(@Command(clusterScope) cluster: string, @Command(taintNodes) command: TaintNodesCommand, @Answer() answer: AnswerWriter) {
    const result = await this.taintCommand.command(cluster, command);
    return answer.chat ? answer.text(taintCommandText(result, Date.now())) : answer.json(result);
  }
}
