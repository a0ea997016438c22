import { randomBytes } from 'node:crypto';
import { SecretBox } from '../settings/secret-box';
import { TwoFactorService } from './two-factor.service';

/** A fake users table: the two TOTP columns per id, read and written by the service's SQL. */
function fakeDb(rows: Array<{ id: string; totp_secret: string | null; totp_pending_secret: string | null }>) {
  return {
    rows,
    async query(sql: string, params: string[] = []) {
      if (sql.startsWith('SELECT')) return rows.map((r) => ({ ...r }));
      const column = /SET (\w+) =/.exec(sql)![1] as 'totp_secret' | 'totp_pending_secret';
      const row = rows.find((r) => r.id === params[0] && r[column] === params[2]);
      if (row) row[column] = params[1];
      return [[], row ? 1 : 0];
    },
  };
}

describe('TOTP secrets across a SETTINGS_ENCRYPTION_KEY rotation', () => {
  it('opens secrets sealed with the previous key and re-seals them with the current one', async () => {
    const [oldKey, newKey] = [randomBytes(32).toString('base64'), randomBytes(32).toString('base64')];
    const sealedOld = new SecretBox(oldKey).seal('JBSWY3DPEHPK3PXP');
    const db = fakeDb([
      { id: 'a', totp_secret: sealedOld, totp_pending_secret: null },
      { id: 'b', totp_secret: new SecretBox(newKey).seal('KRSXG5CTMVRXEZLU'), totp_pending_secret: null },
    ]);
    const config = { get: (k: string) => (k === 'settingsKey' ? newKey : [oldKey]) };
    const service = new TwoFactorService(db as never, {} as never, {} as never, config as never);
    expect(await service.resealStaleSecrets()).toBe(1);
    const current = new SecretBox(newKey);
    expect(current.open(db.rows[0].totp_secret!)).toBe('JBSWY3DPEHPK3PXP');
    expect(current.isStale(db.rows[0].totp_secret!)).toBe(false);
    // Once re-sealed, the previous key is no longer needed.
    expect(await service.resealStaleSecrets()).toBe(0);
  });
});
