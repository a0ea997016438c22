import type { CertificateRecord, CoDebtor, DebtNature, DebtRow, FieldWarnings, Issuer, WarnedField } from '@cda/shared';
import { formatCentavos } from '@cda/shared';
import { distance as editDistance } from 'fastest-levenshtein';
import { type Candidate, DEBT_HEADING_RE, DEBT_ITEM_RE, TITLE_LEAD, afterLabel, captionSide, cellBelow, findLabel, garbledLeaderLead, isDecoyCaption, isFieldLabel, isTitle, geometricCandidates, looseRows, makeStream, proseCandidates } from './fields';
import { CLOSING, COURT_FILING, ISSUED, ISSUERS, MONEY_FIELDS, type MoneyField, NOT_CDA_TITLES, NOT_PREVIDENCIARIA, PREVIDENCIARIA, ROW_DUE, SIGNATURE_RULE, STATUS_PHRASE, STATUS_PHRASE_LOOSE, STATUS_STEMS, type ScalarField } from './lexicon';
import { documentLabel, fold, isReadPeriod, normalizeStatus, parseDocument, periodStart, repairIssuerNameOcr, repairLegalBasisOcr, repairNameOcr, repairPersonNameOcr, upperText } from './normalize';
import { type Line, inRunningFooter, inRunningHeader, readingOrder } from './page';
import { atChargeRate, chargeLeftAtRate, digitVariants, iso2br, pastLatest, repairChargeByRate, repairRows, repairTotal, undoubled } from './repair';
import { headerColumns, looksLikeDebtRow, readTables } from './table';
import { type Value, dateValues, documentValues, moneyValues, nameValue, processValues, valuesOf } from './values';

export { isTitle };

export const OCR_WARNING = 'Extraído por OCR; confira os valores';

const notCdaRe = new RegExp(`^(?:${NOT_CDA_TITLES.join('|')})(?![a-z])`);
const courtRe = new RegExp(COURT_FILING);
const DUE_LABEL_RE = new RegExp(`^(?:${ROW_DUE})(?![a-z])`);

function firstCell(l: Line): string {
  return (l.cells[0]?.folded ?? '').replace(TITLE_LEAD, '').trim();
}

const isNotCdaTitle = (l: Line) => notCdaRe.test(firstCell(l)) && l.folded.split(/\s+/).length <= 16;
export const CLOSING_RE = new RegExp(CLOSING);
const SIGNATURE_RULE_RE = new RegExp(SIGNATURE_RULE);
const ISSUED_RE = new RegExp(ISSUED);
const hasValues = (l: Line) => /\d{1,3}(?:\.\d{3})*,\d{2}|\d{2}\.\d{3}\.\d{3}\/\d{4}/.test(l.text);
/** A line naming an issuer (PGFN, a state's or a municipality's office). */
export const isIssuerLine = (l: Line) => ISSUERS.some((i) => new RegExp(i.pattern).test(l.folded));
const issuerish = (l: Line) => isIssuerLine(l) || (!/\d/.test(l.text) && l.text === l.text.toUpperCase() && l.text.length < 90);

export interface Segment {
  lines: Line[];
}

/**
 * Splits a file's lines into candidate certificates by content: each CDA title opens one (from the
 * top of its page when only a header stands above it, else from the title and the issuer lines just
 * above it); the title of a document that is not a CDA (nota fiscal, relatório de situação fiscal,
 * certidão negativa) opens a stretch that is dropped, and so does a court filing before the annexes.
 * Without any title the whole file is one candidate, kept only if its content makes it a CDA.
 */
export function segmentLines(lines: Line[]): Array<Segment & { titled: boolean }> {
  const starts: Array<{ at: number; cda: boolean }> = [];
  let pageStart = 0;
  for (let i = 0; i < lines.length; i++) {
    if (i > 0 && lines[i].page !== lines[i - 1].page) pageStart = i;
    if (lines[i].furniture) continue;
    const cda = isTitle(lines[i]);
    if (!cda && !isNotCdaTitle(lines[i])) continue;
    let s = i;
    const above = lines.slice(pageStart, i).filter((l) => !l.furniture);
    // After another certificate, a dated line above the header (its "Emitida em …") is that
    // certificate's tail, and so is what stands above it on the page.
    // (A running header with an inscription number names whichever certificate tops the page.)
    const tail =
      starts.length > 0 &&
      // The date may be written out ("Porto Alegre, 4 de setembro de 2025.").
      (above.some((l) => (CLOSING_RE.test(l.folded) || (!issuerish(l) && dateValues(l.text).length > 0)) && !l.cells.some((c) => findLabel(c.folded, l.ocr)?.kind === 'registrationNumber')) ||
        // Certificates signed at one place on the page repeat their signature rule at page edges,
        // which makes it furniture: it still signs the certificate above.
        lines.slice(pageStart, i).some((l) => l.furniture && SIGNATURE_RULE_RE.test(l.text)));
    if (above.length <= 8 && !above.some(hasValues) && !tail) s = pageStart;
    else {
      let k = 0;
      // The issuer's header lines sit close together; a wider gap above them (the previous
      // certificate's signature, "PROCURADOR DA FAZENDA NACIONAL") is not part of the header.
      let headerGap = Infinity;
      // A department's name in small letters ("Diretoria de Arrecadação …") may stand under the
      // issuer's upper-case lines: the header is climbed through it, but ends on an issuer line.
      const headerish = (l: Line) => issuerish(l) || (!/\d/.test(l.text) && l.text.length < 90 && !CLOSING_RE.test(l.folded) && !/[.;:]$/.test(l.text.trim()));
      let top = s;
      while (s - 1 > pageStart && k < 3 && !lines[s - 1].furniture && headerish(lines[s - 1]) && !hasValues(lines[s - 1])) {
        const gap = lines[s].y - lines[s - 1].y;
        if (k > 0 && gap > Math.min(headerGap, lines[s].size * 1.8) * 2) break;
        if (k > 0) headerGap = Math.min(headerGap, gap);
        s--;
        k++;
        if (issuerish(lines[s])) top = s;
      }
      s = top;
    }
    const prev = starts[starts.length - 1];
    if (prev && prev.at >= s) continue;
    starts.push({ at: s, cda });
  }
  if (!starts.length) return [{ lines, titled: false }];
  const out: Array<Segment & { titled: boolean }> = [];
  // Before the first title: a court filing, a cover page, or a certificate whose title OCR garbled;
  // its content decides.
  const before = lines.slice(0, starts[0].at);
  if (before.some((l) => !l.furniture)) out.push({ lines: before, titled: false });
  starts.forEach((st, k) => {
    if (!st.cda) return;
    out.push({ lines: lines.slice(st.at, starts[k + 1]?.at ?? lines.length), titled: true });
  });
  return out;
}

const byPeriod = (a: { period: string }, b: { period: string }) => (a.period < b.period ? -1 : a.period > b.period ? 1 : 0);

interface Read {
  record: CertificateRecord;
  /** The certificate carries what the law requires: number, debtor, value. */
  isCda: boolean;
}

function valueKey(field: ScalarField, v: Value): string {
  if (field === 'revenue') return `${v.code}|${fold(v.description ?? '')}`;
  // One number with and without the slash before its year is one reading (see choose).
  if (field === 'registrationNumber' && /^\d+\/\d{4}$/.test(v.value)) return v.value.replace('/', '');
  return fold(v.value).replace(/\s+/g, ' ');
}

/** Whether `read` is `want` with at most one glyph more (a slash OCR read as a digit). */
function oneGlyphMore(read: string, want: string): boolean {
  if (read === want) return true;
  return read.length === want.length + 1 && [...read].some((_, k) => read.slice(0, k) + read.slice(k + 1) === want);
}

/** Two numbers of one length that differ in one digit only. */
function oneDigitApart(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  const diff = [...a].flatMap((d, k) => (d !== b[k] ? [k] : []));
  return diff.length === 1 && /\d/.test(a[diff[0]]) && /\d/.test(b[diff[0]]);
}

interface Choice {
  value: Value | null;
  score: number;
  rivals: Value[];
  route?: Candidate['route'];
}

