import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { E2E_PORTS } from './playwright.config';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startStack } = require('../scripts/stack.js');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { ensureDatabase } = require('../scripts/ensure-db.js');

/** The real product on its own ports and database; the returned function is Playwright's teardown. */
export default async function globalSetup() {
  // Pointed at a running instance (e.g. `npm start`): test that one instead of starting our own.
  if (process.env.E2E_BASE_URL) return undefined;
  const databaseUrl = process.env.E2E_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/cda_e2e';
  await ensureDatabase(databaseUrl, { recreate: true });
  // The stack's own mail catcher (as under npm start); each message also lands as JSON here, where the tests read it.
  const mailDir = mkdtempSync(path.join(tmpdir(), 'cda-e2e-mail-'));
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
      MAIL_CATCHER_SMTP_PORT: String(E2E_PORTS.mailSmtp),
      MAIL_CATCHER_WEB_PORT: String(E2E_PORTS.mailWeb),
      MAIL_CATCHER_DIR: mailDir,
    },
    { workers: 1, log: process.env.E2E_VERBOSE ? process.stdout : { write: () => true } },
  );
  process.env.E2E_ADMIN_EMAIL = stack.admin.email;
  process.env.E2E_ADMIN_PASSWORD = stack.admin.password;
  if (!stack.mailCatcher) throw new Error('the e2e stack started without its mail catcher');
  process.env.E2E_MAIL_DIR = mailDir;
  process.env.E2E_MAIL_INBOX_URL = stack.mailCatcher.inboxUrl;
  process.env.E2E_MP_URL = stack.mercadoPagoUrl ?? '';
  return async () => {
    await stack.stop();
  };
}
