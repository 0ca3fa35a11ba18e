import { Module } from '@nestjs/common';
import { PodsController } from './pods.controller';
import { PodsService } from './pods.service';
import { StoreModule } from '../../store/store.module';
import { TaintEvictionModule } from '../../control-loops/taint-eviction/taint-eviction.module';
import { EdgeModule } from '../../http/edge/edge.module';
import { KubectlCommandsModule } from '../kubectl-commands/kubectl-commands.module';

/** /v1/pods and /v1/namespaces/{ns}/pods: Pod objects, admitted and validated. */
@Module({
  imports: [EdgeModule, TaintEvictionModule, StoreModule, KubectlCommandsModule],
  controllers: [PodsController],
  providers: [PodsService],
  exports: [PodsService],
})
export class PodsModule {}
