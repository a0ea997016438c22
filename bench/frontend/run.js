#!/usr/bin/env node
/*
 * Initial JavaScript of the production build: the entry chunk plus every chunk it imports
 * statically (what the browser loads before the first route renders), gzip-compressed, from Vite's
 * manifest. Route pages are lazy chunks and not counted. Builds into a private folder.
 *   node bench/frontend/run.js        (target: initial JS ≤ 250 KB gzip)
 */
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const zlib = require('node:zlib');
const { report } = require('../lib/stats');

const ROOT = path.resolve(__dirname, '../..');
const TARGET_KB = 250;

function main() {
  const out = process.env.WEB_DIST_DIR || fs.mkdtempSync(path.join(os.tmpdir(), 'cda-bench-web-'));
  execFileSync(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: path.join(ROOT, 'frontend'),
    env: { ...process.env, WEB_DIST_DIR: out },
    stdio: 'inherit',
  });
  const manifest = JSON.parse(fs.readFileSync(path.join(out, '.vite/manifest.json'), 'utf8'));
  const gz = (file) => zlib.gzipSync(fs.readFileSync(path.join(out, file)), { level: 9 }).length;
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const initial = new Set();
  const walk = (key) => {
    if (initial.has(key)) return;
    initial.add(key);
    for (const dep of manifest[key].imports ?? []) walk(dep);
  };
  walk(entryKey);
  const rows = Object.entries(manifest)
    .filter(([, c]) => c.file.endsWith('.js'))
    .map(([key, c]) => ({ chunk: c.file, source: key, initial: initial.has(key), raw: fs.statSync(path.join(out, c.file)).size, gzip: gz(c.file) }))
    .sort((a, b) => Number(b.initial) - Number(a.initial) || b.gzip - a.gzip);
  const kb = (n) => (n / 1024).toFixed(1);
  console.log('| chunk | loaded | raw KB | gzip KB |\n|---|---|---|---|');
  for (const r of rows) console.log(`| ${path.basename(r.chunk)} (${r.source}) | ${r.initial ? 'initial' : 'lazy'} | ${kb(r.raw)} | ${kb(r.gzip)} |`);
  const initialGzip = rows.filter((r) => r.initial).reduce((n, r) => n + r.gzip, 0);
  const lazyGzip = rows.filter((r) => !r.initial).reduce((n, r) => n + r.gzip, 0);
  console.log(`\ninitial JS: ${kb(initialGzip)} KB gzip in ${rows.filter((r) => r.initial).length} chunk(s); lazy chunks: ${kb(lazyGzip)} KB gzip in ${rows.filter((r) => !r.initial).length}`);
  report({
    bench: 'frontend',
    target: `initial JS ≤ ${TARGET_KB} KB gzip`,
    initialKb: Number(kb(initialGzip)),
    pass: initialGzip <= TARGET_KB * 1024,
    chunks: rows.filter((r) => r.initial).map((r) => `${path.basename(r.chunk)} ${kb(r.gzip)} KB`),
  });
  if (!process.env.WEB_DIST_DIR) fs.rmSync(out, { recursive: true, force: true });
}

main();