/** The best-supported value of a field; rivals are other values with nearly as much support. */
function choose(cands: Candidate[], field: ScalarField, bonus: (v: Value) => number = () => 0): Choice {
  const groups = new Map<string, { value: Value; score: number; n: number; route: Candidate['route']; slashed?: string }>();
  // The same reading found twice (two prose wordings over one spot) is one piece of support.
  const seen = new Set<string>();
  // A sentence read across a caption into the value the geometry gave to another caption ("Inscrição
  // DEBCAD nº" / "80 4 18 …" over "PGFN de Origem") is that same reading, not support for it.
  const against = new Set(cands.filter((c) => c.field === field && c.against).map((c) => `${c.line}|${c.value.raw}`));
  for (const c of cands) {
    if (c.field !== field) continue;
    if (c.route === 'prose' && against.has(`${c.line}|${c.value.raw}`)) continue;
    const spot = `${c.route}|${c.line}|${c.value.start}|${c.value.raw}`;
    if (seen.has(spot)) continue;
    seen.add(spot);
    const k = valueKey(field, c.value);
    const g = groups.get(k);
    const s = c.score + bonus(c.value);
    if (!g) groups.set(k, { value: c.value, score: s, n: 1, route: c.route });
    else {
      g.n++;
      if (s > g.score) Object.assign(g, { value: c.value, score: s, route: c.route });
    }
    // OCR loses a number's slash ("4630932025" in a running header), never adds one: the reading
    // that kept it ("463093/2025" in the sentence) is the printed shape of the same number.
    if (c.value.value.includes('/')) groups.get(k)!.slashed = c.value.value;
  }
  for (const g of groups.values()) if (g.slashed && g.slashed !== g.value.value) g.value = { ...g.value, value: g.slashed };
  const ranked = [...groups.values()].map((g) => ({ ...g, total: g.score + Math.min(g.n - 1, 3) * 0.25 })).sort((a, b) => b.total - a.total);
  if (!ranked.length) return { value: null, score: 0, rivals: [] };
  const best = ranked[0];
  const rivals = ranked.slice(1).filter((g) => g.total >= best.total - 0.5).map((g) => g.value);
  return { value: best.value, score: best.total, rivals, route: best.route };
}

function detectIssuer(lines: Line[]): { issuer: Issuer; name: string } {
  const head = lines.slice(0, 25);
  for (const rule of ISSUERS) {
    const re = new RegExp(rule.pattern);
    const hit = head.find((l) => re.test(l.folded));
    if (!hit) continue;
    const nameRe = new RegExp(rule.name);
    for (const l of head) {
      for (const c of l.cells) {
        const m = nameRe.exec(c.folded);
        if (!m) continue;
        // "MUNICÍPIO DE PELOTAS - DÍVIDA ATIVA": the department after a dash is not the issuer's name.
        const name = c.text.slice(m.index, m.index + m[0].length).replace(/\s+[—–-]\s+(?:d[ií]vida|procuradoria|secretaria|divis[aã]o|departamento|ger[eê]ncia|coordena[cç][aã]o|setor|n[uú]cleo)\b.*$/i, '');
        return { issuer: rule.issuer, name: upperText(name).replace(/\s*[—–-]\s*$/, '') };
      }
    }
    return { issuer: rule.issuer, name: '' };
  }
  const all = lines.map((l) => l.folded).join('\n');
  for (const rule of ISSUERS) if (new RegExp(rule.pattern).test(all)) return { issuer: rule.issuer, name: '' };
  return { issuer: 'federal', name: '' };
}

/**
 * A co-debtor's name in the text before its document: label words, a leading note such as
 * "(CTN, art. 135):" and a trailing ", inscrito no CPF sob o nº" are not part of it.
 */
function nameBefore(text: string, ocr = false): string {
  // On a scan a speck read as a colon after a name's word ("LÚCIA PEREIRA FERREIRA:- CPF", "ANTÔNIO CASTRO: NEVES")
  // is no caption's: the name runs on.
  const clean = (x: string) =>
    // Or glued between two of its words ("LÚCIA DA:SILVA"): a space.
    (ocr ? x.replace(/(?<=\p{Lu}{2}):(?=\p{Lu}{2})/gu, ' ').replace(/(?<=\p{Lu}{2})\s?:(?=\s*[-–—]|\s+\p{Lu}{2})/gu, '') : x)
      // "CPF/MF", "CPF/ME": the ministry (Fazenda, Economia) that issues the number; its F a speck closed into an E ("CPE/MF").
      .replace(/^\s*\([^)]{0,60}\)\s*:?/, '').replace(/\b(?:nome|cpf|cnpj|cpe(?=\s*\/\s*m[fe]\b))\b(?:\s*\/\s*(?:mf|me|cnpj|cpf)\b)?(?:\s*n\s*[.ºo°]+)?\s*:?/gi, ' ');
  const name = text.split('\t').map((x) => nameValue(clean(x), true)?.raw ?? '').filter(Boolean).pop() ?? '';
  // A dash before the number with a speck after it ("ARAÚJO -.CPF/MF") goes with the dash.
  return name.replace(/\s[-–—]\s?[.,]\s*$/, '').replace(/[\s:–—\-|(]+$/, '').replace(/^[\s:–—\-|•\d.)]+/, '').trim();
}

/** Co-debtors: after their label, one row per person (name, CPF/CNPJ, often a legal basis). */
function readCoDebtors(lines: Line[], skip: boolean[]): { list: CoDebtor[]; lines: Set<number>; warnings: string[]; doubt: boolean } {
  const out = { list: [] as CoDebtor[], lines: new Set<number>(), warnings: [] as string[], doubt: false };
  for (let i = 0; i < lines.length; i++) {
    if (skip[i]) continue;
    const k0 = lines[i].cells.findIndex((c) => findLabel(c.folded, lines[i].ocr)?.kind === 'coDebtors');
    if (k0 < 0) continue;
    out.lines.add(i);
    const blockWord = /^[a-z-]{5,}/.exec(fold(lines[i].cells[k0].text))?.[0];
    let pending = '';
    let pendingLine = -1;
    let misses = 0;
    for (let j = i; j < Math.min(lines.length, i + 12) && misses < 2; j++) {
      if (j > i && skip[j]) continue;
      const l = lines[j];
      const cells = j === i ? l.cells.slice(k0) : l.cells;
      // Each row may repeat the label ("Corresponsável: FULANO, CPF …" once per person).
      const own = (c: (typeof cells)[number]) => findLabel(c.folded, l.ocr);
      // On a scan the repeated label may be garbled past the lexicon ("Coocbrigados:"): a word a letter
      // or two off the block's own label, before its colon, is that label.
      const garbledLabel = (c: (typeof cells)[number]) => {
        const m = l.ocr && j > i ? /^\s*([\p{L}-]{5,})\s?:\s*/u.exec(c.text) : null;
        return m && blockWord && editDistance(fold(m[1]), blockWord) <= 2 ? m[0].length : 0;
      };
      const text = cells
        .map((c, k) => {
          if (k > 0) return c.text;
          const hit = own(c);
          return hit?.kind === 'coDebtors' ? afterLabel(c.text.slice(hit.end)) : c.text.slice(garbledLabel(c));
        })
        .join('\t');
      const docs = documentValues(text, l.ocr);
      // The block goes on past a page break: the page's own footer ("Emitido em …", whose caption is a
      // decoy's) and the next page's running header, neither of which holds a CPF/CNPJ (OCR sets the
      // rows in another size than their label).
      if (j > i && !docs.length && ((l.page !== lines[i].page && inRunningHeader(lines, j, lines[i])) || inRunningFooter(lines, j, lines[i]))) continue;
      if (!docs.length) {
        if (/^\s*(?:nao\s+ha|nenhum|inexistente|sem\s+corresponsave|-+\s*$)/.test(fold(text))) {
          out.lines.add(j);
          break;
        }
        if (j === i) {
          // "Corresponsáveis: FULANO, inscrito no CPF sob o nº" with the number on the next line.
          pending = text;
          continue;
        }
        const label = findLabel(l.cells[0].folded, l.ocr);
        if (label && label.kind !== 'debtorName' && label.kind !== 'debtorDocument' && label.kind !== 'coDebtors') break;
        if (label || /^\s*nome\b/.test(fold(text))) {
          out.lines.add(j);
          // The label repeated for the next co-debtor, whose number wraps to the next line.
          if (label?.kind === 'coDebtors') pending = text;
          continue;
        }
        // A line without a document may be a name waiting for its document on the next line; it joins
        // the co-debtors' block only if that document comes (else it is the next part of the page).
        misses++;
        pending = text;
        pendingLine = j;
        continue;
      }
      out.lines.add(j);
      if (pendingLine >= 0) out.lines.add(pendingLine);
      pendingLine = -1;
      misses = 0;
      for (const d of docs) {
        const name = nameBefore(text.slice(0, d.start), l.ocr) || (pending && nameBefore(pending.split('\t')[0], l.ocr));
        pending = '';
        if (!d.valid) {
          out.warnings.push(`${documentLabel(d.value.length === 11 ? 'cpf' : 'cnpj')} do corresponsável ${upperText(name)} com dígito verificador inválido (${d.raw.trim()})`);
          out.doubt = true;
        } else if (d.repaired) {
          out.warnings.push(`${documentLabel(d.value.length === 11 ? 'cpf' : 'cnpj')} do corresponsável ${upperText(name)} corrigido de OCR ("${d.raw.trim()}"); confira`);
          out.doubt = true;
        }
        if (!name) out.doubt = true;
        out.list.push({ name: upperText(lines[j].ocr ? (d.value.length === 11 ? repairPersonNameOcr : repairNameOcr)(name) : name), document: d.value });
        break;
      }
    }
    break;
  }
  return out;
}

