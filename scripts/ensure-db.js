#!/usr/bin/env node
/* Creates the database named in DATABASE_URL when it does not exist (Postgres has no CREATE DATABASE IF NOT EXISTS). */
const { Client } = require('pg');

async function ensureDatabase(databaseUrl, { recreate = false } = {}) {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  const adminUrl = new URL(databaseUrl);
  adminUrl.pathname = '/postgres';
  const client = new Client({ connectionString: adminUrl.toString() });
  await client.connect();
  try {
    if (recreate) await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
}

module.exports = { ensureDatabase };

if (require.main === module) {
  ensureDatabase(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/cda').catch((err) => {
    console.error(`could not create the database: ${err.message}`);
    process.exit(1);
  });
}
