import { DataSource } from 'typeorm';
import { SettingsService } from '../src/settings/settings.service';
import { TokensService } from '../src/tokens/tokens.service';
import { Stack, listKeys, makePagedPdf, registerUser, startStack, waitForFinal } from './harness';

describe('a worker killed mid-batch', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack();
  }, 60000);

  afterAll(async () => {
    await stack?.app.get(SettingsService).update('system', { tokensPerPage: 1000 }, null);
    await stack?.stop();
  });

  it('loses nothing: every analysis ends, tokens add up, no upload is left behind', async () => {
    await stack.app.get(SettingsService).update('system', { tokensPerPage: 10 }, null);
    const victim = await stack.startWorker();
    const user = await registerUser(stack);
    const pdf = await makePagedPdf(300);
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await stack.http
        .post('/api/analyses')
        .set('Authorization', `Bearer ${user.token}`)
        .attach('files', pdf, `a${i}-1.pdf`)
        .attach('files', pdf, `a${i}-2.pdf`)
        .attach('files', pdf, `a${i}-3.pdf`)
        .expect(202);
      ids.push(res.body.id);
    }

    // Kill it as soon as it is inside a job, with files of several analyses still to go.
    const deadline = Date.now() + 20000;
    while (!victim.output().includes('file extracted') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(victim.output()).toContain('file extracted');
    victim.child.kill('SIGKILL');
    await new Promise((r) => victim.child.once('exit', r));
    await stack.startWorker();

    const finals = [];
    for (const id of ids) finals.push(await waitForFinal(stack, user.token, id, 60000));
    expect(finals.map((f) => f.status).every((s) => s === 'Concluída' || s === 'Erro')).toBe(true);
    expect(finals.filter((f) => f.status === 'Concluída').length).toBeGreaterThan(0);

    const tokens = stack.app.get(TokensService);
    const { tokens: balance } = await tokens.balance(user.id);
    expect(await tokens.ledgerSum(user.id)).toBe(balance);
    const charged = finals.reduce((n, f) => n + f.tokens, 0);
    expect(balance).toBe(1_000_000 - charged);
    const unsettled = await stack.app.get(DataSource).query(`SELECT id FROM analyses WHERE user_id = $1 AND settled_at IS NULL`, [user.id]);
    expect(unsettled).toEqual([]);
    expect(await listKeys(stack, 'uploads/')).toEqual([]);
  }, 120000);

  it('retries a job when storage is briefly down, then completes it', async () => {
    const user = await registerUser(stack);
    for (const w of stack.workers) if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    const res = await stack.http.post('/api/analyses').set('Authorization', `Bearer ${user.token}`).attach('files', await makePagedPdf(1), 'a.pdf').expect(202);
    await stack.stopStorage();
    const worker = await stack.startWorker();
    const deadline = Date.now() + 20000;
    while (!worker.output().includes('"msg":"job failed"') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(worker.output()).toMatch(/"attempt":1,"state":"delayed","final":false/);
    await stack.startStorage();
    const done = await waitForFinal(stack, user.token, res.body.id, 30000);
    expect(done.status).toBe('Concluída');
    expect(await listKeys(stack, `uploads/${res.body.id}/`)).toEqual([]);
  }, 60000);
});
