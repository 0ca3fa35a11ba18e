import { NodeLifecycleModule } from '../../control-loops/node-lifecycle/node-lifecycle.module';
import { Module } from '@nestjs/common';
import { ImpactModule } from '../impact/impact.module';
import { NodesController } from './nodes.controller';
import { NodesService } from './nodes.service';

/** /v1/nodes: Node objects as stored. */
@Module({
  imports: [NodeLifecycleModule, ImpactModule],
  controllers: [NodesController],
  providers: [NodesService],
  exports: [NodesService],
})
export class NodesModule {}
