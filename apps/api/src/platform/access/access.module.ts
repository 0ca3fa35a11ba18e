import { Module } from '@nestjs/common';
import { ApiKeyStore } from './api-key-store';
import { Authenticator } from './authenticator';
import { SocketAccess } from './socket-access';
import { OpenStreams } from './open-streams';

/**
 * Who may call: API keys looked up (authenticator.ts), and the checks of every HTTP request
 * (access-hook.ts) and graphql-ws connection (socket-access.ts), the streams kept open for keys and
 * ended when a key is revoked (open-streams.ts); GraphQL's mutations are checked
 * once parsed (faces/graphql/graphql-access.plugin.ts). The keys' own routes are a feature
 * (features/api-keys/).
 */
@Module({
  providers: [ApiKeyStore, Authenticator, SocketAccess, OpenStreams],
  exports: [ApiKeyStore, Authenticator, SocketAccess, OpenStreams],
})
export class AccessModule {}
