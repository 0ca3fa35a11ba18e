import type { Type } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import { AppModule } from '../../apps/api/src/app.module';
import { AppConfig } from '../../apps/api/src/platform/config/app-config';
import { CONFIG_DEFAULTS, loadConfig } from '../../apps/api/src/platform/config/load-config';
import { configureApp, createHttpAdapter, httpsOptionsOf } from '../../apps/api/src/configure-app';
import { tlsOf } from '../../apps/api/src/https';

/** The secrets key every test service has unless told otherwise. */
export const TEST_SECRETS_KEY = 'test-secrets-key-0123456789abcdefghijklmnop';

/** Configuration values by their environment name, as `loadConfig` reads them. */
export type ConfigOverrides = Partial<Record<keyof typeof CONFIG_DEFAULTS, string>>;

export interface BootOptions {
  /** Test-only controllers mounted beside the application's, for what no real route exercises yet. */
  controllers?: Type<unknown>[];
}

/**
 * Boots the real AppModule on Fastify, with the configuration the environment gives (or the
 * defaults) changed by `overrides`, ready for `app.inject()`. Nothing listens on a port. The
 * adapter and configureApp are production's own, so error answers, body limit and the OpenAPI
 * document are what `npm start` serves.
 */
export async function bootApp(overrides: ConfigOverrides, options: BootOptions = {}): Promise<NestFastifyApplication> {
  // Authentication off unless a test turns it on: the features' tests are not about keys (test/apps/api/platform/access/ is).
  // A secrets key as a deployment has one (webhook secrets are sealed with it); a test of none overrides it with ''.
  // No rate limits unless a test sets them: the tests send thousands of requests a minute from one address.
  const config: AppConfig = loadConfig({
    ...process.env,
    TAINTGATE_AUTH: 'off',
    TAINTGATE_SECRETS_KEY: TEST_SECRETS_KEY,
    TAINTGATE_RATE_LIMIT_PER_ADDRESS: '0',
    TAINTGATE_RATE_LIMIT_PER_KEY: '0',
    ...overrides,
  });
  const moduleRef = await Test.createTestingModule({
    imports: [AppModule],
    controllers: options.controllers ?? [],
  })
    .overrideProvider(AppConfig)
    .useValue(config)
    .compile();
  // Quiet: an expected failure (Redis away on purpose) should not fill the test output.
  // The certificate as `npm start` gets it (files, or TAINTGATE_TLS=auto's kept in the database).
  const tls = await tlsOf(config);
  const app = moduleRef.createNestApplication<NestFastifyApplication>(createHttpAdapter(tls), {
    ...httpsOptionsOf(tls),
    logger: false,
  });
  await configureApp(app);
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return app;
}
