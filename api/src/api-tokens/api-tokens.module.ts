import { Global, MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { ApiTokenFenceMiddleware } from './api-token-fence.middleware';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ApiToken } from './api-token.entity';
import { ApiTokenAuthenticator } from '../common/auth';
import { ApiTokensService } from './api-tokens.service';
import { AdminApiTokensController, ApiTokensController } from './api-tokens.controller';

/** Global: JwtAuthGuard (common/auth), used by every module's controllers, resolves API tokens through ApiTokenAuthenticator. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([ApiToken])],
  controllers: [ApiTokensController, AdminApiTokensController],
  providers: [ApiTokensService, { provide: ApiTokenAuthenticator, useExisting: ApiTokensService }],
  exports: [ApiTokensService, ApiTokenAuthenticator],
})
export class ApiTokensModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(ApiTokenFenceMiddleware).forRoutes({ path: '{*path}', method: RequestMethod.ALL });
  }
}
