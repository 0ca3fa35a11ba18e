import { Module } from '@nestjs/common';
import { EvictionsModule } from '../evictions/evictions.module';
import { ImportController } from './import.controller';
import { ImportService } from './import.service';

/** /v1/import: a cluster brought in, or kept current, from what kubectl prints. */
@Module({
  imports: [EvictionsModule],
  controllers: [ImportController],
  providers: [ImportService],
})
export class ImportModule {}
