import { Module } from '@nestjs/common';
import { AuditController } from './audit.controller';
import { AuditService } from './audit.service';

/** The audit trail, read by an admin (the rows are written by each write, through ClusterWriter and the key service). */
@Module({
  providers: [AuditService],
  controllers: [AuditController],
})
export class AuditModule {}
