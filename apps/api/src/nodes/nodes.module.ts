import { NodeLifecycleModule } from '../node-lifecycle/node-lifecycle.module';
import { Module } from '@nestjs/common';
import { NodesController } from './nodes.controller';
import { NodesService } from './nodes.service';

/** /v1/nodes: Node objects as stored. */
@Module({
  imports: [NodeLifecycleModule],
  controllers: [NodesController],
  providers: [NodesService],
  exports: [NodesService],
})
export class NodesModule {}
