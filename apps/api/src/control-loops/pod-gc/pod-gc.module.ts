import { Module } from '@nestjs/common';
import { PodGarbageCollector } from './pod-garbage-collector';

/** The pod garbage collector: pods of a node that is gone are deleted after a quarantine. */
@Module({
  providers: [PodGarbageCollector],
  exports: [PodGarbageCollector],
})
export class PodGcModule {}
