import { Body, Controller, Get, HttpCode, Post, Req, UseGuards, UseInterceptors } from '@nestjs/common';
import type { Request } from 'express';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { SkipThrottle, Throttle, ThrottlerGuard } from '@nestjs/throttler';
import { AuthService } from './auth.service';
import { ConfirmSignupDto, ForgotPasswordDto, LoginDto, RegisterDto, ResetPasswordDto, TwoFactorChallengeDto, TwoFactorCodeDto } from './dto/auth.dto';
import { AllowTemporaryPassword, CurrentUser, JwtAuthGuard, type AuthUser } from '../common/auth';
import { AUTH_THROTTLE, MAIL_THROTTLE } from './throttle';
import { AccessLogged } from '../privacy/access-log.interceptor';

/** Credential-guessing and mail-bombing targets, so every route here is rate-limited per client IP. */
@ApiTags('auth')
@Controller('auth')
@UseGuards(ThrottlerGuard)
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  // Read-only and guess-proof (no secret in the request): every page load asks, so an office of users
  // behind one address must not run out of the credential budget meant for login and sign-up.
  @Get('policy')
  @SkipThrottle()
  policy() {
    return this.auth.policy();
  }

  /** 202 with the same message for a new e-mail and a taken one; the account exists once the e-mail is confirmed. */
  @Post('register')
  @HttpCode(202)
  @Throttle(AUTH_THROTTLE)
  register(@Body() dto: RegisterDto) {
    return this.auth.register(dto);
  }

  @Post('confirm-email')
  @Throttle(AUTH_THROTTLE)
  @UseInterceptors(AccessLogged('register'))
  confirmEmail(@Body() dto: ConfirmSignupDto) {
    return this.auth.confirmSignup(dto.token);
  }

  @Post('login')
  @HttpCode(200)
  @Throttle(AUTH_THROTTLE)
  @UseInterceptors(AccessLogged('login'))
  login(@Body() dto: LoginDto, @Req() req: Request) {
    return this.auth.login(dto, clientAddress(req));
  }

  /** Login's second step for administrators with two-factor authentication. */
  @Post('2fa/verify')
  @HttpCode(200)
  @Throttle(AUTH_THROTTLE)
  @UseInterceptors(AccessLogged('login'))
  verifyTwoFactor(@Body() dto: TwoFactorCodeDto, @Req() req: Request) {
    return this.auth.verifyTwoFactor(dto.challenge, dto.code, clientAddress(req));
  }

  /** Enrolment required at login: a new secret as a QR code … */
  @Post('2fa/setup')
  @HttpCode(200)
  @Throttle(AUTH_THROTTLE)
  setupTwoFactor(@Body() dto: TwoFactorChallengeDto) {
    return this.auth.setupTwoFactor(dto.challenge);
  }

  /** … confirmed with a first code: the session and the recovery codes. */
  @Post('2fa/enable')
  @HttpCode(200)
  @Throttle(AUTH_THROTTLE)
  @UseInterceptors(AccessLogged('login'))
  enableTwoFactor(@Body() dto: TwoFactorCodeDto, @Req() req: Request) {
    return this.auth.enableTwoFactor(dto.challenge, dto.code, clientAddress(req));
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

  /** Asked on every page load; the signed token is the guard here, not a per-address budget (see policy). */
  @Get('me')
  @SkipThrottle()
  @AllowTemporaryPassword()
  @ApiBearerAuth()
  @UseGuards(JwtAuthGuard)
  me(@CurrentUser() user: AuthUser) {
    return this.auth.me(user.id);
  }
}

/** The address the request came from, as Express resolved it under the `trust proxy` setting. */
function clientAddress(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}
