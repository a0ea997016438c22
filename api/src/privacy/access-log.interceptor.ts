import { CallHandler, ExecutionContext, Injectable, Logger, NestInterceptor, UnauthorizedException, mixin } from '@nestjs/common';
import type { Request } from 'express';
import { Observable, catchError, from, mergeMap, throwError } from 'rxjs';
import { AccessEvent, AccessLogService, requestOrigin } from './access-log.service';

/**
 * Records a sign-in or sign-up in the access log: the user id comes from the session the handler
 * answers with; a refused password is recorded without a user (the e-mail typed is not kept).
 * A failure to record is logged and never costs the user the login.
 */
export function AccessLogged(event: Extract<AccessEvent, 'login' | 'register'>) {
  @Injectable()
  class AccessLogInterceptor implements NestInterceptor {
    readonly logger = new Logger('AccessLog');
    constructor(readonly accessLog: AccessLogService) {}

    intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
      const origin = requestOrigin(context.switchToHttp().getRequest<Request>());
      const record = (userId: string | null, e: AccessEvent) =>
        this.accessLog.record(userId, e, origin).catch((err) => this.logger.error({ err: String(err), event: e }, 'access log not recorded'));
      return next.handle().pipe(
        // A login answered with a two-factor challenge is recorded when its second step succeeds.
        mergeMap((body: { user?: { id?: string }; twoFactor?: string }) =>
          body?.twoFactor ? from([body]) : from(record(body?.user?.id ?? null, event).then(() => body)),
        ),
        catchError((err) => {
          if (event === 'login' && err instanceof UnauthorizedException) return from(record(null, 'login_failed')).pipe(mergeMap(() => throwError(() => err)));
          return throwError(() => err);
        }),
      );
    }
  }
  return mixin(AccessLogInterceptor);
}
