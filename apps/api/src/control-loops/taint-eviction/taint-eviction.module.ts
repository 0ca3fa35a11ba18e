import { Module } from '@nestjs/common';
import { MetricsModule } from '../../platform/metrics/metrics.module';
import { StoreModule } from '../../store/store.module';
import { DueEvictionSweep } from './due-eviction-sweep';
import { EvictionJobs } from './eviction-jobs';
import { EvictionReconciler } from './eviction-reconciler';
import { EvictionReport } from './eviction-report';
import { NodeUpdateQueue } from './node-update-queue';
import { TaintEvictionController } from './taint-eviction-controller';

/**
 * Kubernetes' taint eviction controller, carried out: what each NoExecute change does to the pods
 * on a node (TaintEvictionController), the delayed wake-ups on BullMQ (EvictionJobs), the sweeps
 * that never lose one (EvictionReconciler, DueEvictionSweep), and the node updates they queue.
 */
@Module({
  imports: [StoreModule, MetricsModule],
  providers: [EvictionJobs, EvictionReport, TaintEvictionController, EvictionReconciler, DueEvictionSweep, NodeUpdateQueue],
  exports: [TaintEvictionController, EvictionReconciler, EvictionJobs, NodeUpdateQueue],
})
export class TaintEvictionModule {}
