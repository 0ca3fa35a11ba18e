import { Injectable } from '@nestjs/common';
import { PrismaService } from '../../platform/database/prisma.service';

/** What the health checks ask Postgres. */
@Injectable()
export class HealthStore {
  constructor(private readonly prisma: PrismaService) {}

  /** `SELECT 1` through Prisma: it fails when Postgres, or the way to it, does, and its error says why. */
  async ping(): Promise<void> {
    await this.prisma.$queryRaw`SELECT 1`;
  }
}
