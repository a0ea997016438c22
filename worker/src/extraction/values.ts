import { distance as editDistance } from 'fastest-levenshtein';
import { LEGAL_REFERENCE, STATUS_CLAUSES, STATUS_LEAD_LINKS, STATUS_STEMS, STATUS_VOCABULARY, type ValueType } from './lexicon';

const STATUS_WORD = new RegExp(STATUS_VOCABULARY);
// Also before the link words that lead into one ("ATIVA. À SER AJUIZADA").
// (Read before accents are folded: "À", "NÃO".)
const ACCENTED_LEAD_LINKS = STATUS_LEAD_LINKS.map((w) => (w === 'A' ? '[AÀ]' : w === 'NAO' ? 'N[AÃ]O' : w)).join('|');
const SPECK_BEFORE_STATUS_WORD = new RegExp(`(?<=\\p{Lu})\\.\\s+(?=(?:(?:${ACCENTED_LEAD_LINKS})\\s+){0,3}(?:${STATUS_STEMS.toUpperCase()})\\p{Lu}*(?:\\s|$))`, 'gu');
import { DATE_TOKEN, DOCUMENT_TOKEN, OCR_DATE_TOKEN, OCR_HALF_DATE_TOKEN, OCR_NINE_DIGIT_DATE, OCR_STROKE_DATE_TOKEN, collapseSpaces, parseStrokeDate, digitsFromLookalikes, fold, parseDate, parseDigitsDate, parseDocument, parseMoney, upperText } from './normalize';
import { digitVariants, pastLatest, repairZeros, restoreYear, restoreZeros, undoubled } from './repair';

/**
 * Typed values found in text: each type has a token shape and a parser. A candidate is a value
 * that parsed, with the raw text it came from and whether an OCR repair was needed to read it.
 */
export interface Value {
  /** Normal form (digits, ISO date, centavos as a string, upper-case text). */
  value: string;
  raw: string;
  /** Offset just past the token in the searched text. */
  end: number;
  start: number;
  repaired?: boolean;
  /** CPF/CNPJ only: check digits pass. */
  valid?: boolean;
  /** Revenue only: the code part and the description part. */
  code?: string;
  description?: string;
}

/** Money as printed: `1.234,56`, `1234,56`, `R$ 1.234,56`, `1.234,56 R$`, OCR shapes (`1.234.56`). */
// "R$.3.058,82": a speck OCR read as a dot after the currency sign.
// OCR may read the decimal comma as a semicolon ("R$ 569;53").
// A colon glued to an amount ends its caption ("TOTAL:1.234,56", "(DL 1.025/69)::22903,27"); after a digit it
// is OCR's thousands dot, never an amount's start.
// A dot before an amount is a speck unless it follows a digit (".2.638,31"; "1.234.567,89" is read whole).
// A thousands dot OCR read twice ("89..478,04") is one: never a fragment of the amount after it; so is
// one OCR set apart by a space ("141 .685,07", "848. 187,57"); so is a space inside the last group ("3.1 17,82").
export const MONEY = /(?<![\d,/]|\d:|[\d,.]\.)(?:R\s?\$\s?\.?)?(?:\d{1,3}(?:(?:\.\.|[.:;]|\s[.:;]?\s?(?=\d{3}[.,])|[.:;]\s(?=\d{3}[.,]))(?:\d{3}|(?:\d \d{2}|\d{2} \d)(?=[.,;]\s?\d{2}(?![\d/%]))))+|\d+)[.,;]\s?\d{2}(?![\d/%])/g;
// The amount after the letter in either shape it is printed in: dotted thousands or none ("B887,44").
const OCR_LETTER_MONEY = /(?<![\p{L}\d.,])[BSZ](?=(?:\d{0,2}(?:\.\d{3})*|\d{3,}),\d{2}(?![\d/%]))/gu;
const OCR_LETTER_IN_MONEY = /(?<=(?<![\p{L}\d.,])\d{1,2})[OoIilSB](?=(?:\d{0,2}(?:\.\d{3})*|\d{3,}),\d{2}(?![\d/%]))/gu;
const OCR_COMMA_THOUSANDS = /(?<![\d.,])\d{1,3}(?:,\d{3})+,\d{2}(?![\d.,])/g;
const OCR_THIRD_DECIMAL = /(?<=(?<![\d.,])\d{1,3}(?:\.\d{3})*,\d{2})\d(?=\s*(?:R\$|$))/g;
const MONEY_STRICT_TAIL = /(?<![\d.,/:])(?:\d{1,3}(?:\.\d{3})+|\d+),\d{2}(?![\d/%])/;

