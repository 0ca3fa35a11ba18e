import { Module } from '@nestjs/common';
import { AuditController } from './audit.controller';
import { AuditService } from './audit.service';
import { AuditStore } from './audit-store';
import { EdgeModule } from '../../http/edge/edge.module';

/**
 * The audit trail, read by an admin. The rows are written by each write (through ClusterWriter),
 * and for the deployment's API keys and webhooks by their services, through AuditStore.
 */
@Module({
  imports: [EdgeModule],
  providers: [AuditStore, AuditService],
  controllers: [AuditController],
  exports: [AuditStore],
})
export class AuditModule {}
