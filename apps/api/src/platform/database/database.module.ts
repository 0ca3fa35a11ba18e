import { Global, Module } from '@nestjs/common';
import { PrismaService } from './prisma.service';

/** Provides the Prisma client to every module and disconnects it at shutdown. */
@Global()
@Module({
  providers: [PrismaService],
  exports: [PrismaService],
})
export class DatabaseModule {}
