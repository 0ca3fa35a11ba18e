import { Global, Module } from '@nestjs/common';
import { ApiKeyStore } from './api-key-store';
import { ApiKeysController } from '../../features/api-keys/api-keys.controller';
import { ApiKeysService } from '../../features/api-keys/api-keys.service';
import { Authenticator } from './authenticator';
import { SocketAccess } from './socket-access';

/**
 * API keys and roles: who may call (authenticator.ts, access-hook.ts for HTTP, socket-access.ts
 * for graphql-ws, graphql-access.plugin.ts for GraphQL's mutations) and the keys themselves
 * (/v1/apikeys and `npm run apikeys`).
 */
@Global()
@Module({
  providers: [ApiKeyStore, Authenticator, ApiKeysService, SocketAccess],
  controllers: [ApiKeysController],
  exports: [Authenticator, ApiKeysService, SocketAccess],
})
export class AuthModule {}
