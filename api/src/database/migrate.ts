import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from './data-source';

/** Runs pending migrations; `npm start` calls it before starting the API. */
export async function migrate(databaseUrl?: string): Promise<string[]> {
  const ds = new DataSource(dataSourceOptions(databaseUrl));
  await ds.initialize();
  try {
    const done = await ds.runMigrations({ transaction: 'each' });
    return done.map((m) => m.name);
  } finally {
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
