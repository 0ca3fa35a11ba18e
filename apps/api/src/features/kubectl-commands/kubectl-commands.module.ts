import { Module } from '@nestjs/common';
import { StoreModule } from '../../store/store.module';
import { ImpactModule } from '../impact/impact.module';
import { DrainModule } from '../drain/drain.module';
import { KubectlCommands } from './kubectl-commands.service';

/** kubectl commands over many nodes, judged as one for the warnings of the Kubernetes API face. */
@Module({
  imports: [StoreModule, ImpactModule, DrainModule],
  providers: [KubectlCommands],
  exports: [KubectlCommands],
})
export class KubectlCommandsModule {}