const DEBCAD = /^\d{9}$/;
/** The printed shapes of a PGFN inscription and of a DEBCAD, punctuation included. */
// A DEBCAD may be printed bare: nine digits alone in their box (no other number on a certificate has nine).
const FEDERAL_SHAPE = /(?<![\d.\/-])(?:\d{2}[ .]\d[ .]\d{2}[ .]\d{6}-\d{2}|\d{2}\.\d{3}\.\d{3}-\d)(?![\d.\/-])|^\s*\d{9}\s*$/g;
const FEDERAL = /^\d{13}$/;
const STATUS_PHRASE_RE = new RegExp(STATUS_PHRASE);
const STATUS_PHRASE_LOOSE_RE = new RegExp(STATUS_PHRASE_LOOSE);
const STATUS_WORD_ALONE_RE = new RegExp(`^(?:${STATUS_STEMS})[a-z]*[\\s.]*$`);
/** A federal administrative process number as printed (13896.568826/2022-77): no other number has this shape. */
// Also printed bare, its year in place (13896809692201740): no other number on a certificate has 17 digits.
// OCR may set a space after its dot ("13896. 195610/2016-12").
const PROCESS_SHAPE = /(?<![\d.\/-])(?:\d{5}\.\s?\d{6}\/\d{4}-\d{2}|\d{11}(?:19|20)\d{4})(?![\d.\/-])/g;

/**
 * The cells no label owns, on lines not skipped: not a decoy's caption or the cell beside one, nor
 * the cell a decoy's caption stands over or under (stacked boxes). `captions`: the side the
 * certificate prints its captions on, when known.
 */
function freeCells(lines: Line[], skip: boolean[], captions?: 'above' | 'below'): Array<{ line: number; cell: Line['cells'][number] }> {
  const out: Array<{ line: number; cell: Line['cells'][number] }> = [];
  lines.forEach((l, i) => {
    if (skip[i]) return;
    // Only on the captions' side when the certificate shows it (a caption under a value whose own
    // caption OCR lost heads the box below).
    const sides = captions === 'above' ? [lines[i - 1]] : captions === 'below' ? [lines[i + 1]] : [lines[i - 1], lines[i + 1]];
    const near = sides.filter((n) => n && n.page === l.page && Math.abs(n.y - l.y) <= Math.max(n.size, l.size) * 2.5);
    l.cells.forEach((c, k) => {
      const decoy = (x: typeof c | undefined) => !!x && findLabel(x.folded, l.ocr)?.kind === 'decoy';
      if (decoy(c) || decoy(l.cells[k - 1])) return;
      if (near.some((n) => n.cells.some((x) => x.x0 < c.x1 && c.x0 < x.x1 && isDecoyCaption(x, n.ocr)))) return;
      out.push({ line: i, cell: c });
    });
  });
  return out;
}

/** A company's name filling its cell: words in capitals closing in its company type ("SUPERMERCADO DO VALE S.A."). */
const COMPANY_NAME_CELL = /^\p{Lu}[\p{Lu}&'.-]*(?:\s+[\p{Lu}&'.-]+){1,8}\s+(?:LTDA|S\.\s?A|S\/A|EIRELI|EPP|ME)\.?$/u;

/** Digits of every number of `shape` in the certificate's free cells. */
function unlabelledShapes(lines: Line[], skip: boolean[], shape: RegExp, captions?: 'above' | 'below'): Set<string> {
  const shaped = new Set<string>();
  for (const { cell } of freeCells(lines, skip, captions)) for (const m of cell.text.matchAll(shape)) shaped.add(m[0].replace(/\D/g, ''));
  return shaped;
}

function nature(issuer: Issuer, registration: string, revenue: string, legalBasis: string): { nature: DebtNature; reason: string; doubt?: string } {
  if (issuer !== 'federal') return { nature: 'demais', reason: 'Certidão estadual ou municipal: débitos "demais"' };
  if (DEBCAD.test(registration)) return { nature: 'previdenciaria', reason: 'Inscrição no formato DEBCAD (9 dígitos), própria dos débitos previdenciários' };
  const r = fold(revenue);
  const prev = new RegExp(PREVIDENCIARIA).exec(r);
  if (prev) return { nature: 'previdenciaria', reason: `Receita de contribuição previdenciária ("${prev[0]}")` };
  const natureza4 = FEDERAL.test(registration) && registration[2] === '4';
  const decisive = new RegExp(NOT_PREVIDENCIARIA).test(r);
  if (!decisive && /8\.212/.test(legalBasis)) return { nature: 'previdenciaria', reason: 'Fundamento legal na Lei 8.212/91 (custeio da Seguridade Social)' };
  if (natureza4 && !decisive) {
    return { nature: 'demais', reason: 'Receita não previdenciária', doubt: 'Inscrição de natureza 4 (Simples Nacional ou contribuições) sem receita que decida se é previdenciária; confira' };
  }
  return { nature: 'demais', reason: 'Receita não previdenciária' };
}

const FIELD_PT: Partial<Record<WarnedField, string>> = {
  registrationNumber: 'número da inscrição', debtorName: 'nome do devedor', debtorDocument: 'CPF/CNPJ do devedor', total: 'valor total',
  principal: 'principal', fine: 'multa', interest: 'juros', legalCharge: 'encargo legal', registrationDate: 'data da inscrição',
  consolidationDate: 'data de consolidação', status: 'situação', administrativeProcess: 'processo administrativo', revenueCode: 'código da receita',
  revenueDescription: 'receita',
};

const REGISTRATION_ONLY: ReadonlySet<ScalarField> = new Set(['registrationNumber']);

/**
 * The inscription number of a stretch of lines, read the way the record reads it but for that one
 * field: segmentation uses it to join continuation pages before any certificate is read in full.
 */
export function registrationOf(lines: Line[]): string {
  const ocr = lines.some((l) => l.ocr);
  const table = readTables(lines);
  const skip = lines.map((l, i) => l.furniture || table.lines.has(i));
  const stream = makeStream(readingOrder(lines, (i) => skip[i], isFieldLabel));
  const cands = aboveTitle(lines, [...geometricCandidates({ lines, skip }, REGISTRATION_ONLY), ...proseCandidates(stream, ocr, [], REGISTRATION_ONLY)]);
  const issuer = detectIssuer(lines).issuer;
  return choose(cands, 'registrationNumber', registrationBonus(issuer)).value?.value ?? '';
}

/**
 * A number above the certificate's title is a running header, which on a page shared with the
 * previous certificate's tail still names that one: the certificate's own number, after its
 * title, is worth more.
 */
function aboveTitle(lines: Line[], cands: Candidate[]): Candidate[] {
  const title = lines.findIndex(isTitle);
  if (title > 0) for (const c of cands) if (c.field === 'registrationNumber' && c.line < title) c.score -= 0.5;
  return cands;
}

/** See readCertificate: the encargo at its legal rate whose reais, cents lost, follow its caption. */
function chargeWithoutCents(lines: Line[], v: Record<MoneyField, number | null>): { value: number; raw: string } | null {
  const rest = chargeLeftAtRate(v);
  if (rest === null) return null;
  const reais = Math.floor(rest / 100).toLocaleString('pt-BR');
  for (const l of lines) {
    const k = l.cells.findIndex((c) => findLabel(c.folded, true)?.kind === 'legalCharge');
    if (k < 0) continue;
    const tail = l.cells.slice(k).map((c) => c.text).join(' ');
    const m = /(?<![\d.,])(\d{1,3}(?:\.\d{3})*),(?!\s?\d)/.exec(tail);
    if (m && m[1] === reais) return { value: rest, raw: m[0] };
  }
  return null;
}

/** The inscription shape each issuer uses is worth more than a stray number. */
function registrationBonus(issuer: Issuer) {
  return (v: Value) => {
    const d = v.value.replace(/\D/g, '');
    if (v.valid === false) return -0.7;
    if (issuer === 'federal') return FEDERAL.test(v.value) ? 1 : DEBCAD.test(v.value) ? 0.8 : /\//.test(v.value) ? -1 : -0.5;
    return d.length >= 5 ? 0 : -1;
  };
}

