import type { AppConfig } from '../config/app-config';
import { PrismaService } from './prisma.service';

/**
 * Runs a command that works on the database without the service (`npm run apikeys`): the Prisma
 * client it hands to the stores the command makes (the command itself sends no statement), made
 * for the run and disconnected when it ends, however it ends.
 */
export async function withCommandDatabase<T>(config: AppConfig, run: (database: PrismaService) => Promise<T>): Promise<T> {
  const database = new PrismaService(config);
  try {
    return await run(database);
  } finally {
    await database.$disconnect();
  }
}
