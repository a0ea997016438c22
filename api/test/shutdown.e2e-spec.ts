import request from 'supertest';
import { io } from 'socket.io-client';
import { LifecycleService } from '../src/lifecycle/lifecycle.service';
import { Stack, makePagedPdf, registerUser, startStack } from './harness';

describe('API graceful shutdown', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack();
  }, 60000);

  afterAll(async () => {
    await stack?.stop();
  });

  it('on SIGTERM closes sockets, finishes the request in flight and exits 0', async () => {
    const api = await stack.startApiProcess();
    const user = await registerUser(stack);
    const socket = io(api.baseUrl, { auth: { token: user.token }, transports: ['websocket'], reconnection: false });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const exited = new Promise<number | null>((resolve) => api.child.once('exit', (code) => resolve(code)));

    // An upload already on the wire when the signal arrives still gets its answer.
    const inFlight = request(api.baseUrl)
      .post('/api/analyses')
      .set('Authorization', `Bearer ${user.token}`)
      .attach('files', await makePagedPdf(50), 'em-andamento.pdf');
    const answered = inFlight.then((r) => r.status);
    await new Promise((r) => setTimeout(r, 30));
    api.child.kill('SIGTERM');

    expect([202, 503]).toContain(await answered);
    expect(await disconnected).toBe('transport close');
    expect(await exited).toBe(0);
  }, 60000);

  it('while draining: not ready, uploads refused with 503, still alive', async () => {
    const user = await registerUser(stack);
    const lifecycle = stack.app.get(LifecycleService);
    lifecycle.beforeApplicationShutdown('SIGTERM');
    const ready = await stack.http.get('/api/health/ready').expect(503);
    expect(ready.body.error.lifecycle).toEqual({ status: 'down', message: 'shutting down' });
    await stack.http.get('/api/health/live').expect(200);
    const upload = await stack.http.post('/api/analyses').set('Authorization', `Bearer ${user.token}`).attach('files', await makePagedPdf(1), 'a.pdf');
    expect(upload.status).toBe(503);
    expect(upload.body.message).toBe('Servidor reiniciando. Envie novamente em alguns segundos.');
  });
});
