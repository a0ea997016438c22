import type { ThrottlerModuleOptions } from '@nestjs/throttler';

/**
 * Per client IP and per route, counted in Redis and so shared by every API instance (see
 * auth.module.ts). Generous enough for an office behind one address; tight enough to stop guessing.
 */
export const AUTH_THROTTLE = { default: { limit: 30, ttl: 60_000 } };
/** Each forgot-password call can send an e-mail: kept low so the route cannot be used to flood an inbox. */
export const MAIL_THROTTLE = { default: { limit: 5, ttl: 60_000 } };

export const THROTTLER_OPTIONS: ThrottlerModuleOptions = {
  throttlers: [{ name: 'default', ...AUTH_THROTTLE.default }],
  errorMessage: 'Muitas tentativas em pouco tempo. Aguarde um minuto e tente novamente.',
};
