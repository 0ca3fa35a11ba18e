import { Module } from '@nestjs/common';
import { AwaitedTaintStore } from './awaited-taint-store';
import { NoExecuteTaintPacer } from './no-execute-taint-pacer';
import { StoreModule } from '../../store/store.module';
import { TaintEvictionModule } from '../taint-eviction/taint-eviction.module';

/**
 * The node lifecycle controller's NoExecute taints, paced per zone as taint-based evictions are:
 * the queue and the zones' last taintings in Postgres (AwaitedTaintStore) and the pacer that
 * applies them (NoExecuteTaintPacer). The node writes queue and dequeue nodes through it.
 */
@Module({
  imports: [TaintEvictionModule, StoreModule],
  providers: [AwaitedTaintStore, NoExecuteTaintPacer],
  exports: [AwaitedTaintStore, NoExecuteTaintPacer],
})
export class NodeLifecycleModule {}
