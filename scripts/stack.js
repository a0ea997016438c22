#!/usr/bin/env node
/*
 * Starts the whole product on this machine: embedded S3 (when S3_ENDPOINT is empty), migrations,
 * the admin account, the API, N workers and the web front end (vite preview with the /api proxy).
 * `npm start` runs it as a command; the Playwright set-up requires it and calls startStack().
 */
const { spawn, execFileSync } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { startEmbeddedS3 } = require('./embedded-s3');
const { supervise, hasExited, exited } = require('./supervisor');
const { startMailCatcher } = require('./smtp-capture');

const ROOT = path.resolve(__dirname, '..');

function run(file, env) {
  return execFileSync(process.execPath, [file], { env, cwd: ROOT, encoding: 'utf8' });
}

const DATA_DIR = path.join(ROOT, '.data');

/**
 * Values `npm start` generates once per database and keeps in `.data/<name>-<database>.json`, readable
 * by the owner only, so they survive restarts (sessions stay valid, sealed settings stay readable).
 */
function kept(env, name, generators, dir = DATA_DIR) {
  const file = path.join(dir, `${name}-${new URL(env.DATABASE_URL).pathname.slice(1)}.json`);
  const saved = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  const missing = Object.keys(generators).filter((k) => !saved[k]);
  for (const k of missing) saved[k] = generators[k]();
  if (missing.length) {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(file, JSON.stringify(saved), { mode: 0o600 });
  }
  fs.chmodSync(file, 0o600);
  return saved;
}

/** The admin password survives restarts, so `npm start` always prints credentials that work. */
function adminPassword(env) {
  if (env.ADMIN_PASSWORD) return env.ADMIN_PASSWORD;
  return kept(env, 'admin', { password: () => crypto.randomBytes(9).toString('base64url') }).password;
}

/**
 * JWT_SECRET and SETTINGS_ENCRYPTION_KEY: the environment's when set to something unpublished,
 * otherwise random ones generated once. The public development defaults would let anyone sign a
 * session for any account and read the sealed payment and SMTP secrets; settings sealed with the old
 * default key are re-sealed with the new key when the API starts (SettingsService).
 */
function localSecrets(env, dir = DATA_DIR) {
  const { PUBLISHED_SECRETS } = require(path.join(ROOT, 'shared/dist'));
  const usable = (v) => Boolean(v) && !PUBLISHED_SECRETS.includes(v);
  const generators = {};
  if (!usable(env.JWT_SECRET)) generators.jwtSecret = () => crypto.randomBytes(48).toString('base64url');
  if (!usable(env.SETTINGS_ENCRYPTION_KEY)) generators.settingsKey = () => crypto.randomBytes(32).toString('base64');
  if (!Object.keys(generators).length) return { JWT_SECRET: env.JWT_SECRET, SETTINGS_ENCRYPTION_KEY: env.SETTINGS_ENCRYPTION_KEY };
  const saved = kept(env, 'secrets', generators, dir);
  return {
    JWT_SECRET: generators.jwtSecret ? saved.jwtSecret : env.JWT_SECRET,
    SETTINGS_ENCRYPTION_KEY: generators.settingsKey ? saved.settingsKey : env.SETTINGS_ENCRYPTION_KEY,
  };
}

/**
 * Points the product's SMTP settings at the local catcher when no SMTP server is configured, or when
 * they still point at the catcher of an earlier run (its port may differ). SMTP settings an admin
 * entered are never touched: then the catcher is not used at all. Returns whether mail goes to it.
 */
async function pointSmtpAtCatcher(databaseUrl, port, dir = DATA_DIR) {
  const { Client } = require('pg');
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const file = path.join(dir, `mail-catcher-${new URL(databaseUrl).pathname.slice(1)}.json`);
    const before = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null;
    const { rows } = await db.query(`SELECT value FROM settings WHERE section = 'email'`);
    const email = rows[0] ? rows[0].value : {};
    const ours = before && email.smtpHost === '127.0.0.1' && Number(email.smtpPort) === before.port;
    if (email.smtpHost && !ours) return false;
    await db.query(
      `INSERT INTO settings (section, value) VALUES ('email', $1::jsonb)
       ON CONFLICT (section) DO UPDATE SET value = settings.value || EXCLUDED.value, updated_at = now()`,
      [JSON.stringify({ smtpHost: '127.0.0.1', smtpPort: port, smtpUser: '' })],
    );
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(file, JSON.stringify({ port }));
    return true;
  } finally {
    await db.end();
  }
}

