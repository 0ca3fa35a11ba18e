import { Module } from '@nestjs/common';
import { AccessReviewsService } from './access-reviews.service';

/** What a key may do, asked by the key itself (`kubectl auth can-i`, `kubectl auth whoami`): served by the Kubernetes API face. */
@Module({
  providers: [AccessReviewsService],
  exports: [AccessReviewsService],
})
export class AccessReviewsModule {}
