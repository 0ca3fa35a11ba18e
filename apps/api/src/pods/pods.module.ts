import { Module } from '@nestjs/common';
import { PodStore } from './pod-store';
import { PodsController } from './pods.controller';
import { PodsService } from './pods.service';

/** /v1/pods and /v1/namespaces/{ns}/pods: Pod objects, admitted and validated. */
@Module({
  controllers: [PodsController],
  providers: [PodsService, PodStore],
  exports: [PodsService],
})
export class PodsModule {}
