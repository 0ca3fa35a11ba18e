import { Module } from '@nestjs/common';
import { PodsController } from './pods.controller';
import { PodsService } from './pods.service';

/** /v1/pods and /v1/namespaces/{ns}/pods: Pod objects, admitted and validated. */
@Module({
  controllers: [PodsController],
  providers: [PodsService],
  exports: [PodsService],
})
export class PodsModule {}
