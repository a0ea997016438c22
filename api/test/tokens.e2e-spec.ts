import ExcelJS from 'exceljs';
import { DataSource } from 'typeorm';
import { WORKBOOK_BASE } from '@cda/shared';
import { SettingsService } from '../src/settings/settings.service';
import { TokensService } from '../src/tokens/tokens.service';
import { MaintenanceService, STUCK_MESSAGE } from '../src/maintenance/maintenance.service';
import { CORRUPT_PDF, Stack, listKeys, makePagedPdf, registerUser, startStack, waitForFinal, downloadBinary } from './harness';

describe('token ledger, limits and per-file outcomes', () => {
  let stack: Stack;
  let db: DataSource;
  let tokens: TokensService;
  let settings: SettingsService;

  beforeAll(async () => {
    stack = await startStack();
    await stack.startWorker();
    db = stack.app.get(DataSource);
    tokens = stack.app.get(TokensService);
    settings = stack.app.get(SettingsService);
    // Prices below assume the default 1,000 tokens per page; say so rather than rely on other specs.
    await settings.update('system', { tokensPerPage: 1000 }, null);
  }, 60000);

  afterAll(async () => {
    await stack?.stop();
  });

  const auth = (t: string) => ({ Authorization: `Bearer ${t}` });

  async function expectConsistent(userId: string) {
    const balance = await tokens.balance(userId);
    expect(await tokens.ledgerSum(userId)).toBe(balance.tokens);
    return balance.tokens;
  }

  it('accepts exactly the uploads the balance covers when 50 arrive at once', async () => {
    const user = await registerUser(stack);
    await tokens.credit(user.id, -(1_000_000 - 3000), 'admin_grant', 'Ajuste de teste');
    const pdf = await makePagedPdf(1);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => stack.http.post('/api/analyses').set(auth(user.token)).attach('files', pdf, `c${i}.pdf`)),
    );
    const accepted = results.filter((r) => r.status === 202);
    const refused = results.filter((r) => r.status === 402);
    expect(accepted).toHaveLength(3);
    expect(refused).toHaveLength(47);
    expect(refused[0].body).toMatchObject({ message: 'Tokens insuficientes', cost: 1000, balance: 0 });
    expect(await expectConsistent(user.id)).toBe(0);
    for (const r of accepted) expect((await waitForFinal(stack, user.token, r.body.id)).status).toBe('done');
    expect(await expectConsistent(user.id)).toBe(0);
    const { total } = (await stack.http.get('/api/analyses').set(auth(user.token))).body;
    expect(total).toBe(3);

  });

  it('removes the stored files of an upload refused when the reservation finds the balance gone', async () => {
    const user = await registerUser(stack);
    const before = new Set(await listKeys(stack, 'uploads/'));
    const newKeys = async () => (await listKeys(stack, 'uploads/')).filter((k) => !before.has(k));
    const until = async (check: () => Promise<boolean>) => {
      for (let i = 0; i < 200 && !(await check()); i++) await new Promise((r) => setTimeout(r, 25));
    };
    // Another spend holds the user's row and empties the balance: the upload's quick balance check
    // still sees the old balance, stores its file, and its reservation waits on the row lock.
    const other = db.createQueryRunner();
    await other.connect();
    await other.startTransaction();
    try {
      await other.query(`UPDATE users SET tokens = 0, credit_tokens = 0 WHERE id = $1`, [user.id]);
      const upload = stack.http.post('/api/analyses').set(auth(user.token)).attach('files', await makePagedPdf(1), 'a.pdf').then((r) => r);
      await until(async () => (await newKeys()).length > 0);
      await until(async () => (await db.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock'`))[0].n > 0);
      expect(await newKeys()).toHaveLength(1);
      await other.commitTransaction();
      const res = await upload;
      expect(res.status).toBe(402);
      expect(await newKeys()).toEqual([]);
      expect((await stack.http.get('/api/analyses').set(auth(user.token))).body.total).toBe(0);
    } finally {
      if (other.isTransactionActive) await other.rollbackTransaction();
      await other.release();
    }
  });

  it('finishes a 10-file batch with 2 unreadable files as Concluída, listing and refunding the failures', async () => {
    const user = await registerUser(stack);
    const good = await makePagedPdf(2);
    let req = stack.http.post('/api/analyses').set(auth(user.token));
    for (let i = 1; i <= 10; i++) req = req.attach('files', i === 4 || i === 7 ? CORRUPT_PDF : good, `arquivo-${i}.pdf`);
    const res = await req.expect(202);
    // 8 files × 2 pages + 2 uncountable files × 1 page minimum.
    expect(res.body.tokens).toBe(18_000);
    const done = await waitForFinal(stack, user.token, res.body.id);
    expect(done).toMatchObject({ status: 'done', processedFiles: 10, fileCount: 10, tokens: 16_000 });
    const failures = done.files!.filter((f) => f.status === 'error').map((f) => [f.name, f.error]);
    expect(failures).toEqual([
      ['arquivo-4.pdf', 'Arquivo PDF corrompido ou ilegível'],
      ['arquivo-7.pdf', 'Arquivo PDF corrompido ou ilegível'],
    ]);
    expect(await expectConsistent(user.id)).toBe(1_000_000 - 16_000);

    const history = (await stack.http.get('/api/analyses').set(auth(user.token)).expect(200)).body;
    expect(history.items[0].files.filter((f: { status: string }) => f.status === 'error')).toHaveLength(2);

    const xlsx = await downloadBinary(stack, `/api/analyses/${res.body.id}/files/${WORKBOOK_BASE}`, user.token);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.body as unknown as ArrayBuffer);
    const text = JSON.stringify(wb.worksheets.map((ws) => ws.getSheetValues()));
    expect(text).toContain('arquivo-4.pdf');
    expect(text).toContain('Arquivo PDF corrompido ou ilegível');
  });

  it('refunds everything when no file could be read', async () => {
    const user = await registerUser(stack);
    const res = await stack.http.post('/api/analyses').set(auth(user.token)).attach('files', CORRUPT_PDF, 'a.pdf').attach('files', CORRUPT_PDF, 'b.pdf').expect(202);
    expect((await waitForFinal(stack, user.token, res.body.id)).status).toBe('error');
    expect(await expectConsistent(user.id)).toBe(1_000_000);
    expect(await listKeys(stack, `uploads/${res.body.id}/`)).toEqual([]);
  });

  it('applies the file-count and file-size settings before storing anything', async () => {
    const user = await registerUser(stack);
    await settings.update('general', { maxFilesPerUpload: 2, maxFileSizeMb: 1 }, null);
    try {
      const small = await makePagedPdf(1);
      const tooMany = await stack.http
        .post('/api/analyses')
        .set(auth(user.token))
        .attach('files', small, 'a.pdf')
        .attach('files', small, 'b.pdf')
        .attach('files', small, 'c.pdf');
      expect(tooMany.status).toBe(400);
      expect(tooMany.body.message).toBe('Envie no máximo 2 arquivos por análise.');

      const big = Buffer.concat([small, Buffer.alloc(1024 * 1024 + 10, 0x20)]);
      const tooBig = await stack.http.post('/api/analyses').set(auth(user.token)).attach('files', big, 'grande.pdf');
      expect(tooBig.status).toBe(413);
      expect(tooBig.body.message).toBe('Cada arquivo pode ter no máximo 1 MB.');

      expect((await stack.http.get('/api/analyses').set(auth(user.token))).body.total).toBe(0);
      expect(await expectConsistent(user.id)).toBe(1_000_000);
    } finally {
      await settings.update('general', { maxFilesPerUpload: 10, maxFileSizeMb: 50 }, null);
    }
  });

  it('ends an analysis that runs past the timeout as Erro and refunds it', async () => {
    const user = await registerUser(stack);
    // Enough pages that extraction surely outlasts one second, priced low enough for the balance.
    await settings.update('system', { analysisTimeoutSeconds: 1, tokensPerPage: 10 }, null);
    try {
      await new Promise((r) => setTimeout(r, 300)); // the worker reloads settings on the announcement
      const heavy = await makePagedPdf(1000);
      let req = stack.http.post('/api/analyses').set(auth(user.token));
      for (let i = 0; i < 10; i++) req = req.attach('files', heavy, `pesado-${i}.pdf`);
      const res = await req.expect(202);
      const done = await waitForFinal(stack, user.token, res.body.id);
      expect(done).toMatchObject({ status: 'error', error: 'Tempo limite da análise excedido.', tokens: 0 });
      expect(await expectConsistent(user.id)).toBe(1_000_000);
      await new Promise((r) => setTimeout(r, 500));
      expect(await listKeys(stack, `uploads/${res.body.id}/`)).toEqual([]);
    } finally {
      await settings.update('system', { analysisTimeoutSeconds: 300, tokensPerPage: 1000 }, null);
    }
  });

  it('changes worker concurrency when the setting changes, without a restart', async () => {
    await settings.update('system', { maxConcurrentAnalyses: 3 }, null);
    const deadline = Date.now() + 5000;
    while (!stack.workers[0].output().includes('"concurrency":3') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(stack.workers[0].output()).toMatch(/"concurrency":3,.*"msg":"settings reloaded"/);
    await settings.update('system', { maxConcurrentAnalyses: 2 }, null);
  });

  it('renews the plan allowance monthly and keeps purchased credits', async () => {
    const user = await registerUser(stack);
    await tokens.credit(user.id, 500_000, 'purchase', 'Pacote de teste');
    await db.query(`UPDATE users SET tokens = tokens - 700000, credit_tokens = 300000 WHERE id = $1`, [user.id]);
    await db.query(`INSERT INTO token_transactions (user_id, type, amount, credit_amount, description) VALUES ($1, 'reserve', -700000, -200000, 'consumo de teste')`, [user.id]);
    await db.query(`UPDATE users SET plan_period_start = now() - interval '40 days' WHERE id = $1`, [user.id]);
    const maintenance = stack.app.get(MaintenanceService);
    expect(await maintenance.renewAllowances()).toBeGreaterThanOrEqual(1);
    const b = await tokens.balance(user.id);
    expect(b).toMatchObject({ tokens: 300_000 + 1_000_000, creditTokens: 300_000, tokensPlan: 1_000_000 });
    await expectConsistent(user.id);
    expect(await maintenance.renewAllowances()).toBe(0);
  });

  it('ends analyses stuck without a job and purges stale uploads', async () => {
    const user = await registerUser(stack);
    const [a] = await db.query(
      `INSERT INTO analyses (user_id, status, file_count, params, tokens_cost, updated_at) VALUES ($1, 'processing', 1, '{}', 1000, now() - interval '1 day') RETURNING id`,
      [user.id],
    );
    await db.query(`UPDATE users SET tokens = tokens - 1000 WHERE id = $1`, [user.id]);
    await db.query(`INSERT INTO token_transactions (user_id, type, amount, analysis_id) VALUES ($1, 'reserve', -1000, $2)`, [user.id, a.id]);
    await stack.s3.putObject(stack.bucket, `uploads/${a.id}/1.pdf`, Buffer.from('%PDF-1.4'));
    const maintenance = stack.app.get(MaintenanceService);
    expect(await maintenance.sweepStuckAnalyses()).toBe(1);
    const view = await waitForFinal(stack, user.token, a.id);
    expect(view).toMatchObject({ status: 'error', error: STUCK_MESSAGE });
    expect(await expectConsistent(user.id)).toBe(1_000_000);

    await stack.s3.putObject(stack.bucket, 'uploads/orphan/1.pdf', Buffer.from('%PDF-1.4'));
    expect(await maintenance.purgeStaleUploads(new Date(Date.now() - 60_000))).toBe(0);
    expect(await maintenance.purgeStaleUploads(new Date(Date.now() + 60_000))).toBeGreaterThanOrEqual(1);
    expect(await listKeys(stack, 'uploads/orphan/')).toEqual([]);
  });

  it('filters and pages the history on the server, and serves the dashboard', async () => {
    const user = await registerUser(stack);
    const pdf = await makePagedPdf(1);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await stack.http.post('/api/analyses').set(auth(user.token)).attach('files', pdf, `h${i}.pdf`).expect(202)).body.id);
    ids.push((await stack.http.post('/api/analyses').set(auth(user.token)).attach('files', CORRUPT_PDF, 'x.pdf').expect(202)).body.id);
    for (const id of ids) await waitForFinal(stack, user.token, id);

    const page1 = (await stack.http.get('/api/analyses?pageSize=2&page=1').set(auth(user.token)).expect(200)).body;
    expect(page1).toMatchObject({ total: 4, page: 1, pageCount: 2 });
    expect(page1.items.map((i: { id: string }) => i.id)).toEqual([ids[3], ids[2]]);
    expect(page1.items[0]).toMatchObject({ type: 'Extração de CDA', status: 'error', tokens: 0, fileCount: 1 });
    const page2 = (await stack.http.get('/api/analyses?pageSize=2&page=2').set(auth(user.token)).expect(200)).body;
    expect(page2.items.map((i: { id: string }) => i.id)).toEqual([ids[1], ids[0]]);
    const errors = (await stack.http.get('/api/analyses?status=error&period=today').set(auth(user.token)).expect(200)).body;
    expect(errors.items.map((i: { id: string }) => i.id)).toEqual([ids[3]]);
    await db.query(`UPDATE analyses SET created_at = now() - interval '40 days' WHERE id = $1`, [ids[0]]);
    expect((await stack.http.get('/api/analyses?period=month').set(auth(user.token))).body.total).toBe(3);
    await stack.http.get('/api/analyses?status=Qualquer').set(auth(user.token)).expect(400);

    const dash = (await stack.http.get('/api/dashboard').set(auth(user.token)).expect(200)).body;
    expect(dash).toMatchObject({ analysesCount: 4, tokens: 1_000_000 - 3000, tokensPlan: 1_000_000, planId: 'free', planName: 'Gratuito' });
    expect(dash.recentAnalyses).toHaveLength(4);
    expect(dash.user.email).toBe(user.email);
  });
});
