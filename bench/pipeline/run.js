#!/usr/bin/env node
/*
 * Pipeline against its floor. FILES generated CDA PDFs (PAGES pages each):
 *  (a) the floor: pdf-parse text extraction of every file in this one Node process, nothing else;
 *  (b) end to end: uploaded through the API in batches of 10, timed from the first upload to the last
 *      `Concluída` event received over socket.io, with 1 and with 2 worker processes.
 * Each round measures a, b(1) and b(2) back to back, so the ratios compare like with like on a shared
 * machine; the table gives medians over ROUNDS rounds and min–max. Target: b(2 workers) ≤ 1.3 × a.
 *   node bench/pipeline/run.js     Options: FILES (200), PAGES (5), ROUNDS (3), PIPELINE_PORT_BASE.
 */
const path = require('node:path');
const { makeCdaPdf, sampleCertificate } = require('../../scripts/cda-pdf');
const { benchStack, ROOT } = require('../lib/stack');
const { summary, fmtRange, median, report, load } = require('../lib/stats');

const FILES = Number(process.env.FILES || 200);
const PAGES = Number(process.env.PAGES || 5);
const ROUNDS = Number(process.env.ROUNDS || 3);
const BASE = Number(process.env.PIPELINE_PORT_BASE || 5620);
const TARGET = 1.3;

/** The floor: the same library the worker reads PDFs with, one file after the other, text only. */
async function floor(corpus) {
  const { PDFParse } = require(require.resolve('pdf-parse', { paths: [path.join(ROOT, 'worker')] }));
  const t0 = performance.now();
  let pages = 0;
  for (const pdf of corpus) {
    const parser = new PDFParse({ data: new Uint8Array(pdf), verbosity: 0 });
    pages += (await parser.getText()).pages.length;
    await parser.destroy();
  }
  const s = (performance.now() - t0) / 1000;
  if (pages !== FILES * PAGES) throw new Error(`floor read ${pages} pages, expected ${FILES * PAGES}`);
  return s;
}

async function endToEnd(stack, user, corpus) {
  const socket = await stack.socket(user.token);
  try {
    const ids = [];
    const t0 = Date.now(); // event arrival times are wall-clock ms
    for (let i = 0; i < corpus.length; i += 10) {
      const r = await stack.upload(user.token, corpus.slice(i, i + 10));
      if (r.status !== 202) throw new Error(`upload: ${r.status} ${r.text}`);
      ids.push(r.body.id);
    }
    const finals = await socket.waitFinal(ids, 900000);
    const last = Math.max(...finals.map((e) => e.receivedAt));
    const bad = finals.filter((e) => e.status !== 'done');
    if (bad.length) throw new Error(`${bad.length} analyses ended ${bad[0].status}: ${bad[0].error}`);
    return (last - t0) / 1000;
  } finally {
    socket.close();
  }
}

async function main() {
  const corpus = await Promise.all(Array.from({ length: FILES }, (_, i) => makeCdaPdf([sampleCertificate(i + 1, { pages: PAGES - 1 })])));
  const mb = corpus.reduce((n, b) => n + b.length, 0) / 1e6;
  console.log(`${FILES} CDA PDFs × ${PAGES} pages (${mb.toFixed(1)} MB); load average ${load()}`);
  const stacks = {};
  const rounds = [];
  try {
    for (const workers of [1, 2]) {
      stacks[workers] = await benchStack({ name: `pipeline${workers}`, portBase: BASE + workers * 10, workers, storageProxy: false });
    }
    const users = { 1: await stacks[1].user(1_000_000_000), 2: await stacks[2].user(1_000_000_000) };
    // Warm-up: JIT, pdf.js, connections.
    await floor(corpus.slice(0, 10)).catch(() => undefined);
    for (const w of [1, 2]) await endToEnd(stacks[w], users[w], corpus.slice(0, 10));
    for (let r = 0; r < ROUNDS; r++) {
      const a = await floor(corpus);
      const b1 = await endToEnd(stacks[1], users[1], corpus);
      const b2 = await endToEnd(stacks[2], users[2], corpus);
      rounds.push({ a, b1, b2, ratio1: b1 / a, ratio2: b2 / a, load: load() });
      console.log(JSON.stringify(rounds.at(-1)));
    }
  } finally {
    for (const s of Object.values(stacks)) await s.stop();
  }
  const pagesTotal = FILES * PAGES;
  const row = (label, xs) => {
    const s = summary(xs, 2);
    return `| ${label} | ${fmtRange(s, ' s')} | ${(FILES / s.median).toFixed(1)} | ${(pagesTotal / s.median).toFixed(0)} |`;
  };
  console.log(`\n| measure | seconds, median (min–max) | files/s | pages/s |\n|---|---|---|---|`);
  console.log(row('(a) floor: pdf-parse text, one process', rounds.map((r) => r.a)));
  console.log(row('(b) end to end, 1 worker', rounds.map((r) => r.b1)));
  console.log(row('(b) end to end, 2 workers', rounds.map((r) => r.b2)));
  const r1 = summary(rounds.map((r) => r.ratio1), 2);
  const r2 = summary(rounds.map((r) => r.ratio2), 2);
  console.log(`\nratio b/a (same round): 1 worker ${fmtRange(r1, '×')}, 2 workers ${fmtRange(r2, '×')}; target 2 workers ≤ ${TARGET}×`);
  report({
    bench: 'pipeline',
    target: `b(2 workers) ≤ ${TARGET} × a`,
    files: FILES,
    pages: pagesTotal,
    floorS: summary(rounds.map((r) => r.a), 2),
    oneWorkerS: summary(rounds.map((r) => r.b1), 2),
    twoWorkersS: summary(rounds.map((r) => r.b2), 2),
    ratio1: r1,
    ratio2: r2,
    pagesPerSec2: +(pagesTotal / median(rounds.map((r) => r.b2))).toFixed(0),
    pass: r2.median <= TARGET,
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
