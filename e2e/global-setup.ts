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
  const databaseUrl = 'postgres://postgres@127.0.0.1:5432/cda_e2e';
  await ensureDatabase(databaseUrl, { recreate: true });
  const stack = await startStack(
    {
      DATABASE_URL: databaseUrl,
      PORT: String(E2E_PORTS.api),
      WEB_PORT: String(E2E_PORTS.web),
      EMBEDDED_S3_PORT: String(E2E_PORTS.s3),
      EMBEDDED_S3_DIR: mkdtempSync(path.join(tmpdir(), 'cda-e2e-s3-')),
      S3_ENDPOINT: '',
      QUEUE_PREFIX: `e2e-${process.pid}`,
      ADMIN_EMAIL: 'admin@e2e.local',
      ADMIN_PASSWORD: 'e2e-admin-senha',
      LOG_LEVEL: 'warn',
      WORKER_METRICS_PORT: '0',
    },
    { workers: 1, log: process.env.E2E_VERBOSE ? process.stdout : { write: () => true } },
  );
  process.env.E2E_ADMIN_EMAIL = stack.admin.email;
  process.env.E2E_ADMIN_PASSWORD = stack.admin.password;
  process.env.E2E_MP_URL = stack.mercadoPagoUrl ?? '';
  return async () => stack.stop();
}
