import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Setting } from './setting.entity';
import { SettingsService } from './settings.service';
import { AdminSettingsController } from './admin-settings.controller';
import { LogLevelService } from './log-level.service';

@Global()
@Module({
  imports: [TypeOrmModule.forFeature([Setting])],
  controllers: [AdminSettingsController],
  providers: [SettingsService, LogLevelService],
  exports: [SettingsService],
})
export class SettingsModule {}
