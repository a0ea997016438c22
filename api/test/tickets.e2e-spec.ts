import type { Test } from 'supertest';
import { DataSource } from 'typeorm';
import { TICKET_EVENT, TicketEvent } from '@cda/shared';
import { Stack, connectSocket, listKeys, makePdf, registerAdmin, registerUser, startStack } from './harness';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
/** A Windows executable's first bytes, sent as if it were a PDF. */
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(4096, 0x90)]);

describe('support tickets', () => {
  let stack: Stack;
  let admin: { token: string; id: string; email: string };
  const as = (t: string) => ({ Authorization: `Bearer ${t}` });

  beforeAll(async () => {
    stack = await startStack();
    admin = await registerAdmin(stack);
  }, 60000);

  afterAll(async () => {
    await stack?.stop();
  });

  const create = (token: string, fields: Record<string, string> = {}) => {
    const req = stack.http.post('/api/tickets').set(as(token));
    for (const [k, v] of Object.entries({ title: 'Erro no upload', description: 'O PDF não sobe.', category: '1', ...fields })) req.field(k, v);
    return req;
  };
  const ticketCount = async (userId: string) =>
    Number((await stack.app.get(DataSource).query('SELECT count(*) AS n FROM tickets WHERE user_id = $1', [userId]))[0].n);

  it('keeps every admin route for admins', async () => {
    const user = await registerUser(stack);
    const id = (await create(user.token).expect(201)).body.id;
    const routes = [
      stack.http.get('/api/admin/tickets'),
      stack.http.get(`/api/admin/tickets/${id}`),
      stack.http.post(`/api/admin/tickets/${id}/messages`).send({ content: 'oi' }),
      stack.http.patch(`/api/admin/tickets/${id}`).send({ status: 'closed' }),
    ];
    for (const r of routes) await r.set(as(user.token)).expect(403);
    await stack.http.get('/api/admin/tickets').expect(401);
    await stack.http.get('/api/tickets').expect(401);
    expect((await stack.http.get(`/api/tickets/${id}`).set(as(user.token)).expect(200)).body.status).toBe('open');
  });

  it('creates a ticket with attachments, stores them and serves them to the owner and admins only', async () => {
    const owner = await registerUser(stack, 'Ana Dona');
    const other = await registerUser(stack);
    const pdf = await makePdf(['Comprovante']);
    const res = await create(owner.token, { title: '  Cobrança em dobro  ', category: '2' })
      .attach('attachments', pdf, { filename: 'relatório.pdf', contentType: 'application/pdf' })
      .attach('attachments', PNG, { filename: 'tela.png', contentType: 'image/png' })
      .expect(201);
    const t = res.body;
    expect(t).toMatchObject({ title: 'Cobrança em dobro', category: 2, status: 'open', priority: 'medium', userName: 'Ana Dona', attachmentCount: 2, messageCount: 0 });
    expect(t.number).toBeGreaterThan(0);
    expect(t.attachments.map((a: { name: string; type: string; size: number }) => [a.name, a.type, a.size])).toEqual([
      ['relatório.pdf', 'application/pdf', pdf.length],
      ['tela.png', 'image/png', PNG.length],
    ]);
    expect((await listKeys(stack, `tickets/${t.id}/`)).sort()).toEqual([`tickets/${t.id}/1-relatorio.pdf`, `tickets/${t.id}/2-tela.png`]);

    const url = `/api/tickets/${t.id}/attachments/${t.attachments[0].id}`;
    const download = await stack.http.get(url).set(as(owner.token)).buffer(true).parse(binary).expect(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain("filename*=UTF-8''relat%C3%B3rio.pdf");
    expect(Buffer.compare(download.body as Buffer, pdf)).toBe(0);
    await stack.http.get(url).set(as(admin.token)).expect(200);
    // Someone else's ticket does not exist for them: not its data, not its files.
    await stack.http.get(url).set(as(other.token)).expect(404);
    await stack.http.get(`/api/tickets/${t.id}`).set(as(other.token)).expect(404);
    await stack.http.post(`/api/tickets/${t.id}/messages`).set(as(other.token)).send({ content: 'intruso' }).expect(404);
    await stack.http.patch(`/api/tickets/${t.id}/status`).set(as(other.token)).send({ status: 'closed' }).expect(404);
    await stack.http.get(`/api/tickets/${t.id}/attachments/00000000-0000-4000-8000-000000000000`).set(as(owner.token)).expect(404);
    await stack.http.get('/api/tickets/not-a-uuid').set(as(owner.token)).expect(404);
    expect((await stack.http.get(`/api/tickets/${t.id}`).set(as(owner.token)).expect(200)).body.messages).toEqual([]);
  });

  it('refuses a 4th file, a file over 20 MB and an .exe renamed .pdf, storing nothing', async () => {
    const user = await registerUser(stack);
    const four = create(user.token);
    for (let i = 1; i <= 4; i++) four.attach('attachments', PNG, { filename: `tela${i}.png`, contentType: 'image/png' });
    expect((await four.expect(400)).body.message).toBe('Envie no máximo 3 anexos.');

    const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(21 * 1024 * 1024, 0x20)]);
    const tooBig = await create(user.token).attach('attachments', big, { filename: 'grande.pdf', contentType: 'application/pdf' }).expect(413);
    expect(tooBig.body.message).toBe('Cada anexo pode ter no máximo 20 MB.');

    const exe = await create(user.token).attach('attachments', EXE, { filename: 'fatura.pdf', contentType: 'application/pdf' }).expect(400);
    expect(exe.body.message).toBe('O anexo "fatura.pdf" não é uma imagem, vídeo ou PDF válido. Envie apenas imagens, vídeos ou PDFs.');
    // A real PNG declared as something else is refused too: both the declared type and the bytes must agree.
    await create(user.token).attach('attachments', PNG, { filename: 'tela.png', contentType: 'application/octet-stream' }).expect(400);
    await create(user.token).attach('anexo', PNG, { filename: 'tela.png', contentType: 'image/png' }).expect(400);

    expect(await ticketCount(user.id)).toBe(0);
  });

  it('validates title, description and category', async () => {
    const user = await registerUser(stack);
    expect((await create(user.token, { title: '   ' }).expect(400)).body.message).toContain('Informe o título.');
    expect((await create(user.token, { description: '\n ' }).expect(400)).body.message).toContain('Descreva o problema.');
    expect((await create(user.token, { category: '5' }).expect(400)).body.message).toContain('Categoria inválida.');
    const plain = await stack.http.post('/api/tickets').set(as(user.token)).send({ title: 'Sem anexos', description: 'JSON também vale' }).expect(201);
    expect(plain.body.category).toBe(0);
    await stack.http.post(`/api/tickets/${plain.body.id}/messages`).set(as(user.token)).send({ content: '  ' }).expect(400);
  });

  it('lists only the caller’s tickets, 5 per page, with search and status filter', async () => {
    const user = await registerUser(stack);
    const someoneElse = await registerUser(stack);
    await create(someoneElse.token, { title: 'Alheio' }).expect(201);
    const ids: string[] = [];
    for (let i = 1; i <= 6; i++) ids.push((await create(user.token, { title: `Pedido ${i}`, description: i === 3 ? 'Boleto 100% pago' : 'Texto' }).expect(201)).body.id);
    await stack.http.post(`/api/tickets/${ids[0]}/messages`).set(as(user.token)).send({ content: 'Mais detalhes' }).expect(201);
    await stack.http.patch(`/api/tickets/${ids[1]}/status`).set(as(user.token)).send({ status: 'closed' }).expect(200);

    const first = (await stack.http.get('/api/tickets').set(as(user.token)).expect(200)).body;
    expect(first).toMatchObject({ total: 6, page: 1, pageCount: 2 });
    expect(first.items.map((t: { title: string }) => t.title)).toEqual(['Pedido 6', 'Pedido 5', 'Pedido 4', 'Pedido 3', 'Pedido 2']);
    const second = (await stack.http.get('/api/tickets?page=2').set(as(user.token)).expect(200)).body;
    expect(second.items).toHaveLength(1);
    expect(second.items[0]).toMatchObject({ title: 'Pedido 1', messageCount: 1, attachmentCount: 0 });

    const search = async (q: string) => (await stack.http.get(`/api/tickets?${q}`).set(as(user.token)).expect(200)).body.items.map((t: { title: string }) => t.title);
    expect(await search('search=pedido%205')).toEqual(['Pedido 5']);
    expect(await search(`search=${encodeURIComponent('100%')}`)).toEqual(['Pedido 3']);
    expect(await search('search=alheio')).toEqual([]);
    expect(await search('status=closed')).toEqual(['Pedido 2']);
    await stack.http.get('/api/tickets?status=whatever').set(as(user.token)).expect(400);
  });

  it('moves through the statuses: support replies wait on the user, user replies go back to support, closed takes no replies', async () => {
    const user = await registerUser(stack, 'Bruno Cliente');
    const id = (await create(user.token).expect(201)).body.id;
    const status = async () => (await stack.http.get(`/api/tickets/${id}`).set(as(user.token)).expect(200)).body;
    const before = (await status()).updatedAt;

    const reply = await stack.http.post(`/api/admin/tickets/${id}/messages`).set(as(admin.token)).send({ content: '  Pode enviar o PDF?  ' }).expect(201);
    expect(reply.body).toMatchObject({ author: 'admin', authorName: 'Admin Teste', content: 'Pode enviar o PDF?' });
    let t = await status();
    expect(t.status).toBe('waiting_response');
    expect(new Date(t.updatedAt).getTime()).toBeGreaterThan(new Date(before).getTime());

    await stack.http.post(`/api/tickets/${id}/messages`).set(as(user.token)).send({ content: 'Enviado.' }).expect(201);
    t = await status();
    expect(t.status).toBe('open');
    expect(t.messages.map((m: { author: string; authorName: string }) => `${m.author}:${m.authorName}`)).toEqual(['admin:Admin Teste', 'user:Bruno Cliente']);

    // A user message does not pull a ticket out of in_progress: only waiting_response goes back to open.
    await stack.http.patch(`/api/admin/tickets/${id}`).set(as(admin.token)).send({ status: 'in_progress', priority: 'high' }).expect(200);
    await stack.http.post(`/api/tickets/${id}/messages`).set(as(user.token)).send({ content: 'Alguma novidade?' }).expect(201);
    expect(await status()).toMatchObject({ status: 'in_progress', priority: 'high' });

    await stack.http.patch(`/api/tickets/${id}/status`).set(as(user.token)).send({ status: 'closed' }).expect(200);
    await stack.http.patch(`/api/tickets/${id}/status`).set(as(user.token)).send({ status: 'closed' }).expect(409);
    expect((await stack.http.post(`/api/tickets/${id}/messages`).set(as(user.token)).send({ content: 'x' }).expect(409)).body.message).toBe(
      'Este ticket está fechado e não aceita respostas.',
    );
    await stack.http.post(`/api/admin/tickets/${id}/messages`).set(as(admin.token)).send({ content: 'x' }).expect(409);
    // A user may only close or reopen; everything else is support's.
    await stack.http.patch(`/api/tickets/${id}/status`).set(as(user.token)).send({ status: 'in_progress' }).expect(400);

    const reopened = await stack.http.patch(`/api/tickets/${id}/status`).set(as(user.token)).send({ status: 'open' }).expect(200);
    expect(reopened.body.status).toBe('open');
    await stack.http.patch(`/api/tickets/${id}/status`).set(as(user.token)).send({ status: 'open' }).expect(409);

    await stack.http.patch(`/api/admin/tickets/${id}`).set(as(admin.token)).send({ status: 'closed' }).expect(200);
    await stack.http.patch(`/api/admin/tickets/${id}`).set(as(admin.token)).send({ status: 'open', priority: 'low' }).expect(200);
    expect(await status()).toMatchObject({ status: 'open', priority: 'low' });
    await stack.http.patch(`/api/admin/tickets/${id}`).set(as(admin.token)).send({ priority: 'urgent' }).expect(400);
    await stack.http.patch(`/api/admin/tickets/${id}`).set(as(admin.token)).send({}).expect(400);
    await stack.http.patch('/api/admin/tickets/00000000-0000-4000-8000-000000000000').set(as(admin.token)).send({ status: 'open' }).expect(404);
  });

  it('lets admins search by title, user name and e-mail and filter by status, priority and category', async () => {
    const carla = await registerUser(stack, 'Carla Zimmermann');
    const id = (await create(carla.token, { title: 'Nota fiscal', category: '3' }).expect(201)).body.id;
    await stack.http.patch(`/api/admin/tickets/${id}`).set(as(admin.token)).send({ priority: 'high', status: 'in_progress' }).expect(200);
    const ids = async (q: string) => (await stack.http.get(`/api/admin/tickets?${q}`).set(as(admin.token)).expect(200)).body.items.map((t: { id: string }) => t.id);
    expect(await ids('search=zimmermann')).toEqual([id]);
    expect(await ids(`search=${encodeURIComponent(carla.email)}`)).toEqual([id]);
    expect(await ids('search=nota%20fiscal&priority=high&status=in_progress&category=3')).toEqual([id]);
    expect(await ids('search=zimmermann&category=2')).toEqual([]);
    const page = (await stack.http.get('/api/admin/tickets?search=zimmermann').set(as(admin.token)).expect(200)).body;
    expect(page.items[0]).toMatchObject({ userName: 'Carla Zimmermann', userEmail: carla.email, priority: 'high' });
    expect((await stack.http.get(`/api/admin/tickets/${id}`).set(as(admin.token)).expect(200)).body.userEmail).toBe(carla.email);
  });

  it('pushes each reply to the owner and to admins, and to nobody else', async () => {
    const user = await registerUser(stack);
    const stranger = await registerUser(stack);
    const id = (await create(user.token).expect(201)).body.id;
    const [userSocket, adminSocket, strangerSocket] = await Promise.all([connectSocket(stack, user.token), connectSocket(stack, admin.token), connectSocket(stack, stranger.token)]);
    const strangerSaw: TicketEvent[] = [];
    strangerSocket.on(TICKET_EVENT, (e: TicketEvent) => strangerSaw.push(e));
    try {
      const next = (s: typeof userSocket) => new Promise<TicketEvent>((resolve) => s.once(TICKET_EVENT, resolve));
      const [toUser, toAdmin] = [next(userSocket), next(adminSocket)];
      await stack.http.post(`/api/admin/tickets/${id}/messages`).set(as(admin.token)).send({ content: 'Resolvido?' }).expect(201);
      for (const e of await Promise.all([toUser, toAdmin])) {
        expect(e).toMatchObject({ ticketId: id, status: 'waiting_response', message: { author: 'admin', content: 'Resolvido?' } });
      }
      await new Promise((r) => setTimeout(r, 300));
      expect(strangerSaw).toEqual([]);
    } finally {
      [userSocket, adminSocket, strangerSocket].forEach((s) => s.disconnect());
    }
  });
});

/** supertest leaves unknown binary types unparsed; collect the bytes to compare them. */
const binary: Parameters<Test['parse']>[0] = (res, cb) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};
