import { Client } from 'pg';

/** A fresh database per run, so migrations are exercised from zero every time. */
export default async function globalSetup(): Promise<void> {
  const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/cda_test');
  const name = url.pathname.slice(1);
  process.env.DATABASE_URL = url.toString();
  const admin = new Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString() });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
}
