import { createHash } from 'node:crypto';
import ExcelJS from 'exceljs';
import { DataSource } from 'typeorm';
import { API_TOKEN_PREFIX, WORKBOOK_BASE, WORKBOOK_SIMULATION } from '@cda/shared';
import { SettingsService } from '../src/settings/settings.service';
import { TokensService } from '../src/tokens/tokens.service';
import { Stack, downloadBinary, makePagedPdf, registerAdmin, registerUser, startStack, waitForFinal } from './harness';
import { as } from './admin-fixtures';

describe('personal API tokens and the batch API', () => {
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
    await settings.update('system', { tokensPerPage: 1000 }, null);
  }, 60000);

  afterAll(async () => {
    await stack?.stop();
  });

  async function createToken(session: string, body: Record<string, unknown>) {
    const res = await stack.http.post('/api/profile/api-tokens').set(as(session)).send(body).expect(201);
    return res.body as { id: string; token: string; displayPrefix: string; scopes: string[] };
  }

  it('shows the token once, keeps only its hash, and lists it without the secret', async () => {
    const user = await registerUser(stack);
    const created = await createToken(user.token, { name: 'Sistema do escritório', scopes: ['analyses:write'] });
    expect(created.token.startsWith(API_TOKEN_PREFIX)).toBe(true);
    expect(created.token.length).toBeGreaterThan(40);
    expect(created.displayPrefix).toBe(created.token.slice(0, created.displayPrefix.length));
    const [row] = await db.query(`SELECT token_hash FROM api_tokens WHERE id = $1`, [created.id]);
    expect(row.token_hash).toBe(createHash('sha256').update(created.token).digest('hex'));
    const stored = JSON.stringify(await db.query(`SELECT * FROM api_tokens WHERE id = $1`, [created.id]));
    expect(stored).not.toContain(created.token);
    const list = (await stack.http.get('/api/profile/api-tokens').set(as(user.token)).expect(200)).body;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: created.id, name: 'Sistema do escritório', scopes: ['analyses:write'], lastUsedAt: null, revokedAt: null });
    expect(JSON.stringify(list)).not.toContain(created.token);
  });

  it('refuses bad input: no name, unknown scope, expiry in the past', async () => {
    const user = await registerUser(stack);
    const post = (body: unknown) => stack.http.post('/api/profile/api-tokens').set(as(user.token)).send(body as object);
    expect((await post({ name: '', scopes: ['analyses:read'] }).expect(400)).body.message).toContain('Informe um nome para o token.');
    expect((await post({ name: 'x', scopes: ['admin'] }).expect(400)).body.message.join(' ')).toContain('Escopo inválido');
    expect((await post({ name: 'x', scopes: ['analyses:read'], expiresAt: '2020-01-01T00:00:00Z' }).expect(400)).body.message).toBe(
      'A data de expiração deve estar no futuro.',
    );
  });

  it('a read-only token cannot upload (403) but reads; a write token uploads, reads the analysis and downloads both workbooks', async () => {
    const user = await registerUser(stack);
    const reader = await createToken(user.token, { name: 'Leitura', scopes: ['analyses:read'] });
    const writer = await createToken(user.token, { name: 'Envio', scopes: ['analyses:write'] });
    const pdf = await makePagedPdf(2);

    const refused = await stack.http.post('/api/analyses').set(as(reader.token)).attach('files', pdf, 'cda.pdf').expect(403);
    expect(refused.body.message).toContain('analyses:write');
    expect((await stack.http.get('/api/analyses').set(as(user.token))).body.total).toBe(0);

    const accepted = await stack.http.post('/api/analyses').set(as(writer.token)).attach('files', pdf, 'cda.pdf').expect(202);
    // The token acts as its owner: the owner's balance pays.
    expect((await tokens.balance(user.id)).tokens).toBe(1_000_000 - 2000);
    const done = await waitForFinal(stack, reader.token, accepted.body.id);
    expect(done.status).toBe('done');
    expect(done.files![0]).toMatchObject({ name: 'cda.pdf', status: 'done', certificateCount: 1 });
    // The certificates with their fields and per-field warnings, as JSON (the analysis page's read model).
    expect(done.certificates).toHaveLength(1);
    expect(done.certificates![0]).toMatchObject({ fileName: 'cda.pdf', flaggedFieldCount: expect.any(Number) });
    expect(done.certificates![0].record).toEqual(expect.objectContaining({ debtorName: expect.any(String), registrationNumber: expect.any(String) }));
    for (const name of [WORKBOOK_BASE, WORKBOOK_SIMULATION]) {
      const res = await downloadBinary(stack, `/api/analyses/${accepted.body.id}/files/${name}`, reader.token);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.body as unknown as ArrayBuffer);
      expect(book.worksheets.length).toBeGreaterThan(0);
    }
    const listed = (await stack.http.get('/api/profile/api-tokens').set(as(user.token))).body as { id: string; lastUsedAt: string | null }[];
    expect(listed.find((t) => t.id === reader.id)!.lastUsedAt).not.toBeNull();
    expect(listed.find((t) => t.id === writer.id)!.lastUsedAt).not.toBeNull();

    // Another account's token does not see it.
    const other = await registerUser(stack);
    const stranger = await createToken(other.token, { name: 'Outro', scopes: ['analyses:read'] });
    await stack.http.get(`/api/analyses/${accepted.body.id}`).set(as(stranger.token)).expect(404);
  }, 60000);

  it('answers the IETF RateLimit headers and 429 with Retry-After past the per-minute limit of the token', async () => {
    const user = await registerUser(stack);
    const t = await createToken(user.token, { name: 'Limite', scopes: ['analyses:read'] });
    const other = await createToken(user.token, { name: 'Outro', scopes: ['analyses:read'] });
    await settings.update('security', { apiTokenRateLimitPerMinute: 3 }, null);
    try {
      // A minute window may turn between the calls: then the count starts over and one more passes.
      const statuses: number[] = [];
      let last;
      for (let i = 0; i < 5; i++) {
        last = await stack.http.get('/api/analyses').set(as(t.token));
        statuses.push(last.status);
        if (i === 0) {
          expect(last.headers['ratelimit-limit']).toBe('3');
          expect(last.headers['ratelimit-remaining']).toBe('2');
          expect(Number(last.headers['ratelimit-reset'])).toBeGreaterThan(0);
        }
      }
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(1);
      const limited = statuses.indexOf(429);
      expect(statuses.slice(0, limited).every((s) => s === 200)).toBe(true);
      expect(last!.status).toBe(429);
      expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
      expect(last!.body.message).toContain('Limite de requisições por minuto');
      // Per token: the account's other token still has its own budget.
      await stack.http.get('/api/analyses').set(as(other.token)).expect(200);
    } finally {
      await settings.update('security', { apiTokenRateLimitPerMinute: 120 }, null);
    }
  });

  it('a revoked token is refused (401) from the next request; so is an expired one and one of a suspended owner', async () => {
    const user = await registerUser(stack);
    const t = await createToken(user.token, { name: 'Revogar', scopes: ['analyses:read'] });
    await stack.http.get('/api/analyses').set(as(t.token)).expect(200);
    const revoked = await stack.http.delete(`/api/profile/api-tokens/${t.id}`).set(as(user.token)).expect(200);
    expect(revoked.body.revokedAt).not.toBeNull();
    const res = await stack.http.get('/api/analyses').set(as(t.token)).expect(401);
    expect(res.body.message).toBe('Token de API inválido, expirado ou revogado.');

    const expiring = await createToken(user.token, { name: 'Expira', scopes: ['analyses:read'], expiresAt: new Date(Date.now() + 3600_000).toISOString() });
    await stack.http.get('/api/analyses').set(as(expiring.token)).expect(200);
    await db.query(`UPDATE api_tokens SET expires_at = now() - interval '1 second' WHERE id = $1`, [expiring.id]);
    await stack.http.get('/api/analyses').set(as(expiring.token)).expect(401);

    const live = await createToken(user.token, { name: 'Suspensa', scopes: ['analyses:read'] });
    await db.query(`UPDATE users SET status = 'suspended' WHERE id = $1`, [user.id]);
    await stack.http.get('/api/analyses').set(as(live.token)).expect(401);
    await db.query(`UPDATE users SET status = 'active' WHERE id = $1`, [user.id]);

    // Someone else's token cannot be revoked by id, and a made-up token is just invalid.
    const other = await registerUser(stack);
    await stack.http.delete(`/api/profile/api-tokens/${live.id}`).set(as(other.token)).expect(404);
    await stack.http.get('/api/analyses').set(as(`${API_TOKEN_PREFIX}made-up`)).expect(401);
  });

  it('never reaches the back office, payments, the profile or the tokens, even when its owner is an administrator', async () => {
    const admin = await registerAdmin(stack);
    const t = await createToken(admin.token, { name: 'Admin script', scopes: ['analyses:write'] });
    const closed: [string, string][] = [
      ['get', '/api/admin/users'],
      ['get', '/api/admin/dashboard'],
      ['get', '/api/admin/settings'],
      ['get', '/api/admin/orders'],
      ['delete', `/api/admin/api-tokens/${t.id}`],
      ['get', `/api/admin/users/${admin.id}/api-tokens`],
      ['get', '/api/payments/config'],
      ['post', '/api/payments/pix'],
      ['get', '/api/orders'],
      ['get', '/api/profile'],
      ['patch', '/api/profile'],
      ['put', '/api/profile/password'],
      ['get', '/api/profile/api-tokens'],
      ['post', '/api/profile/api-tokens'],
      ['delete', `/api/profile/api-tokens/${t.id}`],
      ['get', '/api/dashboard'],
      ['get', '/api/tickets'],
    ];
    for (const [method, path] of closed) {
      const res = await (stack.http as any)[method](path).set(as(t.token)).send({});
      expect([path, res.status]).toEqual([path, 403]);
      expect(res.body.message).toBe('Tokens de API dão acesso apenas à API de análises.');
    }
    // And an administrator's token sees only its owner's analyses, not everyone's.
    const user = await registerUser(stack);
    const pdf = await makePagedPdf(1);
    const mine = await stack.http.post('/api/analyses').set(as(user.token)).attach('files', pdf, 'a.pdf').expect(202);
    await stack.http.get(`/api/analyses/${mine.body.id}`).set(as(admin.token)).expect(200);
    await stack.http.get(`/api/analyses/${mine.body.id}`).set(as(t.token)).expect(404);
    await waitForFinal(stack, user.token, mine.body.id);
  });

  it('an administrator lists and revokes any user’s tokens, audited; a user cannot', async () => {
    const admin = await registerAdmin(stack);
    const user = await registerUser(stack);
    const t = await createToken(user.token, { name: 'Do cliente', scopes: ['analyses:read'] });
    await stack.http.get(`/api/admin/users/${user.id}/api-tokens`).set(as(user.token)).expect(403);
    await stack.http.delete(`/api/admin/api-tokens/${t.id}`).set(as(user.token)).expect(403);
    const list = (await stack.http.get(`/api/admin/users/${user.id}/api-tokens`).set(as(admin.token)).expect(200)).body;
    expect(list.map((x: { id: string }) => x.id)).toEqual([t.id]);
    expect(JSON.stringify(list)).not.toContain(t.token);
    await stack.http.delete(`/api/admin/api-tokens/${t.id}`).set(as(admin.token)).expect(200);
    await stack.http.get('/api/analyses').set(as(t.token)).expect(401);
    const [entry] = await db.query(`SELECT user_id, action, target, details FROM audit_log WHERE action = 'api-token.revoke' AND target = $1`, [`user:${user.id}`]);
    expect(entry).toMatchObject({ user_id: admin.id, details: { tokenId: t.id, name: 'Do cliente' } });
  });

  describe('Idempotency-Key', () => {
    it('the same key twice: one analysis, one charge; the replay says so', async () => {
      const user = await registerUser(stack);
      const t = await createToken(user.token, { name: 'Idem', scopes: ['analyses:write'] });
      const pdf = await makePagedPdf(3);
      const send = () =>
        stack.http.post('/api/analyses').set(as(t.token)).set('Idempotency-Key', 'lote-2026-11-24-001').field('discount', '50').attach('files', pdf, 'lote.pdf');
      const first = await send().expect(202);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      const second = await send().expect(202);
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(second.body).toEqual(first.body);
      const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM analyses WHERE user_id = $1`, [user.id]);
      expect(n).toBe(1);
      const [{ charges }] = await db.query(`SELECT count(*)::int AS charges FROM token_transactions WHERE user_id = $1 AND amount < 0`, [user.id]);
      expect(charges).toBe(1);
      expect((await tokens.balance(user.id)).tokens).toBe(1_000_000 - 3000);
      await waitForFinal(stack, t.token, first.body.id);
      // After it finished, still the same analysis, still one charge.
      const third = await send().expect(202);
      expect(third.body.id).toBe(first.body.id);
      expect((await tokens.balance(user.id)).tokens).toBe(1_000_000 - 3000);
    }, 60000);

    it('the same key with another upload → 422; concurrent retries with one key make one analysis; keys are per user', async () => {
      const user = await registerUser(stack);
      const pdf = await makePagedPdf(1);
      const other = await makePagedPdf(2, 2);
      await stack.http.post('/api/analyses').set(as(user.token)).set('Idempotency-Key', 'k-1').attach('files', pdf, 'a.pdf').expect(202);
      const changedFile = await stack.http.post('/api/analyses').set(as(user.token)).set('Idempotency-Key', 'k-1').attach('files', other, 'a.pdf').expect(422);
      expect(changedFile.body.message).toContain('Idempotency-Key já foi usada com outro envio');
      await stack.http.post('/api/analyses').set(as(user.token)).set('Idempotency-Key', 'k-1').field('discount', '10').attach('files', pdf, 'a.pdf').expect(422);
      await stack.http.post('/api/analyses').set(as(user.token)).set('Idempotency-Key', 'k-1').attach('files', pdf, 'b.pdf').expect(422);
      await stack.http.post('/api/analyses').set(as(user.token)).set('Idempotency-Key', 'com espaço').attach('files', pdf, 'a.pdf').expect(400);

      const racing = await Promise.all(
        Array.from({ length: 4 }, () => stack.http.post('/api/analyses').set(as(user.token)).set('Idempotency-Key', 'k-race').attach('files', pdf, 'r.pdf')),
      );
      expect(racing.map((r) => r.status)).toEqual([202, 202, 202, 202]);
      expect(new Set(racing.map((r) => r.body.id)).size).toBe(1);
      const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM analyses WHERE user_id = $1`, [user.id]);
      expect(n).toBe(2);
      expect((await tokens.balance(user.id)).tokens).toBe(1_000_000 - 2000);

      // Another user's identical key is theirs alone.
      const stranger = await registerUser(stack);
      const theirs = await stack.http.post('/api/analyses').set(as(stranger.token)).set('Idempotency-Key', 'k-1').attach('files', pdf, 'a.pdf').expect(202);
      expect(theirs.headers['idempotent-replayed']).toBeUndefined();
      for (const r of [racing[0], theirs]) await waitForFinal(stack, r.body.id === theirs.body.id ? stranger.token : user.token, r.body.id);
    }, 60000);
  });

  it('serves the OpenAPI contract: every operation summarised, the batch API typed with its headers and errors', async () => {
    const doc = (await stack.http.get('/api/docs-json').expect(200)).body;
    const ops = Object.values(doc.paths).flatMap((item: any) => Object.values(item)) as any[];
    expect(ops.length).toBeGreaterThan(80);
    expect(ops.filter((op) => !op.summary).map((op) => op.operationId)).toEqual([]);
    const create = doc.paths['/api/analyses'].post;
    expect(create.summary).toBe('Enviar PDFs de CDAs para análise');
    expect(create.parameters.map((p: any) => p.name)).toContain('Idempotency-Key');
    expect(Object.keys(create.responses)).toEqual(expect.arrayContaining(['202', '400', '401', '402', '403', '409', '422', '429']));
    expect(create.responses['202'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/AnalysisAccepted' });
    expect(create.responses['202'].headers).toHaveProperty('RateLimit-Remaining');
    expect(doc.paths['/api/analyses/{id}'].get.responses['200'].content['application/json'].example.status).toBe('done');
    expect(doc.components.schemas.AnalysisView.properties).toHaveProperty('files');
  });
});
