import type { CertificateRecord, FileExtraction } from '@cda/shared';
import { distance as editDistance } from 'fastest-levenshtein';
import { CLOSING_RE, OCR_WARNING, isCourtFiling, isIssuerLine, isTitle, readCertificate, registrationOf, segmentLines } from './certificate';
import { LISTED_CERTIFICATES } from './lexicon';
import { fold } from './normalize';
import { DEBT_ITEM_RE, findLabel, isFieldLabel } from './fields';
import { type Line, type Page, markFurniture } from './page';
import { isColumnCaption } from './table';
import { PdfReadError, REASONS, readPages, sniff } from './text';

export { OCR_WARNING } from './certificate';
export { REASONS } from './text';

export const NOT_A_CDA = 'Documento não reconhecido como CDA';
export const UNTITLED = 'Certidão reconhecida pelo conteúdo, sem título legível; confira';

export interface ExtractOptions {
  /** OCR of pages without a text layer (default true). */
  ocr?: boolean;
  log?: (msg: string, extra?: object) => void;
  /** Stops the reading between pages (analysis timed out, worker stopping). */
  signal?: AbortSignal;
  /** Pages the upload was charged for: a file with more is refused (ReadOptions.maxPages). */
  maxPages?: number;
}

const SIGNER_RE = /^procurador(?:a|\(a\))?\s+d[ao]s?\s/;

/** A repeated line that carries a field label (a header with the inscription number) is content, not furniture. */
const carriesField = (l: Line) =>
  // A certificate's title repeated at the top of each page opens each certificate: never furniture.
  isTitle(l) || l.cells.some((c) => isFieldLabel(c, l.ocr)) ||
  // A debt card's caption repeats where cards fall alike on two pages ("DATA VENC." third from the top),
  // and OCR may read two cards' numbers alike ("DÉBITO 5 -" and "DÉBITO 9 -" are one slip apart).
  (l.cells.length === 1 && isColumnCaption(l.cells[0], l.ocr)) ||
  l.cells.some((c) => DEBT_ITEM_RE.test(c.folded)) ||
  // A signer's title under one certificate's signature and another's ("PROCURADOR DA FAZENDA NACIONAL"
  // at one page's top and the next one's): each signs its own certificate.
  SIGNER_RE.test(l.folded);

/** Certificates from already-read pages: the pure part, used by tests and the PDF path. */
export function extractFromPages(pages: Page[]): CertificateRecord[] {
  markFurniture(pages, carriesField);
  const lines = pages.flatMap((p) => p.lines);
  // Continuation stretches are joined first (by their inscription number alone), so each
  // certificate is read in full once, however many pages repeat its title.
  const joined: Array<{ lines: Line[]; titled: boolean; reg: string }> = [];
  const segments = segmentLines(lines).flatMap(splitUntitled);
  for (const seg of segments) {
    // Only a file with several stretches needs their numbers to join continuations.
    const reg = segments.length > 1 ? registrationOf(seg.lines) : '';
    const prev = joined[joined.length - 1];
    // A titled stretch without a number of its own (or repeating the previous one) continues the
    // previous certificate, unless that one was signed off; a stretch with a number after one
    // without completes it.
    const afterClosing = !!prev && closed(prev.lines);
    // Two stretches are one certificate unless both name a debtor and a value of their own and the
    // totals differ (a page repeating the certificate's head, total included, continues it).
    const oneCertificate = () => {
      const [before, own] = [recordOf(prev.lines), recordOf(seg.lines)];
      return !namesDebtorAndValue(before) || !namesDebtorAndValue(own) || before.total === own.total;
    };
    // A numbered stretch after one whose number OCR lost completes it only when that one is not a
    // certificate in its own right (a debtor and a value of its own); when that one was not seen
    // signed off (OCR may garble its closing lines), also when the two are one certificate.
    const completes = () => (afterClosing ? !namesDebtorAndValue(recordOf(prev.lines)) : oneCertificate());
    // A titled stretch whose number OCR lost is another certificate, even when the one before was not
    // signed off, unless the two are one certificate.
    const continues = () => !afterClosing && oneCertificate();
    if (prev?.titled && seg.titled && (reg ? reg === prev.reg || (!prev.reg && completes()) : continues())) {
      prev.lines.push(...seg.lines);
      prev.reg ||= reg;
      continue;
    }
    joined.push({ lines: [...seg.lines], titled: seg.titled, reg });
  }
  const out: CertificateRecord[] = [];
  // The certificates' numbers the file's court filings list, to check doubtful readings against.
  const listed: string[] = [];
  for (const seg of joined) {
    // Without a title, a court filing is not a certificate; the annex after it, found by its content, may be.
    if (!seg.titled && isCourtFiling(seg.lines)) {
      listed.push(...listedNumbers(seg.lines));
      const annex = annexOf(seg.lines);
      if (!annex) continue;
      const read = readCertificate(annex, pagesOf(annex), false);
      read.record.warnings.push(UNTITLED);
      out.push(read.record);
      continue;
    }
    const read = readCertificate(seg.lines, pagesOf(seg.lines), seg.titled);
    // A titled certificate whose number OCR could not read (the file's first, or one after a signed-off
    // one: any other was joined to the stretch before it) is kept, flagged ("número da inscrição não
    // encontrado"), when it names a debtor and a value: never lost in silence.
    const unnumbered = seg.titled && !read.record.registrationNumber && namesDebtorAndValue(read.record);
    if (!read.isCda && !unnumbered) continue;
    // Content before the first title of a file with titled certificates was found by its content alone.
    if (!seg.titled && joined.length > 1) read.record.warnings.push(UNTITLED);
    out.push(read.record);
  }
  flagUnreadPages(pages, out);
  shareDebtorDocument(out);
  takeListedNumbers(out, listed);
  return out;
}

