import { createSecretKey } from 'node:crypto';
import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { ConfigService } from '@nestjs/config';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ThrottlerModule } from '@nestjs/throttler';
import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import { AppConfig, redisOptionsFromUrl } from '@cda/shared';
import { UsersModule } from '../users/users.module';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { JwtAuthGuard, MaintenanceGuard, SessionVerifier } from '../common/auth';
import { PasswordChanger } from '../users/password-changer';
import { LoginLockoutService } from './login-lockout.service';
import { TwoFactorService } from './two-factor.service';
import { PasswordResetToken } from './password-reset-token.entity';
import { THROTTLER_OPTIONS } from './throttle';

@Global()
@Module({
  imports: [
    UsersModule,
    TypeOrmModule.forFeature([PasswordResetToken]),
    // Counters in Redis, so the limits hold across API instances, wherever the balancer sends a client.
    ThrottlerModule.forRootAsync({
      inject: [ConfigService],
      useFactory: (config: ConfigService<AppConfig, true>) => ({
        ...THROTTLER_OPTIONS,
        storage: new ThrottlerStorageRedisService({
          ...redisOptionsFromUrl(config.get('redisUrl', { infer: true })),
          keyPrefix: `${config.get('queuePrefix', { infer: true })}:throttle:`,
          // Redis down: fail within 2 s (the request answers 503) instead of waiting for it to return.
          commandTimeout: 2000,
        }),
      }),
    }),
    // Token lifetime is the security setting `sessionTimeoutHours`, applied per token in AuthService.
    JwtModule.registerAsync({
      inject: [ConfigService],
      // A KeyObject: given a string, jsonwebtoken first tries to parse it as a public key on every
      // verification (5 % of the API's CPU under upload load, bench/upload-latency) before using it as HMAC.
      useFactory: (config: ConfigService<AppConfig, true>) => ({ secret: createSecretKey(Buffer.from(config.get('jwt', { infer: true }).secret, 'utf8')) }),
    }),
  ],
  controllers: [AuthController],
  providers: [
    AuthService,
    LoginLockoutService,
    TwoFactorService,
    JwtAuthGuard,
    { provide: APP_GUARD, useClass: MaintenanceGuard },
    // The guards in common/ and the profile's password change reach AuthService through these tokens.
    { provide: SessionVerifier, useExisting: AuthService },
    { provide: PasswordChanger, useExisting: AuthService },
  ],
  exports: [AuthService, LoginLockoutService, JwtAuthGuard, JwtModule, SessionVerifier, PasswordChanger],
})
export class AuthModule {}
