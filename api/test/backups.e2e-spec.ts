import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { Stack, makePagedPdf, registerAdmin, registerUser, startStack, waitForFinal, downloadBinary } from './harness';

const TABLES = ['users', 'analyses', 'analysis_files', 'token_transactions', 'plans', 'settings', 'audit_log'];

async function counts(url: string): Promise<Record<string, number>> {
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    const out: Record<string, number> = {};
    for (const t of TABLES) out[t] = Number((await db.query(`SELECT count(*) AS n FROM ${t}`)).rows[0].n);
    return out;
  } finally {
    await db.end();
  }
}

describe('database backups', () => {
  let stack: Stack;
  let admin: { token: string; id: string };
  const as = (t: string) => ({ Authorization: `Bearer ${t}` });

  beforeAll(async () => {
    stack = await startStack();
    await stack.startWorker();
    admin = await registerAdmin(stack);
  }, 60000);

  afterAll(async () => {
    await stack?.stop();
  });

  it('writes a pg_dump to object storage that restores into an empty database with the same rows', async () => {
    const user = await registerUser(stack);
    const id = (await stack.http.post('/api/analyses').set(as(user.token)).attach('files', await makePagedPdf(2), 'b.pdf').expect(202)).body.id;
    await waitForFinal(stack, user.token, id);
    await stack.http.get('/api/admin/backups').set(as(user.token)).expect(403);

    const created = (await stack.http.post('/api/admin/backups').set(as(admin.token)).expect(202)).body;
    expect(created).toMatchObject({ status: 'running', trigger: 'manual', createdBy: admin.id });
    expect(created.storageKey).toMatch(/^backups\/.+\.dump$/);
    const before = await counts(process.env.DATABASE_URL!);

    let backup = created;
    const deadline = Date.now() + 30000;
    while (backup.status === 'running' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      backup = (await stack.http.get('/api/admin/backups').set(as(admin.token)).expect(200)).body.find((b: { id: string }) => b.id === created.id);
    }
    expect(backup).toMatchObject({ status: 'done', error: null });
    expect(backup.sizeBytes).toBeGreaterThan(1000);

    const dump = await downloadBinary(stack, `/api/admin/backups/${backup.id}/download`, admin.token);
    expect((dump.body as Buffer).length).toBe(backup.sizeBytes);
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'cda-backup-')), 'b.dump');
    writeFileSync(file, dump.body as Buffer);

    const target = 'postgres://postgres@127.0.0.1:5432/cda_test_restore';
    const admin_ = new Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
    await admin_.connect();
    await admin_.query('DROP DATABASE IF EXISTS cda_test_restore WITH (FORCE)');
    await admin_.query('CREATE DATABASE cda_test_restore');
    await admin_.end();
    execFileSync('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${target}`, file]);
    const after = await counts(target);
    // The audit row for the backup itself is written after the dump started.
    expect({ ...after, audit_log: 0 }).toEqual({ ...before, audit_log: 0 });
    expect(after.users).toBeGreaterThanOrEqual(2);
  }, 90000);

  it('turns the backup frequency setting into a schedule', async () => {
    const { getQueueToken } = await import('@nestjs/bullmq');
    const queue = stack.app.get(getQueueToken('maintenance'));
    const scheduled = async () => (await queue.getJobSchedulers()).find((s: { key: string }) => s.key === 'scheduled-backup');
    expect(await scheduled()).toMatchObject({ pattern: '0 3 * * *', tz: 'America/Sao_Paulo' });
    await stack.http.put('/api/admin/settings/system').set(as(admin.token)).send({ backupFrequency: 'weekly' }).expect(200);
    await new Promise((r) => setTimeout(r, 200));
    expect(await scheduled()).toMatchObject({ pattern: '0 3 * * 0' });
    await stack.http.put('/api/admin/settings/system').set(as(admin.token)).send({ backupFrequency: 'off' }).expect(200);
    await new Promise((r) => setTimeout(r, 200));
    expect(await scheduled()).toBeUndefined();
  });
});