const LISTED_RE = new RegExp(LISTED_CERTIFICATES);

/**
 * The certificates' numbers a court filing lists, in the order it lists them: digits only, but for
 * the slash before a year that state and municipal numbers keep ("3862299/2025"), as records do.
 */
export function listedNumbers(lines: Line[]): string[] {
  const text = lines.map((l) => l.cells.map((c) => c.text).join(' ')).join(' ');
  const m = LISTED_RE.exec(fold(text));
  if (!m) return [];
  const at = m.index + m[0].indexOf(m[1]);
  return text
    .slice(at, at + m[1].length)
    .split(/,\s*|\s+e\s+/)
    .map((item) => item.replace(/[^\d/]/g, ''))
    .map((item) => (/^\d{1,10}\/\d{4}$|^\d{4}\/\d{1,10}$/.test(item) ? item : item.replace(/\D/g, '')))
    .filter((d) => d.replace(/\D/g, '').length >= 6);
}

/**
 * A certificate whose number OCR read in doubt (out of its issuer's shape, or repaired) takes the
 * number the file's court filing lists for it, when exactly one listed number is an OCR slip or two
 * from the one read and no other certificate of the file reads it: the file's own evidence, flagged.
 */
function takeListedNumbers(out: CertificateRecord[], listed: string[]): void {
  if (!listed.length) return;
  // Numbers are compared by their digits: a slash OCR lost or read as a digit is one more slip.
  const digits = (n: string) => n.replace(/\D/g, '');
  const taken = new Set(out.map((r) => digits(r.registrationNumber)));
  for (const r of out) {
    const doubt = r.fieldWarnings?.registrationNumber;
    const read = digits(r.registrationNumber);
    if (!doubt || doubt.startsWith('Lido por OCR') || !read || listed.some((n) => digits(n) === read) || !r.warnings.includes(OCR_WARNING)) continue;
    const near = [...new Set(listed.filter((n) => !taken.has(digits(n)) && editDistance(digits(n), read) <= NUMBER_SLIPS))];
    if (near.length !== 1) continue;
    const msg = `Número da inscrição lido por OCR como ${r.registrationNumber}; tomado da petição que lista as certidões deste arquivo (${near[0]}); confira`;
    r.warnings = r.warnings.filter((w) => w !== doubt).concat(msg);
    r.fieldWarnings = { ...r.fieldWarnings, registrationNumber: msg };
    r.registrationNumber = near[0];
    taken.add(digits(near[0]));
  }
  // A scanned certificate whose number OCR lost with its caption ("Wimero do Termo") takes the one
  // listed number no certificate of the file reads, when it is the only certificate without one.
  const unread = out.filter((r) => !r.registrationNumber && r.warnings.includes(OCR_WARNING));
  const free = [...new Set(listed.filter((n) => !taken.has(digits(n))))];
  if (unread.length === 1 && free.length === 1 && out.filter((r) => !r.registrationNumber).length === 1) {
    const [r] = unread;
    const msg = `Número da inscrição não lido por OCR; tomado da petição que lista as certidões deste arquivo (${free[0]}); confira`;
    r.warnings = r.warnings.filter((w) => w !== r.fieldWarnings?.registrationNumber).concat(msg);
    r.fieldWarnings = { ...r.fieldWarnings, registrationNumber: msg };
    r.registrationNumber = free[0];
  }
}

/** At most this many digits apart (one misread, one doubled or lost): one number OCR slipped on. */
const NUMBER_SLIPS = 2;

/**
 * A certificate whose debtor's CPF/CNPJ OCR read in doubt (repaired, or found without its caption)
 * takes the one another certificate of the same file reads cleanly for the same debtor (same name),
 * when the two are an OCR slip or two apart: the file's own evidence, flagged.
 */
