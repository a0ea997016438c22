#!/usr/bin/env node
/*
 * Worker memory on a big upload: one 1,000-page, ~50 MB PDF (200 five-page CDAs, each page carrying
 * a ~48 KB incompressible image, as scans stapled to a text CDA would) through the API to a fresh
 * worker process; its peak RSS (the kernel's VmHWM) is read when the analysis has ended.
 *   node bench/memory/run.js    Options: RUNS (3), MEMORY_PORT_BASE. Target: peak RSS ≤ 300 MB.
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { makeCdaPdf, sampleCertificate } = require('../../scripts/cda-pdf');
const { benchStack, ROOT } = require('../lib/stack');
const { summary, fmtRange, report, load } = require('../lib/stats');

const RUNS = Number(process.env.RUNS || 3);
const BASE = Number(process.env.MEMORY_PORT_BASE || 5690);
const TARGET_MB = 300;
const PAGES = 1000;
const TARGET_BYTES = 50_000_000;

async function bigPdf() {
  const { PDFDocument, PDFName, pushGraphicsState, popGraphicsState, concatTransformationMatrix, drawObject } = require(require.resolve('pdf-lib', { paths: [path.join(ROOT, 'api')] }));
  const certs = Array.from({ length: PAGES / 5 }, (_, i) => sampleCertificate(i + 1, { pages: 4 }));
  const doc = await PDFDocument.load(await makeCdaPdf(certs));
  const perImage = Math.floor((TARGET_BYTES - 2_000_000) / PAGES);
  const side = Math.floor(Math.sqrt(perImage));
  for (const [i, page] of doc.getPages().entries()) {
    // Random grey pixels, stored raw: nothing compresses them, so the file really is ~50 MB.
    const img = doc.context.register(doc.context.stream(crypto.randomBytes(side * side), {
      Type: 'XObject', Subtype: 'Image', Width: side, Height: side, ColorSpace: 'DeviceGray', BitsPerComponent: 8,
    }));
    const name = page.node.newXObject(`Scan${i}`, img);
    page.pushOperators(pushGraphicsState(), concatTransformationMatrix(120, 0, 0, 120, 420, 40), drawObject(name), popGraphicsState());
  }
  void PDFName;
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

const vmHwm = (pid) => Number(/VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) * 1024;

async function main() {
  const pdf = await bigPdf();
  console.log(`test file: ${PAGES} pages, ${(pdf.length / 1e6).toFixed(1)} MB; load average ${load()}`);
  const stack = await benchStack({ name: 'memory', portBase: BASE, workers: 0, storageProxy: false });
  const runs = [];
  try {
    const user = await stack.user(1_000_000_000);
    for (let r = 0; r < RUNS; r++) {
      const w = stack.startWorker({ LOG_LEVEL: 'info' });
      await w.ready;
      const idle = vmHwm(w.child.pid);
      const socket = await stack.socket(user.token);
      const t0 = Date.now();
      const up = await stack.upload(user.token, [pdf], 'grande');
      if (up.status !== 202) throw new Error(`upload ${up.status} ${up.text}`);
      const [final] = await socket.waitFinal([up.body.id], 900000);
      socket.close();
      const peak = vmHwm(w.child.pid);
      runs.push({ peakMb: peak / 1048576, idleMb: idle / 1048576, seconds: (Date.now() - t0) / 1000, status: final.status, load: load() });
      console.log(JSON.stringify(runs.at(-1), (k, v) => (typeof v === 'number' ? +v.toFixed(1) : v)));
      if (final.status !== 'done') throw new Error(`analysis ended ${final.status}: ${final.error}`);
      w.child.kill('SIGTERM');
      await new Promise((res) => w.child.once('exit', res));
    }
  } finally {
    await stack.stop();
  }
  const s = summary(runs.map((r) => r.peakMb), 0);
  console.log(`\nworker peak RSS: ${fmtRange(s, ' MB')} (idle ${summary(runs.map((r) => r.idleMb), 0).median} MB), ${summary(runs.map((r) => r.seconds), 1).median} s per file`);
  report({ bench: 'memory', target: `peak RSS ≤ ${TARGET_MB} MB`, fileMb: +(pdf.length / 1e6).toFixed(1), pages: PAGES, peakMb: s, pass: s.median <= TARGET_MB && s.max <= TARGET_MB });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
