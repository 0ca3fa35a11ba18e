import { Module, type OnApplicationShutdown } from '@nestjs/common';
import { Pool } from 'pg';
import { postgresPoolProvider } from './postgres-pool.provider';

/** Owns the Postgres pool: provides it and closes it when the application shuts down. */
@Module({
  providers: [postgresPoolProvider],
  exports: [Pool],
})
export class DatabaseModule implements OnApplicationShutdown {
  constructor(private readonly pool: Pool) {}

  async onApplicationShutdown(): Promise<void> {
    await this.pool.end();
  }
}
