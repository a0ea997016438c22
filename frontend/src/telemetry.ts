import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import type { AnalyticsEvent, ClientTelemetryConfig } from '@cda/shared';

/**
 * The System settings' analytics and error-reporting switches, browser side. The configuration is
 * read once per page load from the public `/api/telemetry/config`; nothing is sent while a switch is off.
 */
let config: Promise<ClientTelemetryConfig | null> | null = null;

function telemetryConfig(): Promise<ClientTelemetryConfig | null> {
  config ??= fetch('/api/telemetry/config')
    .then((r) => (r.ok ? (r.json() as Promise<ClientTelemetryConfig>) : null))
    .catch(() => null);
  return config;
}

/**
 * One usage event: its name and the page's path (the server reduces it to a route pattern). No user,
 * no query string; `keepalive` lets it leave while the page unloads.
 */
export function track(name: AnalyticsEvent, path = window.location.pathname): void {
  void telemetryConfig().then((c) => {
    if (!c?.analyticsEnabled) return;
    void fetch('/api/telemetry/events', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name, path }),
      keepalive: true,
    }).catch(() => undefined);
  });
}

/** A page view for every route the user opens (inside the router). */
export function usePageViews(): void {
  const { pathname } = useLocation();
  useEffect(() => track('page_view', pathname), [pathname]);
}

/**
 * Browser errors (uncaught exceptions and rejections) to the configured DSN with @sentry/react, loaded
 * only when error reporting is on. Without user, cookies, headers or query strings.
 */
export async function startErrorReporting(): Promise<boolean> {
  const c = await telemetryConfig();
  if (!c?.errorReportingDsn) return false;
  const Sentry = await import('@sentry/react');
  Sentry.init({
    dsn: c.errorReportingDsn,
    environment: window.location.hostname === 'localhost' || window.location.hostname === '127.0.0.1' ? 'development' : 'production',
    dataCollection: { userInfo: false, cookies: false, httpHeaders: false, httpBodies: [], urlQueryParams: false },
    tracesSampleRate: 0,
  });
  return true;
}
