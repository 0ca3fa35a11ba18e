import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import { AppModule } from '../../apps/api/src/app.module';
import { AppConfig } from '../../apps/api/src/config/app-config';
import { CONFIG_DEFAULTS, loadConfig } from '../../apps/api/src/config/load-config';

/**
 * Boots the real AppModule on Fastify, with the configuration the environment gives (or the
 * defaults) changed by `overrides`, ready for `app.inject()`. Nothing listens on a port.
 */
export async function bootApp(
  overrides: Partial<Record<keyof typeof CONFIG_DEFAULTS, string>>,
): Promise<NestFastifyApplication> {
  const config: AppConfig = loadConfig({ ...process.env, ...overrides });
  const moduleRef = await Test.createTestingModule({ imports: [AppModule] })
    .overrideProvider(AppConfig)
    .useValue(config)
    .compile();
  // Quiet: an expected failure (Redis away on purpose) should not fill the test output.
  const app = moduleRef.createNestApplication<NestFastifyApplication>(new FastifyAdapter(), {
    logger: false,
  });
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return app;
}
