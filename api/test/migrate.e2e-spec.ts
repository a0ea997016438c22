import { Client } from 'pg';
import { migrate } from '../src/database/migrate';
import { migrations } from '../src/database/data-source';

describe('migrations under concurrent start-up', () => {
  const url = 'postgres://postgres@127.0.0.1:5432/cda_test_migrate';

  beforeAll(async () => {
    const admin = new Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
    await admin.connect();
    await admin.query('DROP DATABASE IF EXISTS cda_test_migrate WITH (FORCE)');
    await admin.query('CREATE DATABASE cda_test_migrate');
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
