/**
 * The one typed description of the environment. The API feeds it to @nestjs/config and the worker
 * reads it directly, so both sides agree on names and defaults (listed in .env.example).
 */
export interface AppConfig {
  nodeEnv: string;
  port: number;
  webPort: number;
  publicUrl: string;
  databaseUrl: string;
  redisUrl: string;
  s3: {
    /** Empty means "start the embedded S3 server" (npm start and tests only). */
    endpoint: string;
    accessKey: string;
    secretKey: string;
    bucket: string;
    region: string;
    embeddedPort: number;
    embeddedDir: string;
  };
  jwt: { secret: string; expiresIn: string };
  admin: { email: string; password: string; name: string };
  /** BullMQ key prefix: separate prefixes keep test runs away from a running dev stack. */
  queuePrefix: string;
  workerConcurrency: number;
  /**
   * Scheduling niceness the worker gives itself (0–19). On a machine shared with the API, a positive
   * value lets the API answer uploads first while the workers take the CPU left over.
   */
  workerNice: number;
  /** How long a worker's claim on a job lasts without renewal; a dead worker's jobs return to the queue after it. */
  workerLockMs: number;
  /** On SIGTERM a worker finishes its jobs within this time, then hands the rest back to the queue. */
  workerShutdownGraceMs: number;
  /** Port of the worker's /metrics, /live and /ready; 0 picks a free one. */
  workerMetricsPort: number;
  /**
   * Interface of that server: loopback by default, so the metrics are not open to the network.
   * Kubernetes (kubelet probes, Prometheus) sets 0.0.0.0 and keeps the port inside the cluster.
   */
  workerMetricsHost: string;
  /**
   * Addresses whose X-Forwarded-For the API believes (Express `trust proxy`: names such as `loopback`,
   * `uniquelocal`, addresses, CIDRs). Empty: nobody's, the peer address is the client. Rate limits,
   * the login throttle and the Marco Civil access records key on the client address, so a proxy
   * trusted here must overwrite the header with the real peer (the bundled web server and nginx.conf do).
   */
  trustedProxies: string[];
  /**
   * /api/metrics requires `Authorization: Bearer <token>`. Outside development it is refused to
   * everyone while unset (the figures describe users, payments and load); in development it is open.
   */
  metricsToken: string;
  /** 32-byte key (base64 or hex) that encrypts secret settings at rest; required in production. */
  settingsKey: string;
  /**
   * Keys that sealed settings before a rotation (SETTINGS_ENCRYPTION_KEY_PREVIOUS, comma-separated):
   * values still sealed with one of them are opened and re-sealed with `settingsKey` at API start.
   */
  settingsKeysPrevious: string[];
  logLevel: string;
  /** Completion webhooks (issue #26). */
  webhooks: {
    /**
     * Accept http:// and loopback/private receivers. Only development by default: elsewhere such an
     * endpoint would let an account make our servers call inside our own network. A test stack turns
     * it on explicitly (WEBHOOK_ALLOW_PRIVATE_TARGETS=true) to receive on 127.0.0.1.
     */
    allowPrivateTargets: boolean;
    /** First retry after this; each next one waits twice as long. */
    retryBaseMs: number;
    /** A receiver that has not answered by then counts as failed. */
    timeoutMs: number;
  };
  /** Env fallbacks for the payment settings; the base URL points tests and test mode at a fake provider. */
  mercadoPago: {
    baseUrl: string;
    accessToken: string;
    publicKey: string;
    webhookSecret: string;
    notificationUrl: string;
    /** MP_BASE_URL is the test provider `npm start` bundles when no credentials are given (it steps aside once an admin saves some). */
    bundledTestProvider: boolean;
  };
  /**
   * The local mail catcher `npm start` runs on loopback (empty / 0 when none): its web inbox, and the
   * SMTP port it listens on, so the back office can say that mail goes there and never leaves the machine.
   */
  mailCatcher: { inboxUrl: string; smtpPort: number };
}

type Env = Record<string, string | undefined>;

function int(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n)) throw new Error(`${name} must be an integer, got "${raw}"`);
  return n;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw !== 'true' && raw !== 'false') throw new Error(`${name} must be true or false, got "${raw}"`);
  return raw === 'true';
}

function str(env: Env, name: string, fallback: string): string {
  const raw = env[name];
  return raw === undefined || raw === '' ? fallback : raw;
}