/** Reads one certificate's lines into its record, with every check the document allows. */
export function readCertificate(lines: Line[], pages: number[], titled = true): Read {
  const ocr = lines.some((l) => l.ocr);
  const warnings: string[] = [];
  const fw: FieldWarnings = {};
  const flag = (f: WarnedField, msg: string) => {
    if (!fw[f]) fw[f] = msg;
    if (!warnings.includes(msg)) warnings.push(msg);
  };

  const table = readTables(lines);
  const skip = lines.map((l, i) => l.furniture || table.lines.has(i));
  const co = readCoDebtors(lines, skip);
  for (const i of co.lines) skip[i] = true;
  const stream = makeStream(readingOrder(lines, (i) => skip[i], isFieldLabel));
  let rows: DebtRow[] = table.rows;
  const masked: Array<[number, number]> = [];
  let rowsFromProse = false;
  // Numbered cards ("DÉBITO 3 - …") are listed by their numbers, whatever their periods read as.
  let numbered = false;
  if (!rows.length) {
    const loose = looseRows(stream, ocr);
    if (loose.length) {
      rowsFromProse = true;
      numbered = loose.every((r) => r.item !== undefined) && new Set(loose.map((r) => r.item)).size === loose.length;
      const order = numbered ? [...loose].sort((a, b) => a.item! - b.item!) : loose;
      rows = order.map((r) => ({ period: r.period, dueDate: r.dueDate, principal: r.principal ?? 0, fine: r.fine ?? 0, interest: r.interest ?? 0 }));
      // A period OCR left unread keeps its printed place among the others (its neighbours help restore it).
      if (!numbered && rows.every((r) => isReadPeriod(r.period))) rows.sort(byPeriod);
      for (const r of loose) masked.push([r.start, r.end]);
      const uncaptioned = loose.filter((r) => r.dueUncaptioned).length;
      if (uncaptioned) flag('debts', `Vencimento lido sem rótulo em ${uncaptioned} linha(s) dos débitos; confira`);
      // A part some rows print and another row lacks was not read there (it reads as 0): a doubt.
      for (const [part, label] of [['principal', 'principal'], ['fine', 'multa'], ['interest', 'juros']] as const) {
        const missing = loose.filter((r) => r[part] === null).length;
        if (missing && missing < loose.length) flag('debts', `Valor de ${label} não encontrado em ${missing} linha(s) dos débitos; confira`);
      }
      // Lines wholly inside a row's text are the row's, not labels of the certificate's fields; a line
      // with a cell outside every row (a label/value row beside the cards) stays readable.
      const inside = new Map<number, boolean>();
      for (const sp of stream.spans) {
        const within = masked.some(([a, b]) => sp.start >= a && sp.end <= b);
        inside.set(sp.piece.line, (inside.get(sp.piece.line) ?? true) && within);
      }
      for (const [line, all] of inside) if (all) skip[line] = true;
    }
  }
  const cands = aboveTitle(lines, [...geometricCandidates({ lines, skip }), ...proseCandidates(stream, ocr, masked)]);
  if (table.printed.principal !== undefined) cands.push(tableCand('principal', table.printed.principal));
  if (table.printed.fine !== undefined) cands.push(tableCand('fine', table.printed.fine));
  if (table.printed.interest !== undefined) cands.push(tableCand('interest', table.printed.interest));
  // A table's total column sums its rows, which is the certificate's total only when nothing (the
  // encargo legal) is added after the table: weaker than a labelled total.
  if (table.printed.total !== undefined) cands.push({ ...tableCand('total', table.printed.total), score: 2 });
  // Any amount on the page may be the total whose label OCR garbled; only the sum can elect it. Read
  // only when the labelled candidates do not add up. Not an amount a decoy's caption owns (a
  // "Subtotal (sem encargo)" is no total), on either side: a summary box may print its captions
  // the other way from the rest of the certificate.
  const unlabelledTotals = () => {
    for (const { line, cell } of freeCells(lines, skip)) {
      for (const v of moneyValues(cell.text)) cands.push({ field: 'total', value: v, route: 'unlabelled', score: 0.4, line });
    }
  };

  const { issuer, name: issuerName } = detectIssuer(lines);

  const reg = choose(cands, 'registrationNumber', registrationBonus(issuer));
  const doc = choose(cands, 'debtorDocument', (v) => (v.valid ? 2 : 0));
  const name = choose(cands, 'debtorName');
  const debtorDocument = doc.value?.value ?? '';

  if (!reg.value && issuer === 'federal') {
    // OCR can garble the label ("Imecrição nº") while the number keeps the shape only PGFN prints
    // (80.6.19.123456-78, 41.510.615-4): one such number on the certificate, not under a decoy's
    // label (PGFN de origem), is taken, flagged.
    const shaped = unlabelledShapes(lines, skip, FEDERAL_SHAPE, captionSide(cands));
    if (shaped.size === 1) {
      const value = [...shaped][0];
      reg.value = { value, raw: value, start: 0, end: 0 };
      flag('registrationNumber', 'Número da inscrição encontrado sem rótulo; confira');
    }
  }
  // A federal number OCR read with a digit twice ("90031361086329" for 9031361086329): the one reading
  // of PGFN's 13 digits with it once, flagged as repaired. (Fourteen digits whose check digits pass
  // are a CNPJ, not this.)
  const once = ocr && issuer === 'federal' && reg.value && /^\d{14}$/.test(reg.value.value) && !parseDocument(reg.value.value)?.valid ? undoubled(reg.value.value) : [];
  if (once.length === 1) reg.value = { ...reg.value!, value: once[0], repaired: true };
  const registrationNumber = reg.value?.value ?? '';
  // On a scan, another reading of the number one digit off ("9971479/2014" in a running header,
  // "9571479/2014" in the body) is a doubt however little support it has: one of them is a slip.
  const slips = ocr && registrationNumber ? cands.filter((c) => c.field === 'registrationNumber' && oneDigitApart(c.value.value, registrationNumber)).map((c) => c.value.value) : [];
  if (!registrationNumber) flag('registrationNumber', 'Campo não encontrado: número da inscrição');
  else if (reg.rivals.length || slips.length)
    flag('registrationNumber', `Número da inscrição incerto: também lido ${[...new Set([...reg.rivals.map((r) => r.value), ...slips])].join(', ')}; confira`);
  else if (issuer === 'federal' && !FEDERAL.test(registrationNumber) && !DEBCAD.test(registrationNumber)) flag('registrationNumber', `Número da inscrição fora do formato federal (${registrationNumber}); confira`);
  else if (reg.value?.repaired) flag('registrationNumber', `Número da inscrição corrigido de OCR ("${reg.value.raw}" → ${registrationNumber}); confira`);

  if (!doc.value) {
    // OCR can garble the label while the number survives; the check digits vouch for it.
    const kept = lines.filter((_, i) => !skip[i]);
    // Failing that on a scan, a number whose own slip the check digits put right ("98.464.448/00002-41").
    const loose = kept.flatMap((l) => gluedDocuments(l.text)).find((d) => d.valid) ?? kept.flatMap((l) => (l.ocr ? documentValues(l.text, true) : [])).find((d) => d.valid);
    if (loose) {
      cands.push({ field: 'debtorDocument', value: loose, route: 'unlabelled', score: 0.5, line: 0 });
      doc.value = loose;
      flag('debtorDocument', 'CPF/CNPJ do devedor encontrado sem rótulo; confira');
    } else flag('debtorDocument', 'Campo não encontrado: CPF/CNPJ do devedor');
  }
  const debtorDoc = doc.value?.value ?? debtorDocument;
  if (doc.value && !doc.value.valid) flag('debtorDocument', `${documentLabel(debtorDoc.length === 11 ? 'cpf' : 'cnpj')} do devedor com dígito verificador inválido (${doc.value.raw.trim()})`);
  else if (doc.value && doc.rivals.some((r) => r.valid)) flag('debtorDocument', `CPF/CNPJ do devedor incerto: também lido ${doc.rivals.map((r) => r.value).join(', ')}; confira`);
  else if (doc.value?.repaired) flag('debtorDocument', `CPF/CNPJ do devedor corrigido de OCR ("${doc.value.raw.trim()}"); confira`);

  if (!name.value && ocr) {
    // OCR can garble the caption past reading ("—=amão Sli" for Razão Social) while the name survives:
    // a company's, closing in its company type, alone in its cell and the only such on the certificate.
    // Or after that caption garbled to a few letters and its specked leader, in one cell ("NoOMe...... ... 0! TÊXTIL … LTDA").
    const companies = new Set(
      freeCells(lines, skip, captionSide(cands))
        .map(({ cell }) => cell.text.slice(garbledLeaderLead(cell.folded)).trim())
        .flatMap((text) => (COMPANY_NAME_CELL.test(text) ? [nameValue(text)?.value ?? ''] : []))
        .filter(Boolean),
    );
    if (companies.size === 1) {
      const value = [...companies][0];
      name.value = { value, raw: value, start: 0, end: 0 };
      flag('debtorName', 'Nome do devedor encontrado sem rótulo legível; confira');
    }
  }
  let debtorName = name.value?.value ?? '';
  if (!debtorName) flag('debtorName', 'Campo não encontrado: nome do devedor');
  else if (name.rivals.length) flag('debtorName', `Nome do devedor incerto: também lido "${name.rivals.map((r) => r.value).join('", "')}"; confira`);

  const pick = (f: ScalarField) => choose(cands, f);
  const regDate = pick('registrationDate');
  // Money: the combination of candidates that adds up (principal + multa + juros + encargo = total).
  const garbled = ocr ? garbledAmounts(lines, skip) : {};
  let money = chooseMoney(cands, rows, garbled, ocr);
  // A reading that does not add up, or leaves a better-labelled amount out, may be missing a total
  // whose label OCR garbled.
  if (!money.adds || money.flags.length) {
    unlabelledTotals();
    money = chooseMoney(cands, rows, garbled, ocr);
  }
  if (ocr && rows.length) {
    // OCR digit confusions in the rows, repaired only where the printed totals or the dates confirm it.
    const notes = [...table.repairs, ...repairRows(rows, money.values, table.unreadableDue, regDate.value?.value ?? null, table.rowFixes, table.rowChecks, table.alts)];
    if (notes.length) money = chooseMoney(cands, rows, garbled, ocr);
    // A table of one row is the whole debt: where OCR garbled one of its cells ("40164, 200") and the
    // certificate's parts add up to its total, the part printed is the cell's value, flagged.
    if (rows.length === 1 && money.adds) {
      let changed = false;
      for (const [part, label] of [['principal', 'principal'], ['fine', 'multa'], ['interest', 'juros']] as const) {
        const printed = money.values[part];
        if (printed === null || printed === rows[0][part]) continue;
        notes.push(`Valor de ${label} da linha ${rows[0].period} lido por OCR (${formatCentavos(rows[0][part])}) corrigido para ${formatCentavos(printed)}, o valor impresso da certidão; confira`);
        rows[0][part] = printed;
        changed = true;
      }
      if (changed) money = chooseMoney(cands, rows, garbled, ocr);
    }
    // Rows read from prose are listed by period: a repaired period ("2º TRI/2619") takes its place,
    // unless a period left unrepaired (after every due date) would drag its row out of place.
    const lastDue = rows.reduce((m, r) => (r.dueDate && r.dueDate > m ? r.dueDate : m), '');
    if (rowsFromProse && !numbered && rows.every((r) => r.period.slice(0, 4) <= lastDue.slice(0, 4))) rows.sort(byPeriod);
    for (const n of notes) flag('debts', n);
  }
  // An encargo whose misread glyph (any glyph) leaves it off the legal rate the total says it is at.
  const byRate = ocr && !money.adds ? repairChargeByRate(money.values) : null;
  if (byRate !== null) {
    // Worded as the rows-confirmed repair below when the rows confirm the three parts as well.
    const reason = money.rowsConfirmed && rows.length ? ' pelo total e pelas linhas da tabela de débitos' : ', o que o total deixa sobre principal, multa e juros, na taxa do encargo';
    flag('legalCharge', `Encargo "${formatCentavos(money.values.legalCharge!)}" lido por OCR corrigido para ${formatCentavos(byRate)}${reason}; confira`);
    money = { ...money, values: { ...money.values, legalCharge: byRate }, adds: true, flags: money.flags.filter(([, msg]) => !msg.startsWith('Total impresso (')) };
  }
  // An encargo whose cents OCR lost ("Encargo Legal (20%): R$71.633,"), so no amount was read for it:
  // what the total leaves over principal, multa and juros, when that is the encargo's rate of them and
  // its reais are the ones printed after the encargo's caption.
  const cut = ocr && !money.adds && !money.values.legalCharge ? chargeWithoutCents(lines, money.values) : null;
  if (cut) {
    flag('legalCharge', `Encargo "${cut.raw}" lido por OCR sem os centavos; tomado como ${formatCentavos(cut.value)}, o que o total deixa sobre principal, multa e juros, na taxa do encargo; confira`);
    money = { ...money, values: { ...money.values, legalCharge: cut.value }, adds: true, flags: money.flags.filter(([, msg]) => !msg.startsWith('Total impresso (')) };
  }
  // A scanned total one digit off its parts' sum, where no part's slip explains the gap: the total's
  // digit was misread ("3.416,36" for 3.416,30); the sum is taken, flagged as repaired.
  const sumTotal = ocr && !money.adds ? repairTotal(money.values, readTwice(cands, money.values)) : null;
  if (sumTotal !== null) {
    flag('total', `Valor total "${formatCentavos(money.values.total!)}" lido por OCR corrigido para ${formatCentavos(sumTotal)} pela soma das parcelas; confira`);
    money = { ...money, values: { ...money.values, total: sumTotal }, adds: true, flags: money.flags.filter(([, msg]) => !msg.startsWith('Total impresso (')) };
  }
  // An encargo one OCR slip off what the total leaves over principal, multa and juros, when those three
  // are the debt rows' sums: that remainder, flagged. Where the total's own slip would explain the gap
  // as well, only when the remainder is the encargo's rate (10 % or 20 %) of the three and the amount
  // read is not.
  // Where that slip made the choice leave the encargo out and take a subtotal for the total, the
  // labelled encargo and the largest labelled total are weighed the same way.
  const mv = money.values;
  if (ocr && money.rowsConfirmed && rows.length && mv.principal !== null) {
    const base = mv.principal + (mv.fine ?? 0) + (mv.interest ?? 0);
    const amounts = (f: MoneyField) => cands.filter((c) => c.field === f).map((c) => Number(c.value.value)).filter((v) => Number.isFinite(v) && v > 0);
    const leftOut = money.adds && !mv.legalCharge;
    const charge = leftOut ? [...new Set(amounts('legalCharge'))] : mv.legalCharge && !money.adds ? [mv.legalCharge] : [];
    const total = leftOut ? Math.max(0, ...amounts('total')) : mv.total;
    const atRate = (e: number) => atChargeRate(base, e);
    const rest = total === null ? 0 : total - base;
    const fits = charge.filter((e) => {
      const totalSlips = digitVariants(String(total)).includes(String(base + e));
      return rest > 0 && e !== rest && digitVariants(String(e)).includes(String(rest)) && (!totalSlips || (atRate(rest) && !atRate(e)));
    });
    if (fits.length === 1) {
      flag('legalCharge', `Encargo "${formatCentavos(fits[0])}" lido por OCR corrigido para ${formatCentavos(rest)} pelo total e pelas linhas da tabela de débitos; confira`);
      const kept = money.flags.filter(([f, msg]) => !msg.startsWith('Total impresso (') && !(leftOut && (f === 'legalCharge' || f === 'total')));
      money = { ...money, values: { ...mv, legalCharge: rest, total }, adds: true, flags: kept };
    }
  }
  for (const [f, msg] of money.flags) flag(f, msg);

  const consDate = pick('consolidationDate');
  // The issue dates check a scan's consolidation date (both uses below are OCR's): a text layer skips the search.
  const issued = new Set(ocr ? lines.filter((l) => ISSUED_RE.test(l.folded)).flatMap((l) => dateValues(l.text, true).map((d) => d.value)) : []);
  const read = consDate.value?.value;
  if (ocr && read && issued.size && [...issued].every((d) => d < read)) {
    // Values are consolidated on or before the day the certificate is issued: a consolidation date
    // after it, one or two glyphs off the issue date ("30/07/2028", "05/08/2028" on a certificate issued
    // 30/07/2025, 08/08/2025), is that date.
    // Never one before the inscription or a debt's due date: an issue date OCR misread itself ("18 de
    // agosto de 20025") is no repair. Two glyphs off only where one of those bounds it.
    const bound = [regDate.value?.value, ...rows.map((r) => r.dueDate)].reduce<string | null>((m, d) => (d && (!m || d > m) ? d : m), null);
    const near = [...issued].filter((d) => d.length === read.length && [...d].filter((ch, k) => ch !== read[k]).length <= (bound ? 2 : 1) && (!bound || d >= bound));
    if (near.length === 1) {
      flag('consolidationDate', `Data de consolidação "${iso2br(read)}" lida por OCR corrigida para ${iso2br(near[0])}, a data de emissão; confira`);
      consDate.value = { ...consDate.value!, value: near[0], repaired: true };
    }
  }
  if (!consDate.value && ocr) {
    // A scan can lose a box's caption whole ("Cálculo em" run into the box's border) while its date
    // survives: a date printed alone in its cell, beside no caption, that is the day the certificate
    // was issued is the consolidation date (values are consolidated on the day they are certified).
    // Only one such date, never the inscription's; flagged.
    const bare = new Map<string, Value>();
    lines.forEach((l, i) => {
      if (skip[i] || ISSUED_RE.test(l.folded)) return;
      l.cells.forEach((c, k) => {
        if (!/^\s*\S{10}\.?\s*$/.test(c.text) || (k > 0 && findLabel(l.cells[k - 1].folded, true))) return;
        const d = dateValues(c.text, true)[0];
        if (d && issued.has(d.value) && d.value !== regDate.value?.value) bare.set(d.value, d);
      });
    });
    if (bare.size === 1) {
      consDate.value = [...bare.values()][0];
      flag('consolidationDate', 'Data de consolidação sem rótulo legível, igual à data de emissão; confira');
    }
  }
  if (!consDate.value && ocr && issued.size === 1) {
    // Or its caption survives and the date is garbled past reading ("VALOR TOTAL ATUALIZADO em 1571
    // 1/2025:", a slash read as a 7): the issue date, when the digits read are its own with one glyph
    // more, its year in place. Flagged.
    const day = [...issued][0];
    const want = iso2br(day).replace(/\D/g, '');
    const garbled = lines.flatMap((l, i) =>
      skip[i] || ISSUED_RE.test(l.folded) ? [] : [...l.folded.matchAll(/(?:atualizad|consolidad|calculad)[a-z]*\s+(?:em|ate)\s+(\d[\d\s/.,]{7,12}\d)(?![\d/])/g)].map((m) => m[1]),
    );
    const fits = garbled.filter((g) => !dateValues(g, true).length && g.endsWith(day.slice(0, 4)) && oneGlyphMore(g.replace(/\D/g, ''), want));
    if (fits.length === 1) {
      consDate.value = { value: day, raw: fits[0], start: 0, end: 0 };
      flag('consolidationDate', `Data de consolidação "${fits[0]}" ilegível por OCR, tomada como a data de emissão (${iso2br(day)}); confira`);
    }
  }
  const proc = pick('administrativeProcess');
  if (!proc.value) {
    // OCR can lose the caption while the number keeps the administrative process's own shape
    // (13896.568826/2022-77): one such number on the certificate, not under a decoy's label, is taken, flagged.
    const shaped = unlabelledShapes(lines, skip, PROCESS_SHAPE, captionSide(cands));
    if (shaped.size === 1) {
      const value = [...shaped][0];
      proc.value = processValues(value.replace(/^(\d{5})(\d{6})(\d{4})(\d{2})$/, '$1.$2/$3-$4'), ocr)[0];
      flag('administrativeProcess', 'Processo administrativo encontrado sem rótulo; confira');
    }
  }
  const status = pick('status');
  if (!status.value) {
    // OCR can garble the situação's caption past reading ("St.", "SIT.....: cs"): the one cell on the
    // certificate worded only as a situação is it, flagged.
    const found = new Map<string, Value>();
    for (const phrase of [STATUS_PHRASE_RE, STATUS_PHRASE_LOOSE_RE]) {
      lines.forEach((l, i) => {
        if (skip[i]) return;
        for (const c of l.cells) {
          // The tail of a dot leader whose caption OCR garbled ("SH... | ... ATIVA AJUIZADA") leads the cell,
          // or the caption and its leader garbled into letters ("O Mcccereeerer…ross INSCRITA").
          const junk = ocr ? garbledLeaderLead(c.folded) : 0;
          const lead = junk || /^[\s.…_·]*/.exec(c.folded)![0].length;
          // After such a leader one situação word is enough ("INSCRITA"): the leader says a value follows.
          const v = phrase.test(c.folded.slice(lead)) || (junk && STATUS_WORD_ALONE_RE.test(c.folded.slice(lead))) ? valuesOf('status', c.text.slice(lead), ocr)[0] : undefined;
          if (v) found.set(normalizeStatus(v.value, ocr), v);
        }
      });
      if (found.size) break;
    }
    // Failing that, on a scan, one situação word in capitals alone on its line ("ATIVA" where OCR lost the
    // caption above it whole), unless it ends a "DÍVIDA" on the line before (a title or a sentence wrapped).
    if (!found.size && ocr) {
      lines.forEach((l, i) => {
        const c = l.cells[0];
        // A caption worded like a situação ("EXECUTADO" over the debtor's name) is no value.
        if (skip[i] || l.cells.length !== 1 || c.text !== c.text.toUpperCase() || !STATUS_WORD_ALONE_RE.test(c.folded.trim()) || findLabel(c.folded, true)) return;
        if (/divida\W*$/.test(lines[i - 1]?.folded ?? '')) return;
        const v = valuesOf('status', c.text, ocr)[0];
        if (v) found.set(normalizeStatus(v.value, ocr), v);
      });
    }
    if (found.size === 1) {
      status.value = [...found.values()][0];
      flag('status', 'Situação encontrada sem rótulo; confira');
    }
  }
  const legal = pick('legalBasis');
  const revenue = pick('revenue');
  const revCode = pick('revenueCode');
  const revDesc = pick('revenueDescription');
  for (const [f, c, label] of [
    ['registrationDate', regDate, 'data da inscrição'],
    ['consolidationDate', consDate, 'data de consolidação'],
    ['administrativeProcess', proc, 'processo administrativo'],
    ['status', status, 'situação'],
  ] as const) {
    if (c.rivals.length) flag(f, `Valor incerto em ${label}: também lido ${c.rivals.map((r) => `"${r.value}"`).join(', ')}; confira`);
    else if (c.value?.repaired) flag(f, `Valor de ${label} corrigido de OCR ("${c.value.raw}"); confira`);
  }

  // The receita may be printed as code and description apart ("Receita 1070" here, "ITR - …" there):
  // each part comes from the best candidate that has it.
  // Only readings about as well supported as the best one: a weak candidate (a value taken from
  // the wrong side of a caption) must not lend its code to a description read elsewhere.
  // One label has one value: the reading of a label's other side (above vs below) is a rival, not a part.
  const labelsUsed = new Set<string>();
  const revenueParts = cands
    .filter((c) => c.field === 'revenue' && c.score >= revenue.score - 0.75)
    .sort((a, b) => b.score - a.score)
    .filter((c) => !c.label || (!labelsUsed.has(c.label) && !!labelsUsed.add(c.label)));
  const revenueDescription = revDesc.value?.value || revenue.value?.description || revenueParts.find((c) => c.value.description)?.value.description || '';
  // A weaker reading (prose: "código de receita 1.2.1 - TAXA DE LICENÇA …") lends its code when its
  // description is the one chosen: the two readings agree.
  const sameReceita = (d?: string) => {
    const [a, b] = [fold(d ?? '').trim(), fold(revenueDescription).trim()];
    return Math.min(a.length, b.length) >= 8 && (a.startsWith(b) || b.startsWith(a));
  };
  const revenueCode =
    revCode.value?.value ||
    revenue.value?.code ||
    revenueParts.find((c) => c.value.code)?.value.code ||
    cands.find((c) => c.field === 'revenue' && c.value.code && sameReceita(c.value.description))?.value.code ||
    '';
  // A rival receita with another code is a doubt (a unit or process number over the wrong caption);
  // one with words only is a heading or a neighbour's text more often than a receita.
  const contradicts = (r: Value) => !!r.code && r.code !== revenueCode;
  if (!revCode.value && revenue.rivals.some(contradicts)) {
    flag('revenueCode', `Valor incerto em receita: também lido ${revenue.rivals.filter(contradicts).map((r) => `"${r.value}"`).join(', ')}; confira`);
  }

  // Dates in order: period ≤ due date ≤ inscription ≤ consolidation.
  const registrationDate = regDate.value?.value ?? null;
  const consolidationDate = consDate.value?.value ?? null;
  if (registrationDate && consolidationDate && registrationDate > consolidationDate) {
    flag('registrationDate', `Data da inscrição (${registrationDate}) posterior à data de consolidação (${consolidationDate}); confira`);
  }
  if (registrationDate && rows.some((r) => r.dueDate && r.dueDate > registrationDate)) {
    flag('debts', 'Vencimento de débito posterior à data da inscrição; confira a tabela de débitos');
  }
  if (rows.some((r) => r.dueDate && periodStart(r.period) !== null && periodStart(r.period)! > r.dueDate.slice(0, 7))) {
    flag('debts', 'Período de apuração posterior ao vencimento em alguma linha; confira a tabela de débitos');
  }
  // A row kept with a period no repair could restore ("20018", "200", "2620" without a due date).
  const unread = rows.find((r) => !/^\d{4}(?:-(?:Q[1-4]|\d{2}(?:-\d{2})?))?$/.test(r.period) || pastLatest(r.period));
  if (unread) flag('debts', `Período "${unread.period}" ilegível na tabela de débitos; confira`);
  // What the law requires on every CDA (CTN art. 202, LEF art. 2º §5º) and was not found is a doubt.
  if (!registrationDate) flag('registrationDate', 'Campo não encontrado: data da inscrição');
  if (!proc.value) flag('administrativeProcess', 'Campo não encontrado: processo administrativo');
  if (!consolidationDate) flag('consolidationDate', 'Campo não encontrado: data de consolidação dos valores');
  if (!status.value) flag('status', 'Campo não encontrado: situação da inscrição');
  if (!revenue.value && !revCode.value && !revDesc.value) flag('revenueDescription', 'Campo não encontrado: receita (natureza do débito)');
  if (table.doubtful) flag('debts', table.warnings[0]);
  // A certificate that itemizes its debts (a heading or a table header says so) but whose rows were
  // not read is in doubt; one that prints only the consolidated values has no rows to read.
  // Debt cards say so too: numbered debt captions, or several due-date labels; and so do lines shaped like rows.
  const itemized = () => {
    const cells = lines.flatMap((l) => l.cells.map((c) => c.folded.trim()));
    return (
      lines.some((l) => DEBT_HEADING_RE.test(firstCell(l)) || headerColumns(l) !== null) ||
      cells.some((c) => DEBT_ITEM_RE.test(c)) ||
      cells.filter((c) => DUE_LABEL_RE.test(c)).length >= 2 ||
      // Rows under a header the lexicon does not know are still rows.
      lines.some(looksLikeDebtRow)
    );
  };
  if (!rows.length && itemized()) flag('debts', 'Discriminação dos débitos não encontrada; confira');
  const undated = rows.filter((r) => !r.dueDate).length;
  if (undated) flag('debts', `Vencimento não encontrado em ${undated} linha(s) da tabela de débitos; confira`);
  if (rowsFromProse && !money.rowsConfirmed) flag('debts', 'Débitos lidos do texto corrido sem confirmação pelos totais; confira');

  const legalBasis = legal.value ? (ocr ? repairLegalBasisOcr(legal.value.value) : legal.value.value) : '';
  const nat = nature(issuer, registrationNumber, `${revenueCode} ${revenueDescription}`, legalBasis);
  if (nat.doubt) flag('nature', nat.doubt);

  warnings.push(...co.warnings);
  if (co.doubt) flag('coDebtors', 'Corresponsável com dado incompleto ou inválido; confira');

  if (ocr) {
    debtorName = repairNameOcr(debtorName);
    // Read by OCR and confirmed by no check: the reader must look at these.
    if (debtorName && !fw.debtorName) fw.debtorName = 'Lido por OCR, sem verificação possível; confira';
    if (registrationNumber && !fw.registrationNumber) fw.registrationNumber = 'Lido por OCR, sem dígito verificador conhecido; confira';
    // Numbers and dates no sum or check digit confirms: one misread digit (0 read as 6) is invisible.
    const unchecked: Array<[WarnedField, unknown]> = [
      ['administrativeProcess', proc.value?.value],
      ['revenueCode', revenueCode],
      ['registrationDate', registrationDate],
      ['consolidationDate', consolidationDate],
    ];
    for (const [f, v] of unchecked) if (v && !fw[f]) fw[f] = 'Lido por OCR, sem verificação possível; confira';
    warnings.unshift(OCR_WARNING);
  }

  const record: CertificateRecord = {
    registrationNumber,
    issuer,
    issuerName: ocr ? repairIssuerNameOcr(issuerName.replace(/(\p{L})[.,](\p{L})/gu, '$1-$2')) : issuerName,
    nature: nat.nature,
    natureReason: nat.reason,
    debtorName,
    debtorDocument: debtorDoc,
    coDebtors: co.list,
    revenueCode,
    revenueDescription,
    administrativeProcess: proc.value?.value ?? '',
    registrationDate,
    legalBasis,
    // A situação ends its sentence ("ATIVA AJUIZADA. E, para constar, …").
    status: status.value ? normalizeStatus(status.value.value.split(/\.\s|;/)[0], ocr) : '',
    principal: money.values.principal ?? 0,
    fine: money.values.fine ?? 0,
    interest: money.values.interest ?? 0,
    legalCharge: money.values.legalCharge ?? 0,
    total: money.values.total ?? 0,
    consolidationDate,
    debts: rows,
    pages,
    warnings,
    fieldWarnings: fw,
  };
  // What the law requires of a CDA: the inscription, the debtor and the value (a titled certificate
  // whose debtor OCR could not read is still one, flagged, never dropped).
  const hasValue = money.values.total !== null || money.values.principal !== null || rows.length > 0;
  const named = !!(debtorDoc || debtorName);
  // A titled certificate with its number and debtor whose values were not read (a page OCR could
  // not read, a layout not understood) is still one: kept and flagged, never dropped in silence.
  if (!hasValue && titled && registrationNumber && named) flag('total', 'Valores da certidão não encontrados; confira no documento');
  const isCda = !!registrationNumber && (hasValue || (titled && named)) && (named || titled);
  return { record, isCda };
}

