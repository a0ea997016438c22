import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import * as argon2 from 'argon2';
import { loadConfig } from '@cda/shared';
import { dataSourceOptions } from './data-source';
import { User } from '../users/user.entity';

/**
 * Makes sure an admin account exists. The password comes from ADMIN_PASSWORD or is generated; an
 * existing admin keeps its password unless ADMIN_PASSWORD is given, so a restart never locks anyone out.
 */
export async function seedAdmin(): Promise<{ email: string; password: string | null; created: boolean }> {
  const config = loadConfig();
  const ds = new DataSource(dataSourceOptions(config.databaseUrl));
  await ds.initialize();
  try {
    const repo = ds.getRepository(User);
    const { email, name } = config.admin;
    const existing = await repo.createQueryBuilder('u').where('lower(u.email) = lower(:email)', { email }).getOne();
    const password = config.admin.password || (existing ? null : randomBytes(9).toString('base64url'));
    if (existing) {
      if (password) await repo.update({ id: existing.id }, { passwordHash: await argon2.hash(password), role: 'root', status: 'active' });
      return { email, password, created: false };
    }
    // The operator's own account runs on the Enterprise allowance, recorded in the ledger by the users trigger.
    const [{ token_limit }] = await ds.query(`SELECT token_limit FROM plans WHERE id = 'enterprise'`);
    await repo.save(
      repo.create({ email, name, role: 'root', plan: 'enterprise', tokens: Number(token_limit), passwordHash: await argon2.hash(password!) }),
    );
    return { email, password, created: true };
  } finally {
    await ds.destroy();
  }
}

if (require.main === module) {
  seedAdmin()
    .then((r) => console.log(JSON.stringify({ level: 'info', msg: 'admin account ready', ...r })))
    .catch((err) => {
      console.error(JSON.stringify({ level: 'fatal', msg: 'seed failed', err: String(err?.stack ?? err) }));
      process.exit(1);
    });
}
