import { ArgumentsHost, Catch, HttpException, Logger, ServiceUnavailableException } from '@nestjs/common';
import { BaseExceptionFilter } from '@nestjs/core';
import { reportServerError } from './server-errors';

export const DEPENDENCY_DOWN_MESSAGE = 'Serviço temporariamente indisponível. Tente novamente em instantes.';

// Postgres SQLSTATE classes 08 (connection exception) and 57P (operator intervention: shutdown, restart).
const PG_UNAVAILABLE = /^(08\d{3}|57P0[1-4])$/;
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND']);
const UNAVAILABLE_MESSAGES = [
  // node-postgres
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error/i,
  /the database system is (starting up|shutting down)/i,
  // ioredis
  /Command timed out/i,
  /Connection is closed/i,
  /Stream isn't writeable/i,
  /Reached the max retries per request limit/i,
];

/** Whether an error means a dependency (Postgres, Redis) could not be reached, rather than a bug. */
export function isDependencyDown(err: unknown): boolean {
  // node-postgres reports a refused connection to every address as an AggregateError.
  if (err instanceof AggregateError && err.errors.some(isDependencyDown)) return true;
  const e = err as { code?: unknown; message?: unknown; driverError?: unknown; cause?: unknown } | null | undefined;
  if (!e || typeof e !== 'object') return false;
  const code = typeof e.code === 'string' ? e.code : '';
  if (PG_UNAVAILABLE.test(code) || NETWORK_CODES.has(code)) return true;
  const message = typeof e.message === 'string' ? e.message : '';
  if (UNAVAILABLE_MESSAGES.some((re) => re.test(message))) return true;
  // TypeORM wraps the driver's error; other libraries chain it as `cause`.
  const inner = e.driverError ?? e.cause;
  return inner !== undefined && inner !== err && isDependencyDown(inner);
}

/**
 * A request that fails because Postgres or Redis is down gets 503 and a pt-BR sentence (a balancer
 * and the web app retry on 503), not Nest's generic 500; everything else keeps Nest's handling.
 */
@Catch()
export class DependencyDownFilter extends BaseExceptionFilter {
  private readonly logger = new Logger('DependencyDown');

  override catch(exception: unknown, host: ArgumentsHost): void {
    if (!(exception instanceof HttpException) && host.getType() === 'http' && isDependencyDown(exception)) {
      const req = host.switchToHttp().getRequest<{ method?: string; route?: { path?: string }; url?: string }>();
      this.logger.warn({ method: req.method, route: req.route?.path ?? req.url?.split('?')[0], err: String((exception as Error).message ?? exception) }, 'dependency unavailable');
      return super.catch(new ServiceUnavailableException(DEPENDENCY_DOWN_MESSAGE), host);
    }
    // Bugs (anything that is not an intended HTTP answer below 500) go to the error-reporting DSN when it is on.
    if (!(exception instanceof HttpException) || exception.getStatus() >= 500) {
      const req = host.getType() === 'http' ? host.switchToHttp().getRequest<{ method?: string; route?: { path?: string }; url?: string }>() : undefined;
      reportServerError(exception, { method: req?.method, route: req?.route?.path ?? req?.url?.split('?')[0] });
    }
    super.catch(exception, host);
  }
}
