import { Global, Module } from '@nestjs/common';
import { DueEvictionSweep } from '../../control-loops/taint-eviction/due-eviction-sweep';
import { EvictionJobs } from '../../control-loops/taint-eviction/eviction-jobs';
import { EvictionLedger } from '../../store/evictions/eviction-ledger';
import { EvictionReconciler } from '../../control-loops/taint-eviction/eviction-reconciler';
import { EvictionReport } from './eviction-report';
import { NodeUpdateQueue } from '../../control-loops/taint-eviction/node-update-queue';
import { EvictionsController } from './evictions.controller';
import { EvictionsService } from './evictions.service';
import { TaintEvictionController } from '../../control-loops/taint-eviction/taint-eviction-controller';

/**
 * NoExecute carried out: decisions in the writes that change taints or pods
 * (TaintEvictionController, deciding with the domain), deadlines in Postgres (EvictionLedger),
 * delayed BullMQ wake-ups and their worker (EvictionJobs), a reconciler, the due-eviction sweep
 * that carries deadlines out from Postgres when Redis cannot, the node queue that decides the pods
 * of taint commands too large for one write (NodeUpdateQueue), and GET /v1/evictions.
 * Global: the node, taint and pod writers call the controller.
 */
@Global()
@Module({
  controllers: [EvictionsController],
  providers: [EvictionJobs, EvictionLedger, EvictionReport, TaintEvictionController, EvictionReconciler, DueEvictionSweep, NodeUpdateQueue, EvictionsService],
  exports: [TaintEvictionController, EvictionReconciler, EvictionLedger, EvictionsService, EvictionJobs, NodeUpdateQueue],
})
export class EvictionsModule {}
