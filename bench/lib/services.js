/*
 * Private Postgres and Redis instances for the drills: the shared ones on 5432/6379 serve other
 * people's tests and must never be stopped, so a drill that takes a dependency down owns its own.
 */
const { execFileSync, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const net = require('node:net');

function pgBin(name) {
  const root = '/usr/lib/postgresql';
  const version = fs.readdirSync(root).sort((a, b) => Number(b) - Number(a))[0];
  return path.join(root, version, 'bin', name);
}

/** initdb refuses root; run Postgres as its own system user when we are root. */
function asPostgres(cmd, args) {
  if (process.getuid && process.getuid() === 0) return execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { stdio: 'pipe' });
  return execFileSync(cmd, args, { stdio: 'pipe' });
}

function portOpen(port) {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => { s.destroy(); resolve(true); });
    s.once('error', () => resolve(false));
  });
}

async function waitPort(port, up, ms = 20000) {
  const deadline = Date.now() + ms;
  while ((await portOpen(port)) !== up) {
    if (Date.now() > deadline) throw new Error(`port ${port} did not go ${up ? 'up' : 'down'}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function startPrivatePostgres(port) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `cda-drill-pg-${port}-`));
  fs.chmodSync(dir, 0o777);
  const data = path.join(dir, 'data');
  const sock = path.join(dir, 'sock');
  fs.mkdirSync(sock);
  fs.chmodSync(sock, 0o777);
  if (process.getuid() === 0) execFileSync('chown', ['-R', 'postgres', dir]);
  asPostgres(pgBin('initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  const opts = `-p ${port} -k ${sock} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c max_connections=200`;
  const log = path.join(dir, 'pg.log');
  const ctl = (action) => asPostgres(pgBin('pg_ctl'), ['-D', data, '-o', opts, '-l', log, '-w', '-m', 'fast', action]);
  ctl('start');
  await waitPort(port, true);
  return {
    url: (db) => `postgres://postgres@127.0.0.1:${port}/${db}`,
    async stop() { ctl('stop'); await waitPort(port, false); },
    async start() { ctl('start'); await waitPort(port, true); },
    async destroy() {
      try { ctl('stop'); } catch { /* already stopped */ }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** With an append-only file, as production Redis runs: a restart keeps the queues (a wipe is another drill). */
async function startPrivateRedis(port) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `cda-drill-redis-${port}-`));
  const start = () => execFileSync('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'yes', '--appendfsync', 'always', '--daemonize', 'yes']);
  const stop = () => spawnSync('redis-cli', ['-p', String(port), 'shutdown'], { stdio: 'ignore' });
  start();
  await waitPort(port, true);
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() { stop(); await waitPort(port, false); },
    async start() { start(); await waitPort(port, true); },
    async destroy() {
      stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

module.exports = { startPrivatePostgres, startPrivateRedis, waitPort };
