/*
 * Hostile inputs for the fault drills: files a careless or malicious user could upload. Each kind
 * has variants (seeded by `i`) so a large corpus is not one file repeated.
 */
const zlib = require('node:zlib');
const PDFDocument = require('pdfkit');
const { makeCdaPdf, sampleCertificate } = require('../scripts/cda-pdf');

/** Serialises numbered objects into a PDF with a correct xref table. */
function rawPdf(objects, rootRef = 1) {
  const parts = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = parts[0].length;
  const offsets = [];
  objects.forEach((body, idx) => {
    offsets.push(offset);
    const head = Buffer.from(`${idx + 1} 0 obj\n`);
    const b = Buffer.isBuffer(body) ? body : Buffer.from(body, 'latin1');
    const tail = Buffer.from('\nendobj\n');
    parts.push(head, b, tail);
    offset += head.length + b.length + tail.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)].join('');
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root ${rootRef} 0 R >>\nstartxref\n${offset}\n%%EOF\n`));
  return Buffer.concat(parts);
}

function stream(dict, data) {
  return Buffer.concat([Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`), data, Buffer.from('\nendstream')]);
}

const zeroPages = () => rawPdf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [] /Count 0 >>']);

/**
 * `pages` pages that all point at one page object with a CDA-like text line: a small file that
 * claims a huge page count (and costs that many pages of work).
 */
function manyPages(pages) {
  const text = 'BT /F1 11 Tf 50 780 Td (PROCURADORIA-GERAL DA FAZENDA NACIONAL - TERMO DE INSCRICAO EM DIVIDA ATIVA DA UNIAO - continuacao) Tj ET';
  const kids = Array.from({ length: pages }, () => '3 0 R').join(' ');
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    stream('', Buffer.from(text)),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]);
}

/** An A4 page drawing one flate-compressed grey image of side×side pixels (tiny file, huge raster). */
function hugeImage(side = 12000) {
  const raw = Buffer.alloc(side * side, 0xcc); // 144 MB of 8-bit grey at 12,000²
  const img = zlib.deflateSync(raw, { level: 9 });
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /Im1 5 0 R >> >> /Contents 4 0 R >>',
    stream('', Buffer.from('q 595 0 0 842 0 0 cm /Im1 Do Q')),
    stream(`/Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode`, img),
  ]);
}

/** "PDF bomb": a page whose resources hold arrays nested `depth` deep, and a page tree nested as deep. */
function nestedBomb(depth = 50000) {
  const nested = '['.repeat(depth) + ']'.repeat(depth);
  // Page tree: each Pages node has one kid, `treeDepth` levels down to the single page.
  const treeDepth = Math.min(depth, 5000);
  const objs = ['<< /Type /Catalog /Pages 2 0 R >>'];
  for (let l = 0; l < treeDepth; l++) {
    const self = objs.length + 1;
    objs.push(`<< /Type /Pages ${l ? `/Parent ${self - 1} 0 R ` : ''}/Kids [${self + 1} 0 R] /Count 1 >>`);
  }
  const parent = objs.length;
  objs.push(`<< /Type /Page /Parent ${parent} 0 R /MediaBox [0 0 595 842] /Resources << /Bomb ${nested} >> /Contents ${objs.length + 2} 0 R >>`);
  objs.push(stream('', Buffer.from('BT /F1 11 Tf 50 780 Td (x) Tj ET')));
  return rawPdf(objs);
}

/**
 * Content-stream bomb: a ~1 MB file whose one page's content inflates to `mb` MB of blanks. Read, pdf.js
 * took a worker past 1 GB and the blank page went to OCR; the worker now refuses it before reading.
 */
const inflatedBlanks = new Map();
function contentBomb(mb = 512) {
  // Compressed once per size: the full form makes over a hundred of these.
  if (!inflatedBlanks.has(mb)) inflatedBlanks.set(mb, zlib.deflateSync(Buffer.alloc(mb * 1024 * 1024, 0x20), { level: 9 }));
  const z = inflatedBlanks.get(mb);
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>',
    stream('/Filter /FlateDecode', z),
  ]);
}

function encrypted(i) {
  return new Promise((resolve) => {
    const doc = new PDFDocument({ userPassword: `senha-${i}`, ownerPassword: `dono-${i}`, pdfVersion: i % 2 ? '1.7' : '1.4' });
    const chunks = [];
    doc.on('data', (c) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.text(`MINISTÉRIO DA FAZENDA — CDA protegida ${i}`);
    doc.end();
  });
}

async function truncated(i) {
  const good = await makeCdaPdf([sampleCertificate(i, { pages: i % 3 })]);
  // Cut anywhere from the header to just before the trailer.
  const cut = 20 + Math.floor(((i * 7919) % 997) / 997 * (good.length - 200));
  return good.subarray(0, cut);
}

function notPdf(i) {
  const kinds = [
    () => Buffer.from(`PK\x03\x04 fake zip ${i}`.repeat(50)),
    () => Buffer.from(`<html><body>CDA ${i}</body></html>`),
    () => Buffer.from([0xff, 0xd8, 0xff, 0xe0, ...Buffer.from(`JFIF image ${i}`)]),
    () => Buffer.alloc(0),
  ];
  return kinds[i % kinds.length]();
}

/** Every kind once (the short CI form). The 10,000-page file is the slow one. */
const KINDS = ['truncated', 'encrypted', 'zeroPages', 'manyPages', 'hugeImage', 'notPdf', 'nestedBomb', 'contentBomb'];

async function makeHostile(kind, i) {
  switch (kind) {
    case 'truncated': return truncated(i);
    case 'encrypted': return encrypted(i);
    case 'zeroPages': return zeroPages();
    case 'manyPages': return manyPages(10000);
    case 'hugeImage': return hugeImage(8000 + (i % 5) * 1000);
    case 'notPdf': return notPdf(i);
    case 'nestedBomb': return nestedBomb(20000 + (i % 5) * 10000);
    case 'contentBomb': return contentBomb(256 + (i % 4) * 256);
    default: throw new Error(kind);
  }
}

/**
 * `count` files: one 10,000-page file and a few huge images (each costs real work), the rest spread
 * over the cheap kinds with per-file variants.
 */
async function hostileCorpus(count) {
  const cheap = KINDS.filter((k) => k !== 'manyPages' && k !== 'hugeImage');
  const kinds = count <= KINDS.length
    ? KINDS.slice(0, count)
    : [...KINDS, 'hugeImage', 'hugeImage', 'hugeImage', ...Array.from({ length: Math.max(0, count - KINDS.length - 3) }, (_, j) => cheap[j % cheap.length])];
  const out = [];
  for (const [i, kind] of kinds.entries()) out.push({ kind, data: await makeHostile(kind, i) });
  return out;
}

module.exports = { KINDS, makeHostile, hostileCorpus, rawPdf, manyPages };
