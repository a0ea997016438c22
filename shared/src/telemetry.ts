/**
 * Product analytics and error reporting (admin settings, System tab). Analytics are privacy-friendly
 * by construction: an event is a name from this list and a route pattern, stored with its time only —
 * no user id, address, browser, query string or identifier in the path.
 */
export const ANALYTICS_EVENTS = ['page_view', 'analysis_started', 'checkout_started', 'signup_requested'] as const;
export type AnalyticsEvent = (typeof ANALYTICS_EVENTS)[number];
export const ANALYTICS_EVENT_LABELS: Record<AnalyticsEvent, string> = {
  page_view: 'Páginas vistas',
  analysis_started: 'Análises iniciadas',
  checkout_started: 'Checkouts iniciados',
  signup_requested: 'Cadastros iniciados',
};
export const ANALYTICS_PATH_MAX = 120;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The route pattern of a location, with nothing that could point at a person or a record:
 * `/history/5f0c…?x=1#y` → `/history/:id`; numeric and long opaque segments (tokens, ids) become
 * `:id`; only letters, digits, `-` and `_` survive in a segment. Null for something that is not a path.
 */
export function analyticsPath(location: string): string | null {
  if (typeof location !== 'string' || !location.startsWith('/') || location.startsWith('//')) return null;
  const pathname = location.split(/[?#]/)[0];
  const segments = pathname
    .split('/')
    .filter(Boolean)
    .map((s) => {
      let seg: string;
      try {
        seg = decodeURIComponent(s);
      } catch {
        return ':id';
      }
      if (UUID.test(seg) || /\d/.test(seg) || seg.length > 24 || /[^A-Za-z0-9_-]/.test(seg)) return ':id';
      return seg.toLowerCase();
    });
  return `/${segments.join('/')}`.slice(0, ANALYTICS_PATH_MAX);
}

/** What every page may know before sign-in: which of the System tab's switches apply to the browser. */
export interface ClientTelemetryConfig {
  analyticsEnabled: boolean;
  /** Set only while error reporting is on and a DSN is configured. */
  errorReportingDsn: string | null;
  /** Where the built front end's files (/assets/…) load from while the CDN is on; null: this origin. */
  assetBaseUrl: string | null;
}

/** Sentry-style DSN: `https://<public key>@<host>[:port]/<project id>` (http allowed for a local receiver). */
export function isValidDsn(dsn: string): boolean {
  try {
    const u = new URL(dsn);
    // The SDK's own parser takes the public key as word characters only.
    return (u.protocol === 'https:' || u.protocol === 'http:') && /^\w+$/.test(u.username) && /^\/(.*\/)?\d+$/.test(u.pathname);
  } catch {
    return false;
  }
}
