import { NodeLifecycleModule } from '../../control-loops/node-lifecycle/node-lifecycle.module';
import { Module } from '@nestjs/common';
import { TaintsController } from './taints.controller';
import { TaintsService } from './taints.service';
import { TaintCommandService } from './taint-command.service';
import { StoreModule } from '../../store/store.module';
import { TaintEvictionModule } from '../../control-loops/taint-eviction/taint-eviction.module';
import { EdgeModule } from '../../http/edge/edge.module';

/** Taints on stored nodes: /v1/nodes/{name}/taints and the kubectl-style /v1/taint. */
@Module({
  imports: [EdgeModule, TaintEvictionModule, StoreModule, NodeLifecycleModule],
  controllers: [TaintsController],
  providers: [TaintsService, TaintCommandService],
  exports: [TaintsService, TaintCommandService],
})
export class TaintsModule {}
