import { Module } from '@nestjs/common';
import { ConfigModule } from './config/config.module';
import { HealthModule } from './health/health.module';

/** The application: one imported module per feature (DESIGN.md, "Layout"). */
@Module({
  imports: [ConfigModule, HealthModule],
})
export class AppModule {}
