import type { AnalysisStatus } from './analysis';
import type { SimulationSummary } from './simulation/summary';
import { QUEUES } from './contracts/queues';

/**
 * Automation for firms (issue #26): personal API tokens, completion webhooks and the batch API.
 * Shapes here cross processes (API ↔ browser, API ↔ webhook queue ↔ the customer's receiver).
 */

/** What a personal API token may do. `analyses:write` includes reading. */
export const API_TOKEN_SCOPES = ['analyses:read', 'analyses:write'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** Every personal token starts with this, so a leaked one is recognisable (secret scanners) and never taken for a session JWT. */
export const API_TOKEN_PREFIX = 'cda_pat_';
/** How many characters of a token are kept in clear to tell tokens apart in listings. */
export const API_TOKEN_DISPLAY_LENGTH = API_TOKEN_PREFIX.length + 6;
export const MAX_API_TOKENS_PER_USER = 20;

/** Short labels for the scope picker and the token list (what each allows is explained beside them). */
export const API_TOKEN_SCOPE_LABELS: Record<ApiTokenScope, string> = {
  'analyses:read': 'Somente leitura',
  'analyses:write': 'Leitura e envio',
};

/** Whether a token with `scopes` may do what `needed` names (`analyses:write` implies `analyses:read`). */
export function scopeAllows(scopes: readonly ApiTokenScope[], needed: ApiTokenScope): boolean {
  if (scopes.includes(needed)) return true;
  return needed === 'analyses:read' && scopes.includes('analyses:write');
}

/** A token as listed in Perfil → API and to administrators; the secret itself is never listed. */
export interface ApiTokenView {
  id: string;
  name: string;
  scopes: ApiTokenScope[];
  /** The first characters of the token (e.g. `cda_pat_Ab12Cd`), to recognise it. */
  displayPrefix: string;
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** The answer to a creation: the only time the token is shown. */
export interface CreatedApiToken extends ApiTokenView {
  token: string;
}

/**
 * Per-token request limit of the batch API, in one-minute windows (IETF RateLimit headers). Separate
 * from the account's hourly limit (security settings), which every token of the account shares.
 */
export const API_TOKEN_RATE_LIMIT_PER_MINUTE = 120;

// ---------------------------------------------------------------------------------------------
// Webhooks

export const WEBHOOK_EVENTS = ['analysis.completed', 'analysis.failed'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number] | 'webhook.test';

/** Header carrying `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the endpoint's secret>`. */
export const WEBHOOK_SIGNATURE_HEADER = 'X-CDA-Signature';
export const WEBHOOK_EVENT_HEADER = 'X-CDA-Event';
export const WEBHOOK_DELIVERY_HEADER = 'X-CDA-Delivery';
/** A receiver should refuse signatures older than this (replays). */
export const WEBHOOK_TOLERANCE_S = 300;
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
export const MAX_WEBHOOK_ENDPOINTS_PER_USER = 5;
/** @deprecated prefer `QUEUES.webhooks` (shared/src/contracts/queues.ts), where its job and payload are typed. */
export const WEBHOOKS_QUEUE = QUEUES.webhooks;
/** Attempts per delivery (the first included); back-off doubles from WEBHOOK_RETRY_BASE_MS. */
export const WEBHOOK_ATTEMPTS = 6;

/** The string an endpoint's secret signs: the timestamp, a dot and the raw body, byte for byte. */
export function webhookSignedPayload(timestampS: number, rawBody: string): string {
  return `${timestampS}.${rawBody}`;
}

/** The header value for a timestamp and the hex HMAC already computed over webhookSignedPayload. */
export function webhookSignatureHeader(timestampS: number, hexHmac: string): string {
  return `t=${timestampS},v1=${hexHmac}`;
}

/** Parses `t=…,v1=…` (several v1 allowed, e.g. during a secret rotation); null when malformed. */
export function parseWebhookSignature(header: string): { timestamp: number; signatures: string[] } | null {
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [k, v] = part.trim().split('=', 2);
    if (k === 't' && v && /^\d+$/.test(v)) timestamp = Number(v);
    else if (k === 'v1' && v && /^[0-9a-f]{64}$/.test(v)) signatures.push(v);
  }
  return timestamp === null || !signatures.length ? null : { timestamp, signatures };
}

/** The analysis as a webhook (and the batch e-mail) reports it: totals, never document contents. */
export interface AnalysisSummary {
  id: string;
  status: AnalysisStatus;
  createdAt: string;
  completedAt: string | null;
  fileCount: number;
  processedFiles: number;
  /** Files that could not be read. */
  failedFiles: number;
  certificateCount: number;
  flaggedFieldCount: number;
  tokensCharged: number;
  error: string | null;
  /** Workbook file names, downloadable from `GET /api/analyses/{id}/files/{name}`. */
  workbooks: string[];
  simulation: SimulationSummary | null;
  /** The analysis page in the web app. */
  url: string;
}

/** The JSON body POSTed to an endpoint. */
export interface WebhookEvent {
  /** Unique per event; repeated on every retry of it, so a receiver can ignore duplicates. */
  id: string;
  type: WebhookEventType;
  createdAt: string;
  data: { analysis: AnalysisSummary };
}

/** One delivery to one endpoint: the webhook queue's job payload (ids and the event, nothing else). */
export interface WebhookDeliveryJob {
  endpointId: string;
  userId: string;
  event: WebhookEvent;
}

export interface WebhookEndpointView {
  id: string;
  url: string;
  description: string;
  events: WebhookEventType[];
  active: boolean;
  createdAt: string;
  /** First characters of the secret, to recognise it. */
  secretPrefix: string;
}

export interface CreatedWebhookEndpoint extends WebhookEndpointView {
  /** Shown once, at creation. */
  secret: string;
}

export interface WebhookDeliveryView {
  id: string;
  endpointId: string;
  eventId: string;
  eventType: WebhookEventType;
  analysisId: string | null;
  /** 1 for the first try, 2 for the first retry… */
  attempt: number;
  /** The receiver's HTTP status, or null when it could not be reached. */
  statusCode: number | null;
  success: boolean;
  error: string | null;
  durationMs: number;
  createdAt: string;
  /** When the next retry will run, if this attempt failed and one is left. */
  nextRetryAt: string | null;
}
