import { Module } from '@nestjs/common';
import { PodGarbageCollector } from './pod-garbage-collector';
import { StoreModule } from '../../store/store.module';
import { TaintEvictionModule } from '../taint-eviction/taint-eviction.module';

/** The pod garbage collector: pods of a node that is gone are deleted after a quarantine. */
@Module({
  imports: [TaintEvictionModule, StoreModule],
  providers: [PodGarbageCollector],
  exports: [PodGarbageCollector],
})
export class PodGcModule {}
