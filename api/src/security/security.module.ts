import { MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { RateLimitCounter, RateLimitMiddleware } from './rate-limit.middleware';

/** The security settings applied to every request at runtime (CORS is wired in bootstrap.ts). */
@Module({ providers: [RateLimitCounter] })
export class SecurityModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(RateLimitMiddleware).forRoutes({ path: '{*path}', method: RequestMethod.ALL });
  }
}