/** An inscription number: digits with spaces, dots, dashes or a `/year` (9 to 20 digits, or N/AAAA). */
// A dash that only follows a space or the cell's start is a speck or a bullet (OCR's "-44.753.813-7"), not part of a code.
// A comma between groups of a dotted number ("245.140,613-8") is OCR's dot, never a decimal comma
// (that ends an amount with two digits).
const GLUED_PGFN = /(?<=\p{L}{3})([\dBSZOQDTo]{2,3})\s\d\s\d{2}\s\d{6}-\d{2}(?!\d)/gu;
const GLUED_BARE_PGFN = /(?<=ativa)[lI|!](\d{12})(?![\d/])/giu;
const REGISTRATION = /(?<![\w/.,]|[\w/.,]-)\d[\dOo]*(?:(?:[ .-]|\s?[-–]\s?|,(?=\d{3}[.-]\d))\d[\dOo]*)*(?:\s?\/\s?\d{2,10}(?:-\d{1,2})?)?(?![\w/]|[.,]\d)/g;
// Spaces may group digits ("13896 481843/2017-65"); a full stop before a space ends the number
// ("… nº 13896.481843/2017-65. 3880 …").
const PROCESS = /(?<![\w/])(?:[A-Z]{1,4}\s?)?\d[\d./-]*(?:(?<=\d)\s(?=\d)[\d./-]*)*\d(?![\w/])/g;
const SPLIT_PROCESS = /(?<![\w/.])(?:\d{5}\.\s\d{6}\/\d{4,5}-\d{2}|\d{3,6}(?:\s-\s?|-\s)(?:19|20)\d{2})(?![\w/])/g;
const WORD_DATE = /(?<!\d)(\d{1,2})(?:º|°|o)?\s+de\s+(janeiro|fevereiro|marco|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro)\s+de\s+(\d{4})/;
const LOOSE_WORD_DATE = /(?<!\d)(\d{1,2})(?:º|°|o)?\s+de\s+([a-z]{4,9})\s+de\s+(\d{4})/;
/** A written date whose month OCR misread by one letter, the month's name put right when just one fits. */
function nearMonthDate(folded: string): RegExpExecArray | null {
  const m = LOOSE_WORD_DATE.exec(folded);
  if (!m) return null;
  const near = MONTHS.filter((x) => x.length === m[2].length && editDistance(x, m[2]) === 1);
  // Where two months fit ("juhho": junho or julho), the one whose letter OCR confuses with the one read.
  const likely = near.filter((x) => [...x].some((c, k) => c !== m[2][k] && LOOKALIKE_LETTERS[c]?.includes(m[2][k])));
  const month = near.length === 1 ? near[0] : likely.length === 1 ? likely[0] : null;
  if (!month) return null;
  m[2] = month;
  return m;
}
/** Letters OCR reads for a letter of a month's name: an n that gains an ascender or a stroke, an o left open… */
const LOOKALIKE_LETTERS: Record<string, string> = { n: 'hmr', m: 'nw', o: 'e0c', e: 'co', l: 'it1', i: 'l1t', t: 'il', u: 'v', r: 'n', c: 'e' };
const MONTHS = ['janeiro', 'fevereiro', 'marco', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'];

function all(re: RegExp, text: string): RegExpExecArray[] {
  const g = new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`);
  const out: RegExpExecArray[] = [];
  for (let m = g.exec(text); m; m = g.exec(text)) {
    out.push(m);
    if (!m[0].length) g.lastIndex++;
  }
  return out;
}

export function moneyValues(text: string): Value[] {
  const out: Value[] = [];
  for (const m of all(MONEY, text)) {
    const p = parseMoney(m[0]);
    if (p) out.push({ value: String(p.value), raw: m[0], start: m.index, end: m.index + m[0].length, repaired: !!p.repairedFrom });
  }
  // OCR sometimes reads an amount twice over itself ("7.863,977.863,"): the amount followed by a
  // repeat of its own first digits is that amount, flagged as repaired.
  for (const m of all(DOUBLED, text)) {
    if (out.some((v) => m.index < v.end && v.start < m.index + m[1].length)) continue;
    const p = parseMoney(m[1]);
    if (p) out.push({ value: String(p.value), raw: m[1], start: m.index, end: m.index + m[1].length, repaired: true });
  }
  return out.sort((a, b) => a.start - b.start);
}
const DOUBLED = /(?<![\d.,/:])((?:R\s?\$\s?)?(\d{1,3})(?:\.\d{3})*,\d{2})(?=\2[.,]?\d)/g;

export function dateValues(text: string, ocr = false): Value[] {
  const out: Value[] = [];
  for (const m of all(DATE_TOKEN, text)) {
    const d = parseDate(m[0]);
    if (d && !(ocr && pastLatest(d.value))) out.push({ value: d.value, raw: m[0], start: m.index, end: m.index + m[0].length, repaired: !!d.repairedFrom });
  }
  // OCR's dotted zeros read as 6, 8 or 9 ("38/06/2025"): repaired, and flagged as such.
  if (ocr)
    for (const m of all(OCR_DATE_TOKEN, text)) {
      if (out.some((v) => v.start === m.index)) continue;
      const d = repairZeros(m[0]);
      if (d) out.push({ value: d, raw: m[0], start: m.index, end: m.index + m[0].length, repaired: true });
    }
  // A date that lost one of its slashes ("2310/2025", "23/102025"): its eight digits, flagged.
  if (ocr)
    for (const m of all(OCR_HALF_DATE_TOKEN, text)) {
      const d = parseDigitsDate(m[0].replace('/', ''));
      if (d && !pastLatest(d.value)) out.push({ value: d.value, raw: m[0], start: m.index, end: m.index + m[0].length, repaired: true });
    }
  // Its 1 the first or the second slash, the other lost: taken when both readings that make a date agree.
  if (ocr)
    for (const m of all(OCR_NINE_DIGIT_DATE, text)) {
      const readings = new Set([2, 4].filter((i) => m[0][i] === '1').map((i) => parseDigitsDate(m[0].slice(0, i) + m[0].slice(i + 1))?.value).filter((d): d is string => !!d && !pastLatest(d)));
      if (readings.size === 1) out.push({ value: [...readings][0], raw: m[0], start: m.index, end: m.index + m[0].length, repaired: true });
    }
  if (ocr)
    for (const m of all(OCR_STROKE_DATE_TOKEN, text)) {
      const d = parseStrokeDate(m);
      if (d && !pastLatest(d.value)) out.push({ value: d.value, raw: m[0], start: m.index, end: m.index + m[0].length, repaired: true });
    }
  // A date whose year OCR ran into the amount after it ("ATUALIZADO em 17/11/20252,47"): the date, flagged.
  if (ocr)
    for (const m of all(OCR_DATE_BEFORE_AMOUNT, text)) {
      const d = parseDate(m[0]);
      if (d && !pastLatest(d.value) && !out.some((v) => v.start === m.index)) out.push({ value: d.value, raw: m[0], start: m.index, end: m.index + m[0].length, repaired: true });
    }
  const f = fold(text);
  // On a scan a month's name may come one letter off ("9 de juhho de 2017"): the one month it can be.
  const exact = WORD_DATE.exec(f);
  const w = exact ?? (ocr ? nearMonthDate(f) : null);
  // Only the first of the month is written with an ordinal ("1º de outubro"): on a scan, "2º de outubro"
  // is a day whose second digit OCR read as a ring (29, 20…), unread.
  if (w && !(ocr && w[1] !== '1' && /^\d{1,2}\s*(?:º|°|o)/.test(w[0]))) {
    const mo = MONTHS.indexOf(w[2]) + 1;
    // "24 de junho de 2624": OCR's dotted zero in the year, restored like a numeric date's.
    const year = ocr && pastLatest(w[3]) ? restoreYear(w[3]) : w[3];
    const d = year ? parseDate(`${w[1].padStart(2, '0')}/${String(mo).padStart(2, '0')}/${year}`) : null;
    if (d) out.push({ value: d.value, raw: text.slice(w.index, w.index + w[0].length), start: w.index, end: w.index + w[0].length, repaired: year !== w[3] || !exact });
  }
  return out.sort((a, b) => a.start - b.start);
}

export function documentValues(text: string, ocr = false): Value[] {
  // On a scan, a speck read as a dot before the number ("CPF .299.224.056-79") is no part of it.
  // Nor is one read as a dash after its check digits ("109.392.797-62-").
  const unspecked = ocr ? text.replace(/(?<=\s)[.,:;'`](?=\d{2,3}\.\d{3}\.\d{3}[/-])/g, ' ').replace(/(?<=(?:\d{3}\.\d{3}\.\d{3}|\/\d{4})-\d{2})-(?=\s|$)/g, ' ') : text;
  if (unspecked !== text) return asPrinted(text, documentValues(unspecked, ocr));
  const out: Value[] = [];
  for (const m of all(DOCUMENT_TOKEN, text)) {
    const d = parseDocument(m[0]);
    if (!d) continue;
    // OCR's dotted zeros read as 6, 8 or 9: restored where the check digits then pass. Fewest changes
    // first: one digit OCR confuses with another ("060.991.611-04" for 660.991.611-04) when just one such
    // change passes, before zeros restored in several places.
    const valid = (s: string) => (parseDocument(s)?.valid ? s : null);
    const once = ocr && !d.valid ? [...new Set(digitVariants(d.digits).filter(valid))] : [];
    const zeros = ocr && !d.valid && once.length !== 1 ? restoreZeros(d.digits, valid) : null;
    const restored = once.length === 1 ? once[0] : zeros && (!once.length || once.includes(zeros)) ? zeros : null;
    if (restored) out.push({ value: restored, raw: m[0], start: m.index, end: m.index + m[0].length, valid: true, repaired: true });
    else out.push({ value: d.digits, raw: m[0], start: m.index, end: m.index + m[0].length, valid: d.valid, repaired: !!d.repairedFrom });
  }
  if (ocr) {
    // A digit read as a raised ordinal ("4º.526.646/0002-63"): the one digit whose check digits pass,
    // flagged as repaired (the check digits then only fix it: they confirm nothing more).
    // So is a letter read for a digit other than the one it looks like ("B98.342.020-83" for 598…: B is
    // taken for an 8, whose check digits fail; "D7.734.903/0005-47" for 57…).
    for (const m of all(OCR_ORDINAL_DOCUMENT, text)) {
      const glyph = m[0].match(/[º°]/g) ?? (parseDocument(m[0])?.valid === false ? m[0].match(/[OoIlSBD]/g) : null);
      if (glyph?.length !== 1) continue;
      const fits = new Set('0123456789'.split('').flatMap((d) => {
        const p = parseDocument(m[0].replace(glyph[0], d));
        return p?.valid ? [p.digits] : [];
      }));
      if (fits.size === 1) out.push({ value: [...fits][0], raw: m[0], start: m.index, end: m.index + m[0].length, valid: true, repaired: true });
    }
    // A CNPJ with one glyph read twice ("90.618.5006/0007-47", "41.522.083/00004-09"): the one digit
    // whose removal makes the check digits pass, if just one, flagged as repaired.
    // Only inside the group printed one digit too long: elsewhere a removal may pass by chance.
    for (const m of all(OCR_LONG_CNPJ, text)) {
      const groups = m.slice(1, 6);
      const long = groups.findIndex((g, k) => g.length === [2, 3, 3, 4, 2][k] + 1);
      if (groups.join('').length !== 15 || long < 0) continue;
      const fits = new Set<string>();
      for (let i = 0; i < groups[long].length; i++) {
        const s = groups.map((g, k) => (k === long ? g.slice(0, i) + g.slice(i + 1) : g)).join('');
        if (parseDocument(s)?.valid) fits.add(s);
      }
      if (fits.size === 1) out.push({ value: [...fits][0], raw: m[0], start: m.index, end: m.index + m[0].length, valid: true, repaired: true });
    }
    // A CPF/CNPJ whose check digits OCR lost after the dash ("41.965.185/0008-" at a cell's end): the
    // ones its other digits give, flagged (nothing confirms those).
    for (const m of all(OCR_NO_CHECK_DIGITS, text)) {
      const base = m[0].replace(/\D/g, '');
      const fits = Array.from({ length: 100 }, (_, n) => base + String(n).padStart(2, '0')).filter((d) => parseDocument(d)?.valid);
      if (fits.length === 1) out.push({ value: fits[0], raw: m[0], start: m.index, end: m.index + m[0].length, valid: true, repaired: true });
    }
    // A CPF with a glyph read twice in one or two of its groups ("126.8700.178-500", "0000.614.632-56"):
    // one of each doubled pair dropped, when just one reading passes the check digits, flagged.
    for (const m of all(OCR_LONG_CPF, text)) {
      const groups = m.slice(1, 5);
      const long = groups.flatMap((g, k) => (g.length === [3, 3, 3, 2][k] + 1 ? [k] : []));
      if (!long.length || long.length > 2 || groups.some((g, k) => g.length > [3, 3, 3, 2][k] + 1)) continue;
      let readings = [groups];
      for (const k of long) readings = readings.flatMap((r) => undoubled(r[k]).map((u) => r.map((g, n) => (n === k ? u : g))));
      const fits = new Set(readings.map((r) => r.join('')).filter((d) => parseDocument(d)?.valid));
      // Failing that, one group a glyph too long with no doubled digit ("998.108.5596-13"): any one digit of
      // it dropped, when just one reading passes.
      if (!fits.size && long.length === 1) {
        const g = groups[long[0]];
        for (let i = 0; i < g.length; i++) {
          const d = groups.map((x, n) => (n === long[0] ? g.slice(0, i) + g.slice(i + 1) : x)).join('');
          if (parseDocument(d)?.valid) fits.add(d);
        }
      }
      if (fits.size === 1) out.push({ value: [...fits][0], raw: m[0], start: m.index, end: m.index + m[0].length, valid: true, repaired: true });
    }
    // One with a space OCR set inside a group or a speck beside a dot ("45.864.02 1/0004-36",
    // "52.047.:444/0007-71"): its digits, when their check digits pass, flagged as repaired.
    for (const m of all(OCR_SPACED_DOCUMENT, text)) {
      if (out.some((v) => v.valid && v.start < m.index + m[0].length && m.index < v.end)) continue;
      const p = parseDocument(m[0].replace(/ /g, ''));
      if (p?.valid) out.push({ value: p.digits, raw: m[0], start: m.index, end: m.index + m[0].length, valid: true, repaired: true });
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

const OCR_NO_CHECK_DIGITS = /(?<![\w./])(?:\d{2}\.\d{3}\.\d{3}\/\d{4}|\d{3}\.\d{3}\.\d{3})-\s*$/g;
const OCR_LONG_CPF = /(?<![\w./])(\d{3,4})\.(\d{3,4})\.(\d{3,4})-(\d{2,3})(?![\w/-])/g;
const OCR_ORDINAL_DOCUMENT = new RegExp(DOCUMENT_TOKEN.source.replaceAll('[\\dOoIlSBD]', '[\\dOoIlSBDº°]'), 'g');
/** A CPF/CNPJ with a space OCR set inside a group, a speck doubling a dot, a dot read as a slash or its dash as a colon ("45.864.02 1/0004-36", "52.047.:444/0007-71", "21/087.810/0002-88", "707.272.182:71"), or a CNPJ's slash lost ("41.357.7390006-47"). */
const spacedGroup = (n: number) => String.raw`\d(?: ?\d){${n - 1}}`;
const SPECK_DOT = String.raw` ?[.,:;/]{1,2} ?`;
const SPECK_DASH = String.raw` ?[-–—:;] ?`;
const OCR_SPACED_DOCUMENT = new RegExp(
  String.raw`(?<![\w./])(?:${spacedGroup(2)}${SPECK_DOT}${spacedGroup(3)}${SPECK_DOT}${spacedGroup(3)} ?\/? ?${spacedGroup(4)}${SPECK_DASH}${spacedGroup(2)}|${spacedGroup(3)}${SPECK_DOT}${spacedGroup(3)}${SPECK_DOT}${spacedGroup(3)}${SPECK_DASH}${spacedGroup(2)})(?![\w/-])`,
  'g',
);
const OCR_LONG_CNPJ = /(?<![\w./])(\d{2})\.(\d{3,4})\.(\d{3,4})\/(\d{4,5})-(\d{2})(?![\w/-])/g;

function looksLikeDocument(raw: string): boolean {
  const d = parseDocument(raw);
  return !!d && d.valid && /[./]/.test(raw) && !/^\d{2}\s\d\s\d{2}/.test(raw);
}

export function registrationValues(text: string, ocr = false): Value[] {
  const out: Value[] = [];
  // A scan's first digit read as its lookalike letter ("B22308/2013"): the digit, same length, so the
  // offsets hold; the value then differs from its raw text and is flagged as repaired.
  // So is a PGFN number's two-digit unit read as letters ("BO 8 23 882188-47" for 80 8 23 …), before the rest of its printed groups.
  const read = ocr
    ? text
        .replace(/(?<![\p{L}\d/.,])[BSZ](?=\d{4,}(?:\/\d{4})?(?![\p{L}\d/]))/gu, (c) => digitsFromLookalikes(c))
        // (Its 7 may read as a T, its 0 as a small o: "TO 6 20 522173-87", "Bo 6 14 325854-32"; printed bare too: "BO31659540813".)
        // Or with dots ("B0.8.19.576222-46").
        .replace(/(?<![\p{L}\d/.,])(?=[\dBSZOQDTo]{2}(?:\s\d\s\d{2}\s\d{6}-\d{2}|\.\d\.\d{2}\.\d{6}-\d{2}|\d{11})(?![\p{L}\d/]))[\dBSZOQDTo]{2}/gu, (c) => digitsFromLookalikes(c.replace(/T/g, '7')))
        // Printed with dots, one read as a comma or a colon ("40.4.22,136770-02", "10:6.14.595129-38"): no amount or time has this shape.
        .replace(/(?<![\p{L}\d/.,:])\d{2}[.,:]\d[.,:]\d{2}[.,:]\d{6}-\d{2}(?![\d/]|[.,]\d)/gu, (c) => c.replace(/[,:]/g, '.'))
        // Its unit's zero taken for a raised ordinal ("5º 4 19 086533-64" for 50 4 19 …).
        .replace(/(?<![\p{L}\d/.,])(\d)[º°](?=\s\d\s\d{2}\s\d{6}-\d{2}(?!\d))/gu, '$10')
        // Its last 1 read as a bracket ("3395804448]"): a number has no bracket of its own.
        .replace(/(?<=(?<![\p{L}\d])\d{6,})\](?![\p{L}\d])/gu, '1')
        // A speck read as a dot or a comma before its printed groups (".22 6 15 075301-10"): no part of it.
        .replace(/(?<=^|\s)[.,'`](?=\d{2}\s\d\s\d{2}\s\d{6}-\d{2}(?!\d))/g, ' ')
        // A space between its printed groups read as a slash ("50 3/16 513426-67"): no municipal number has this shape.
        .replace(/(?<![\p{L}\d/.,])\d{2}[\s/]\d[\s/]\d{2}[\s/]\d{6}-\d{2}(?![\d/])/gu, (c) => ((c.match(/\//g) ?? []).length === 1 ? c.replace('/', ' ') : c))
    : text;
  // A PGFN number glued to the caption before it, its unit's first digit read as a lookalike letter
  // ("DÍVIDA ATIVAZ2 2 14 002209-56") or the unit's two digits read as three glyphs ("ATIVA2Z2 2 14 …"):
  // the unit is the two digits both pairs of those glyphs read as, when the printed groups follow whole.
  const asDigits = (t: string) => digitsFromLookalikes(t.replace(/T/g, '7'));
  const glued = ocr ? all(GLUED_PGFN, text).filter((m) => m[1].length === 2 || asDigits(m[1].slice(0, 2)) === asDigits(m[1].slice(1))) : [];
  for (const m of glued) {
    const unit = asDigits(m[1].slice(0, 2));
    out.push({ value: unit + m[0].slice(m[1].length).replace(/\D/g, ''), raw: m[0], start: m.index, end: m.index + m[0].length, repaired: true });
  }
  // Or printed bare, its first 1 read as a thin letter glued to "DÍVIDA ATIVA" ("Dívida Atival052064276558").
  if (ocr)
    for (const m of all(GLUED_BARE_PGFN, text)) {
      glued.push(m);
      out.push({ value: `1${m[1]}`, raw: m[0], start: m.index, end: m.index + m[0].length, repaired: true });
    }
  for (const m of all(REGISTRATION, read)) {
    if (glued.some((g) => m.index < g.index + g[0].length && g.index < m.index + m[0].length)) continue;
    const raw = text.slice(m.index, m.index + m[0].length).trim();
    if (/^\d{2}[/.-]\d{2}[/.-]\d{4}$/.test(raw) || /^\d{1,2}[/.-]\d{4}$/.test(raw)) continue;
    // A unit code ("70.691.82", its own shape) before the number in one cell is the neighbouring
    // caption's value: the number is what follows it.
    const unit = /^\d{2}\.\d{3}\.\d{2}\s+(?=\d)/.exec(raw);
    if (unit) {
      out.push(...registrationValues(raw.slice(unit[0].length), ocr).map((v) => ({ ...v, start: v.start + m.index + unit[0].length, end: v.end + m.index + unit[0].length })));
      continue;
    }
    // Shaped like a CPF/CNPJ with valid check digits: kept (a state may number its CDAs that way), marked
    // so the chooser prefers an inscription that is not.
    const docLike = looksLikeDocument(raw);
    const fixed = digitsFromLookalikes(read.slice(m.index, m.index + m[0].length).trim());
    const value = fixed.replace(/[^\d/]/g, '');
    const digits = value.replace(/\D/g, '');
    const slash = /^\d{1,10}\/\d{4}$/.test(value) || /^\d{4}\/\d{1,10}$/.test(value);
    if (!slash && digits.length > 20) {
      // Two numbers OCR glued together ("69.542.263-380 4 64 800006-77"): the shapes of a DEBCAD and
      // of a federal inscription are looked for inside.
      for (const k of raw.matchAll(/\d{2}\.\d{3}\.\d{3}-\d|\d{2}\s\d\s\d{2}\s\d{6}-\d{2}/g)) {
        out.push({ value: k[0].replace(/\D/g, ''), raw: k[0], start: m.index + k.index!, end: m.index + k.index! + k[0].length, repaired: true });
      }
      continue;
    }
    if (!slash && digits.length < 7) continue;
    if (!slash && value.includes('/')) continue;
    // A PGFN number in its printed groups (80 4 22 507420-05) with one group a glyph too long
    // ("800 4 22 …"): a digit read twice, when the group's doubled digits give one reading, flagged.
    // Printed with dots as well ("500.4.24.608694-71").
    const grouped = ocr ? /^(\d{2,3})([ .])(\d{1,2})\2(\d{2,3})\2(\d{6,7})-(\d{2,3})$/.exec(raw) : null;
    if (grouped) {
      const groups = [grouped[1], ...grouped.slice(3, 7)];
      const long = groups.map((g, k) => g.length - [2, 1, 2, 6, 2][k]);
      if (long.filter((x) => x === 1).length === 1 && long.every((x) => x === 0 || x === 1)) {
        const at = long.indexOf(1);
        const g = groups[at];
        const doubled = [...g].flatMap((d, i) => (d === g[i - 1] || d === g[i + 1] ? [i] : []));
        const readings = new Set(doubled.map((i) => groups.map((x, k) => (k === at ? x.slice(0, i) + x.slice(i + 1) : x)).join('')));
        if (readings.size === 1) out.push({ value: [...readings][0], raw, start: m.index, end: m.index + m[0].length, repaired: true });
        continue;
      }
    }
    // A municipal or state number with its year ("45913/2624"): a year past LATEST_YEAR is OCR's dotted zero.
    const year = ocr && slash ? /^\d{1,10}\/(\d{4})$|^(\d{4})\/\d{1,10}$/.exec(value) : null;
    const was = year ? (year[1] ?? year[2]) : null;
    const now = was && pastLatest(was) ? restoreYear(was) : null;
    if (now) {
      out.push({ value: year![1] ? value.slice(0, -4) + now : now + value.slice(4), raw, start: m.index, end: m.index + m[0].length, repaired: true });
      continue;
    }
    out.push({ value, raw, start: m.index, end: m.index + m[0].length, repaired: fixed !== raw || raw.includes(','), valid: docLike ? false : undefined });
  }
  return out;
}

/**
 * A process number as printed, its year given one glyph too many ("…/20019-43", "E 29419/20025": a dotted zero read
 * twice) put right: the one year, not past LATEST_YEAR, left by dropping one of a doubled digit. Null
 * when no such year or more than one; the number unchanged when its year has four digits.
 */
function processYearOnce(raw: string): string | null {
  const y = /\/(\d{4,5})((?:-\d{2})?)$/.exec(raw);
  if (!y || y[1].length === 4) return raw;
  const years = new Set(undoubled(y[1]).filter((v) => /^(?:19|20)\d{2}$/.test(v) && !pastLatest(v)));
  return years.size === 1 ? `${raw.slice(0, y.index + 1)}${[...years][0]}${y[2]}` : null;
}

/**
 * Values read from a same-length copy of `text` whose lookalike glyphs were put right: each keeps the
 * printed text as its raw and is flagged as repaired where that text differs from what was read.
 */
function asPrinted(text: string, values: Value[]): Value[] {
  return values.map((v) => (text.slice(v.start, v.end) === v.raw ? v : { ...v, raw: text.slice(v.start, v.end), repaired: true }));
}

export function processValues(text: string, ocr = false): Value[] {
  // A scan's digit read as its lookalike letter where a letter cannot stand: glued before the digits
  // ("B3.276053526.34" for 83.276…) or in a PGFN process's last two ("…/2022-B4"). Same length, so the
  // offsets hold; the value then differs from its raw text and is flagged as repaired.
  // A dot read as a comma where no amount can be: before three digits or more that go on past a dot,
  // slash or dash ("49,149880225.99" for 49.149880225.99); a dash before the last two digits read as a
  // colon ("05.743307782:94"), and the dot of a PGFN process read as one ("15989:467974/2022-54").
  const read = ocr
    ? text.replace(/(?<=(?<![\d.,:])\d{5}):(?=\d{6}\/\d{4}-\d{2}(?!\d))/g, '.').replace(/(?<![\p{L}\d/.,])[BSZ](?=\d)|(?<=\/\d{4}-\d?)[BSZOQDIl](?=[\dBSZOQDIl]?(?![\w/]))|(?<=(?<![\d.,])\d{1,5}),(?=\d{3,}[./-]\d)|(?<=\d{3}):(?=\d{2}(?![\d/.,:]))/gu, (c) => (c === ',' ? '.' : c === ':' ? '-' : digitsFromLookalikes(c)))
    : text;
  if (read !== text) return asPrinted(text, processValues(read, ocr));
  const out: Value[] = [];
  // A scan may put a space after the dot of a PGFN process number ("10880. 249090/2022-35"), or beside
  // the dash before a state process's year ("00535 - 2020", "38347 -2018"): one number.
  const split = ocr ? all(SPLIT_PROCESS, text) : [];
  for (const m of split) {
    const fixed = m[0].includes('/') ? processYearOnce(m[0]) : m[0];
    if (fixed) out.push({ value: fixed.replace(/\D/g, ''), raw: m[0], start: m.index, end: m.index + m[0].length, repaired: true });
  }
  for (const m of all(PROCESS, text)) {
    if (split.some((k) => m.index < k.index + k[0].length && k.index < m.index + m[0].length)) continue;
    const raw = m[0];
    if (/^\d{2}[/.-]\d{2}[/.-]\d{4}$/.test(raw)) continue;
    const digits = raw.replace(/\D/g, '');
    if (digits.length < 5) continue;
    // A CPF/CNPJ as printed, its check digits right, is the person's number, not a process's.
    if (looksLikeDocument(raw)) continue;
    // A process's year past LATEST_YEAR ("15989.554343/2621-13") is OCR's dotted zero.
    const year = ocr ? /\/(\d{4})-\d{2}$/.exec(raw) : null;
    const now = year && pastLatest(year[1]) ? restoreYear(year[1]) : null;
    if (now) {
      const fixed = raw.slice(0, year!.index + 1) + now + raw.slice(year!.index + 5);
      out.push({ value: fixed.replace(/\D/g, ''), raw, start: m.index, end: m.index + raw.length, repaired: true });
      continue;
    }
    const yearOnce = ocr && /\/\d{5}(?:-\d{2})?$/.test(raw) ? processYearOnce(raw) : null;
    if (yearOnce) {
      out.push({ value: yearOnce.replace(/\D/g, ''), raw, start: m.index, end: m.index + raw.length, repaired: true });
      continue;
    }
    // A group a digit too long with that digit doubled, a thousands group ("8.188.9200-6" for
    // 8.188.920-6) or a PGFN process's number group ("15989.1860021/2011-46"): the one reading with the
    // digit once, flagged.
    const long = ocr ? LONG_GROUP.map((re) => re.exec(raw)).find(Boolean) : null;
    const once = long ? undoubled(long[2]) : [];
    if (once.length === 1) {
      out.push({ value: `${long![1]}${once[0]}${long![3]}`.replace(/\D/g, ''), raw, start: m.index, end: m.index + raw.length, repaired: true });
      continue;
    }
    out.push({ value: digits, raw, start: m.index, end: m.index + raw.length });
  }
  // OCR may read a process number's first group twice ("13896. 13896.189760/2015-95"): the repeat is no number of its own.
  out.sort((a, b) => a.start - b.start);
  if (ocr) for (let i = out.length - 2; i >= 0; i--) if (out[i + 1].start - out[i].end <= 3 && out[i + 1].raw.startsWith(`${out[i].raw}.`)) out.splice(i, 1);
  return out;
}

/** Process numbers with one group a digit long: what comes before it, the group, what comes after. */
const LONG_GROUP = [/^(\d{1,3}(?:\.\d{3})*\.)(\d{4})((?:\.\d{3})*-\d{1,2})$/, /^(\d{5}\.)(\d{7})(\/\d{4}-\d{2})$/];

/** A receita code: federal (1082, 2372-01) or a municipal hierarchical one (1.2.1, 11.2.03). */
const CODE = String.raw`\d{3,5}(?:[-.]\d{1,2})?|\d{1,2}(?:\.\d{1,3}){1,3}`;
// After the tail of a dot leader OCR split off into the value's cell ("CÓD. RECEITA...... | ... 1082").
// A full stop after it ("3880.") ends it; a dot or comma before more digits makes it no code ("3880.5", an amount).
const CODE_AT_START = new RegExp(String.raw`^\s*(?:[.…_·]{2,}\s*)?[:.\-–—]?\s*(${CODE})(?![\d/]|[.,]\d)`);
const OCR_DATE_BEFORE_AMOUNT = /(?<![\d/])\d{2}\/\d{2}\/(?:19|20)\d{2}(?=\d{1,3}(?:\.\d{3})*,\d{2}(?![\d,]))/g;
const SMALL_LETTER_BETWEEN_WORDS = /(?<=\p{Lu}{2})\s\p{Ll}\s(?=(\p{Lu}{2,}))/gu;
const CLAUSE_START = new RegExp(`^(?:${STATUS_CLAUSES})`);
const CODE_AFTER_SPECK = /^(\s*(?:[.…_·]{2,}\s*)?[:.\-–—]?\s*)\p{Ll}{1,2}\s+(?=\d)/u;
// The description has words: "046-2" is one code with its check digit, not code 046 described as "2".
// The dash may be read twice ("0211 —- IRPF").
const CODE_THEN_TEXT = new RegExp(String.raw`^(${CODE})['\`.,]?(?:\s*[-–—:][-–—]?\s*|\s+)(?=\S)(?=.*[A-Za-zÀ-ÿ]{2})(.+)$`);
// A full stop after it is a speck or the end of the box's sentence ("3880.").
const CODE_ONLY = new RegExp(String.raw`^(${CODE})[.,]?$`);
const LEGAL_REF = new RegExp(LEGAL_REFERENCE);

/** A receita as printed: an optional code ("2172 -", "046-2", "101 -") and its description. */
export function revenueValue(text: string): Value | null {
  // A dot leader's end may open the value's box ("Receita....... | ... 2216").
  // A speck after the leader read as a small letter ("CÓDIGO........ e 1210") is no part of the code,
  // nor are a leader's last dots read as a small word ("Origem... | reed 2089 — IRPJ").
  const t = collapseSpaces(text).replace(/^(?:[.…_·]{2,}\s*)*[:.\-–—]?\s*(?:\p{Ll}{1,4}\s+(?=\d))?/u, '');
  if (!t || /^[—–-]+$/.test(t) || LEGAL_REF.test(fold(t))) return null;
  // An amount is no receita ("Tributo: 9716,70 Multa Mora: …" names the principal).
  if (/^(?:R\s?\$\s?)?\d{1,3}(?:[.\s]?\d{3})*,\d{2}(?!\d)/.test(t)) return null;
  const m = CODE_THEN_TEXT.exec(t);
  // The description as printed (the README's normal form), whitespace collapsed.
  if (m) return { value: t, raw: t, start: 0, end: text.length, code: m[1].replace(/\D/g, ''), description: m[2].trim() };
  const only = CODE_ONLY.exec(t);
  if (only) return { value: t, raw: t, start: 0, end: text.length, code: only[1].replace(/\D/g, ''), description: '' };
  if (!/\p{L}{2}/u.test(t)) return null;
  // A few small letters are specks of a leader OCR read as a word ("Receita.........: cc."), never a receita.
  // So is a short capitalised one OCR made of a rule's remnant ("Din"); a receita so short is an acronym in capitals (ISS, ITR).
  if (/^\p{Lu}?\p{Ll}{1,3}\.?$/u.test(t)) return null;
  return { value: t, raw: t, start: 0, end: text.length, code: '', description: t };
}

const NAME_STOP = /\s*(?:,|;|\s\(|\s[-–—]\s(?=(?:cnpj|cpf|c\.n\.p\.j|inscrit))|\s(?:inscrit[oa]|cnpj|cpf|c\.n\.p\.j|portador|com\s+sede|residente|domiciliad[oa]|estabelecid[oa])\b).*$/i;

/**
 * What is left of a dot leader before a value ("Sit... | ... ATIVA"), with the glyphs OCR made of its
 * specks ("Contribuinte.........0....? TRANSPORTADORA"): no part of the value.
 */
// Or a few small letters it made of a caption's tail glued to the dots ("Sit... | nisso...) ATIVA").
// Or a run of zeros, E's and dots it made of its specks ("00E.E00..0..! SUPERMERCADO").
const LEADER_REST = /^(?:[:.…_·\-–—]\s*|[^\s\p{L}]{1,2}[.…·]{2,}[^\s\p{L}]{0,2}\s+|\p{Ll}{1,6}[.…·]{2,}[^\s\p{L}]{0,2}\s+(?=\p{Lu}{2})|(?=\S*[.…·]{2})[0OoEe.…·!|:;]{6,}\s+(?=\p{Lu}{2}))+/u;

/** A colon after three or more words in capitals with only words in capitals after it: a speck in a name, not a caption's. */
// Or after one or two such words when the rest closes in a company type ("ACME: SANTA LUZIA S.A.").
// Never after a caption's word ("CNPJ: ACME LTDA").
const NAME_SPECK_COLON = /(?<=^\s*\p{Lu}[\p{Lu}.&'-]*(?:\s+\p{Lu}[\p{Lu}.&'-]*){2,})\s?:(?=\s+\p{Lu}{2,}[\p{Lu}\s.&'/-]*$)|(?<=^\s*(?!(?:CNPJ|CPF|NOME|RAZ[AÃ]O|SOCIAL|DEVEDOR|EXECUTADO|CONTRIBUINTE|SUJEITO|PASSIVO|INTERESSADO|EMPRESA|FIRMA)\b)\p{Lu}{2,}(?:\s+\p{Lu}{2,})?)\s?:(?=\s+\p{Lu}{2,}[\p{Lu}\s.&'-]*\s(?:LTDA|S\.\s?A\.?|S\/A|EIRELI|EPP|ME)$)/u;

/** A person's or company's name: letters, not a label residue ("/ RAZÃO SOCIAL", "(DEVEDOR)", "CGM: 123"). */
export function nameValue(text: string, prose = false): Value | null {
  let t = collapseSpaces(text).replace(LEADER_REST, '');
  if (prose) t = t.replace(NAME_STOP, '');
  // A CPF/CNPJ glued to the name (OCR closed the gap: "SILVA788.515.377-04") is not part of it.
  t = t.replace(/\s*[-–—]?\s*(?:CPF|CNPJ)?[:\s]*\d{2,3}\.\d{3}\.\d{3}(?:\/\d{4})?-\d{2}\s*$/i, '');
  // So is the next box's caption OCR ran into it ("PANIFICADORA DO VALE LTDA EPP C.N.PJ."), or a CPF's whose
  // F a speck closed into an E ("SANTOS - CPE").
  t = t.replace(/\s+(?:C\.?\s?N\.?\s?P\.?\s?J|C\.?\s?P\.?\s?F|C\.?\s?G\.?\s?C|[-–—]\s*CPE)[.\s/:)]*$/i, '');
  // So is the start of a leader after it ("LTDA EPP..."): a name closes on one dot at most ("S.A.").
  t = t.replace(/\s*[,;:]+$/, '').replace(/(?<=\p{Lu})\s?[.…]{2,}$/u, '').trim();
  // A company type's dot read as a colon ("BOA VISTA S:A."): the dot; no caption reads "S:A".
  t = t.replace(/(?<=\sS)\s?:\s?(?=A\.?$)/u, '.');
  if (!t || /^[/(|\\[]/.test(t) || /:/.test(t)) return null;
  // A caption closing in its number sign ("CPF Nº" OCR read "cre nº"): no name ends in one.
  if (/(?:^|\s)n\.?\s?[º°]\.?$/iu.test(t)) return null;
  const letters = t.match(/\p{L}/gu)?.length ?? 0;
  const digits = t.match(/\d/g)?.length ?? 0;
  // An address or a code is not a name: numbers of three digits or more ("AV. BRASIL 4004").
  if (letters < 3 || digits > letters / 4 || /\d{3,}/.test(t)) return null;
  if (!/\p{L}{2,}\s+\p{L}/u.test(t) && letters < 6) return null;
  return { value: upperText(t), raw: t, start: 0, end: text.length };
}

export function textValue(text: string): Value | null {
  const t = collapseSpaces(text).replace(LEADER_REST, '').replace(/\s*[:;]+$/, '').trim();
  if (!t || !/\p{L}/u.test(t) && !/\d/.test(t)) return null;
  return { value: t, raw: t, start: 0, end: text.length };
}

/** Every value of a type in a piece of text, in order (free-text types yield the whole text). */
export function valuesOf(type: ValueType, text: string, ocr = false): Value[] {
  switch (type) {
    case 'money': {
      if (!ocr) return moneyValues(text);
      // An amount's first digit read as its lookalike letter ("Vlr. Multa: B44,95" for 844,95): the
      // digit, same length, so the offsets hold; flagged as repaired.
      // Its last zero read as a raised "º" ("21729,0º"): the zero, flagged likewise.
      // Its thousands dots read as commas ("11,503,61"): dots, when the groups and the cents stand whole.
      const read = text
        .replace(OCR_LETTER_MONEY, (c) => digitsFromLookalikes(c))
        // Or one inside its first digits ("9i4,22" for 914,22).
        .replace(OCR_LETTER_IN_MONEY, (c) => digitsFromLookalikes(c))
        .replace(/(?<=\d,\d)[º°](?![\d\p{L}])/gu, '0')
        .replace(OCR_COMMA_THOUSANDS, (m) => m.slice(0, -3).replace(/,/g, '.') + m.slice(-3))
        // A speck read as a third decimal before the currency or the end ("37,700 R$"): the amount is its
        // first two, flagged (the speck may have stood among them, which only a sum can tell).
        .replace(OCR_THIRD_DECIMAL, ' ');
      if (read === text) return moneyValues(text);
      return asPrinted(text, moneyValues(read)).map((v) => (/\d/.test(text[v.end] ?? '') ? { ...v, raw: text.slice(v.start, v.end + 1), repaired: true } : v));
    }
    case 'date':
      return dateValues(text, ocr);
    case 'document':
      return documentValues(text, ocr);
    case 'registration':
      return registrationValues(text, ocr);
    case 'process':
      return processValues(text, ocr);
    case 'code': {
      // A speck after the leader read as a small letter ("CÓDIGO........ e 1210") is no part of the code.
      const speck = ocr ? CODE_AFTER_SPECK.exec(text) : null;
      const cut = speck ? speck[0].length - speck[1].length : 0;
      const m = CODE_AT_START.exec(speck ? speck[1] + text.slice(speck[0].length) : text);
      return m ? [{ value: m[1].replace(/\D/g, ''), raw: m[1], start: m.index, end: m.index + m[0].length + cut }] : [];
    }
    case 'revenue': {
      // A code's leading zero read as a letter of its shape ("RECEITA... Q211"): the zero, flagged.
      const zero = ocr ? /^(\s*(?:[.…_·]{2,}\s*)*[:.\-–—]?\s*)[OQD](?=\d{3}(?![\d\p{L}]))/u.exec(text) : null;
      // Or its zero and its ones read as small letters before the description ("o21i — IRPF"): two digits
      // read as such at least, the lookalikes' digits, flagged.
      const mixed = ocr && !zero ? /^(\s*(?:[.…_·]{2,}\s*)*[:.\-–—]?\s*)(?=(?:[OoQDIil|]*\d){2})([\dOoQDIil|]{4})(?=\s*[-–—]\s*\p{Lu})/u.exec(text) : null;
      const read = zero ? `${zero[1]}0${text.slice(zero[0].length)}` : mixed ? `${mixed[1]}${digitsFromLookalikes(mixed[2])}${text.slice(mixed[0].length)}` : text;
      const v = revenueValue(read);
      return v ? [read !== text ? { ...v, raw: text.trim(), repaired: true } : v] : [];
    }
    case 'status': {
      // A speck OCR read between a situação's words is no character of it ("NEGOCIADA'NO", "INSCRITO -: PROTESTADO").
      // So is one glued to a dash's side ("INSCRITO - .PROTESTADO", "GARANTIA .- PENHORA").
      const v = textValue(
        ocr
          ? text
              .replace(/(?<=\p{L})\s*['’`´]\s*(?=\p{L})/gu, ' ')
              .replace(/(?<=\s[-–—]\s?)[:;,.'’`´]+(?=\s|\p{Lu})/gu, (_, at: number, all: string) => (/\s/.test(all[at - 1]) ? '' : ' '))
              .replace(/(?<=\s)[:;,.]+(?=[-–—]\s)/g, '')
              // A dash OCR read as a small letter before a qualifier ("AJUIZADA r EXIGIBILIDADE"); elsewhere such a letter is a speck.
              .replace(SMALL_LETTER_BETWEEN_WORDS, (_, next: string) => (CLAUSE_START.test(fold(next)) ? ' - ' : ' '))
              // A speck read as a hyphen inside the phrase "A SER AJUIZADA" ("ATIVA A SER-AJUIZADA"), which never takes one.
              .replace(/(?<=(?:^|\s)A\sSER)[-–—](?=AJUIZAD)/gu, ' ')
              // A hyphen OCR read as a dash ("ATIVA — PROTESTADA").
              .replace(/\s[—–]\s/g, ' - ')
              // A leader's last specks read as digits before it ("... 03 ATIVA"), or a speck as a guillemet
              // glued to it ("«ATIVA - PROTESTADA"): a situação opens with a word.
              // So are specks read as a small word ("...7 ei ATIVA").
              .replace(/^\s*(?:\d{1,2}\s+(?:[a-z]{1,2}\s+)?|[a-z]{1,2}\s+)(?=\p{Lu}{3})|^\s*[«»~)\]]+\s?(?=\p{Lu}{3})/u, '')
              // Or a whole leader read as small-letter words up to its colon ("ps eesseoiissccrsccereees: ATIVA").
              .replace(/^\s*(?:\p{Ll}+\s+)*\p{Ll}{6,}[:;.]\s+(?=\p{Lu}{3})/u, '')
              // A colon after a link word ("EXIGIBILIDADE DO: CREDITO"): no caption ends in one; a speck.
              // Or after any of its words before the next ("EM NEGOCIACAO: NO SISPAR"): a situação has no colon inside.
              .replace(/(?<=(?:^|\s)(?:D[OAE]S?|N[OA]S?|EM|A|O|E|\p{Lu}{4,})):(?=\s\p{Lu})/gu, '')
              // A speck read as a full stop before another situação word ("EM COBRANÇA. ADMINISTRATIVA"),
              // or glued between two words in the gap it filled ("ATIVA A.SER AJUIZADA").
              .replace(SPECK_BEFORE_STATUS_WORD, ' ')
              .replace(/(?<=(?:^|\s)\p{Lu}{1,12})\.(?=\p{Lu}{2,}(?:\s|$))/gu, ' ')
              // And a lone speck after its last word, with whatever OCR ran on after it ("EM NEGOCIACAO NO SISPAR * ;Lein?8.212/91").
              .replace(/\s+[*^~|'"•]+(?:\s.*)?$/u, '')
          : text,
      );
      if (!v || !STATUS_WORD.test(fold(v.value))) return [];
      // On a scan, the next box's value OCR ran into the situação ("EM NEGOCIACAO NO SISPAR RAT-RISCO
      // AMBIENTAL DO TRABALHO"): three words or more with no situação word after its last one are cut.
      if (ocr) {
        const words = v.value.split(' ');
        const last = words.reduce((at, w, i) => (STATUS_WORD.test(fold(w)) ? i : at), -1);
        if (words.length - last - 1 >= 3) v.value = words.slice(0, last + 1).join(' ');
      }
      return [v];
    }
    case 'name': {
      // A speck OCR read as a colon between a name's words ("COMÉRCIO E: SERVIÇOS LTDA") is no caption's colon.
      // And a speck read as a bracket or a bar before its first word, closed nowhere ("... (COMERCIAL ALVORADA S/A").
      const v = nameValue(ocr ? text.replace(NAME_SPECK_COLON, '').replace(/^([\s.…_·]*)[(\[|](?=\s?\p{Lu}{2})(?![^)\]]*[)\]])/u, '$1') : text);
      return v ? [v] : [];
    }
    default: {
      const v = textValue(text);
      return v ? [v] : [];
    }
  }
}

export const isStrictMoney = (raw: string) => MONEY_STRICT_TAIL.test(raw.replace(/R\s?\$\s?/, ''));
