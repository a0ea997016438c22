import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { getQueueToken } from '@nestjs/bullmq';
import { DataSource } from 'typeorm';
import { ANALYSES_QUEUE, DEFAULT_ANALYSIS_PARAMS, QUEUES } from '@cda/shared';
import { Stack, connectSocket, makePagedPdf, registerAdmin, registerUser, startStack, waitForFinal } from './harness';

describe('queue monitor for operators', () => {
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

  it('is for admins only', async () => {
    const user = await registerUser(stack);
    await stack.http.get('/api/admin/queues').set(as(user.token)).expect(403);
    await stack.http.get('/api/admin/queues/analyses/failed').set(as(user.token)).expect(403);
    await stack.http.post('/api/admin/queues/analyses/pause').set(as(user.token)).expect(403);
    await stack.http.post('/api/admin/queues/analyses/resume').set(as(user.token)).expect(403);
    await stack.http.post('/api/admin/queues/analyses/jobs/1/retry').set(as(user.token)).expect(403);
  });

  it('shows counts, throughput and the connected workers', async () => {
    const user = await registerUser(stack);
    const id = (await stack.http.post('/api/analyses').set(as(user.token)).attach('files', await makePagedPdf(1), 'a.pdf').expect(202)).body.id;
    await waitForFinal(stack, user.token, id);
    const body = (await stack.http.get('/api/admin/queues').set(as(admin.token)).expect(200)).body;
    const analyses = body.queues.find((q: { name: string }) => q.name === 'analyses');
    expect(analyses.counts.completed).toBeGreaterThanOrEqual(1);
    expect(analyses.paused).toBe(false);
    expect(analyses.throughput.total).toBeGreaterThanOrEqual(1);
    // Every queue of the contracts map, the webhook deliveries included.
    expect(body.queues.map((q: { name: string }) => q.name).sort()).toEqual(Object.values(QUEUES).sort());
    expect(body.queues.map((q: { name: string }) => q.name)).toContain('webhooks');
    expect(body.workers).toHaveLength(1);
    expect(body.workers[0]).toMatchObject({ pid: stack.workers[0].child.pid, concurrency: 2, version: '0.1.0', activeJobs: 0 });
  });

  it('pauses and resumes the queue', async () => {
    const user = await registerUser(stack);
    await stack.http.post('/api/admin/queues/analyses/pause').set(as(admin.token)).expect(204);
    try {
      const id = (await stack.http.post('/api/analyses').set(as(user.token)).attach('files', await makePagedPdf(1), 'p.pdf').expect(202)).body.id;
      await new Promise((r) => setTimeout(r, 1000));
      const body = (await stack.http.get('/api/admin/queues').set(as(admin.token)).expect(200)).body;
      const analyses = body.queues.find((q: { name: string }) => q.name === 'analyses');
      expect(analyses.paused).toBe(true);
      expect(analyses.counts.waiting + analyses.counts.paused).toBeGreaterThanOrEqual(1);
      expect((await stack.http.get(`/api/analyses/${id}`).set(as(user.token))).body.status).toBe('processing');
      await stack.http.post('/api/admin/queues/analyses/resume').set(as(admin.token)).expect(204);
      expect((await waitForFinal(stack, user.token, id)).status).toBe('done');
    } finally {
      await stack.http.post('/api/admin/queues/analyses/resume').set(as(admin.token)).expect(204);
    }
  });

  it('lists failed jobs with their reason and refuses to retry an analysis already ended and refunded', async () => {
    const user = await registerUser(stack);
    const db = stack.app.get(DataSource);
    const [a] = await db.query(
      `INSERT INTO analyses (user_id, status, file_count, params) VALUES ($1, 'processing', 1, '{}') RETURNING id`,
      [user.id],
    );
    const queue = stack.app.get<Queue>(getQueueToken(ANALYSES_QUEUE));
    // A job whose upload is missing from storage fails for real in the worker.
    await queue.add(
      'analyze',
      { analysisId: a.id, userId: user.id, files: [{ key: `uploads/${randomUUID()}/1.pdf`, name: 'x.pdf', pages: 1 }], params: DEFAULT_ANALYSIS_PARAMS },
      { jobId: a.id, attempts: 1 },
    );
    expect((await waitForFinal(stack, user.token, a.id)).status).toBe('error');
    const failed = (await stack.http.get('/api/admin/queues/analyses/failed').set(as(admin.token)).expect(200)).body;
    const mine = failed.items.find((j: { analysisId: string }) => j.analysisId === a.id);
    expect(mine).toMatchObject({ id: a.id, name: 'analyze', attempts: 1 });
    expect(mine.reason).toMatch(/key|exist/i);
    const retry = await stack.http.post(`/api/admin/queues/analyses/jobs/${a.id}/retry`).set(as(admin.token)).expect(409);
    expect(retry.body.message).toMatch(/já foi encerrada/);
    await stack.http.post(`/api/admin/queues/analyses/jobs/nao-existe/retry`).set(as(admin.token)).expect(404);
    await stack.http.get('/api/admin/queues/outra/failed').set(as(admin.token)).expect(404);
    const audit = await db.query(`SELECT action FROM audit_log WHERE user_id = $1 ORDER BY id`, [admin.id]);
    expect(audit.map((r: { action: string }) => r.action)).toEqual(expect.arrayContaining(['queue.pause', 'queue.resume']));
  });

  it('pushes live stats to admins over socket.io, not to users', async () => {
    const user = await registerUser(stack);
    const adminSocket = await connectSocket(stack, admin.token);
    const userSocket = await connectSocket(stack, user.token);
    let userGot = false;
    userSocket.on('queues:stats', () => (userGot = true));
    const stats = await new Promise<{ queues: unknown[]; workers: unknown[] }>((resolve) => adminSocket.once('queues:stats', resolve));
    expect(stats.queues).toHaveLength(Object.values(QUEUES).length);
    expect(stats.workers).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 2500));
    expect(userGot).toBe(false);
    adminSocket.disconnect();
    userSocket.disconnect();
  });
});
