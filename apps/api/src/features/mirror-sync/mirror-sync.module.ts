import { Module } from '@nestjs/common';
import { StoreModule } from '../../store/store.module';
import { SecretsModule } from '../../platform/secrets/secrets.module';
import { ImportModule } from '../import/import.module';
import { MirrorSyncs } from './mirror-syncs';
import { SyncWarnings } from './sync-warnings';

/** Mirrors kept in step from their source API servers: list and watch, a lease per mirror in Postgres. */
@Module({
  imports: [StoreModule, SecretsModule, ImportModule],
  providers: [MirrorSyncs, SyncWarnings],
  exports: [SyncWarnings],
})
export class MirrorSyncModule {}
