import { Module } from '@nestjs/common';
import { WatchService } from './watch.service';
import { StoreModule } from '../../../store/store.module';
import { AccessModule } from '../../../platform/access/access.module';

/**
 * Watches of the Kubernetes API face: a watch follows its cluster's snapshot in this replica, which
 * polls Postgres for the cluster's revision while watched. The routes are the lists' (?watch=true),
 * in kube-api/.
 */
@Module({
  imports: [StoreModule, AccessModule],
  providers: [WatchService],
  exports: [WatchService],
})
export class WatchModule {}