export const MERCADO_PAGO_API = 'https://api.mercadopago.com';

/** Development-only defaults: public (they are in this repository), so never accepted in production. */
export const DEV_JWT_SECRET = 'dev-only-secret-change-me';
export const DEV_SETTINGS_KEY = 'ZGV2LW9ubHktc2V0dGluZ3Mta2V5LTMyLWJ5dGVzISE=';
/** Every secret value published in this repository (defaults, .env.example, deploy examples). */
export const PUBLISHED_SECRETS: readonly string[] = [DEV_JWT_SECRET, DEV_SETTINGS_KEY, 'CHANGE_ME', 'change-me', 'changeme'];
/** HMAC keys shorter than this are guessable offline from one captured token. */
export const MIN_JWT_SECRET_LENGTH = 32;

/** The settings key as 32 bytes: 64 hex digits, or base64. */
export function parseSettingsKey(keyText: string): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(keyText) ? Buffer.from(keyText, 'hex') : Buffer.from(keyText, 'base64');
  if (key.length !== 32) throw new Error('SETTINGS_ENCRYPTION_KEY must be 32 bytes (base64 or hex)');
  return key;
}

/**
 * In production both secrets must be set, unpublished and well-formed: with a public JWT secret
 * anyone can sign a session for any account, with a public settings key anyone holding a database
 * dump reads the stored payment and SMTP secrets.
 */
function assertProductionSecrets(env: Env): void {
  const jwt = env.JWT_SECRET ?? '';
  if (!jwt) throw new Error('JWT_SECRET is required in production');
  if (PUBLISHED_SECRETS.includes(jwt)) throw new Error('JWT_SECRET is a published default; set a random value (openssl rand -base64 48)');
  if (jwt.length < MIN_JWT_SECRET_LENGTH) throw new Error(`JWT_SECRET must have at least ${MIN_JWT_SECRET_LENGTH} characters`);
  const key = env.SETTINGS_ENCRYPTION_KEY ?? '';
  if (!key) throw new Error('SETTINGS_ENCRYPTION_KEY is required in production');
  if (PUBLISHED_SECRETS.includes(key)) throw new Error('SETTINGS_ENCRYPTION_KEY is a published default; set a random value (openssl rand -base64 32)');
  parseSettingsKey(key);
}

function list(env: Env, name: string): string[] {
  return (env[name] ?? '').split(',').map((s) => s.trim()).filter(Boolean);
}

