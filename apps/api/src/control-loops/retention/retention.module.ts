import { Module } from '@nestjs/common';
import { RetentionJobs } from './retention-jobs';
import { RetentionStore } from './retention-store';
import { RetentionService } from './retention.service';

/** History pruned after RETENTION_DAYS: events, audit rows, tombstones, finished evictions. */
@Module({
  providers: [RetentionStore, RetentionService, RetentionJobs],
  exports: [RetentionService],
})
export class RetentionModule {}
