import { Client } from 'pg';
import { migrate } from '../src/database/migrate';
import { migrations } from '../src/database/data-source';

describe('migrations under concurrent start-up', () => {
  // Named after this run's test database, so parallel runs (each with its own TEST_DATABASE_URL) do not drop each other's.
  const base = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/cda_test');
  const name = `${base.pathname.slice(1)}_migrate`;
  const url = Object.assign(new URL(base), { pathname: `/${name}` }).toString();

  beforeAll(async () => {
    const admin = new Client({ connectionString: Object.assign(new URL(base), { pathname: '/postgres' }).toString() });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
  });

  it('applies each migration exactly once when three instances start together', async () => {
    const results = await Promise.all([migrate(url), migrate(url), migrate(url)]);
    expect(results.flat().sort()).toEqual(migrations.map((m) => m.name).sort());
    expect(results.filter((r) => r.length === 0)).toHaveLength(2);
    const db = new Client({ connectionString: url });
    await db.connect();
    const { rows } = await db.query('SELECT name FROM migrations');
    await db.end();
    expect(rows).toHaveLength(migrations.length);
  });
});
