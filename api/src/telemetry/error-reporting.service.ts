import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import * as Sentry from '@sentry/node';
import { SettingsService } from '../settings/settings.service';
import { setServerErrorReporter, type ErrorPlace } from '../common/server-errors';

/** The DSN the Sentry client was started with, or null while error reporting is off. */
let activeDsn: string | null = null;

/**
 * Sends one server error to the configured DSN (no-op while error reporting is off). Only the error
 * and where it happened travel: no request body, headers, cookies, query or user (dataCollection is off).
 */
function sendServerError(err: unknown, where: ErrorPlace = {}): void {
  if (!activeDsn) return;
  Sentry.captureException(err, { tags: { side: 'api', method: where.method ?? '', route: where.route ?? '' } });
}

/**
 * System settings → "Relatório de erros": while on (which needs a DSN), errors of the API are sent to
 * a Sentry-compatible server with @sentry/node; switched off or changed, the client is closed or
 * started again at once, on every instance (settings changes are announced over Redis).
 */
@Injectable()
export class ErrorReportingService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(ErrorReportingService.name);
  private applying: Promise<void> = Promise.resolve();

  constructor(private readonly settings: SettingsService) {
    // The API's exception filter (common/dependency-down.filter.ts) reports through this.
    setServerErrorReporter(sendServerError);
  }

  async onModuleInit(): Promise<void> {
    this.settings.onChange((section) => {
      if (section === 'system') void this.apply();
    });
    await this.apply();
  }

  /** Serialised, so two quick changes cannot leave two clients. */
  apply(): Promise<void> {
    this.applying = this.applying.then(() => this.reconcile()).catch((err) => this.logger.error({ err: String(err) }, 'error reporting not applied'));
    return this.applying;
  }

  private async reconcile(): Promise<void> {
    const s = await this.settings.get('system');
    const want = s.errorReportingEnabled && s.errorReportingDsn ? s.errorReportingDsn : null;
    if (want === activeDsn) return;
    if (activeDsn) {
      activeDsn = null;
      await Sentry.close(2000);
    }
    if (!want) {
      this.logger.log('error reporting off');
      return;
    }
    Sentry.init({
      dsn: want,
      environment: process.env.NODE_ENV ?? 'development',
      // No user, cookies, headers, bodies or query strings: only the error and where it happened.
      dataCollection: { userInfo: false, cookies: false, httpHeaders: false, httpBodies: [], urlQueryParams: false },
      // Errors only: no tracing, no automatic instrumentation of the app's libraries.
      defaultIntegrations: false,
      enableOpenTelemetrySetup: false,
      tracesSampleRate: 0,
    });
    activeDsn = want;
    this.logger.log({ host: new URL(want).host }, 'error reporting on');
  }

  /** "Enviar erro de teste": one event through the same client; answers whether the server accepted it in time. */
  async sendTest(): Promise<{ sent: boolean }> {
    await this.applying;
    if (!activeDsn) return { sent: false };
    Sentry.captureException(new Error('Erro de teste do CDA Extractor (Configurações → Sistema)'), { tags: { side: 'api', test: 'true' } });
    return { sent: await Sentry.flush(5000) };
  }

  async onApplicationShutdown(): Promise<void> {
    if (activeDsn) await Sentry.close(2000);
    activeDsn = null;
  }
}
