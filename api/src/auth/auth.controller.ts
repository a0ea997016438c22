import { Body, Controller, Get, HttpCode, Post, UseGuards, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Throttle, ThrottlerGuard } from '@nestjs/throttler';
import { AuthService } from './auth.service';
import { ForgotPasswordDto, LoginDto, RegisterDto, ResetPasswordDto } from './dto/auth.dto';
import { AllowTemporaryPassword, CurrentUser, JwtAuthGuard } from './jwt-auth.guard';
import type { AuthUser } from './auth-user';
import { AUTH_THROTTLE, MAIL_THROTTLE } from './throttle';
import { AccessLogged } from '../privacy/access-log.interceptor';

/** Credential-guessing and mail-bombing targets, so every route here is rate-limited per client IP. */
@ApiTags('auth')
@Controller('auth')
@UseGuards(ThrottlerGuard)
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Get('policy')
  policy() {
    return this.auth.policy();
  }

  @Post('register')
  @Throttle(AUTH_THROTTLE)
  @UseInterceptors(AccessLogged('register'))
  register(@Body() dto: RegisterDto) {
    return this.auth.register(dto);
  }

  @Post('login')
  @HttpCode(200)
  @Throttle(AUTH_THROTTLE)
  @UseInterceptors(AccessLogged('login'))
  login(@Body() dto: LoginDto) {
    return this.auth.login(dto);
  }

  @Post('forgot-password')
  @HttpCode(200)
  @Throttle(MAIL_THROTTLE)
  forgotPassword(@Body() dto: ForgotPasswordDto) {
    return this.auth.forgotPassword(dto.email);
  }

  @Post('reset-password')
  @HttpCode(200)
  @Throttle(MAIL_THROTTLE)
  resetPassword(@Body() dto: ResetPasswordDto) {
    return this.auth.resetPassword(dto);
  }

  @Get('me')
  @AllowTemporaryPassword()
  @ApiBearerAuth()
  @UseGuards(JwtAuthGuard)
  me(@CurrentUser() user: AuthUser) {
    return this.auth.me(user.id);
  }
}
