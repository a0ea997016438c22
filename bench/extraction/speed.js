#!/usr/bin/env node
/*
 * Extraction engine speed and memory, in-process (no Redis/Postgres/S3).
 * Run by hand after `npm run build` and `npm run fixtures`: node bench/extraction/speed.js [FIXTURE_DIR]
 *  - one-page text CDA: median of RUNS extractPdf calls vs. the pdf-parse text extraction alone (the floor);
 *  - one OCR page: median of 3 extractPdf calls on a one-page scan;
 *  - a 200-page text PDF (one-page certificates of the corpus united with pdfunite) in a child
 *    process: wall time and peak RSS (GNU time's maximum resident set size).
 */
const path = require('node:path');
const fs = require('node:fs');
const os = require('node:os');
const { execFileSync, spawnSync } = require('node:child_process');

const root = path.resolve(__dirname, '../..');
const dir = path.resolve(process.argv[2] || path.join(root, 'worker/fixtures/out'));
const RUNS = Number(process.env.RUNS || 50);
const PAGES = Number(process.env.PAGES || 200);
const { extractPdf } = require(path.join(root, 'worker/dist/extraction'));
const { PDFParse } = require('pdf-parse');

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
async function time(fn, n) {
  const ms = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    ms.push(performance.now() - t0);
  }
  return median(ms);
}

async function textOnly(data) {
  const p = new PDFParse({ data: new Uint8Array(data), verbosity: 0 });
  try {
    await p.getText();
  } finally {
    await p.destroy();
  }
}

async function main() {
  const onePage = fs.readFileSync(path.join(dir, 'pgfn-grid-1.pdf'));
  await time(() => extractPdf(onePage, 'a.pdf'), 5);
  const engine = await time(() => extractPdf(onePage, 'a.pdf'), RUNS);
  const floor = await time(() => textOnly(onePage), RUNS);
  console.log(`one-page text CDA: extractPdf median ${engine.toFixed(1)} ms · pdf-parse getText alone ${floor.toFixed(1)} ms · ratio ${(engine / floor).toFixed(2)}×`);

  const scan = fs.readFileSync(path.join(dir, 'scan-pgfn-grid.pdf'));
  const ocr = await time(() => extractPdf(scan, 'scan.pdf'), 3);
  console.log(`one OCR page (pdftoppm 300 dpi + deskew + binarise + rule/speck removal + tesseract por): median ${(ocr / 1000).toFixed(2)} s`);

  const singles = fs.readdirSync(dir).filter((f) => /^(pgfn|inss|estado|municipal)-.*\d\.pdf$/.test(f)).sort();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cda-bench-'));
  const list = Array.from({ length: PAGES }, (_, i) => path.join(dir, singles[i % singles.length]));
  const big = path.join(tmp, `big-${PAGES}.pdf`);
  execFileSync('pdfunite', [...list, big]);
  const script = `const { extractPdf } = require(${JSON.stringify(path.join(root, 'worker/dist/extraction'))});
    const t0 = Date.now();
    extractPdf(require('fs').readFileSync(${JSON.stringify(big)}), 'big.pdf').then((r) => {
      console.error(JSON.stringify({ ms: Date.now() - t0, certificates: r.certificates.length, error: r.error }));
    });`;
  const res = spawnSync('/usr/bin/time', ['-f', 'maxrss_kb=%M', process.execPath, '-e', script], { cwd: root, encoding: 'utf8' });
  fs.rmSync(tmp, { recursive: true, force: true });
  const run = JSON.parse(/\{.*\}/.exec(res.stderr)[0]);
  const rss = Number(/maxrss_kb=(\d+)/.exec(res.stderr)[1]) / 1024;
  console.log(`${PAGES}-page text PDF: ${(run.ms / 1000).toFixed(1)} s (${(run.ms / PAGES).toFixed(1)} ms/page), ${run.certificates} certificates, error ${run.error}, peak RSS ${rss.toFixed(0)} MB`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
