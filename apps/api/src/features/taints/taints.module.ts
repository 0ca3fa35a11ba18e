import { NodeLifecycleModule } from '../../control-loops/node-lifecycle/node-lifecycle.module';
import { Module } from '@nestjs/common';
import { TaintsController } from './taints.controller';
import { TaintsService } from './taints.service';

/** Taints on stored nodes: /v1/nodes/{name}/taints and the kubectl-style /v1/taint. */
@Module({
  imports: [NodeLifecycleModule],
  controllers: [TaintsController],
  providers: [TaintsService],
  exports: [TaintsService],
})
export class TaintsModule {}
