import { Injectable, OnModuleInit } from '@nestjs/common';
import { PinoLogger } from 'nestjs-pino';
import { SettingsService } from './settings.service';

/** Applies the admin's log level (once saved) at start and whenever it changes, without a restart. */
@Injectable()
export class LogLevelService implements OnModuleInit {
  constructor(private readonly settings: SettingsService) {}

  async onModuleInit(): Promise<void> {
    if (await this.settings.isSaved('system', 'logLevel')) await this.apply();
    this.settings.onChange((section) => {
      if (section === 'system') void this.apply();
    });
  }

  private async apply(): Promise<void> {
    const { logLevel } = await this.settings.get('system');
    if (PinoLogger.root && PinoLogger.root.level !== logLevel) PinoLogger.root.level = logLevel;
  }
}
