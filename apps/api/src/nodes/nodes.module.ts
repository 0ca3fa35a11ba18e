import { Module } from '@nestjs/common';
import { NodeStore } from './node-store';
import { NodesController } from './nodes.controller';
import { NodesService } from './nodes.service';

/** /v1/nodes: Node objects as stored. */
@Module({
  controllers: [NodesController],
  providers: [NodesService, NodeStore],
  exports: [NodeStore, NodesService],
})
export class NodesModule {}
