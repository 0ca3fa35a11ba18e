import { Module } from '@nestjs/common';
import { AuditController } from './audit.controller';
import { AuditService } from './audit.service';
import { EdgeModule } from '../../http/edge/edge.module';

/** The audit trail, read by an admin (the rows are written by each write, through ClusterWriter and the key service). */
@Module({
  imports: [EdgeModule],
  providers: [AuditService],
  controllers: [AuditController],
})
export class AuditModule {}
