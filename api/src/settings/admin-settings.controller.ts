import { BadGatewayException, BadRequestException, Body, Controller, Get, HttpCode, NotFoundException, Param, Post, Put, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { SETTINGS_SECTIONS, Settings, SettingsSection } from '@cda/shared';
import { AdminGuard, CurrentUser, JwtAuthGuard, type AuthUser } from '../common/auth';
import { SettingsService } from './settings.service';
import { SETTINGS_DTOS } from './dto/settings.dto';
import { MailProbe } from './mail-probe';
import { AuditService } from '../audit/audit.service';
import { fieldMessages, validationMessages } from '../common/validation-messages';

@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard, AdminGuard)
@Controller('admin/settings')
export class AdminSettingsController {
  constructor(
    private readonly settings: SettingsService,
    private readonly mail: MailProbe,
    private readonly audit: AuditService,
  ) {}

  /** Sends a real message with the saved e-mail settings to the administrator e-mail (Geral) and reports the SMTP answer. */
  @Post('email/test')
  @HttpCode(200)
  async testEmail(@CurrentUser() user: AuthUser) {
    const { adminEmail } = await this.settings.get('general');
    const probe = await this.mail.sendTest(adminEmail);
    await this.audit.record(user.id, 'settings.email_test', 'email', { to: adminEmail, ok: probe.ok });
    if (!probe.ok) throw new BadGatewayException({ statusCode: 502, message: `Erro ao enviar email de teste: ${probe.response}`, response: probe.response });
    return probe;
  }

  /** Every section, secrets masked as `configurado`. */
  @Get()
  async all(): Promise<Partial<Settings>> {
    const entries = await Promise.all(SETTINGS_SECTIONS.map(async (s) => [s, await this.settings.getMasked(s)] as const));
    return Object.fromEntries(entries);
  }

  @Get(':section')
  one(@Param('section') section: string) {
    return this.settings.getMasked(this.section(section));
  }

  @Put(':section')
  async update(@CurrentUser() user: AuthUser, @Param('section') section: string, @Body() body: unknown) {
    const name = this.section(section);
    // The body's shape depends on the section, so it is validated here rather than by a fixed DTO.
    const dto = plainToInstance(SETTINGS_DTOS[name], body ?? {});
    const errors = await validate(dto, { whitelist: true, forbidNonWhitelisted: true });
    if (errors.length) {
      throw new BadRequestException({ statusCode: 400, error: 'Bad Request', message: validationMessages(errors), fields: fieldMessages(errors) });
    }
    const fields = await this.crossFieldProblems(name, dto as Record<string, unknown>);
    if (fields) throw new BadRequestException({ statusCode: 400, error: 'Bad Request', message: Object.values(fields).flat(), fields });
    await this.settings.update(name, dto as Partial<Settings[typeof name]>, user.id);
    return this.settings.getMasked(name);
  }

  /** A switch that needs an address is on only with one: otherwise it would say it acts and do nothing. */
  private async crossFieldProblems(name: SettingsSection, patch: Record<string, unknown>): Promise<Record<string, string[]> | null> {
    if (name !== 'system') return null;
    const merged = { ...(await this.settings.get('system')), ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) };
    const fields: Record<string, string[]> = {};
    if (merged.errorReportingEnabled && !merged.errorReportingDsn) fields.errorReportingDsn = ['Informe o DSN para ativar o relatório de erros.'];
    if (merged.cdnEnabled && !merged.cdnBaseUrl) fields.cdnBaseUrl = ['Informe a URL da CDN para ativá-la.'];
    return Object.keys(fields).length ? fields : null;
  }

  private section(name: string): SettingsSection {
    if (!(SETTINGS_SECTIONS as readonly string[]).includes(name)) throw new NotFoundException('Seção de configurações inexistente.');
    return name as SettingsSection;
  }
}
