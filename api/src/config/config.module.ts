import { Global, Module } from '@nestjs/common';
import { ConfigModule, ConfigService } from '@nestjs/config';
import { AppConfig, loadConfig } from '@cda/shared';

/** ConfigService typed over AppConfig: `config.get('s3', { infer: true })`. */
export type TypedConfig = ConfigService<AppConfig, true>;

@Global()
@Module({
  imports: [
    ConfigModule.forRoot({
      isGlobal: true,
      ignoreEnvFile: true,
      load: [() => loadConfig(process.env)],
    }),
  ],
})
export class AppConfigModule {}