export function loadConfig(env: Env = process.env): AppConfig {
  const nodeEnv = str(env, 'NODE_ENV', 'development');
  const port = int(env, 'PORT', 3000);
  if (nodeEnv === 'production') assertProductionSecrets(env);
  const jwtSecret = str(env, 'JWT_SECRET', DEV_JWT_SECRET);
  return {
    nodeEnv,
    port,
    webPort: int(env, 'WEB_PORT', 5173),
    publicUrl: str(env, 'PUBLIC_URL', `http://localhost:${int(env, 'WEB_PORT', 5173)}`),
    databaseUrl: str(env, 'DATABASE_URL', 'postgres://postgres@127.0.0.1:5432/cda'),
    redisUrl: str(env, 'REDIS_URL', 'redis://127.0.0.1:6379'),
    s3: {
      endpoint: str(env, 'S3_ENDPOINT', ''),
      accessKey: str(env, 'S3_ACCESS_KEY', 'S3RVER'),
      secretKey: str(env, 'S3_SECRET_KEY', 'S3RVER'),
      bucket: str(env, 'S3_BUCKET', 'cda'),
      region: str(env, 'S3_REGION', 'us-east-1'),
      embeddedPort: int(env, 'EMBEDDED_S3_PORT', 9100),
      embeddedDir: str(env, 'EMBEDDED_S3_DIR', '.data/s3'),
    },
    jwt: { secret: jwtSecret, expiresIn: str(env, 'JWT_EXPIRES_IN', '24h') },
    admin: {
      email: str(env, 'ADMIN_EMAIL', 'admin@cda.local'),
      password: str(env, 'ADMIN_PASSWORD', ''),
      name: str(env, 'ADMIN_NAME', 'Administrador'),
    },
    queuePrefix: str(env, 'QUEUE_PREFIX', 'cda'),
    workerConcurrency: int(env, 'WORKER_CONCURRENCY', 2),
    workerNice: int(env, 'WORKER_NICE', 0),
    workerLockMs: int(env, 'WORKER_LOCK_MS', 30000),
    workerShutdownGraceMs: int(env, 'WORKER_SHUTDOWN_GRACE_MS', 30000),
    workerMetricsPort: int(env, 'WORKER_METRICS_PORT', 9464),
    workerMetricsHost: str(env, 'WORKER_METRICS_HOST', '127.0.0.1'),
    trustedProxies: list(env, 'TRUSTED_PROXIES'),
    metricsToken: str(env, 'METRICS_TOKEN', ''),
    settingsKey: str(env, 'SETTINGS_ENCRYPTION_KEY', DEV_SETTINGS_KEY),
    settingsKeysPrevious: list(env, 'SETTINGS_ENCRYPTION_KEY_PREVIOUS'),
    logLevel: str(env, 'LOG_LEVEL', 'info'),
    webhooks: {
      allowPrivateTargets: bool(env, 'WEBHOOK_ALLOW_PRIVATE_TARGETS', nodeEnv === 'development'),
      retryBaseMs: int(env, 'WEBHOOK_RETRY_BASE_MS', 30_000),
      timeoutMs: int(env, 'WEBHOOK_TIMEOUT_MS', 10_000),
    },
    mercadoPago: {
      baseUrl: str(env, 'MP_BASE_URL', MERCADO_PAGO_API),
      accessToken: str(env, 'MP_ACCESS_TOKEN', ''),
      publicKey: str(env, 'MP_PUBLIC_KEY', ''),
      webhookSecret: str(env, 'MP_WEBHOOK_SECRET', ''),
      notificationUrl: str(env, 'MP_NOTIFICATION_URL', `${str(env, 'PUBLIC_URL', `http://localhost:${int(env, 'WEB_PORT', 5173)}`)}/api/payments/webhook`),
      bundledTestProvider: str(env, 'MP_BUNDLED_TEST_PROVIDER', '') === 'true',
    },
    mailCatcher: { inboxUrl: str(env, 'MAIL_CATCHER_URL', ''), smtpPort: int(env, 'MAIL_CATCHER_SMTP_PORT', 0) },
  };
}

/** The embedded server listens on loopback; both sides reach it the same way. */
export function s3EndpointOf(config: AppConfig): string {
  return config.s3.endpoint || `http://127.0.0.1:${config.s3.embeddedPort}`;
}

export interface S3ClientOptions {
  endPoint: string;
  port: number;
  useSSL: boolean;
  accessKey: string;
  secretKey: string;
  region: string;
  pathStyle: boolean;
}

/** Options for the `minio` client, derived from the endpoint URL (path style works for MinIO and the embedded server). */
export function s3ClientOptions(config: AppConfig): S3ClientOptions {
  const url = new URL(s3EndpointOf(config));
  const useSSL = url.protocol === 'https:';
  return {
    endPoint: url.hostname,
    port: url.port ? Number(url.port) : useSSL ? 443 : 80,
    useSSL,
    accessKey: config.s3.accessKey,
    secretKey: config.s3.secretKey,
    region: config.s3.region,
    pathStyle: true,
  };
}

export interface RedisConnectionOptions {
  host: string;
  port: number;
  username?: string;
  password?: string;
  db: number;
  tls?: Record<string, never>;
  /** BullMQ workers require null: a blocked command must wait, not fail. */
  maxRetriesPerRequest: null;
  /** Delay before the next reconnection attempt. */
  retryStrategy: (times: number) => number;
}

/**
 * Reconnect every 0.2–2 s: BullMQ's own default backs off to 20 s, so after a Redis restart queues
 * and workers would stay disconnected for up to 20 s (uploads failing meanwhile).
 */
export const redisRetryDelay = (times: number): number => Math.min(200 * times, 2000);

export function redisOptionsFromUrl(redisUrl: string): RedisConnectionOptions {
  const url = new URL(redisUrl);
  const db = url.pathname.length > 1 ? Number(url.pathname.slice(1)) : 0;
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : 6379,
    username: url.username ? decodeURIComponent(url.username) : undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    db,
    tls: url.protocol === 'rediss:' ? {} : undefined,
    maxRetriesPerRequest: null,
    retryStrategy: redisRetryDelay,
  };
}
