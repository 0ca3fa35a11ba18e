import { Global, Module } from '@nestjs/common';
import { EvictionQueue } from './eviction-queue';
import { EvictionReconciler } from './eviction-reconciler';
import { EvictionWorker } from './eviction-worker';
import { EvictionsController } from './evictions.controller';
import { EvictionsService } from './evictions.service';
import { TaintEvictionController } from './taint-eviction-controller';

/**
 * NoExecute carried out: decisions in the writes that change taints or pods
 * (TaintEvictionController), deadlines as delayed BullMQ wake-ups, a worker, a reconciler,
 * and GET /v1/evictions. Global: the node, taint and pod writers call the controller.
 */
@Global()
@Module({
  controllers: [EvictionsController],
  providers: [EvictionQueue, TaintEvictionController, EvictionWorker, EvictionReconciler, EvictionsService],
  exports: [TaintEvictionController, EvictionReconciler, EvictionQueue, EvictionsService],
})
export class EvictionsModule {}
