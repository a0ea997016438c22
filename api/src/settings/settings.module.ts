import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Setting } from './setting.entity';
import { SettingsReader } from '../common/settings-reader';
import { SettingsService } from './settings.service';
import { AdminSettingsController } from './admin-settings.controller';
import { LogLevelService } from './log-level.service';

@Global()
@Module({
  imports: [TypeOrmModule.forFeature([Setting])],
  controllers: [AdminSettingsController],
  // SettingsReader: how the guards in common/ read the settings without importing this module.
  providers: [SettingsService, LogLevelService, { provide: SettingsReader, useExisting: SettingsService }],
  exports: [SettingsService, SettingsReader],
})
export class SettingsModule {}
