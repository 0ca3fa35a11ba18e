import { NodeLifecycleModule } from '../../control-loops/node-lifecycle/node-lifecycle.module';
import { Module } from '@nestjs/common';
import { ImpactModule } from '../impact/impact.module';
import { KubectlCommandsModule } from '../kubectl-commands/kubectl-commands.module';
import { NodesController } from './nodes.controller';
import { NodesService } from './nodes.service';
import { StoreModule } from '../../store/store.module';
import { TaintEvictionModule } from '../../control-loops/taint-eviction/taint-eviction.module';
import { EdgeModule } from '../../http/edge/edge.module';

/** /v1/nodes: Node objects as stored. */
@Module({
  imports: [EdgeModule, TaintEvictionModule, StoreModule, NodeLifecycleModule, ImpactModule, KubectlCommandsModule],
  controllers: [NodesController],
  providers: [NodesService],
  exports: [NodesService],
})
export class NodesModule {}
