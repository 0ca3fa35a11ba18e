import { Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { SecretBox, secretKeyOf } from './secret-box';

/** The secret box of this process, keyed by TAINTGATE_SECRETS_KEY (and _PREVIOUS). */
@Module({
  providers: [
    {
      provide: SecretBox,
      inject: [AppConfig],
      useFactory: ({ secretsKeys: { current, previous } }: AppConfig) =>
        new SecretBox(current === undefined ? undefined : secretKeyOf(current), previous === undefined ? undefined : secretKeyOf(previous)),
    },
  ],
  exports: [SecretBox],
})
export class SecretsModule {}
