import type { CorsOptions, CorsOptionsDelegate } from '@nestjs/common/interfaces/external/cors-options.interface';
import type { Request } from 'express';
import { SettingsService } from '../settings/settings.service';

const EXPOSED = ['Content-Disposition', 'X-Request-Id', 'X-RateLimit-Hourly-Limit', 'X-RateLimit-Hourly-Remaining', 'X-RateLimit-Hourly-Reset', 'Retry-After'];

/**
 * The security settings decide, per request, whether another site's pages may call the API: CORS off
 * means no cross-origin access at all (the web app itself is same-origin and unaffected); on means the
 * listed origins only.
 */
export function corsFromSettings(settings: SettingsService): CorsOptionsDelegate<Request> {
  return (_req, callback) => {
    settings.get('security').then(
      ({ corsEnabled, allowedOrigins }) => {
        const options: CorsOptions = corsEnabled && allowedOrigins.length
          ? { origin: allowedOrigins.map((o) => o.replace(/\/+$/, '')), credentials: true, exposedHeaders: EXPOSED, maxAge: 600 }
          : { origin: false };
        callback(null, options);
      },
      (err: Error) => callback(err, { origin: false }),
    );
  };
}

/** The same rule for socket.io's handshake requests. */
export function socketCorsOrigin(settings: SettingsService) {
  return (origin: string | undefined, callback: (err: Error | null, allow?: boolean) => void) => {
    settings.get('security').then(
      ({ corsEnabled, allowedOrigins }) => callback(null, !!origin && corsEnabled && allowedOrigins.map((o) => o.replace(/\/+$/, '')).includes(origin)),
      (err: Error) => callback(err, false),
    );
  };
}
