import { Global, Module } from '@nestjs/common';
import { PrismaService } from './prisma.service';
import { StreamReads } from './stream-reads';

/** Provides the Prisma client to every module and disconnects it at shutdown. */
@Global()
@Module({
  providers: [PrismaService, StreamReads],
  exports: [PrismaService, StreamReads],
})
export class DatabaseModule {}
