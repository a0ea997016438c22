import { DataSource } from 'typeorm';
import { authenticator } from 'otplib';
import { SettingsService } from '../src/settings/settings.service';
import { Stack, registerAdmin, registerUser, startStack } from './harness';

/** Issue #21: TOTP for administrators, turned on by the security settings and then required of every admin and root. */
describe('two-factor authentication for administrators', () => {
  let stack: Stack;
  let db: DataSource;
  let ipSeq = 0;
  const as = (t: string) => ({ Authorization: `Bearer ${t}` });
  const newIp = () => ({ 'X-Forwarded-For': `10.21.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}` });
  const login = (email: string, password = 'senha-forte-1', ip = newIp()) => stack.http.post('/api/auth/login').set(ip).send({ email, password });
  /** A code of the given time step (30 s), as the authenticator app shows it. */
  const codeAt = async (secret: string, offsetSteps = 0) =>
    authenticator.clone({ epoch: Date.now() + offsetSteps * 30_000 }).generate(secret);

  beforeAll(async () => {
    stack = await startStack();
    db = stack.app.get(DataSource);
  }, 60000);

  afterAll(async () => {
    await stack?.app.get(SettingsService).update('security', { requireAdmin2fa: false }, null);
    await stack?.stop();
  });

  it('once required: an admin without 2FA is sent to enrolment, and one with it cannot log in without the code', async () => {
    const admin = await registerAdmin(stack);
    const user = await registerUser(stack);
    // Off by default: a password is enough.
    expect((await login(admin.email).expect(200)).body.token).toEqual(expect.any(String));

    await stack.http.put('/api/admin/settings/security').set(as(admin.token)).send({ requireAdmin2fa: true }).expect(200);
    // Sessions an administrator opened without the second factor end; a plain user's do not.
    await stack.http.get('/api/admin/users/stats').set(as(admin.token)).expect(401);
    await stack.http.get('/api/auth/me').set(as(user.token)).expect(200);
    expect((await login(user.email).expect(200)).body).toEqual({ token: expect.any(String), user: expect.objectContaining({ role: 'user' }) });

    // Enrolment after the password: a challenge, never a session.
    const first = await login(admin.email).expect(200);
    expect(first.body).toEqual({ twoFactor: 'enroll', challenge: expect.any(String) });
    await stack.http.get('/api/auth/me').set(as(first.body.challenge)).expect(401);
    const setup = await stack.http.post('/api/auth/2fa/setup').send({ challenge: first.body.challenge }).expect(200);
    expect(setup.body.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    expect(setup.body.otpauthUrl).toMatch(/^otpauth:\/\/totp\/CDA%20Extractor:.+\?.*secret=/);
    const secret: string = setup.body.secret;
    const [stored] = await db.query(`SELECT totp_pending_secret, totp_enabled_at FROM users WHERE id = $1`, [admin.id]);
    expect(stored.totp_pending_secret).toMatch(/^enc:v1:/); // sealed at rest
    expect(stored.totp_enabled_at).toBeNull();
    const wrong = await stack.http.post('/api/auth/2fa/enable').send({ challenge: first.body.challenge, code: '000000' }).expect(400);
    expect(wrong.body.message).toMatch(/^Código inválido/);
    const enabled = await stack.http.post('/api/auth/2fa/enable').send({ challenge: first.body.challenge, code: await codeAt(secret) }).expect(200);
    expect(enabled.body.recoveryCodes).toHaveLength(10);
    expect(enabled.body.recoveryCodes[0]).toMatch(/^[0-9a-f]{5}-[0-9a-f]{5}$/);
    await stack.http.get('/api/admin/users/stats').set(as(enabled.body.token)).expect(200);
    const hashes = await db.query(`SELECT code_hash FROM recovery_codes WHERE user_id = $1`, [admin.id]);
    expect(hashes).toHaveLength(10);
    expect(JSON.stringify(hashes)).not.toContain(enabled.body.recoveryCodes[0].replace('-', ''));

    // From now on the password alone opens nothing.
    const second = await login(admin.email).expect(200);
    expect(second.body).toEqual({ twoFactor: 'verify', challenge: expect.any(String) });
    expect(second.body.token).toBeUndefined();
    const challenge = second.body.challenge;
    await stack.http.post('/api/auth/2fa/verify').send({ challenge }).expect(400);
    const bad = await stack.http.post('/api/auth/2fa/verify').set(newIp()).send({ challenge, code: '123456' }).expect(401);
    expect(bad.body.message).toMatch(/^Código inválido/);
    // The enrolment challenge is not a verification one, nor the reverse.
    await stack.http.post('/api/auth/2fa/setup').send({ challenge }).expect(401);
    const code = await codeAt(secret, 1);
    const ok = await stack.http.post('/api/auth/2fa/verify').send({ challenge, code }).expect(200);
    await stack.http.get('/api/admin/users/stats').set(as(ok.body.token)).expect(200);
    // A code is good once.
    const third = await login(admin.email).expect(200);
    await stack.http.post('/api/auth/2fa/verify').send({ challenge: third.body.challenge, code }).expect(401);

    // A recovery code, typed loosely, works once.
    const recovery: string = enabled.body.recoveryCodes[3];
    const viaRecovery = await stack.http.post('/api/auth/2fa/verify').send({ challenge: third.body.challenge, code: ` ${recovery.toUpperCase()} ` }).expect(200);
    await stack.http.get('/api/admin/users/stats').set(as(viaRecovery.body.token)).expect(200);
    const fourth = await login(admin.email).expect(200);
    await stack.http.post('/api/auth/2fa/verify').send({ challenge: fourth.body.challenge, code: recovery }).expect(401);

    // Enrolled stays enrolled: with the setting off the code is still asked for.
    await stack.http.put('/api/admin/settings/security').set(as(ok.body.token)).send({ requireAdmin2fa: false }).expect(200);
    expect((await login(admin.email).expect(200)).body.twoFactor).toBe('verify');
    const [access] = await db.query(`SELECT count(*)::int AS n FROM access_logs WHERE user_id = $1 AND event = 'login'`, [admin.id]);
    expect(access.n).toBeGreaterThanOrEqual(3);
  });

  it('wrong codes count like wrong passwords: the (account, address) pair is locked', async () => {
    const admin = await registerAdmin(stack);
    await stack.app.get(SettingsService).update('security', { requireAdmin2fa: true }, null);
    try {
      const ip = newIp();
      const start = await login(admin.email, 'senha-forte-1', ip).expect(200);
      const setup = await stack.http.post('/api/auth/2fa/setup').send({ challenge: start.body.challenge }).expect(200);
      await stack.http.post('/api/auth/2fa/enable').send({ challenge: start.body.challenge, code: await codeAt(setup.body.secret) }).expect(200);
      const { body } = await login(admin.email, 'senha-forte-1', ip).expect(200);
      for (let i = 0; i < 4; i++) await stack.http.post('/api/auth/2fa/verify').set(ip).send({ challenge: body.challenge, code: `00000${i}` }).expect(401);
      await stack.http.post('/api/auth/2fa/verify').set(ip).send({ challenge: body.challenge, code: '000009' }).expect(423);
      // Even the right code, from there.
      await stack.http.post('/api/auth/2fa/verify').set(ip).send({ challenge: body.challenge, code: await codeAt(setup.body.secret, 1) }).expect(423);
    } finally {
      await stack.app.get(SettingsService).update('security', { requireAdmin2fa: false }, null);
    }
  });
});
