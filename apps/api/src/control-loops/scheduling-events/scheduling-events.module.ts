import { Module } from '@nestjs/common';
import { StoreModule } from '../../store/store.module';
import { FailedSchedulingRecorder } from './failed-scheduling-recorder';
import { SchedulingEventStore } from './scheduling-event-store';

/** kube-scheduler's FailedScheduling events for the pods no node takes, kept as their clusters change. */
@Module({
  imports: [StoreModule],
  providers: [FailedSchedulingRecorder, SchedulingEventStore],
  exports: [FailedSchedulingRecorder],
})
export class SchedulingEventsModule {}
