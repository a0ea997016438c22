import { Body, Controller, Get, Patch, Put, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { NotificationPreferences, Profile } from '@cda/shared';
import { AllowTemporaryPassword, CurrentUser, JwtAuthGuard, type AuthUser, type Session } from '../common/auth';
import { PasswordChanger } from './password-changer';
import { UsersService } from './users.service';
import { ChangePasswordDto, NotificationPreferencesDto, UpdateProfileDto } from './dto/profile.dto';

/** The signed-in user's own account: the three tabs of "Configurações da Conta". */
@ApiTags('profile')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard)
@Controller('profile')
export class ProfileController {
  constructor(
    private readonly users: UsersService,
    private readonly passwords: PasswordChanger,
  ) {}

  @Get()
  async get(@CurrentUser() me: AuthUser): Promise<Profile> {
    return this.users.profileView((await this.users.findById(me.id))!);
  }

  @Patch()
  async update(@CurrentUser() me: AuthUser, @Body() dto: UpdateProfileDto): Promise<Profile> {
    return this.users.profileView(await this.users.updateProfile(me.id, dto));
  }

  /** Answers a new session: the change ends every session issued before it, this one included. */
  @Put('password')
  @AllowTemporaryPassword()
  changePassword(@CurrentUser() me: AuthUser, @Body() dto: ChangePasswordDto): Promise<Session> {
    return this.passwords.changePassword(me.id, dto.currentPassword, dto.newPassword, dto.confirmPassword, me.mfa);
  }

  @Put('notifications')
  notifications(@CurrentUser() me: AuthUser, @Body() dto: NotificationPreferencesDto): Promise<NotificationPreferences> {
    return this.users.updateNotifications(me.id, dto);
  }
}
