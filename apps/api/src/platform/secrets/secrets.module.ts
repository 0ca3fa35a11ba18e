import { Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { SecretBox, secretBoxOf } from './secret-box';

/** The secret box of this process, keyed by TAINTGATE_SECRETS_KEY (and _PREVIOUS). */
@Module({
  providers: [
    {
      provide: SecretBox,
      inject: [AppConfig],
      useFactory: secretBoxOf,
    },
  ],
  exports: [SecretBox],
})
export class SecretsModule {}