function shareDebtorDocument(out: CertificateRecord[]): void {
  const clean = out.filter((r) => r.debtorDocument && r.debtorName && !r.fieldWarnings?.debtorDocument);
  for (const r of out) {
    const doubt = r.fieldWarnings?.debtorDocument;
    if (!doubt || !r.debtorDocument || !r.debtorName || !r.warnings.includes(OCR_WARNING)) continue;
    const same = [...new Set(clean.filter((o) => o !== r && fold(o.debtorName) === fold(r.debtorName)).map((o) => o.debtorDocument))];
    if (same.length !== 1 || same[0] === r.debtorDocument || editDistance(same[0], r.debtorDocument) > NUMBER_SLIPS) continue;
    const msg = `CPF/CNPJ do devedor lido por OCR como ${r.debtorDocument}; tomado de outra certidão do mesmo devedor neste arquivo (${same[0]}); confira`;
    r.warnings = r.warnings.filter((w) => w !== doubt).concat(msg);
    r.fieldWarnings = { ...r.fieldWarnings, debtorDocument: msg };
    r.debtorDocument = same[0];
  }
}

const digits = (r: string) => r.replace(/\D/g, '');

/** As many digits apart as this, or more, is past OCR's slips in one number (a misread digit or two). */
const OTHER_NUMBER = 3;

/**
 * A page of a stretch that opens another certificate whose title OCR lost ("CDA - CERTIDÃO …" read
 * past recognition): its own inscription caption with a number unlike the stretch's, and a debtor and
 * a value of its own from that page on. It is cut off as a certificate found by its content (flagged
 * as such), rather than read into the one before, where its debts and its whole record would be lost
 * in silence. A page repeating the stretch's own number, or one a digit or two off with the same
 * total (a head repeated on each page, its number misread), continues it.
 */
function splitUntitled(seg: { lines: Line[]; titled: boolean }): Array<{ lines: Line[]; titled: boolean }> {
  const out = [seg];
  let own = '';
  for (const start of untitledStarts(seg.lines)) {
    const cur = out[out.length - 1];
    const at = cur.lines.indexOf(start);
    if (at <= 0) continue;
    // The new certificate's own part: the rest of the page it starts on.
    const part = cur.lines.slice(at).filter((l) => l.page === start.page);
    if (!part.some((l) => !l.furniture && l.cells.some((c) => findLabel(c.folded, l.ocr)?.kind === 'registrationNumber')) && !afterSignOff(cur.lines, at)) continue;
    own ||= registrationOf(cur.lines.slice(0, at));
    const reg = registrationOf(part);
    if (!own || !reg || digits(own) === digits(reg)) continue;
    const rest = cur.lines.slice(at);
    const next = recordOf(rest);
    if (!namesDebtorAndValue(next)) continue;
    // Numbers a digit or two apart may be one misread, or two inscriptions of one batch: then the
    // values decide, as for a titled stretch whose number OCR lost.
    if (editDistance(digits(own), digits(reg)) < OTHER_NUMBER && recordOf(cur.lines.slice(0, at)).total === next.total) continue;
    out[out.length - 1] = { lines: cur.lines.slice(0, at), titled: cur.titled };
    out.push({ lines: rest, titled: false });
    own = reg;
  }
  return out;
}

/**
 * Where a certificate whose title OCR lost may start inside a stretch: at the top of each page after
 * the first, and mid-page where an issuer's header follows a signed-off certificate (its signer's
 * title, "PROCURADOR DA FAZENDA NACIONAL", then "MINISTÉRIO DA FAZENDA / PROCURADORIA-GERAL …").
 */
function untitledStarts(lines: Line[]): Line[] {
  const out: Line[] = [];
  for (let j = 1; j < lines.length; j++) {
    if (lines[j].page !== lines[j - 1].page) out.push(lines[j]);
    else if (afterSignOff(lines, j)) out.push(lines[j]);
  }
  return out;
}

/** Line `at` opens an issuer's header right after a sign-off line on the same page. */
function afterSignOff(lines: Line[], at: number): boolean {
  const l = lines[at];
  const prev = lines[at - 1];
  if (!prev || prev.page !== l.page || l.furniture || CLOSING_RE.test(l.folded) || !CLOSING_RE.test(prev.folded)) return false;
  return lines.slice(at, at + HEADER_LINES).some((h) => h.page === l.page && !CLOSING_RE.test(h.folded) && isIssuerLine(h));
}

/** An issuer's header is this many lines at most ("MINISTÉRIO …", "PROCURADORIA-GERAL …", its regional office). */
const HEADER_LINES = 3;

