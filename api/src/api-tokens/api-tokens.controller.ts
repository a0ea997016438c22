import { Body, Controller, Delete, Get, NotFoundException, Param, ParseUUIDPipe, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { ApiTokenView, CreatedApiToken } from '@cda/shared';
import { AdminGuard, CurrentUser, JwtAuthGuard, type AuthUser } from '../common/auth';
import { API_TOKEN_NOT_FOUND, ApiTokensService } from './api-tokens.service';
import { CreateApiTokenDto } from './dto/api-token.dto';

const uuid = new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException(API_TOKEN_NOT_FOUND) });

/** Perfil → API. Session only: no route here carries @AllowApiToken, so a token cannot mint or revoke tokens. */
@ApiTags('api-tokens')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard)
@Controller('profile/api-tokens')
export class ApiTokensController {
  constructor(private readonly tokens: ApiTokensService) {}

  @Get()
  list(@CurrentUser() me: AuthUser): Promise<ApiTokenView[]> {
    return this.tokens.list(me.id);
  }

  @Post()
  create(@CurrentUser() me: AuthUser, @Body() dto: CreateApiTokenDto): Promise<CreatedApiToken> {
    return this.tokens.create(me.id, dto);
  }

  @Delete(':id')
  revoke(@CurrentUser() me: AuthUser, @Param('id', uuid) id: string): Promise<ApiTokenView> {
    return this.tokens.revoke(me.id, id);
  }
}

/** The back office: any user's tokens, listed and revoked (each revocation audited). */
@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard, AdminGuard)
@Controller('admin')
export class AdminApiTokensController {
  constructor(private readonly tokens: ApiTokensService) {}

  @Get('users/:id/api-tokens')
  list(@Param('id', new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException('Usuário não encontrado.') })) userId: string): Promise<ApiTokenView[]> {
    return this.tokens.listForUser(userId);
  }

  @Delete('api-tokens/:id')
  revoke(@CurrentUser() actor: AuthUser, @Param('id', uuid) id: string): Promise<ApiTokenView> {
    return this.tokens.revokeAsAdmin(actor, id);
  }
}
