import http from 'node:http';
import { AddressInfo } from 'node:net';
import { postWebhook } from './webhook-sender';

/** Outside development the sender itself refuses non-public receivers, whatever was saved or DNS says now. */
describe('postWebhook', () => {
  let server: http.Server;
  let port: number;
  let hits = 0;

  beforeAll(async () => {
    server = http.createServer((_req, res) => {
      hits++;
      res.end('ok');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('delivers to loopback only when private targets are allowed (development, test stacks)', async () => {
    const ok = await postWebhook(`http://127.0.0.1:${port}/x`, '{}', {}, { allowPrivate: true, timeoutMs: 2000 });
    expect(ok).toMatchObject({ statusCode: 200, error: null });
    expect(hits).toBe(1);
  });

  it('refuses a literal private address, a name resolving to loopback, and plain http, without connecting', async () => {
    const before = hits;
    const literal = await postWebhook(`https://127.0.0.1:${port}/x`, '{}', {}, { allowPrivate: false, timeoutMs: 2000 });
    expect(literal).toMatchObject({ statusCode: null, error: 'endereço não público (127.0.0.1)' });
    const named = await postWebhook(`https://localhost:${port}/x`, '{}', {}, { allowPrivate: false, timeoutMs: 2000 });
    expect(named.statusCode).toBeNull();
    expect(named.error).toMatch(/endereço não público \((127\.0\.0\.1|::1)\)/);
    const plain = await postWebhook(`http://127.0.0.1:${port}/x`, '{}', {}, { allowPrivate: false, timeoutMs: 2000 });
    expect(plain.error).not.toBeNull();
    expect(hits).toBe(before);
  });
});
