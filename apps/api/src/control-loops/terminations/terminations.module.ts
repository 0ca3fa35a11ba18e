import { Module } from '@nestjs/common';
import { TerminatingPodReaper } from './terminating-pod-reaper';
import { StoreModule } from '../../store/store.module';
import { TaintEvictionModule } from '../taint-eviction/taint-eviction.module';

/** Graceful deletion's end: terminating pods are removed once their grace period is over. */
@Module({
  imports: [TaintEvictionModule, StoreModule],
  providers: [TerminatingPodReaper],
  exports: [TerminatingPodReaper],
})
export class TerminationsModule {}
