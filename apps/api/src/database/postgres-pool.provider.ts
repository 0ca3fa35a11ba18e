import { Logger, type Provider } from '@nestjs/common';
import { Pool } from 'pg';
import { AppConfig } from '../config/app-config';

const logger = new Logger('Postgres');

/**
 * One pg connection pool for the process, injected by its class (`constructor(pool: Pool)`).
 */
export const postgresPoolProvider: Provider = {
  provide: Pool,
  inject: [AppConfig],
  useFactory: (config: AppConfig): Pool => {
    const pool = new Pool({
      connectionString: config.databaseUrl,
      // Without a limit a connection attempt to an unreachable server waits for the OS.
      connectionTimeoutMillis: 2_000,
    });
    // An idle client whose server went away emits 'error' on the pool; unheard, Node would
    // crash the process. The next query simply opens a new connection.
    pool.on('error', (error) => logger.warn(`idle connection lost: ${error.message}`));
    return pool;
  },
};
