import { Module } from '@nestjs/common';
import { RetentionJobs } from './retention-jobs';
import { RetentionService } from './retention.service';

/** History pruned after RETENTION_DAYS: events, audit rows, tombstones, finished evictions. */
@Module({
  providers: [RetentionService, RetentionJobs],
  exports: [RetentionService],
})
export class RetentionModule {}
