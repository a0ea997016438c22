import { io, Socket } from 'socket.io-client';
import request from 'supertest';
import { AnalysisStatusEvent, SOCKET_EVENTS } from '@cda/shared';
import { SettingsService } from '../src/settings/settings.service';
import { TokensService } from '../src/tokens/tokens.service';
import { CORRUPT_PDF, Stack, WorkerProcess, listKeys, makePagedPdf, metricValue, metricsAuth, signUp, startStack, waitForFinal } from './harness';

/** Two API processes, three workers: the deployment shape, on loopback. */
describe('scale-out: 2 API processes and 3 workers', () => {
  let stack: Stack;
  let api1: string;
  let api2: string;
  let workers: WorkerProcess[];
  let socket: Socket;
  const events: AnalysisStatusEvent[] = [];
  let user: { token: string; id: string };

  beforeAll(async () => {
    stack = await startStack();
    await stack.app.get(SettingsService).update('system', { tokensPerPage: 10 }, null);
    [api1, api2] = (await Promise.all([stack.startApiProcess(), stack.startApiProcess()])).map((a) => a.baseUrl);
    workers = [];
    // Locks longer than the harness' 2 s: parsing 300-page PDFs on a busy 2-core machine can hold a
    // worker's event loop past a 2 s lock, and a job stalled twice fails (maxStalledCount 1).
    for (let i = 0; i < 3; i++) workers.push(await stack.startWorker({ WORKER_SHUTDOWN_GRACE_MS: '300', WORKER_LOCK_MS: '10000' }));
    const email = `scale-${Date.now()}@teste.com.br`;
    const reg = await signUp(stack, { name: 'Escala', email, whatsapp: '11987654321', password: 'senha-forte-1' }, {}, api1);
    user = { token: reg.token, id: reg.user.id };
    socket = io(api2, { auth: { token: user.token }, transports: ['websocket'], reconnection: false });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    socket.on(SOCKET_EVENTS.analysisStatus, (e: AnalysisStatusEvent) => events.push(e));
  }, 90000);

  afterAll(async () => {
    socket?.disconnect();
    await stack?.app.get(SettingsService).update('system', { tokensPerPage: 1000 }, null);
    await stack?.stop();
  });

  async function upload(files: { data: Buffer; name: string }[]): Promise<string> {
    let req = request(api1).post('/api/analyses').set('Authorization', `Bearer ${user.token}`);
    for (const f of files) req = req.attach('files', f.data, f.name);
    return (await req.expect(202)).body.id;
  }

  it('delivers every status event through the other API instance; a SIGTERMed worker loses nothing and exits 0', async () => {
    const pdf = await makePagedPdf(300);
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push(await upload([1, 2, 3].map((n) => ({ data: pdf, name: `s${i}-${n}.pdf` }))));

    const deadline = Date.now() + 20000;
    let victim: WorkerProcess | undefined;
    while (!victim && Date.now() < deadline) {
      victim = workers.find((w) => w.output().includes('file extracted'));
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(victim).toBeDefined();
    const exited = new Promise<number | null>((r) => victim!.child.once('exit', (code) => r(code)));
    victim!.child.kill('SIGTERM');
    expect(await exited).toBe(0);

    const finals = [];
    for (const id of ids) finals.push(await waitForFinal(stack, user.token, id, 60000));
    expect(finals.map((f) => f.status)).toEqual(ids.map(() => 'done'));
    await new Promise((r) => setTimeout(r, 300));
    // Jobs the stopping worker handed back start over elsewhere, so their progress legitimately repeats.
    const handedBack = victim!
      .output()
      .split('\n')
      .filter((l) => l.includes('handed back to the queue'))
      .map((l) => JSON.parse(l).analysisId as string);
    for (const id of ids) {
      const mine = events.filter((e) => e.id === id);
      // Exactly one final event per analysis, after its progress events, none delivered twice in a row.
      expect(mine.filter((e) => e.status !== 'processing')).toEqual([{ id, status: 'done', processedFiles: 3, totalFiles: 3 }]);
      expect(mine.at(-1)!.status).toBe('done');
      expect(mine.filter((e) => e.status === 'processing').map((e) => e.processedFiles)).toEqual(
        expect.arrayContaining([0, 1, 2, 3]),
      );
      if (!handedBack.includes(id)) for (let i = 1; i < mine.length; i++) expect(mine[i]).not.toEqual(mine[i - 1]);
    }
    const tokens = stack.app.get(TokensService);
    expect(await tokens.ledgerSum(user.id)).toBe((await tokens.balance(user.id)).tokens);
    expect(await listKeys(stack, 'uploads/')).toEqual([]);
  }, 120000);

  it('moves the API and worker metrics by the right amounts', async () => {
    const scrapeApi = async () => (await request(api1).get('/api/metrics').set(metricsAuth()).expect(200)).text;
    const live = workers.filter((w) => w.child.exitCode === null && w.child.signalCode === null);
    const ports = live.map((w) => Number(/"metricsPort":(\d+)/.exec(w.output())![1]));
    const scrapeWorkers = async () => Promise.all(ports.map(async (p) => (await fetch(`http://127.0.0.1:${p}/metrics`)).text()));
    const sumWorkers = (pages: string[], name: string, labels?: Record<string, string>) =>
      pages.reduce((n, t) => n + metricValue(t, name, labels), 0);

    const apiBefore = await scrapeApi();
    const wBefore = await scrapeWorkers();
    const pdf = await makePagedPdf(2);
    const a = await upload([{ data: pdf, name: 'm1.pdf' }, { data: pdf, name: 'm2.pdf' }, { data: CORRUPT_PDF, name: 'm3.pdf' }]);
    const b = await upload([{ data: pdf, name: 'm4.pdf' }]);
    const finals = [await waitForFinal(stack, user.token, a), await waitForFinal(stack, user.token, b)];
    await new Promise((r) => setTimeout(r, 200));
    const apiAfter = await scrapeApi();
    const wAfter = await scrapeWorkers();

    const apiDelta = (name: string, labels?: Record<string, string>) => metricValue(apiAfter, name, labels) - metricValue(apiBefore, name, labels);
    const wDelta = (name: string, labels?: Record<string, string>) => sumWorkers(wAfter, name, labels) - sumWorkers(wBefore, name, labels);
    expect(apiDelta('cda_analyses_created_total')).toBe(2);
    expect(apiDelta('cda_files_uploaded_total')).toBe(4);
    expect(apiDelta('cda_pages_uploaded_total')).toBe(6);
    expect(apiDelta('cda_tokens_reserved_total')).toBe(70); // (2 + 2 + 1 minimum) × 10 + 2 × 10
    expect(apiDelta('cda_http_request_duration_seconds_count', { route: '/api/analyses', method: 'POST', status: '202' })).toBe(2);
    expect(apiAfter).toMatch(/cda_queue_jobs\{state="waiting"\} \d+/);
    expect(wDelta('cda_worker_files_total', { outcome: 'done' })).toBe(3);
    expect(wDelta('cda_worker_files_total', { outcome: 'error' })).toBe(1);
    expect(wDelta('cda_worker_file_failures_total', { reason: 'Arquivo PDF corrompido ou ilegível' })).toBe(1);
    expect(wDelta('cda_worker_pages_total')).toBe(6);
    expect(wDelta('cda_worker_jobs_total', { outcome: 'done' })).toBe(2);
    expect(wDelta('cda_worker_tokens_spent_total')).toBe(finals[0].tokens + finals[1].tokens);
    expect(finals[0].tokens + finals[1].tokens).toBe(60);
  }, 60000);

  it('shares the auth rate limit across API instances (counters in Redis)', async () => {
    // One client address (as the proxy reports it), alternating between the two instances.
    const statuses: number[] = [];
    for (let i = 0; i < 34; i++) {
      const res = await request(i % 2 ? api2 : api1)
        .post('/api/auth/login')
        .set('X-Forwarded-For', '10.20.30.40')
        .send({ email: `ninguem-${i}@teste.com.br`, password: 'qualquer-senha' });
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(30);
    expect(statuses.slice(30)).toEqual([429, 429, 429, 429]);
  });
});