// A debtor named or identified by CPF/CNPJ (OCR may garble the name's sentence) and a value of its own.
const namesDebtorAndValue = (r: CertificateRecord) => (!!r.debtorName || !!r.debtorDocument) && r.total > 0;
const pagesOf = (ls: Line[]) => [...new Set(ls.map((l) => l.page))].sort((a, b) => a - b);
/** A stretch read on its own, to decide whether it is a certificate in its own right. */
const recordOf = (ls: Line[]) => readCertificate(ls, pagesOf(ls)).record;

/**
 * The certificate annexed to a court filing whose title OCR lost: the pages from the first one that
 * reads as a certificate's start on its own (an inscription number, or a debtor and a value) to
 * the end, when they are no court filing themselves and carry what a CDA must.
 */
function annexOf(lines: Line[]): Line[] | null {
  for (const num of pagesOf(lines).slice(1)) {
    const rest = lines.filter((l) => l.page >= num);
    if (isCourtFiling(rest)) continue;
    const own = recordOf(rest.filter((l) => l.page === num));
    if (!own.registrationNumber && !namesDebtorAndValue(own)) continue;
    return readCertificate(rest, pagesOf(rest)).isCda ? rest : null;
  }
  return null;
}

/** A stretch whose last lines sign it off (signature, authentication, issue date): the certificate ended there. */
function closed(lines: Line[]): boolean {
  return lines.filter((l) => !l.furniture).slice(-4).some((l) => CLOSING_RE.test(l.folded));
}

/** Fewer real words than this on a scanned page: OCR could not read it (a page of specks or a bad scan). */
const UNREAD_WORDS = 25;

/**
 * A scanned page no certificate covers and OCR could not read may hold a certificate that was never
 * found: the certificate before it (else the first) says so, so the loss is never silent.
 */
function flagUnreadPages(pages: Page[], out: CertificateRecord[]): void {
  if (!out.length) return;
  const covered = new Set(out.flatMap((r) => r.pages));
  const words = (p: Page) => p.lines.reduce((n, l) => n + (l.text.match(/\p{L}{3,}/gu)?.length ?? 0), 0);
  let unread = pages.filter((p) => p.ocr && !covered.has(p.num) && words(p) < UNREAD_WORDS).map((p) => p.num);
  // One between two pages of the same certificate is that certificate's (a "(continua)" page, a
  // page of specks): it joins its pages, flagged, and can hold no other certificate.
  for (const r of out) {
    const inside = unread.filter((n) => r.pages.some((m) => m < n) && r.pages.some((m) => m > n));
    if (!inside.length) continue;
    r.pages = [...r.pages, ...inside].sort((a, b) => a - b);
    r.warnings.push(`${inside.length > 1 ? 'Páginas' : 'Página'} ${inside.join(', ')} desta certidão ilegíve${inside.length > 1 ? 'is' : 'l'} na digitalização; confira o arquivo`);
    unread = unread.filter((n) => !inside.includes(n));
  }
  if (!unread.length) return;
  const msg = `${unread.length > 1 ? 'Páginas' : 'Página'} ${unread.join(', ')} ilegíve${unread.length > 1 ? 'is' : 'l'} na digitalização: pode haver certidão não lida; confira o arquivo`;
  const owner = [...out].reverse().find((r) => r.pages.some((n) => n < unread[0])) ?? out[0];
  owner.warnings.push(msg);
}

/**
 * Every certificate in one PDF. Never throws for bad input: unreadable, encrypted, empty, non-PDF
 * and not-a-CDA files come back with `error` set to a pt-BR reason.
 */
export async function extractPdf(data: Buffer, fileName: string, opts: ExtractOptions = {}): Promise<FileExtraction> {
  try {
    const pages = await readPages(data, opts);
    const certificates = extractFromPages(pages);
    if (!certificates.length) return { file: fileName, certificates: [], error: NOT_A_CDA };
    return { file: fileName, certificates, error: null };
  } catch (err) {
    if (err instanceof PdfReadError) return { file: fileName, certificates: [], error: err.reason };
    opts.log?.('extraction failed', { error: String((err as Error)?.message ?? err).slice(0, 300) });
    return { file: fileName, certificates: [], error: REASONS.corrupt };
  }
}

/** Page count without extracting text; null when the file is not a readable PDF. */
export async function countPages(data: Buffer): Promise<number | null> {
  try {
    sniff(data);
    const { PDFParse } = await import('pdf-parse');
    // A copy: pdfjs transfers (detaches) the buffer it is given, and OCR still needs the bytes.
    const parser = new PDFParse({ data: new Uint8Array(data), verbosity: 0 });
    try {
      return (await parser.getInfo()).total;
    } finally {
      await parser.destroy().catch(() => undefined);
    }
  } catch {
    return null;
  }
}
