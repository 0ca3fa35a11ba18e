import { Module } from '@nestjs/common';
import { CommandPipe, Commands } from './commands';

/** Parsing at the edge, for every face: REST's CommandPipe and GraphQL's Commands. */
@Module({
  providers: [Commands, CommandPipe],
  exports: [Commands, CommandPipe],
})
export class EdgeModule {}
