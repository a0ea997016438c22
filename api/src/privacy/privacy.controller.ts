import { Body, Controller, Get, HttpCode, Post, Req, StreamableFile, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { CurrentUser, JwtAuthGuard, type AuthUser } from '../common/auth';
import { PrivacyService } from './privacy.service';
import { requestOrigin } from './access-log.service';
import { DeleteAccountDto } from './dto/delete-account.dto';

/** "Meus dados" in the profile: the holder's copy of their data and the deletion of the account. */
@ApiTags('privacy')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard)
@Controller('privacy')
export class PrivacyController {
  constructor(private readonly privacy: PrivacyService) {}

  @Get('export')
  async export(@CurrentUser() me: AuthUser, @Req() req: Request): Promise<StreamableFile> {
    const stream = await this.privacy.exportArchive(me.id, requestOrigin(req));
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    return new StreamableFile(stream, { type: 'application/zip', disposition: `attachment; filename="meus-dados_${day}.zip"` });
  }

  @Post('delete-account')
  @HttpCode(200)
  deleteAccount(@CurrentUser() me: AuthUser, @Body() dto: DeleteAccountDto, @Req() req: Request) {
    return this.privacy.deleteAccount(me.id, dto.password, requestOrigin(req));
  }
}
