import { Module } from '@nestjs/common';
import { EdgeModule } from '../../http/edge/edge.module';
import { AccessModule } from '../../platform/access/access.module';
import { ApiKeysController } from './api-keys.controller';
import { ApiKeysService } from './api-keys.service';

/** The API keys themselves: /v1/apikeys (create, list, revoke); `npm run apikeys` uses the service too. */
@Module({
  imports: [AccessModule, EdgeModule],
  controllers: [ApiKeysController],
  providers: [ApiKeysService],
  exports: [ApiKeysService],
})
export class ApiKeysModule {}
