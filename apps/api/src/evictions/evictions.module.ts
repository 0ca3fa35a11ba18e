import { Global, Module } from '@nestjs/common';
import { EvictionJobs } from './eviction-jobs';
import { EvictionLedger } from './eviction-ledger';
import { EvictionReconciler } from './eviction-reconciler';
import { EvictionsController } from './evictions.controller';
import { EvictionsService } from './evictions.service';
import { TaintEvictionController } from './taint-eviction-controller';

/**
 * NoExecute carried out: decisions in the writes that change taints or pods
 * (TaintEvictionController, deciding with the domain), deadlines in Postgres (EvictionLedger),
 * delayed BullMQ wake-ups and their worker (EvictionJobs), a reconciler, and GET /v1/evictions.
 * Global: the node, taint and pod writers call the controller.
 */
@Global()
@Module({
  controllers: [EvictionsController],
  providers: [EvictionJobs, EvictionLedger, TaintEvictionController, EvictionReconciler, EvictionsService],
  exports: [TaintEvictionController, EvictionReconciler, EvictionLedger, EvictionsService, EvictionJobs],
})
export class EvictionsModule {}
