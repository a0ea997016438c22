import ExcelJS from 'exceljs';
import { Socket, io } from 'socket.io-client';
import { getQueueToken } from '@nestjs/bullmq';
import { DataSource } from 'typeorm';
import { Queue } from 'bullmq';
import { ANALYSES_QUEUE, AnalysisStatusEvent, SOCKET_EVENTS, WORKBOOK_BASE, WORKBOOK_SIMULATION } from '@cda/shared';
import { AnalysesService } from '../src/analyses/analyses.service';
import { Stack, collectUntilFinal, connectSocket, listKeys, makeCdaPdf, makePagedPdf, registerUser, sampleCertificate, startStack, waitForFinal, downloadBinary, waitUntil } from './harness';

describe('upload → queue → worker → storage → live status → download', () => {
  let stack: Stack;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    stack = await startStack();
    await stack.startWorker();
  }, 60000);

  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    await stack?.stop();
  });

  async function socketFor(token?: string) {
    const s = await connectSocket(stack, token);
    sockets.push(s);
    return s;
  }

  it('processes two PDFs and lets only the owner download the workbook', async () => {
    const alice = await registerUser(stack, 'Alice');
    const bob = await registerUser(stack, 'Bob');
    const aliceSocket = await socketFor(alice.token);
    const bobSocket = await socketFor(bob.token);
    const bobEvents: AnalysisStatusEvent[] = [];
    bobSocket.on(SOCKET_EVENTS.analysisStatus, (e: AnalysisStatusEvent) => bobEvents.push(e));

    let id: string | undefined;
    const events = collectUntilFinal(aliceSocket, () => id);
    const pdfA = await makeCdaPdf([sampleCertificate(1, { number: '8061912345678', debtor: 'ACME COMERCIO LTDA', cnpj: '12.345.678/0001-95' })]);
    const pdfB = await makeCdaPdf([sampleCertificate(2, { number: '7022165432109' })]);
    const res = await stack.http
      .post('/api/analyses')
      .set('Authorization', `Bearer ${alice.token}`)
      .attach('files', pdfA, 'cda-a.pdf')
      .attach('files', pdfB, 'cda-b.pdf')
      .field('discount', '50')
      .expect(202);
    id = res.body.id;
    expect(res.body).toMatchObject({ status: 'processing', fileCount: 2 });
    const requestId = res.headers['x-request-id'];
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);

    const seen = await events.done;
    expect(seen[0].status).toBe('processing');
    expect(seen.at(-1)).toMatchObject({ status: 'done', processedFiles: 2, totalFiles: 2 });

    const analysis = await stack.http.get(`/api/analyses/${id}`).set('Authorization', `Bearer ${alice.token}`).expect(200);
    expect(analysis.body).toMatchObject({ status: 'done', params: { discount: 50, installmentsOther: 114 } });
    expect(analysis.body.files.map((f: { pages: number }) => f.pages)).toEqual([1, 1]);

    const download = await downloadBinary(stack, `/api/analyses/${id}/files/${WORKBOOK_BASE}`, alice.token);
    expect(download.headers['content-disposition']).toContain(WORKBOOK_BASE);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(download.body as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('Certidões')!;
    const rows = sheet
      .getSheetValues()
      .slice(2)
      .map((r) => (r as ExcelJS.CellValue[]).slice(1, 4))
      .filter((r) => String(r[0]).endsWith('.pdf'));
    expect(rows).toEqual([
      ['cda-a.pdf', '1', '80 6 19 123456-78'],
      ['cda-b.pdf', '1', '70 2 21 654321-09'],
    ]);
    expect(analysis.body.workbooks).toEqual([WORKBOOK_BASE, WORKBOOK_SIMULATION]);

    expect(await listKeys(stack, `uploads/${id}/`)).toEqual([]);
    // Worker logs carry ids and counts, never document text, names or CPF/CNPJ (nor file names, which often hold names).
    const logs = stack.workers.map((w) => w.output()).join('\n');
    expect(logs).toContain(id!);
    // The upload's request id follows the analysis into the worker's log lines.
    expect(logs).toMatch(new RegExp(`"requestId":"${requestId}".*"msg":"file extracted"`));
    for (const secret of ['ACME', '12.345.678', '12345678000195', 'cda-a.pdf']) expect(logs).not.toContain(secret);
    expect((await listKeys(stack, `results/${alice.id}/${id}/`)).sort()).toEqual(
      [WORKBOOK_BASE, WORKBOOK_SIMULATION].map((w) => `results/${alice.id}/${id}/${w}`),
    );

    // Bob: no download, no details, no events.
    await stack.http.get(`/api/analyses/${id}/files/${WORKBOOK_BASE}`).set('Authorization', `Bearer ${bob.token}`).expect(404);
    await stack.http.get(`/api/analyses/${id}`).set('Authorization', `Bearer ${bob.token}`).expect(404);
    const bobList = await stack.http.get('/api/analyses').set('Authorization', `Bearer ${bob.token}`).expect(200);
    expect(bobList.body).toMatchObject({ items: [], total: 0 });
    expect(bobEvents.filter((e) => e.id === id)).toEqual([]);
  });

  it('refuses a text file renamed .pdf with 400 and a pt-BR message', async () => {
    const user = await registerUser(stack);
    const res = await stack.http
      .post('/api/analyses')
      .set('Authorization', `Bearer ${user.token}`)
      .attach('files', Buffer.from('isto não é um pdf'), 'falso.pdf')
      .expect(400);
    expect(res.body.message).toBe('O arquivo "falso.pdf" não é um PDF válido.');
    const list = await stack.http.get('/api/analyses').set('Authorization', `Bearer ${user.token}`).expect(200);
    expect(list.body.total).toBe(0);
  });

  it('ends a corrupt PDF as Erro with a reason, and the worker keeps working', async () => {
    const user = await registerUser(stack);
    const socket = await socketFor(user.token);
    let id: string | undefined;
    const events = collectUntilFinal(socket, () => id);
    const corrupt = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 0x41)]);
    id = (await stack.http.post('/api/analyses').set('Authorization', `Bearer ${user.token}`).attach('files', corrupt, 'quebrado.pdf').expect(202)).body.id;
    const seen = await events.done;
    expect(seen.at(-1)).toMatchObject({ status: 'error', error: 'Arquivo PDF corrompido ou ilegível.' });
    expect(await listKeys(stack, `uploads/${id}/`)).toEqual([]);

    let id2: string | undefined;
    const events2 = collectUntilFinal(socket, () => id2);
    const good = await makePagedPdf(1);
    id2 = (await stack.http.post('/api/analyses').set('Authorization', `Bearer ${user.token}`).attach('files', good, 'ok.pdf').expect(202)).body.id;
    expect((await events2.done).at(-1)!.status).toBe('done');
    expect(stack.workers.every((w) => w.child.exitCode === null)).toBe(true);
  });

  it("tells the owner's other tabs at once when an analysis is accepted, and when it is ended before any worker ran it", async () => {
    const user = await registerUser(stack);
    const otherTab = await socketFor(user.token);
    const heard: AnalysisStatusEvent[] = [];
    otherTab.on(SOCKET_EVENTS.analysisStatus, (e: AnalysisStatusEvent) => heard.push(e));
    const queue = stack.app.get<Queue>(getQueueToken(ANALYSES_QUEUE));
    // No worker may take it: what the tab hears comes from the API alone.
    await queue.pause();
    try {
      const res = await stack.http
        .post('/api/analyses')
        .set('Authorization', `Bearer ${user.token}`)
        .attach('files', await makePagedPdf(1), 'a.pdf')
        .attach('files', await makePagedPdf(1, 2), 'b.pdf')
        .expect(202);
      const id: string = res.body.id;
      await waitUntil(() => heard.length > 0);
      expect(heard).toEqual([{ id, status: 'processing', processedFiles: 0, totalFiles: 2 }]);

      // As the stuck-analysis sweep does: ended, refunded, and the open tab is told why.
      await (await queue.getJob(id))!.remove();
      await stack.app.get(AnalysesService).failBeforeStart(id, 'Análise interrompida. Seus tokens foram estornados.');
      await waitUntil(() => heard.length > 1);
      expect(heard[1]).toEqual({ id, status: 'error', processedFiles: 0, totalFiles: 2, error: 'Análise interrompida. Seus tokens foram estornados.' });
      // And, like an analysis a worker ended, its owner is e-mailed.
      const db = stack.app.get(DataSource);
      await waitUntil(async () => (await db.query(`SELECT 1 FROM mail_outbox WHERE dedupe_key = $1`, [`analysis-finished:${id}`])).length === 1);
      const [mail] = await db.query(`SELECT subject, to_address FROM mail_outbox WHERE dedupe_key = $1`, [`analysis-finished:${id}`]);
      expect(mail).toEqual({ subject: 'Análise com erro — CDA Extractor', to_address: user.email });
      // Ending it again changes nothing and says nothing.
      await stack.app.get(AnalysesService).failBeforeStart(id, 'outra');
      await new Promise((r) => setTimeout(r, 200));
      expect(heard).toHaveLength(2);
    } finally {
      await queue.resume();
    }
  });

  it('writes one workbook row per certificate of a multi-certificate PDF', async () => {
    const user = await registerUser(stack);
    const pdf = await makeCdaPdf([sampleCertificate(11), sampleCertificate(12, { pages: 1 }), sampleCertificate(13)]);
    const id = (await stack.http.post('/api/analyses').set('Authorization', `Bearer ${user.token}`).attach('files', pdf, 'lote.pdf').expect(202)).body.id;
    const done = await waitForFinal(stack, user.token, id);
    expect(done).toMatchObject({ status: 'done', certificateCount: 3, files: [{ name: 'lote.pdf', pages: 4, certificateCount: 3, status: 'done' }] });
    expect(done.simulation).toMatchObject({ count: 3 });
    const download = await downloadBinary(stack, `/api/analyses/${id}/files/${WORKBOOK_BASE}`, user.token);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(download.body as unknown as ArrayBuffer);
    const rows = wb.getWorksheet('Certidões')!.getSheetValues().slice(2).map((r) => (r as ExcelJS.CellValue[]).slice(1, 4));
    expect(rows.filter((r) => r[0] === 'lote.pdf')).toEqual([
      ['lote.pdf', '1', '80 6 19 100011-21'],
      ['lote.pdf', '2–3', '80 6 19 100012-22'],
      ['lote.pdf', '4', '80 6 19 100013-23'],
    ]);
  });

  it('spreads jobs over two worker processes', async () => {
    const second = await stack.startWorker();
    const user = await registerUser(stack);
    const pdf = await makePagedPdf(1);
    const ids = await Promise.all(
      Array.from({ length: 8 }, async (_, i) =>
        (await stack.http.post('/api/analyses').set('Authorization', `Bearer ${user.token}`).attach('files', pdf, `f${i}.pdf`).expect(202)).body.id as string,
      ),
    );
    const deadline = Date.now() + 30000;
    for (;;) {
      const list = await stack.http.get('/api/analyses?pageSize=50').set('Authorization', `Bearer ${user.token}`).expect(200);
      const done = (list.body.items as { id: string; status: string }[]).filter((a) => ids.includes(a.id) && a.status === 'done');
      if (done.length === ids.length) break;
      if (Date.now() > deadline) throw new Error(`only ${done.length} of ${ids.length} finished`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const handledBy = (w: typeof second) => ids.filter((id) => w.output().includes(id));
    expect(handledBy(stack.workers[0]).length).toBeGreaterThan(0);
    expect(handledBy(second).length).toBeGreaterThan(0);
    expect(handledBy(stack.workers[0]).length + handledBy(second).length).toBe(ids.length);
  });

  it('requires authentication for uploads and sockets', async () => {
    await stack.http.post('/api/analyses').attach('files', await makePagedPdf(1), 'a.pdf').expect(401);
    const anon = io(stack.baseUrl, { transports: ['websocket'], reconnection: false });
    sockets.push(anon);
    const reason = await new Promise<string>((resolve) => anon.once('disconnect', resolve));
    expect(reason).toBe('io server disconnect');
  });

  it('reports liveness, and readiness from database, Redis, storage and lifecycle (and the live workers)', async () => {
    const expected = {
      database: { status: 'up' },
      redis: { status: 'up' },
      storage: { status: 'up' },
      lifecycle: { status: 'up' },
      // Reported, never failed on: without workers uploads still queue (resilience spec covers "no worker alive").
      workers: { status: 'up', alive: stack.workers.filter((w) => w.child.exitCode === null && w.child.signalCode === null).length },
    };
    expect((await stack.http.get('/api/health').expect(200)).body.details).toEqual(expected);
    expect((await stack.http.get('/api/health/ready').expect(200)).body.details).toEqual(expected);
    expect((await stack.http.get('/api/health/live').expect(200)).body.status).toBe('ok');
  });
});
