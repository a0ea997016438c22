import { CanActivate, ExecutionContext, Injectable, ServiceUnavailableException } from '@nestjs/common';
import { ADMIN_ROLES } from '@cda/shared';
import { MAINTENANCE_MESSAGE } from './auth-user';
import { bearerToken } from './bearer-token';
import { SettingsReader } from '../settings-reader';
import { SessionVerifier } from './ports';

/**
 * Routes that stay open in maintenance: probes and metrics (the platform must still see the API),
 * the payment provider's webhook (a paid order must not be lost), login (it lets admins in and tells
 * everyone else why not) and the public auth policy.
 */
const OPEN_DURING_MAINTENANCE = ['/api/health', '/api/metrics', '/api/payments/webhook', '/api/auth/login', '/api/auth/policy'];

/** Global guard: with maintenance mode on, only admins get through; the rest get 503 with a pt-BR message. */
@Injectable()
export class MaintenanceGuard implements CanActivate {
  constructor(
    private readonly settings: SettingsReader,
    private readonly auth: SessionVerifier,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    if (ctx.getType() !== 'http') return true;
    if (!(await this.settings.get('general')).maintenanceMode) return true;
    const req = ctx.switchToHttp().getRequest<{ path: string; headers: Record<string, string | undefined> }>();
    if (OPEN_DURING_MAINTENANCE.some((p) => req.path === p || req.path.startsWith(`${p}/`))) return true;
    const token = bearerToken(req.headers);
    const user = token ? await this.auth.verifyToken(token) : null;
    if (user && ADMIN_ROLES.includes(user.role)) return true;
    throw new ServiceUnavailableException(MAINTENANCE_MESSAGE);
  }
}
