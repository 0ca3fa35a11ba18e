import { Module } from '@nestjs/common';
import { TerminatingPodReaper } from './terminating-pod-reaper';

/** Graceful deletion's end: terminating pods are removed once their grace period is over. */
@Module({
  providers: [TerminatingPodReaper],
  exports: [TerminatingPodReaper],
})
export class TerminationsModule {}
