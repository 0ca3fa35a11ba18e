import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiConsumes, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { clusterPaths, clusterScope } from '../../http/scope/cluster-commands';
import { Command } from '../../http/edge/commands';
import { type ImportCommand, importObjects } from './import-commands';
import { ImportService } from './import.service';
import { importResultOf } from './import-answer';
import { importContentTypes } from './import-schemas';
import { Answers, BodyFailures, GuardedOperations, JsonBody } from '../../http/operation-docs/operation-docs';

@ApiTags('import')
@GuardedOperations()
@Controller(clusterPaths('import'))
export class ImportController {
  constructor(private readonly imports: ImportService) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Import what kubectl prints (kubectl get nodes,pods -A -o json or -o yaml): objects kept as they are, validated one by one; answers created, updated, unchanged, deleted and rejected',
  })
  @ApiQuery({
    name: 'prune',
    required: false,
    type: Boolean,
    description: "delete the cluster's objects the import does not name, of the kinds the body holds an object of (or pruneKinds)",
  })
  @ApiQuery({
    name: 'pruneKinds',
    required: false,
    type: String,
    description: 'with prune=true, the kinds prune deletes objects of, comma-separated (Node,Pod,Namespace,...), whether or not the body holds one',
  })
  @ApiQuery({ name: 'dryRun', required: false, type: Boolean, description: 'answer what the import would do; store nothing' })
  @ApiConsumes(...importContentTypes)
  @JsonBody('ImportBody', { description: 'JSON or YAML, read as it arrives (up to 2 GiB): no need to hold it whole' })
  @Answers(200, 'what the import did (or would do, dryRun)', 'ImportResult')
  @BodyFailures()
  async run(@Command(clusterScope) cluster: string, @Command(importObjects) command: ImportCommand) {
    return importResultOf(await this.imports.import(cluster, command));
  }
}