/**
 * The money fields whose value was read alike in two places (a table's totals row and the summary
 * sentence, two lines): an OCR slip would have had to fall the same way twice.
 */
function readTwice(cands: Candidate[], values: Partial<Record<MoneyField, number | null>>): Set<MoneyField> {
  const places = new Map<MoneyField, Set<string>>();
  for (const c of cands) {
    const f = c.field as MoneyField;
    if (!MONEY_FIELDS.includes(f) || values[f] == null || Number(c.value.value) !== values[f]) continue;
    places.set(f, (places.get(f) ?? new Set()).add(c.route === 'table' ? 'table' : `line ${c.line}`));
  }
  return new Set([...places].filter(([, at]) => at.size >= 2).map(([f]) => f));
}

/** CPF/CNPJ shapes anywhere in a line, even glued to a word ("SILVA788.515.377-04"). */
function gluedDocuments(text: string): Value[] {
  const out: Value[] = [];
  for (const m of text.matchAll(/\d{2,3}\.\d{3}\.\d{3}(?:\/\d{4})?-\d{2}/g)) {
    const d = parseDocument(m[0]);
    if (d) out.push({ value: d.digits, raw: m[0], start: m.index!, end: m.index! + m[0].length, valid: d.valid });
  }
  return out;
}

function tableCand(field: MoneyField, value: number): Candidate {
  return { field, value: { value: String(value), raw: formatCentavos(value), start: 0, end: 0 }, route: 'table', score: 2.5, line: 0 };
}