async function waitFor(url, ms) {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${url}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function startStack(overrides = {}, { workers = 1, log = process.stdout } = {}) {
  const env = { ...process.env, ...overrides };
  env.PORT = env.PORT || '3000';
  env.WEB_PORT = env.WEB_PORT || '5173';
  env.DATABASE_URL = env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/cda';
  const children = [];
  let s3 = null;
  if (!env.S3_ENDPOINT) {
    s3 = await startEmbeddedS3({
      port: Number(env.EMBEDDED_S3_PORT || 9100),
      directory: env.EMBEDDED_S3_DIR || path.join(ROOT, '.data/s3'),
      bucket: env.S3_BUCKET || 'cda',
    });
    env.S3_ENDPOINT = s3.endpoint;
  }
  env.ADMIN_EMAIL = env.ADMIN_EMAIL || 'admin@cda.local';
  env.ADMIN_PASSWORD = adminPassword(env);
  Object.assign(env, localSecrets(env));
  // The web server's /api proxy (frontend/vite.config.ts) on loopback puts the real peer in X-Forwarded-For.
  env.TRUSTED_PROXIES = env.TRUSTED_PROXIES || 'loopback';

  // No Mercado Pago credentials: test mode against the bundled fake provider (the UI shows "Modo de teste").
  let mercadoPago = null;
  if (!env.MP_ACCESS_TOKEN && !env.MP_BASE_URL) {
    const { startFakeMercadoPago } = require(path.join(ROOT, 'api/dist/payments/fake-mercadopago/server.js'));
    const secret = 'modo-teste-webhook';
    mercadoPago = await startFakeMercadoPago({
      port: Number(env.MP_FAKE_PORT || 0),
      accessToken: 'TEST-modo-teste',
      publicKey: 'TEST-modo-teste',
      webhookSecret: secret,
      webhookUrl: `http://127.0.0.1:${env.PORT}/api/payments/webhook`,
      forceWebhookUrl: true,
    });
    Object.assign(env, {
      MP_BASE_URL: mercadoPago.url,
      MP_ACCESS_TOKEN: 'TEST-modo-teste',
      MP_WEBHOOK_SECRET: secret,
      MP_PUBLIC_KEY: 'TEST-modo-teste',
      MP_BUNDLED_TEST_PROVIDER: 'true',
    });
  }

  run('api/dist/database/migrate.js', env);
  run('api/dist/database/seed.js', env);

  // Mail for real on a machine with no SMTP server: a catcher on loopback with a web inbox, unless
  // the admin configured SMTP (then that server is used) or MAIL_CATCHER=off.
  let mailCatcher = null;
  if (env.MAIL_CATCHER !== 'off') {
    const catcher = await startMailCatcher({
      smtpPort: Number(env.MAIL_CATCHER_SMTP_PORT || 0),
      webPort: Number(env.MAIL_CATCHER_WEB_PORT || 0),
      directory: env.MAIL_CATCHER_DIR || undefined,
    });
    if (await pointSmtpAtCatcher(env.DATABASE_URL, catcher.smtpPort).catch(async (err) => { await catcher.close(); throw err; })) {
      mailCatcher = catcher;
      Object.assign(env, { MAIL_CATCHER_URL: catcher.inboxUrl, MAIL_CATCHER_SMTP_PORT: String(catcher.smtpPort) });
    } else {
      await catcher.close();
    }
  }

  const spawnChild = (name, args, cwd = ROOT, extraEnv = {}, track = true) => {
    const child = spawn(process.execPath, args, { env: { ...env, ...extraEnv }, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    const prefix = `[${name}] `;
    const forward = (chunk) => log.write(chunk.toString().split('\n').filter(Boolean).map((l) => prefix + l + '\n').join(''));
    child.stdout.on('data', forward);
    child.stderr.on('data', forward);
    if (track) children.push(child);
    return child;
  };
  spawnChild('api', ['api/dist/main.js']);
  // Workers are supervised: one that dies (crash, OOM, kill -9) is started again with back-off, or its
  // jobs would wait forever on a machine where nothing else restarts it. A restarted worker takes the
  // place of the dead one in `children`.
  const supervised = [];
  const metricsBase = Number(env.WORKER_METRICS_PORT || 9464);
  const addWorker = () => {
    const i = supervised.length + 1;
    // Each worker on one machine needs its own metrics port.
    const extraEnv = { WORKER_METRICS_PORT: String(metricsBase ? metricsBase + i - 1 : 0) };
    let slot = -1;
    const worker = supervise({
      name: `worker-${i}`,
      start: () => spawnChild(`worker-${i}`, ['worker/dist/main.js'], ROOT, extraEnv, false),
      log: (line) => log.write(`[stack] ${line}\n`),
      onStart: (child) => {
        if (slot < 0) slot = children.push(child) - 1;
        else children[slot] = child;
      },
    });
    supervised.push(worker);
    return worker;
  };
  for (let i = 1; i <= workers; i++) addWorker();
  spawnChild('web', [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'preview'], path.join(ROOT, 'frontend'));

  const stop = async () => {
    // Supervised workers first (no restart during the stop), then every other child still alive. A
    // child already dead by a signal has exitCode null and will never emit `exit` again.
    await Promise.all(supervised.map((w) => w.stop()));
    await Promise.all(
      children.filter((c) => !hasExited(c)).map((c) => { c.kill('SIGTERM'); return exited(c); }),
    );
    if (s3) await s3.close();
    if (mercadoPago) await mercadoPago.stop();
    if (mailCatcher) await mailCatcher.close();
  };
  try {
    await waitFor(`http://127.0.0.1:${env.PORT}/api/health`, 60000);
    await waitFor(`http://127.0.0.1:${env.WEB_PORT}/`, 60000);
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    url: `http://localhost:${env.WEB_PORT}`,
    apiUrl: `http://127.0.0.1:${env.PORT}`,
    admin: { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD },
    /** The fake provider's URL in test mode (its /__test endpoints approve or expire payments). */
    mercadoPagoUrl: mercadoPago ? mercadoPago.url : null,
    /** The local mail catcher when the product's mail goes to it ({ inboxUrl, smtpPort, messages, waitFor }), else null. */
    mailCatcher,
    children,
    /** The supervised workers ({ name, child, restarts }); addWorker() starts one more under supervision. */
    supervised,
    addWorker,
    stop,
  };
}

/** Niceness of workers started beside the API on one machine (`npm start`, the benches). */
const SHARED_MACHINE_WORKER_NICE = '10';

module.exports = { startStack, localSecrets, pointSmtpAtCatcher, SHARED_MACHINE_WORKER_NICE };

if (require.main === module) {
  const workers = Number(process.env.WORKERS || 1);
  // API and workers share this machine: workers yield the CPU to the API so uploads are answered
  // at once while a backlog is processed (bench/upload-latency). WORKER_NICE=0 turns it off.
  // Fixed ports (MailDev's) so the printed inbox address stays the same across restarts.
  startStack(
    {
      WORKER_NICE: process.env.WORKER_NICE ?? SHARED_MACHINE_WORKER_NICE,
      MAIL_CATCHER_SMTP_PORT: process.env.MAIL_CATCHER_SMTP_PORT || '1025',
      MAIL_CATCHER_WEB_PORT: process.env.MAIL_CATCHER_WEB_PORT || '1080',
    },
    { workers },
  ).then(
    (stack) => {
      console.log('\n============================================================');
      console.log(` CDA Extractor no ar: ${stack.url}`);
      console.log(` API: ${stack.apiUrl}/api  (documentação: ${stack.apiUrl}/api/docs)`);
      console.log(` Administrador: ${stack.admin.email}  senha: ${stack.admin.password}`);
      if (stack.mailCatcher) console.log(` E-mails: caixa local em ${stack.mailCatcher.inboxUrl}  (SMTP 127.0.0.1:${stack.mailCatcher.smtpPort}; nada sai desta máquina)`);
      else if (process.env.MAIL_CATCHER === 'off') console.log(' E-mails: caixa local desligada (MAIL_CATCHER=off); configure o SMTP em Configurações > Email');
      else console.log(' E-mails: enviados pelo servidor SMTP configurado em Configurações > Email');
      if (stack.mercadoPagoUrl) console.log(` Pagamentos: modo de teste (Mercado Pago simulado em ${stack.mercadoPagoUrl})`);
      console.log(' Ctrl+C para parar.');
      console.log('============================================================\n');
      const shutdown = () => stack.stop().finally(() => process.exit(0));
      process.on('SIGINT', shutdown);
      process.on('SIGTERM', shutdown);
      // Workers are restarted by their supervisor (which logs it); the API and the web server are not.
      for (const c of stack.children.filter((c) => !stack.supervised.some((w) => w.child === c))) {
        c.on('exit', (code, signal) => (code || signal) && console.error(`a process (pid ${c.pid}) exited ${signal ? `by signal ${signal}` : `with code ${code}`}`));
      }
    },
    (err) => {
      console.error(`Falha ao iniciar: ${err.stack || err}`);
      process.exit(1);
    },
  );
}
