#!/usr/bin/env node
/*
 * `npm run bench`: every benchmark in turn (each is also runnable alone), then one summary table
 * built from the `RESULT {...}` line each prints. Requires `npm run build`.
 *   npm run bench                 all of them
 *   npm run bench -- memory history   only those named
 */
const { spawn } = require('node:child_process');
const path = require('node:path');

const BENCHES = {
  pipeline: 'pipeline/run.js',
  'upload-latency': 'upload-latency/run.js',
  'status-latency': 'status-latency/run.js',
  memory: 'memory/run.js',
  frontend: 'frontend/run.js',
  history: 'history-index/api-latency.js',
  extraction: 'extraction/run.js',
};

function run(name) {
  return new Promise((resolve) => {
    console.log(`\n===== ${name} =====`);
    const child = spawn(process.execPath, [path.join(__dirname, BENCHES[name])], { stdio: ['ignore', 'pipe', 'inherit'] });
    let result = null;
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      for (const line of chunk.toString().split('\n')) if (line.startsWith('RESULT ')) result = JSON.parse(line.slice(7));
    });
    child.on('exit', (code) => resolve(result ?? { bench: name, pass: false, error: `exited with code ${code}` }));
  });
}

const headline = (r) => {
  const f = (s, u = '') => (s ? `${s.median}${u} (${s.min}–${s.max})` : '—');
  switch (r.bench) {
    case 'pipeline': return `b(2)/a = ${f(r.ratio2, '×')}; ${r.pagesPerSec2} pages/s with 2 workers`;
    case 'upload-latency': return `p99 ${f(r.p99, ' ms')}, p95 ${f(r.p95, ' ms')}, p50 ${f(r.p50, ' ms')}`;
    case 'status-latency': return `p95 ${f(r.p95, ' ms')}, p50 ${f(r.p50, ' ms')}`;
    case 'memory': return `peak RSS ${f(r.peakMb, ' MB')} (${r.fileMb} MB, ${r.pages} pages)`;
    case 'frontend': return `${r.initialKb} KB gzip initial`;
    case 'history': return `worst p95 ${r.worstP95} ms over ${r.cases.length} requests`;
    case 'extraction': {
      const p = (s) => `${((100 * s.ok) / Math.max(1, s.total)).toFixed(2)} %`;
      return `held-out fields ${p(r.heldOut.fields)}, key ${p(r.heldOut.keyFields)}, silent ${r.heldOut.silent}; dev fields ${p(r.development.fields)}`;
    }
    default: return r.error ?? '';
  }
};

async function main() {
  const only = process.argv.slice(2);
  const names = only.length ? only : Object.keys(BENCHES);
  const results = [];
  for (const n of names) {
    if (!BENCHES[n]) throw new Error(`unknown bench ${n}; known: ${Object.keys(BENCHES).join(', ')}`);
    results.push(await run(n));
  }
  console.log('\n| benchmark | target | measured median (min–max) | pass | date | load average 1/5/15 min |\n|---|---|---|---|---|---|');
  for (const r of results) console.log(`| ${r.bench} | ${r.target ?? ''} | ${headline(r)} | ${r.pass ? 'pass' : 'FAIL'} | ${r.date ?? ''} | ${r.load ?? ''} |`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