interface MoneyChoice {
  values: Record<MoneyField, number | null>;
  /** Principal + multa + juros + encargo = total. */
  adds: boolean;
  flags: Array<[WarnedField, string]>;
  rowsConfirmed: boolean;
}

/**
 * Amounts OCR garbled past reading as money, which only the sum can confirm. By field, a part whose
 * amount OCR cut short (the cents lost at a box's edge, "Encargos Legais: 1541853,"): the digits read;
 * such a part is what a labelled total leaves over the others when those digits are exactly its reais.
 */
export type GarbledAmounts = Partial<Record<'fine' | 'interest' | 'legalCharge', { raw: string; reais: string }>> & {
  /** Amounts whose comma OCR lost after their currency sign ("iR$22387" for R$ 223,87): cents → as read. */
  bare?: Map<number, string>;
};
const CUT_SHORT = /^[\s:R$]*((?:\d{1,3}(?:\.\d{3})+|\d{2,})[.,]?)\s*$/;
const CUT_PARTS = ['fine', 'interest', 'legalCharge'] as const;
const BARE_AMOUNT = /R\$\s?(\d{3,9})(?![\d.,])/g;

function garbledAmounts(lines: Line[], skip: boolean[]): GarbledAmounts {
  const out: GarbledAmounts = { bare: new Map() };
  lines.forEach((l, i) => {
    if (skip[i] || !l.ocr) return;
    for (const [k, c] of l.cells.entries()) {
      for (const m of c.text.matchAll(BARE_AMOUNT)) out.bare!.set(Number(m[1]), m[0].trim());
      const hit = findLabel(c.folded, true);
      const part = CUT_PARTS.find((f) => f === hit?.kind);
      // The amount may stand in the next cell, past a gap after the caption's leader ("Encargos.....: | R$265,").
      const rest = part ? afterLabel(c.text.slice(hit!.end)) : '';
      // Or under it, a row of captions over a row of amounts ("Juros | Encargo legal | Total" over
      // "354.677,20 | 219.334, | 1.316.005,34"): the cell below that overlaps the caption.
      const below = part && !rest.trim() ? cellBelow(lines, skip, i, c)?.cell : undefined;
      const m = !part ? null : rest.trim() ? CUT_SHORT.exec(rest.trim()) : CUT_SHORT.exec(l.cells[k + 1]?.text ?? '') ?? CUT_SHORT.exec(below?.text ?? '');
      if (part && m) out[part] = { raw: m[1], reais: m[1].replace(/\D/g, '') };
    }
  });
  return out;
}

