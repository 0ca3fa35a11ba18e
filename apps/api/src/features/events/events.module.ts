import { Module } from '@nestjs/common';
import { EventsService } from './events.service';

/** core/v1 Events read from the events the controllers record (EventStore writes them). */
@Module({
  providers: [EventsService],
  exports: [EventsService],
})
export class EventsModule {}
