import { Module } from '@nestjs/common';
import { NodesModule } from '../nodes/nodes.module';
import { TaintsController } from './taints.controller';
import { TaintsService } from './taints.service';

/** Taints on stored nodes: /v1/nodes/{name}/taints and the kubectl-style /v1/taint. */
@Module({
  imports: [NodesModule],
  controllers: [TaintsController],
  providers: [TaintsService],
  exports: [TaintsService],
})
export class TaintsModule {}
