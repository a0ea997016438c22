import { ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { Stack, freePort, startStack } from './harness';

/*
 * X-Forwarded-For is believed only from the configured proxies (TRUSTED_PROXIES): a client rotating
 * the header must stay in one throttle bucket, and the access records must hold its real address.
 */
const ROOT = path.resolve(__dirname, '../..');
const THROTTLED = 'Muitas tentativas em pouco tempo. Aguarde um minuto e tente novamente.';

/** Failed logins, each claiming a new address, until the throttle answers (at most `max` tries). */
async function rotateUntilThrottled(http: ReturnType<typeof request>, tag: string, max = 40): Promise<{ tries: number; codes: number[] }> {
  const codes: number[] = [];
  for (let i = 1; i <= max; i++) {
    const res = await http
      .post('/api/auth/login')
      .set('X-Forwarded-For', `203.0.113.${i}`)
      .send({ email: `ninguem-${tag}-${i}@teste.com.br`, password: 'senha-errada-1' });
    codes.push(res.status);
    if (res.status === 429) {
      expect(res.body.message).toBe(THROTTLED);
      return { tries: i, codes };
    }
  }
  return { tries: Infinity, codes };
}

describe('client address', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack();
  }, 60000);

  afterAll(async () => {
    await stack?.stop();
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy: rotating it stays throttled', async () => {
    // Its own throttle counters (prefix), so only this test's requests count.
    const api = await stack.startApiProcess({ TRUSTED_PROXIES: '', QUEUE_PREFIX: `${process.env.QUEUE_PREFIX}-untrusted` });
    const { tries, codes } = await rotateUntilThrottled(request(api.baseUrl), 'direto');
    // The login throttle allows 30 a minute per address: the 31st is refused whatever it claims.
    expect(tries).toBe(31);
    expect(codes.slice(0, 30).every((c) => c === 401)).toBe(true);
    const forged = await stack.app.get(DataSource).query(`SELECT count(*)::int AS n FROM access_logs WHERE ip LIKE '203.0.113.%'`);
    expect(forged[0].n).toBe(0);
  });

  it('the bundled web server overwrites the header with the real peer, so rotating it through the proxy stays throttled', async () => {
    // The in-process API trusts loopback, as under npm start; the client talks to vite preview's /api proxy.
    const webPort = await freePort();
    const apiPort = new URL(stack.baseUrl).port;
    const web: ChildProcess = spawn(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'preview'], {
      cwd: path.join(ROOT, 'frontend'),
      env: { ...process.env, PORT: apiPort, WEB_PORT: String(webPort) },
      stdio: 'ignore',
    });
    try {
      const webUrl = `http://127.0.0.1:${webPort}`;
      const deadline = Date.now() + 30000;
      while (!(await fetch(`${webUrl}/`).then((r) => r.ok, () => false))) {
        if (Date.now() > deadline) throw new Error('vite preview did not start');
        await new Promise((r) => setTimeout(r, 200));
      }
      // Control: straight to the API, a trusted loopback peer's header is believed (one bucket per address).
      const direct = await rotateUntilThrottled(stack.http, 'confiavel', 35);
      expect(direct.tries).toBe(Infinity);

      const { tries } = await rotateUntilThrottled(request(webUrl), 'proxy');
      // Its own 30 minus nothing: the proxy's requests all count as 127.0.0.1, which the control never used.
      expect(tries).toBe(31);
    } finally {
      web.kill('SIGTERM');
    }
  });
});
