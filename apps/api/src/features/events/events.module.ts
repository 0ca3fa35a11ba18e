import { Module } from '@nestjs/common';
import { EventsService } from './events.service';
import { StoreModule } from '../../store/store.module';

/** core/v1 Events read from the events the controllers record (EventStore writes them). */
@Module({
  imports: [StoreModule],
  providers: [EventsService],
  exports: [EventsService],
})
export class EventsModule {}
