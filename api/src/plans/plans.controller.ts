import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { PlansService } from './plans.service';
import { SettingsService } from '../settings/settings.service';

@ApiTags('plans')
@Controller('plans')
export class PlansController {
  constructor(
    private readonly plans: PlansService,
    private readonly settings: SettingsService,
  ) {}

  /** Public: the plans page is visible before signing in. */
  @Get()
  list() {
    return this.plans.listActive();
  }

  /** Public: where "Falar com Vendas" writes to. Sales go to the support mailbox the admin sets. */
  @Get('contact')
  async contact() {
    const { supportEmail, siteName } = await this.settings.get('general');
    return { salesEmail: supportEmail, siteName };
  }
}