/** What a scanned total one OCR slip off its labelled parts' sum weighs, next to one that adds up exactly (6). */
const SLIPPED_TOTAL = 5;

/**
 * The money fields chosen together: among the candidates of each (and "not printed"), the
 * combination whose parts add up to the total and whose components match the debt rows' sums,
 * best supported by its labels. What no check confirms, or where a rival fits as well, is flagged.
 */
export function chooseMoney(cands: Candidate[], rows: DebtRow[], garbled: GarbledAmounts = {}, ocr = false): MoneyChoice {
  const options: Record<MoneyField, Array<{ v: number | null; s: number }>> = { principal: [], fine: [], interest: [], legalCharge: [], total: [] };
  for (const f of MONEY_FIELDS) {
    const byValue = new Map<number, number>();
    for (const c of cands) {
      if (c.field !== f) continue;
      const v = Number(c.value.value);
      byValue.set(v, Math.max(byValue.get(v) ?? -Infinity, c.score) + (byValue.has(v) ? 0.15 : 0));
    }
    // The total keeps more options: unlabelled amounts can only win it by closing the sum.
    options[f] = [...byValue.entries()].map(([v, s]) => ({ v, s })).sort((a, b) => b.s - a.s).slice(0, f === 'total' ? 40 : 5);
    options[f].push({ v: null, s: f === 'legalCharge' ? 0 : -1.5 });
  }
  const sums = rows.length ? { principal: rows.reduce((a, r) => a + r.principal, 0), fine: rows.reduce((a, r) => a + r.fine, 0), interest: rows.reduce((a, r) => a + r.interest, 0) } : null;
  if (sums) {
    // The rows' sums stand in for a component that is not printed on its own.
    for (const f of ['principal', 'fine', 'interest'] as const) if (!options[f].some((o) => o.v === sums[f])) options[f].splice(options[f].length - 1, 0, { v: sums[f], s: 0.8 });
  }
  type Combo = { values: Record<MoneyField, number | null>; score: number; adds: boolean; rowsMatch: boolean };
  const combos: Combo[] = [];
  // For each reading of the parts, the totals worth trying: the one equal to their sum (if any), the
  // best-supported ones and "not printed" — not every candidate amount on the page.
  const totalByValue = new Map(options.total.filter((o) => o.v !== null).map((o) => [o.v as number, o]));
  const topTotals = options.total.filter((o) => o.s >= 1 || o.v === null).slice(0, 6);
  // An encargo whose caption OCR garbled: an amount printed on the page that is exactly what a
  // labelled total leaves over the parts (to the cent). Weaker than a labelled encargo, always flagged.
  const printed = new Set(cands.filter((c) => c.route === 'unlabelled' && c.field === 'total').map((c) => Number(c.value.value)));
  for (const p of options.principal)
    for (const m of options.fine)
      for (const j of options.interest)
        for (const e of options.legalCharge) {
          const sum = (p.v ?? 0) + (m.v ?? 0) + (j.v ?? 0) + (e.v ?? 0);
          const exact = totalByValue.get(sum);
          for (const t of exact && !topTotals.includes(exact) ? [...topTotals, exact] : topTotals) {
            const parts = sum;
            const adds = t.v !== null && p.v !== null && parts === t.v;
            const rowsMatch = !!sums && p.v === sums.principal && (m.v ?? 0) === sums.fine && (j.v ?? 0) === sums.interest;
            // On a scan, a labelled total one digit slip off the sum of labelled parts (an 8 read as 6)
            // nearly adds up: such a reading must not lose to one that adds only by dropping a labelled
            // part (the encargo left out, the debt table's sum taken as the total). Its total is then
            // repaired to the sum, flagged (repairTotal, after the choice).
            const slip = ocr && !adds && t.v !== null && t.s >= 1 && p.v !== null && repairTotal({ principal: p.v, fine: m.v, interest: j.v, legalCharge: e.v, total: t.v }) === parts;
            const score = p.s + m.s + j.s + e.s + t.s + (adds ? 6 : slip ? SLIPPED_TOTAL : 0) + (rowsMatch ? 3 : 0);
            combos.push({ values: { principal: p.v, fine: m.v, interest: j.v, legalCharge: e.v, total: t.v }, score, adds, rowsMatch });
            const rest = t.v !== null && t.s >= 1 && p.v !== null && e.v === null ? t.v - sum : 0;
            if (rest > 0 && rest !== t.v && (printed.has(rest) || garbled.bare?.has(rest))) {
              combos.push({ values: { principal: p.v, fine: m.v, interest: j.v, legalCharge: rest, total: t.v }, score: score - 1 + 6, adds: true, rowsMatch });
            }
            const gap = t.v !== null && t.s >= 1 && p.v !== null ? t.v - sum : 0;
            const values = { principal: p.v, fine: m.v, interest: j.v, legalCharge: e.v, total: t.v };
            for (const f of CUT_PARTS) {
              if (gap > 0 && values[f] === null && garbled[f]?.reais === String(Math.floor(gap / 100))) {
                combos.push({ values: { ...values, [f]: gap }, score: score - 1 + 6, adds: true, rowsMatch: rowsMatch && f === 'legalCharge' });
              }
            }
          }
          // Both captions garbled ("Encagolegal TO | Torademonanos TT"): two printed amounts, the
          // smaller no more than the parts and the larger the parts plus it, to the cent. Weaker than
          // a labelled total's leftover; both flagged as found by the sum. When the parts' sum is printed
          // too (a subtotal "sem encargo" whose caption was read, then encargo and total whose captions
          // were lost), the three amounts agree: that reading beats the subtotal taken as the total.
          if (e.v === null && p.v !== null) {
            for (const rest of printed) {
              const t = rest > 0 && rest <= sum ? totalByValue.get(sum + rest) : undefined;
              if (!t || t.s >= 1) continue;
              const rowsMatch = !!sums && p.v === sums.principal && (m.v ?? 0) === sums.fine && (j.v ?? 0) === sums.interest;
              const subtotal = printed.has(sum) ? 1.5 : 0;
              combos.push({ values: { principal: p.v, fine: m.v, interest: j.v, legalCharge: rest, total: t.v }, score: p.s + m.s + j.s + t.s - 1 + 6 + subtotal + (rowsMatch ? 3 : 0), adds: true, rowsMatch });
            }
          }
        }
  combos.sort((a, b) => b.score - a.score);
  const best = combos[0];
  const flags: Array<[WarnedField, string]> = [];
  const v = best.values;
  // A total whose digits OCR garbled past reading ("144530137 E"), or one not printed, is what its
  // parts add up to: given as that sum, always flagged as calculated, never left at zero.
  const parts = (v.principal ?? 0) + (v.fine ?? 0) + (v.interest ?? 0) + (v.legalCharge ?? 0);
  const computed = v.total === null && v.principal !== null;
  if (computed) flags.push(['total', `Valor total não lido; calculado como principal + multa + juros + encargo (${formatCentavos(parts)}); confira`]);
  else if (v.total === null) flags.push(['total', 'Valor total não encontrado']);
  else if ((options.total.find((o) => o.v === v.total)?.s ?? 0) < 1) flags.push(['total', 'Valor total sem rótulo legível, identificado por fechar a soma das parcelas; confira']);
  if (!best.adds && v.total !== null) {
    const msg = `Total impresso (${formatCentavos(v.total)}) difere de principal + multa + juros + encargo (${formatCentavos(parts)})`;
    for (const f of ['total', 'principal', 'fine', 'interest', 'legalCharge'] as const) flags.push([f, msg]);
  }
  if (sums && !best.rowsMatch) {
    for (const [f, name] of [['principal', 'principal'], ['fine', 'multa'], ['interest', 'juros']] as const) {
      if ((v[f] ?? 0) !== sums[f]) {
        const msg = `Soma das linhas da tabela de débitos (${name} ${formatCentavos(sums[f])}) difere do valor impresso (${formatCentavos(v[f] ?? 0)})`;
        flags.push([f, msg], ['debts', msg]);
      }
    }
  }
  const completed = CUT_PARTS.filter((f) => v[f] && !options[f].some((o) => o.v === v[f]) && garbled[f]?.reais === String(Math.floor(v[f]! / 100)));
  for (const f of completed) flags.push([f, `Valor lido incompleto por OCR ("${garbled[f]!.raw}"), completado como ${formatCentavos(v[f]!)} pela diferença com o total; confira`]);
  const bare = v.legalCharge && !options.legalCharge.some((o) => o.v === v.legalCharge) && !printed.has(v.legalCharge) ? garbled.bare?.get(v.legalCharge) : undefined;
  if (bare) flags.push(['legalCharge', `Encargo lido por OCR sem a vírgula ("${bare}"), confirmado por fechar a soma com o total (${formatCentavos(v.total ?? 0)}); confira`]);
  else if (v.legalCharge && !completed.includes('legalCharge') && !options.legalCharge.some((o) => o.v === v.legalCharge)) {
    flags.push(['legalCharge', `Encargo sem rótulo legível, identificado por fechar a soma com o total (${formatCentavos(v.total ?? 0)}); confira`]);
  }
  // A better-labelled reading left out of the chosen combination is a doubt, never dropped in silence.
  for (const f of MONEY_FIELDS) {
    const chosen = options[f].find((o) => o.v === v[f]);
    const stronger = options[f].find((o) => o.v !== null && o.v !== v[f] && o.s > (chosen?.s ?? -Infinity) + 0.05);
    if (stronger && !(computed && f === 'total')) flags.push([f, `Valor incerto: ${formatCentavos(v[f] ?? 0)} escolhido por fechar a soma, mas o documento também traz ${formatCentavos(stronger.v!)}; confira`]);
    // A total left in doubt with no encargo read: the difference may be the encargo whose wording was missed.
    if (stronger && !computed && f === 'total' && !v.legalCharge && stronger.v! > (v.total ?? 0)) {
      flags.push(['legalCharge', `Encargo não encontrado, mas o documento traz um total maior (${formatCentavos(stronger.v!)}); confira`]);
    }
  }
  // A different reading that satisfies the same checks just as well is a doubt, never a coin toss.
  const rival = combos.find((c) => c !== best && c.adds === best.adds && c.rowsMatch === best.rowsMatch && best.score - c.score < 0.3 && MONEY_FIELDS.some((f) => c.values[f] !== v[f]));
  if (rival) {
    for (const f of MONEY_FIELDS) {
      if (rival.values[f] !== v[f]) flags.push([f, `Valor incerto: ${formatCentavos(v[f] ?? 0)} ou ${formatCentavos(rival.values[f] ?? 0)}; confira`]);
    }
  }
  return { values: computed ? { ...v, total: parts } : v, adds: best.adds, flags, rowsConfirmed: best.rowsMatch || (!!sums && best.adds && v.principal === sums.principal) };
}

export function isCourtFiling(lines: Line[]): boolean {
  return courtRe.test(lines.slice(0, 40).map((l) => l.folded).join(' '));
}
