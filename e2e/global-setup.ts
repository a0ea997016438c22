import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { E2E_PORTS } from './playwright.config';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startStack } = require('../scripts/stack.js');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { ensureDatabase } = require('../scripts/ensure-db.js');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startSmtpCapture } = require('../scripts/smtp-capture.js');

/** The real product on its own ports and database; the returned function is Playwright's teardown. */
export default async function globalSetup() {
  // Pointed at a running instance (e.g. `npm start`): test that one instead of starting our own.
  if (process.env.E2E_BASE_URL) return undefined;
  const databaseUrl = process.env.E2E_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/cda_e2e';
  await ensureDatabase(databaseUrl, { recreate: true });
  const stack = await startStack(
    {
      DATABASE_URL: databaseUrl,
      PORT: String(E2E_PORTS.api),
      WEB_PORT: String(E2E_PORTS.web),
      EMBEDDED_S3_PORT: String(E2E_PORTS.s3),
      EMBEDDED_S3_DIR: mkdtempSync(path.join(tmpdir(), 'cda-e2e-s3-')),
      S3_ENDPOINT: '',
      QUEUE_PREFIX: (process.env.E2E_QUEUE_PREFIX = `e2e-${process.pid}`),
      ADMIN_EMAIL: 'admin@e2e.local',
      ADMIN_PASSWORD: 'e2e-admin-senha',
      LOG_LEVEL: 'warn',
      WORKER_METRICS_PORT: '0',
      // The example clients' webhook receiver listens on loopback (explicit: never on outside development by default).
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    },
    { workers: 1, log: process.env.E2E_VERBOSE ? process.stdout : { write: () => true } },
  );
  process.env.E2E_ADMIN_EMAIL = stack.admin.email;
  process.env.E2E_ADMIN_PASSWORD = stack.admin.password;
  const smtp = await useCapturedSmtp(stack.apiUrl, stack.admin);
  process.env.E2E_MP_URL = stack.mercadoPagoUrl ?? '';
  return async () => {
    await stack.stop();
    await smtp.close();
  };
}

/**
 * The product's real mail path (admin e-mail settings → nodemailer → SMTP) into an SMTP server of
 * our own; each message lands as JSON in E2E_MAIL_DIR, where the tests read it.
 */
async function useCapturedSmtp(apiUrl: string, admin: { email: string; password: string }) {
  const directory = mkdtempSync(path.join(tmpdir(), 'cda-e2e-mail-'));
  const smtp = await startSmtpCapture({ directory });
  process.env.E2E_MAIL_DIR = directory;
  const post = (route: string, method: string, body: unknown, token?: string) =>
    fetch(`${apiUrl}/api${route}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    }).then(async (r) => {
      if (!r.ok) throw new Error(`${method} ${route}: ${r.status} ${await r.text()}`);
      return r.json();
    });
  const { token } = await post('/auth/login', 'POST', { email: admin.email, password: admin.password });
  await post('/admin/settings/email', 'PUT', { smtpHost: '127.0.0.1', smtpPort: smtp.port }, token);
  return smtp;
}
