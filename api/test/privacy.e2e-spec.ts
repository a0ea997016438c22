import { DataSource } from 'typeorm';
import * as yauzl from 'yauzl';
import ExcelJS from 'exceljs';
import { DEFAULT_NOTIFICATION_PREFERENCES, LEGAL } from '@cda/shared';
import { Stack, downloadBinary, listKeys, makeCdaPdf, registerUser, sampleCertificate, signUp, startStack, waitForFinal } from './harness';
import { RetentionService } from '../src/privacy/retention.service';
import { PrivacyService, anonymousEmail } from '../src/privacy/privacy.service';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
const DAY = 24 * 60 * 60 * 1000;
const PASSWORD = 'senha-forte-1';
const ORIGIN = { ip: '203.0.113.9', userAgent: 'jest' };

/** Every entry of a ZIP, read back with yauzl. */
function unzip(buf: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buf, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const out = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(out));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

describe('LGPD: data export, account deletion and retention rules', () => {
  let stack: Stack;
  let db: DataSource;
  let retention: RetentionService;
  let privacy: PrivacyService;
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });

  beforeAll(async () => {
    stack = await startStack();
    await stack.startWorker();
    db = stack.app.get(DataSource);
    retention = stack.app.get(RetentionService);
    privacy = stack.app.get(PrivacyService);
  });
  afterAll(() => stack?.stop());

  /** A user with a finished analysis (two workbooks), a ticket with one attachment and one paid order. */
  async function customerWithData(name: string) {
    const user = await registerUser(stack, name);
    const pdf = await makeCdaPdf([sampleCertificate(1, { number: '8061912345678' })]);
    const up = await stack.http.post('/api/analyses').set(as(user.token)).attach('files', pdf, 'cda.pdf').expect(202);
    const analysis = await waitForFinal(stack, user.token, up.body.id);
    expect(analysis.status).toBe('done');
    const ticket = await stack.http
      .post('/api/tickets')
      .set(as(user.token))
      .field('title', `Dúvida de ${name}`)
      .field('description', 'Como leio a planilha?')
      .field('category', '1')
      .attach('attachments', PNG, { filename: 'tela.png', contentType: 'image/png' })
      .expect(201);
    const [order] = (await db.query(
      `INSERT INTO orders (user_id, kind, pack_id, item_name, tokens, amount_cents, method, status, payer_email, approved_at)
       VALUES ($1, 'token_pack', 'basic', 'Pacote Básico', 1000, 4900, 'pix', 'approved', $2, now()) RETURNING id, created_at`,
      [user.id, user.email],
    )) as { id: string; created_at: Date }[];
    await db.query(`INSERT INTO token_transactions (user_id, type, amount, order_id, description) VALUES ($1, 'purchase', 1000, $2, 'Compra do pacote')`, [
      user.id,
      order.id,
    ]);
    return { ...user, analysisId: analysis.id, ticketId: ticket.body.id as string, ticketNumber: ticket.body.number as number, orderId: order.id };
  }

  const storedFor = async (c: { id: string; ticketId: string }) => ({
    workbooks: await listKeys(stack, `results/${c.id}/`),
    attachments: await listKeys(stack, `tickets/${c.ticketId}/`),
  });
  const rowCounts = async (userId: string) => {
    const [r] = (await db.query(
      `SELECT (SELECT count(*) FROM analyses WHERE user_id = $1)::int AS analyses,
              (SELECT count(*) FROM tickets WHERE user_id = $1)::int AS tickets,
              (SELECT count(*) FROM ticket_attachments a JOIN tickets t ON t.id = a.ticket_id WHERE t.user_id = $1)::int AS attachments,
              (SELECT count(*) FROM orders WHERE user_id = $1)::int AS orders,
              (SELECT count(*) FROM users WHERE id = $1)::int AS users`,
      [userId],
    )) as Record<string, number>[];
    return r;
  };

  it('a batch leaves no uploaded PDF in storage; the export ZIP holds the profile, analyses, workbooks, tickets, attachments, payments and accesses', async () => {
    const c = await customerWithData('Helena Export');
    expect(await listKeys(stack, 'uploads/')).toEqual([]);
    await stack.http.post('/api/auth/login').send({ email: c.email, password: PASSWORD }).expect(200);
    await stack.http.post('/api/auth/login').send({ email: c.email, password: 'errada-123' }).expect(401);

    const res = await downloadBinary(stack, '/api/privacy/export', c.token);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="meus-dados_\d{4}-\d{2}-\d{2}\.zip"$/);
    const files = await unzip(res.body as Buffer);
    expect([...files.keys()].sort()).toEqual(
      [
        'LEIA-ME.txt',
        'perfil.json',
        'analises.json',
        'tickets.json',
        'pagamentos.json',
        'movimentacoes-de-tokens.json',
        'registros-de-acesso.json',
        `planilhas/${c.analysisId}/Base_Certidoes_Divida_Ativa.xlsx`,
        `planilhas/${c.analysisId}/Simulacao_Classificacao.xlsx`,
        `anexos-tickets/ticket-${c.ticketNumber}/1-tela.png`,
      ].sort(),
    );
    const json = (name: string) => JSON.parse(files.get(name)!.toString('utf8'));
    expect(json('perfil.json')).toMatchObject({ id: c.id, name: 'Helena Export', email: c.email });
    expect(json('perfil.json')).not.toHaveProperty('passwordHash');
    const [a] = json('analises.json');
    expect(a).toMatchObject({ id: c.analysisId, status: 'done', certificateCount: 1 });
    expect(a.files.map((f: { name: string }) => f.name)).toEqual(['cda.pdf']);
    const [t] = json('tickets.json');
    expect(t).toMatchObject({ title: 'Dúvida de Helena Export', description: 'Como leio a planilha?' });
    expect(t.attachments).toEqual([expect.objectContaining({ name: 'tela.png', contentType: 'image/png', size: PNG.length })]);
    expect(json('pagamentos.json')).toEqual([expect.objectContaining({ id: c.orderId, amount_cents: 4900, method: 'pix', status: 'approved' })]);
    expect(json('movimentacoes-de-tokens.json').map((l: { type: string }) => l.type)).toEqual(expect.arrayContaining(['reserve', 'settle']));
    const accesses = json('registros-de-acesso.json') as { event: string; ip: string }[];
    expect(accesses.map((x) => x.event)).toEqual(['login', 'register']);
    expect(accesses[0].ip).toMatch(/127\.0\.0\.1/);
    // The attachment is byte for byte what was sent; the workbook opens and has the certificate row.
    expect(files.get(`anexos-tickets/ticket-${c.ticketNumber}/1-tela.png`)!.equals(PNG)).toBe(true);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(files.get(`planilhas/${c.analysisId}/Base_Certidoes_Divida_Ativa.xlsx`)! as unknown as ArrayBuffer);
    expect(wb.worksheets[0].rowCount).toBeGreaterThanOrEqual(2);
    expect(files.get('LEIA-ME.txt')!.toString('utf8')).toContain('Cópia dos dados de Helena Export');
    // The export itself is an access on record; someone else's export is not reachable.
    const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM access_logs WHERE user_id = $1 AND event = 'data_export'`, [c.id]);
    expect(n).toBe(1);
    const [{ f }] = await db.query(`SELECT count(*)::int AS f FROM access_logs WHERE user_id IS NULL AND event = 'login_failed'`);
    expect(f).toBeGreaterThanOrEqual(1);
    await stack.http.get('/api/privacy/export').expect(401);
  });

  it('moving the clock: files of accounts past 90 days go, nothing else; payment records stay 5 years, access records 6 months', async () => {
    const t0 = new Date();
    // Other suites sharing the database may have deleted accounts around t0: these two sit apart in time.
    const early = await customerWithData('Ana Antes'); // deleted 10 days before t0
    const later = await customerWithData('Bruno Depois'); // deleted 30 days after t0
    const active = await customerWithData('Carla Ativa'); // never deleted
    await privacy.deleteAccount(early.id, PASSWORD, ORIGIN, new Date(t0.getTime() - 10 * DAY));
    await privacy.deleteAccount(later.id, PASSWORD, ORIGIN, new Date(t0.getTime() + 30 * DAY));
    // An old order of the active customer: their own history, never purged while the account lives.
    await db.query(`UPDATE orders SET created_at = $2 WHERE id = $1`, [active.orderId, new Date(t0.getTime() - 6 * 365 * DAY)]);
    const before = { early: await storedFor(early), later: await storedFor(later), active: await storedFor(active) };
    for (const s of Object.values(before)) {
      expect(s.workbooks).toHaveLength(2);
      expect(s.attachments).toHaveLength(1);
    }

    // Day 89 after the first deletion (t0 + 79): still inside the window for everyone.
    expect(await retention.purgeDeletedAccounts(new Date(t0.getTime() + 79 * DAY))).toMatchObject({ accounts: 0, workbooks: 0, attachments: 0 });
    expect(await storedFor(early)).toEqual(before.early);

    // Day 91 after it (t0 + 81): only the early account's files and rows go.
    expect(await retention.purgeDeletedAccounts(new Date(t0.getTime() + 81 * DAY))).toEqual({
      accounts: 1,
      workbooks: 2,
      attachments: 1,
      analyses: 1,
      tickets: 1,
      failed: 0,
    });
    expect(await storedFor(early)).toEqual({ workbooks: [], attachments: [] });
    expect(await rowCounts(early.id)).toEqual({ analyses: 0, tickets: 0, attachments: 0, orders: 1, users: 1 });
    expect(await storedFor(later)).toEqual(before.later);
    expect(await storedFor(active)).toEqual(before.active);
    expect(await rowCounts(later.id)).toMatchObject({ analyses: 1, tickets: 1, attachments: 1, orders: 1 });
    expect(await rowCounts(active.id)).toMatchObject({ analyses: 1, tickets: 1, attachments: 1, orders: 1 });
    // The order's ledger row stays with the order; usage rows went with the analyses.
    const ledger = await db.query(`SELECT type, order_id FROM token_transactions WHERE user_id = $1`, [early.id]);
    expect(ledger).toEqual([{ type: 'purchase', order_id: early.orderId }]);
    // Running again at the same instant finds nothing more.
    expect((await retention.purgeDeletedAccounts(new Date(t0.getTime() + 81 * DAY))).accounts).toBe(0);

    // Day 121: the later account's window closes too (with any deleted around t0); the active one is still untouched.
    const second = await retention.purgeDeletedAccounts(new Date(t0.getTime() + 121 * DAY));
    expect(second.accounts).toBeGreaterThanOrEqual(1);
    expect(second.failed).toBe(0);
    expect(await storedFor(later)).toEqual({ workbooks: [], attachments: [] });
    expect(await storedFor(active)).toEqual(before.active);

    // Payment records: kept one day short of five years after the payment, deleted one day after.
    const fiveYears = (d: number) => {
      const x = new Date(t0);
      x.setUTCFullYear(x.getUTCFullYear() + LEGAL.paymentRecordsYears);
      return new Date(x.getTime() + d * DAY);
    };
    // Not `accounts: 0`: the rule also removes any other spec's deleted, purged account with no records
    // left (the database is shared by the spec files), so this test's own accounts are checked by id.
    expect(await retention.purgePaymentRecords(fiveYears(-1))).toMatchObject({ orders: 0, ledger: 0 });
    expect(await rowCounts(early.id)).toMatchObject({ orders: 1, users: 1 });
    expect(await rowCounts(later.id)).toMatchObject({ orders: 1, users: 1 });
    const purged = await retention.purgePaymentRecords(fiveYears(1));
    expect(purged.orders).toBeGreaterThanOrEqual(2); // early's and later's: the active customer's six-year-old order stays
    expect((await rowCounts(early.id)).orders).toBe(0);
    expect((await rowCounts(later.id)).orders).toBe(0);
    expect((await rowCounts(active.id)).orders).toBe(1);
    expect(purged.ledger).toBeGreaterThanOrEqual(2);
    expect(await db.query(`SELECT count(*)::int AS n FROM token_transactions WHERE order_id = ANY($1::uuid[])`, [[early.orderId, later.orderId]])).toEqual([{ n: 0 }]);
    // Their access records are past six months by then, but that rule has not run: the rows wait for it.
    expect((await rowCounts(early.id)).users).toBe(1);
    expect((await rowCounts(later.id)).users).toBe(1);
  });

  it('deletion needs the password, cancels the plan and anonymises at once; the e-mail can sign up again', async () => {
    const c = await customerWithData('Otávio Exclui');
    await db.query(`UPDATE users SET plan = 'premium', plan_expires_at = now() + interval '20 days', phone = '11988887777', company = 'ACME' WHERE id = $1`, [c.id]);
    const [pending] = await db.query(
      `INSERT INTO orders (user_id, kind, pack_id, item_name, tokens, amount_cents, method, status, payer_email)
       VALUES ($1, 'token_pack', 'basic', 'Pacote', 1000, 4900, 'pix', 'pending', $2) RETURNING id`,
      [c.id, c.email],
    );

    const missing = await stack.http.post('/api/privacy/delete-account').set(as(c.token)).send({}).expect(400);
    expect(missing.body.message).toEqual(expect.arrayContaining(['Informe a sua senha para confirmar.']));
    const wrong = await stack.http.post('/api/privacy/delete-account').set(as(c.token)).send({ password: 'outra-senha-9' }).expect(400);
    expect(wrong.body.message).toBe('Senha incorreta. A conta não foi excluída.');
    expect((await rowCounts(c.id)).users).toBe(1);

    const ok = await stack.http.post('/api/privacy/delete-account').set(as(c.token)).send({ password: PASSWORD }).expect(200);
    const due = new Date(ok.body.dataDeletionAt).getTime();
    expect(Math.abs(due - (Date.now() + LEGAL.dataRetentionDays * DAY))).toBeLessThan(60_000);
    expect(ok.body.message).toContain('anonimizados');

    const [u] = await db.query(
      `SELECT name, email, phone, whatsapp, company, plan, plan_expires_at, deleted_at, notification_prefs FROM users WHERE id = $1`,
      [c.id],
    );
    expect(u).toMatchObject({ name: 'Conta excluída', email: anonymousEmail(c.id), phone: null, whatsapp: null, company: null, plan: 'free', plan_expires_at: null });
    // Every channel off under the keys the settings and senders read (no stale key names beside them).
    expect(Object.keys(u.notification_prefs).sort()).toEqual(Object.keys(DEFAULT_NOTIFICATION_PREFERENCES).sort());
    expect(Object.values(u.notification_prefs)).toEqual([false, false, false, false]);
    expect(u.deleted_at).not.toBeNull();
    const [o] = await db.query(`SELECT status, status_detail FROM orders WHERE id = $1`, [pending.id]);
    expect(o).toEqual({ status: 'cancelled', status_detail: 'account_deleted' });
    const [tk] = await db.query(`SELECT status FROM tickets WHERE id = $1`, [c.ticketId]);
    expect(tk.status).toBe('closed');
    // The session is over and the old credentials no longer open anything.
    await stack.http.get('/api/auth/me').set(as(c.token)).expect(401);
    await stack.http.post('/api/auth/login').send({ email: c.email, password: PASSWORD }).expect(401);
    // Files and payment records are still there until their windows close.
    expect(await storedFor(c)).toEqual({ workbooks: expect.arrayContaining([expect.any(String)]), attachments: [expect.any(String)] });
    expect((await rowCounts(c.id)).orders).toBe(2);
    // The freed e-mail opens a brand-new, empty account.
    const again = { body: await signUp(stack, { name: 'Otávio Novo', email: c.email, whatsapp: '11987654321', password: PASSWORD }) };
    expect(again.body.user.id).not.toBe(c.id);
    expect((await rowCounts(again.body.user.id)).analyses).toBe(0);
  });

  it('access records older than six months are deleted, younger ones kept, to the record', async () => {
    const user = await registerUser(stack, 'Davi Acessos');
    const now = new Date();
    const at = (months: number, days = 0) => {
      const d = new Date(now);
      d.setUTCMonth(d.getUTCMonth() - months);
      return new Date(d.getTime() - days * DAY);
    };
    const accessLog = stack.app.get((await import('../src/privacy/access-log.service')).AccessLogService);
    await accessLog.record(user.id, 'login', ORIGIN, at(6, 1)); // just past six months
    await accessLog.record(user.id, 'login', ORIGIN, at(7));
    await accessLog.record(user.id, 'login', ORIGIN, at(6, -1)); // a day inside
    await accessLog.record(null, 'login_failed', ORIGIN, at(8));
    const mine = async () =>
      (await db.query(`SELECT created_at FROM access_logs WHERE user_id = $1 ORDER BY created_at`, [user.id])).map((r: { created_at: Date }) => r.created_at.toISOString());
    expect(await mine()).toHaveLength(4); // three above and the sign-up

    const olderThanSixMonths = Number((await db.query(`SELECT count(*) AS n FROM access_logs WHERE created_at < $1`, [at(6)]))[0].n);
    expect(olderThanSixMonths).toBeGreaterThanOrEqual(3);
    expect(await retention.purgeAccessLogs(now)).toEqual({ accessLogs: olderThanSixMonths });
    expect(await mine()).toEqual([at(6, -1).toISOString(), expect.any(String)]);
    expect(Number((await db.query(`SELECT count(*) AS n FROM access_logs WHERE created_at < $1`, [at(6)]))[0].n)).toBe(0);

    // Six months on, everything recorded up to now has aged out.
    const later = new Date(now);
    later.setUTCMonth(later.getUTCMonth() + 6);
    await retention.purgeAccessLogs(new Date(later.getTime() + DAY));
    expect(await mine()).toEqual([]);
  });

  it('once files, payments and access records are all gone, the anonymised account row itself goes', async () => {
    const c = await customerWithData('Eva Fim');
    const t0 = new Date();
    await privacy.deleteAccount(c.id, PASSWORD, ORIGIN, t0);
    const far = new Date(t0);
    far.setUTCFullYear(far.getUTCFullYear() + 6);
    await retention.purgeDeletedAccounts(far);
    await retention.purgeAccessLogs(far);
    const r = await retention.purgePaymentRecords(far);
    expect(r.accounts).toBeGreaterThanOrEqual(1);
    expect(await rowCounts(c.id)).toEqual({ analyses: 0, tickets: 0, attachments: 0, orders: 0, users: 0 });
  });
});
