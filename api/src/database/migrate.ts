import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from './data-source';

/** Any constant shared by every instance: Postgres serialises holders of the same advisory lock. */
const MIGRATION_LOCK = 727_001;

/**
 * Runs pending migrations. Several API instances may start at once, so they queue on an advisory
 * lock and the later ones find nothing left to do.
 */
export async function migrate(databaseUrl?: string): Promise<string[]> {
  const ds = new DataSource(dataSourceOptions(databaseUrl));
  await ds.initialize();
  const lock = ds.createQueryRunner();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const done = await ds.runMigrations({ transaction: 'each' });
    return done.map((m) => m.name);
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await lock.release();
    await ds.destroy();
  }
}

if (require.main === module) {
  migrate()
    .then((names) => console.log(JSON.stringify({ level: 'info', msg: 'migrations applied', names })))
    .catch((err) => {
      console.error(JSON.stringify({ level: 'fatal', msg: 'migration failed', err: String(err?.stack ?? err) }));
      process.exit(1);
    });
}
