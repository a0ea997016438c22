import { isValidCnpj, isValidCpf } from '@brazilian-utils/brazilian-utils';
import { parseBRLToCentavos } from '@cda/shared';
import { distance as editDistance } from 'fastest-levenshtein';
import { COMPANY_NAME_WORDS, STATUS_LEAD_LINKS } from './lexicon';

const SPECK_HYPHEN_BEFORE_LINK = new RegExp(`(?<=\\p{Lu})-(?=(?:${STATUS_LEAD_LINKS.join('|')})\\s)`, 'gu');

/**
 * Accent- and case-folding that keeps every character in place (one char in, one char out), so a
 * match found in the folded line indexes the original line directly.
 */
export function fold(text: string): string {
  // Plain ASCII folds to its lower case. Otherwise one character at a time (memoised): a string
  // built by `+=` per character stays a chain of one-character pieces in memory, ~3 KB per line,
  // which on a 10,000-page file was ~60 MB.
  if (ASCII.test(text)) return text.toLowerCase();
  const out: string[] = [];
  for (const ch of text) {
    let f = FOLDED.get(ch);
    if (f === undefined) {
      const base = ch.normalize('NFD')[0] ?? ch;
      f = base.length === ch.length ? base.toLowerCase() : ch.toLowerCase();
      if (FOLDED.size < 4096) FOLDED.set(ch, f);
    }
    out.push(f);
  }
  return out.join('');
}
const ASCII = /^[\x00-\x7f]*$/;
const FOLDED = new Map<string, string>();

export function collapseSpaces(text: string): string {
  return text.replace(/[ \t\u00a0]+/g, ' ').trim();
}

/** OCR reads these letters where the print has digits; only applied inside digit-shaped tokens. */
// An I with a speck over it reads as an accented one ("2º TRU20Í4").
const DIGIT_LOOKALIKES: Record<string, string> = { O: '0', o: '0', Q: '0', D: '0', l: '1', I: '1', i: '1', Í: '1', í: '1', '|': '1', S: '5', s: '5', B: '8', Z: '2', z: '2', G: '6' };

export function digitsFromLookalikes(text: string): string {
  return text.replace(/[OoQDlIiÍí|SsBZzG]/g, (c) => DIGIT_LOOKALIKES[c]);
}

export interface Parsed<T> {
  value: T;
  /** Set when the text needed an OCR repair to parse; the caller decides whether a check confirms it. */
  repairedFrom?: string;
}

/**
 * Money in centavos. Strict pt-BR first; then OCR shapes (`1.234.56`, `1,234,56`, `1 234,56`) read
 * as "last separator before two digits is the decimal comma" and flagged as repaired.
 */
export function parseMoney(text: string): Parsed<number> | null {
  const raw = text.replace(/R\s?\$\s?\.?(?=\s?\d)/i, '').trim();
  const strict = parseBRLToCentavos(raw);
  if (strict !== null) return { value: strict };
  // OCR reads thousands dots as ":" or ";" and splits tokens with stray spaces.
  const cleaned = digitsFromLookalikes(raw).replace(/\s+/g, '').replace(/[:;]/g, '.').replace(/\.\.(?=\d{3})/g, '.');
  const m = /^(-)?([\d.,]*\d)[.,](\d{2})$/.exec(cleaned);
  if (!m || !/^\d{1,3}([.,]\d{3})*$|^\d+$/.test(m[2])) return null;
  const value = Number(m[2].replace(/[.,]/g, '')) * 100 + Number(m[3]);
  return { value: m[1] ? -value : value, repairedFrom: text.trim() };
}

/** Money token as it appears in running text (also matches the OCR shapes parseMoney accepts). */
export const MONEY_TOKEN = /(?<![\d.,/:])(?:R\s?\$\s?)?\d{1,3}(?:(?:[.,:;]|\s(?=\d{3}[.,]))\d{3})*[.,]\s?\d{2}(?![\d/])/g;

function validDate(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1 || y < 1900 || y > 2100) return false;
  return d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** `dd/mm/yyyy` (also `dd.mm.yyyy`, `dd-mm-yyyy`) to ISO; null when not a real calendar date. */
export function parseDate(text: string): Parsed<string> | null {
  // A zero's ring read as a raised "º" ("2º/07/2024"): in a date it can only be the zero.
  const t = text.trim().replace(/([/.-]) (?=\d)/g, '$1');
  const fixed = digitsFromLookalikes(t.replace(/^(\d)[º°](?=[/.-])/, '$10'));
  const m = /^(\d{2})[/.-](\d{2})[/.-](\d{4})$/.exec(fixed);
  if (!m) return null;
  const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (!validDate(y, mo, d)) return null;
  const value = `${m[3]}-${m[2]}-${m[1]}`;
  return fixed === t ? { value } : { value, repairedFrom: t };
}

/** Eight digits read as ddmmyyyy (a date whose slashes OCR lost, or one rebuilt from its digits). */
export function parseDigitsDate(digits: string): Parsed<string> | null {
  return /^\d{8}$/.test(digits) ? parseDate(`${digits.slice(0, 2)}/${digits.slice(2, 4)}/${digits.slice(4)}`) : null;
}

/** A date's shape in OCR'd text whatever its digits (a dotted zero read as 6, 8 or 9: "38/06/2025"). */
// Never the cents of an amount before it with a speck dot ("36,13. 08/2019" is 36,13 and 08/2019).
export const OCR_DATE_TOKEN = /(?<![\d/]|\d,)\d{2}[/.-] ?\d{2}[/.-] ?\d{4}(?![\d/])/g;

/** A date one of whose slashes OCR read as a stroke ("27110/2014", "27/10l2014") or, specked, as a 4 ("20410/2013"). */
export const OCR_STROKE_DATE_TOKEN = /(?<![\d/])(\d{2})(?:[14lI|](\d{2})\/|\/(\d{2})[14lI|])(\d{4})(?![\d/])/g;
/** The date a match of OCR_STROKE_DATE_TOKEN stands for, the stroke read as its slash; null when no real date. */
export function parseStrokeDate(m: RegExpMatchArray): Parsed<string> | null {
  return parseDate(`${m[1]}/${m[2] ?? m[3]}/${m[4]}`);
}
/** A date with one slash read as a 1 and the other lost ("151112025" for 15/11/2025): nine digits. */
export const OCR_NINE_DIGIT_DATE = /(?<![\d/.,])\d{9}(?![\d/.,])/g;

/** A date OCR read with one of its slashes lost ("2907/2015", "15/012020"). */
export const OCR_HALF_DATE_TOKEN = /(?<![\d.,/])(?:\d{4}\/\d{4}|\d{2}\/\d{6})(?![\d.,/])/g;

// OCR may leave a space after a separator ("10/ 10/2020").
// A zero's ring read with a tail is a Q ("Q2/10/2025").
// Never an amount's cents and what follows them ("8.407,02. 06/2015": the amount, then a period).
export const DATE_TOKEN = /(?<![\d/]|\d,)[0-3OoQDl][\dOoQDlº°][/.-] ?[01OoQ][\dOoQDlSB][/.-] ?[12l][\dOoQDlSB]{3}(?![\d/])/g;

/**
 * Apuração period: `03/2018` → `2018-03`, `1º TRI/2019` → `2019-Q1`, `2019` → `2019`,
 * `25/04/2018` → `2018-04-25`. Null when it is none of those.
 */
export function parsePeriod(text: string): string | null {
  const raw = collapseSpaces(text).toUpperCase();
  // Quarters first: the lookalike repair would turn the I of "TRI" into a 1.
  // OCR merges the "I/" of "TRI/2019" into a "V" ("1º TRV2019").
  // OCR may read the ordinal's dot as a dash ("4º-Trimestre/2017").
  // OCR reads the slash as an apostrophe too ("4º TRI'2015").
  const q = /^([1-4lI])\s*[º°O0o]?[.-]?\s*(?:TR[I1l](?:M(?:ESTRE)?)?\.?|TRV(?=\d)|T)\s*[/ '-]?\s*(\d{4})$/.exec(raw);
  if (q) return `${q[2]}-Q${digitsFromLookalikes(q[1])}`;
  // Month names ("MAI/2016", "Março/2019", "jul 2015").
  // OCR reads the O of a month as Q or 0 ("NQV/2021") and the I of MAI as 1 or L ("MA1/2020", "MAL2021",
  // its slash lost), or the "I/" as a Y ("MAY2017"); no month's name holds any of these.
  // Its O may come out as two glyphs ("NO0V/2016"); a speck before its slash as a colon ("DEZ:/2018");
  // its slash as a stroke ("AGO!2015", "AGO|2015").
  const named = /^(JAN|FEV|MAR|ABR|MA[IL1|]|MAY(?=\d)|JUN|JUL|AG[OQ0]{1,2}|SET|[OQ0]{1,2}UT|N[OQ0]{1,2}V|DEZ)[A-ZÇ]*[.:]?\s*[/!| -]?\s*(\d{4})$/.exec(raw.normalize('NFD').replace(/[\u0300-\u036f]/g, ''));
  if (named) return `${named[2]}-${String(MONTH_ABBR.indexOf(named[1].replace(/[OQ0]{1,2}/g, 'O').replace(/^MA[L1|Y]$/, 'MAI')) + 1).padStart(2, '0')}`;
  const t = digitsFromLookalikes(raw);
  const full = parseDate(t);
  if (full) return full.value;
  let m = /^(\d{2})[/.-](\d{4})$/.exec(t);
  if (m && Number(m[1]) >= 1 && Number(m[1]) <= 12) return `${m[2]}-${m[1]}`;
  m = /^((?:19|20)\d{2})$/.exec(t);
  if (m) return m[1];
  return null;
}

/** The first month of a period (`2019-Q2` → `2019-04`, `2019` → `2019-01`), null when it is not one. */
export function periodStart(period: string): string | null {
  const q = /^(\d{4})-Q([1-4])$/.exec(period);
  if (q) return `${q[1]}-${String((Number(q[2]) - 1) * 3 + 1).padStart(2, '0')}`;
  if (/^\d{4}$/.test(period)) return `${period}-01`;
  const m = /^(\d{4}-\d{2})/.exec(period);
  return m ? m[1] : null;
}

/** A period as the record holds it once read ("2019", "2019-05", "2019-Q3", "2019-05-10"), not OCR's raw text. */
export const isReadPeriod = (period: string) => /^\d{4}(?:-|$)/.test(period);

export const MONTH_ABBR = ['JAN', 'FEV', 'MAR', 'ABR', 'MAI', 'JUN', 'JUL', 'AGO', 'SET', 'OUT', 'NOV', 'DEZ'];

/** A month's abbreviation as printed or as OCR reads its O (Q, 0) and the I of MAI (1, l, L), lower-case for /i patterns. */
export const MONTH_WORD = String.raw`(?:jan|fev|mar|abr|ma[il1|]|may(?=\d)|jun|jul|ag[oq0]{1,2}|set|[oq0]{1,2}ut|n[oq0]{1,2}v|dez)`;

/**
 * A month whose third letter and slash OCR read as one glyph ("MAU2019" for MAI/2019, "MAW2020"): the
 * two letters it keeps name one month or two (MA: março or maio), the rows around it decide.
 */
export const GARBLED_MONTH = String.raw`(?:ja|fe|ma|ab|ju|ag|se|ou|no|de)[\p{L}|]`;

export const PERIOD_TOKEN = new RegExp(String.raw`(?<![\d/\p{L}])(?:${MONTH_WORD}[\p{L}]*[.:]?\s?[/!| -]?\s?\d{4}|\d{2}[/.-]\d{2}[/.-]\d{4}|[0-1]\d[/.-]\d{4}|[1-4lI]\s?[º°Oo0]?[.-]?\s?(?:TR[I1l](?:M(?:ESTRE)?)?\.?\s?[/ '-]?\s?|TRV|T\s?[/ -]\s?)\d{4}|(?:19|20)\d{2})(?![\d/])`, 'iu');

// OCR's garbled years too: a dotted zero read as two glyphs ("28620" for 2020, "AGO/26260").
// A bare year read past its decade ("2915", "2623") is one too; a receita code ("8109") is not year-shaped.
// A quarter's year is garbled the same way ("3º TRI/28020"), and so are the "I/" after its "TR" and
// the year's glyphs ("3º TR42013", "2º TRW/2020", "3º TRL2UI4"), or its I as a "!" ("2º TR!/2021").
// A month's year in lookalike letters ("MAI/ZOI9"); a month's last letter and slash read as one glyph ("MAU2019").
// A month whose last digit OCR read as a raised ordinal ("0º/2018"): kept as a row, its period flagged unread.
// A quarter whose digit OCR read as a letter ("ZT/2014", "aT/2012"): kept for the repair against its due date.
/** A month and year OCR read without their slash ("012012"), or with the slash as a stroke ("0272023") or a ring ("0102016"): month in group 1, year in 2. */
export const OCR_PERIOD = /(?<![\d.,/])(0[1-9]|1[0-2])[710]?((?:19|20)\d{2})(?![\d.,/])/;

export const OCR_PERIOD_SHAPE = new RegExp(String.raw`(?<![\d/\p{L}])(?:${MONTH_WORD}\p{L}*\.?\s?[/ -]?\s?\d{3,6}|${MONTH_WORD}\p{L}*\.?\s?[/ -]?\s?(?=[OoIlZzSB]*\d)[\dOoIlZzSB]{4}|[1-4]\s?[º°Oo0]?[.-]?\s?TR[I1l]\p{L}*\.?\s?[/ -]?\s?\d{3,6}|[1-4]\s?[º°Oo0]?[.-]?\s?TR[\p{L}\d/|!]{3,8}|[aZ]T\s?\/\s?\d{4}|${GARBLED_MONTH}\s?[/ -]?\s?\d{4}|\d{2,3}\/\d{3,6}|\d\/\d{4}|[01][º°]\/\d{4}|\d{5,6}|(?:19|2\d)\d{2}(?![.,]\d))(?![\d/])`, 'giu');

export type DocumentKind = 'cpf' | 'cnpj';

export interface ParsedDocument {
  digits: string;
  kind: DocumentKind;
  valid: boolean;
  repairedFrom?: string;
}

/** Shaped like a CPF or CNPJ, with OCR lookalikes allowed in digit positions. */
// OCR reads a dot as ":" or ";" too, or loses the CNPJ's second one ("27.084655/0002-22"), and may glue a speck "-" in front; the check digits still decide.
export const DOCUMENT_TOKEN = /(?<![\w./])(?<![\w./]-)(?:[\dOoIlSBD]{2}\s?[.,:;\s]\s?[\dOoIlSBD]{3}\s?[.,:;\s]?\s?[\dOoIlSBD]{3}\s?[/\s]\s?[\dOoIlSBD]{4}\s?[-.\s]\s?[\dOoIlSBD]{2}|[\dOoIlSBD]{3}\s?[.,:;\s]\s?[\dOoIlSBD]{3}\s?[.,:;\s]\s?[\dOoIlSBD]{3}\s?[-.\s]\s?[\dOoIlSBD]{2}|\d{14}|\d{11})(?![\w/-])/;

/**
 * CPF/CNPJ to digits with check-digit validation. Lookalike letters are repaired only when the
 * repaired digits pass the check digits; otherwise the raw reading is returned as invalid.
 */
export function parseDocument(text: string): ParsedDocument | null {
  const t = text.trim();
  const direct = t.replace(/\D/g, '');
  const repaired = digitsFromLookalikes(t).replace(/\D/g, '');
  const check = (d: string) => (d.length === 11 ? isValidCpf(d) : d.length === 14 ? isValidCnpj(d) : false);
  const kindOf = (d: string): DocumentKind => (d.length === 11 ? 'cpf' : 'cnpj');
  if ((direct.length === 11 || direct.length === 14) && direct === repaired) {
    return { digits: direct, kind: kindOf(direct), valid: check(direct) };
  }
  if ((repaired.length === 11 || repaired.length === 14) && check(repaired)) {
    return { digits: repaired, kind: kindOf(repaired), valid: true, repairedFrom: t };
  }
  if (repaired.length === 11 || repaired.length === 14) return { digits: repaired, kind: kindOf(repaired), valid: false, repairedFrom: t };
  return null;
}

export function documentLabel(kind: DocumentKind): string {
  return kind === 'cpf' ? 'CPF' : 'CNPJ';
}

/** Keeps digits and, for municipal `N/AAAA` numbers, the slash. */
export function normalizeRegistration(text: string, keepSlash: boolean): string {
  const fixed = digitsFromLookalikes(text);
  return keepSlash ? fixed.replace(/[^\d/]/g, '') : fixed.replace(/\D/g, '');
}

export function upperText(text: string): string {
  return collapseSpaces(text).toUpperCase();
}

/**
 * Known glyph confusions of OCR in legal citations, repaired only where the reading cannot be what
 * was printed: "§" read as "8", "S" or "$" right before an ordinal ("art. 61, 8 3º" — a number is
 * never followed by another ordinal number), and the "t" of "art."/"arts." read as "i" or "l" when
 * a number follows ("aris. 1º a 3º"). Everything else (a ";" read as ",") is left as read.
 */
export function repairLegalBasisOcr(text: string): string {
  return (
    text
      .replace(/,\s*[85S$]\s*(?=\d{1,3}\s?[º°](?!\d))/g, ', § ')
      .replace(/\b([Aa])(?:r[il1]|[il1]t|[il1][il1])(s?)\.(?=\s*\d)/g, '$1rt$2.')
      // Its "rt" run into an "m" ("am. 7º").
      .replace(/\b([Aa])m(s?)\.(?=\s*\d)/g, '$1rt$2.')
      // An inciso named as such ("inciso Il", "incisos le II"): strokes after the word are its numeral,
      // and a stroke glued to the "e" between two numerals is the first ("le" for "I e").
      .replace(/\b(incisos)\s+[lL1|]e\s+(?=[IVXlL1|]+\b)/g, '$1 I e ')
      .replace(/\b(incisos?)\s+([IlL1|]*[lL1|][IlL1|]*)(?=\s*(?:[,;.]|\se\b|$))/g, (_m, w: string, n: string) => `${w} ${'I'.repeat(n.length)}`)
      .replace(/\b(incisos\s+[IVX]+\s+e\s+)([IVXlL1|]*[lL1|][IVXlL1|]*)(?=\s*(?:[,;.]|$))/g, (_m, head: string, n: string) => `${head}${n.replace(/[lL1|]/g, 'I')}`)
      // An inciso is a roman numeral standing alone between commas (", I, a"): a lone "1", "l", "L"
      // or "|" there, or "I"s mixed with those ("Il"), is that numeral; a bare "11" is left alone.
      .replace(/,\s*((?:[1lL|]|[IlL1|]*[lL|][IlL1|]*|[IlL1|]*I[IlL1|]*))(?=\s*(?:[,;]|\.?$))/g, (m, n: string) => (/^\d+$/.test(n) && n.length > 1 ? m : `, ${'I'.repeat(n.length)}`))
      // The same inciso whose comma OCR merged into it ("30, L a." for "30, I, a."): a lone stroke
      // token followed by a one-letter alínea closing the citation or the clause.
      .replace(/,\s*([IlL|]+)\s+(?=[a-z](?:[.,;]|$))/g, (_m, n: string) => `, ${'I'.repeat(n.length)}, `)
      // Acts are separated by ";" and an article belongs to the act before it, so a ";" between an
      // act's number ("9.430/96") and "art." is a misread ",".
      .replace(/(\/\d{2}(?:\d{2})?)\s*;\s*(?=arts?\.)/gi, '$1, ')
      // ...and a "," before the next act ("…/02, arts. 1º a 3º, Lei nº 9.430/96") is a misread ";".
      .replace(/,\s*(?=(?:Lei|Decreto|Medida Provis[óo]ria|Instru[çc][ãa]o Normativa|Portaria|Resolu[çc][ãa]o|RICMS|CTN|C[óo]digo)\b)/g, '; ')
      // The "/" of a state tax law or regulation's UF ("RICMS/SP") read as an "I".
      .replace(/\b(R?ICMS|R?IPVA|R?ITCMD?|R?ITBI|CTE|CTM)I(AC|AL|AP|AM|BA|CE|DF|ES|GO|MA|MT|MS|MG|PA|PB|PR|PE|PI|RJ|RN|RS|RO|RR|SC|SP|SE|TO)\b/g, '$1/$2')
      // Spacing and specks around numbers: "nº7.212", "1ºa 3º", "8:212/91" (a dot read as a colon),
      // "9.430/96,.art." and a doubled final period.
      .replace(/\b([Nn][º°])(?=\d)/g, '$1 ')
      .replace(/(\d[º°])(?=[a-z])/g, '$1 ')
      .replace(/(\d):(?=\d{3}(?!\d))/g, '$1.')
      .replace(/,\s*\.\s*(?=\p{L})/gu, ', ')
      .replace(/\.{2,}$/, '.')
      // "nº-9.430" : a hyphen between "nº" and its number is a speck or a rule's remnant.
      .replace(/\b([Nn][º°o])-(?=\d)/g, '$1 ')
  );
}

/** Words of issuers' names that Portuguese never writes with an accent. */
const UNACCENTED_ISSUER_WORDS = new Set('PROCURADORIA GERAL FAZENDA NACIONAL ESTADO SECRETARIA PREFEITURA MUNICIPAL GOVERNO RECEITA FEDERAL DA DE DO DAS DOS'.split(' '));

/** An issuer's name read by OCR: an accent OCR put on a word that never has one ("NÁCIONAL") is dropped. */
export function repairIssuerNameOcr(name: string): string {
  return name.replace(/\p{L}+/gu, (w) => {
    const bare = w.normalize('NFD').replace(/\p{M}+/gu, '').toUpperCase();
    return UNACCENTED_ISSUER_WORDS.has(bare) ? bare : w;
  });
}

/** A name read by OCR whose closing "SIA" is the company suffix "S/A" with its slash read as an I. */
export function repairNameOcr(name: string): string {
  // A dash between words read as a guillemet or a tilde ("LTDA « ME"); an I read as "!" in a word
  // in capitals ("EIREL!": a name has no exclamation mark).
  return name
    .replace(/(?<=\s)S[I1l|]A$/, 'S/A')
    .replace(/(?<=\S\s)[«»~](?=\s\S)/g, '-')
    // A dash read twice, its spaces lost on one side ("LTDA-- ME"): a name's dash is one, spaced.
    .replace(/(?<=\p{Lu})\s*[-–—]{2,}\s*(?=\p{Lu})/gu, ' - ')
    .replace(/(?<=\p{Lu})!(?=\p{Lu}|\s|$)|(?<=\s|^)!(?=\p{Lu}{2})/gu, 'I')
    // A speck read as a hyphen glued to a word's start ("BRASIL SUL -EIRELI"): a name's dash has a space on both sides.
    .replace(/(?<=\p{L}\s)-(?=\p{Lu}{2})/gu, '')
    // Or glued between a word and the company type ("SERVIÇOS-LTDA"): the space it stands in.
    .replace(/(?<=\p{Lu}{3})-(?=LTDA\.?$)/u, ' ')
    // A speck read as a full stop after a whole word ("ANTÔNIO. SOUZA", "COMÉRCIO. E SERVIÇOS", a closing "OLIVEIRA."):
    // abbreviations in names stop before a vowel ("COM.", "IND.", "PART."), but for CIA and LTDA.
    .replace(/(?<=(?:^|\s)(?!LTDA\.)\p{Lu}{3,}[AEIOUÁÉÍÓÚÂÊÔÃÕ])\.(?=\s+\p{Lu}|$)/gu, '')
    // A speck read as a full stop before a word ("AGROPECUÁRIA .SÃO JORGE"): no part of the name.
    .replace(/(?<=\p{L}\s)\.(?=\p{Lu}{2})/gu, '')
    // Or in the space between two words ("SEBASTIÃO.DE ASSIS", "ALVORADA.S/A"): a space.
    .replace(/(?<=(?:^|\s)(?!LTDA\.)\p{Lu}{3,}[AEIOUÁÉÍÓÚÂÊÔÃÕ])\.(?=(?:\p{Lu}{2,}|S\/A)(?:\s|$))/gu, ' ')
    // A speck read as an apostrophe there too ("ACME'SÃO JORGE"), or closing the name ("FERREIRA'"): a
    // name's own apostrophe elides a vowel after a consonant ("D'ÁVILA", "SANT'ANA").
    .replace(/(?<=(?:^|\s)\p{Lu}{2,}[AEIOUÁÉÍÓÚÂÊÔÃÕ])['’`´](?=\p{Lu}{2,}(?:\s|$))/gu, ' ')
    .replace(/(?<=\p{Lu}{2})['’`´]$/u, '')
    // A company name's word with one letter misread ("FRANSPORTADORA"), when one such word fits.
    .replace(/\p{Lu}{7,}/gu, companyWord)
    // The company-type suffixes: EIRELI's last I read twice ("EIRELII"), S.A.'s last dot lost ("S.A").
    .replace(/(?<=(?:^|\s)EIREL)I[I1l|!]+$/, 'I')
    // LTDA's T read as an I or an l ("SERVIÇOS LIDA"), closing a name of several words.
    .replace(/(?<=\S\s)L[Il1|]DA(?=\.?$)/, 'LTDA')
    .replace(/(?<=(?:^|\s)S\.A)$/, '.')
    // Or its first dot ("SA."): a name closing on "SA." is a sociedade anônima.
    .replace(/(?<=\S\s)SA\.$/, 'S.A.')
    // A speck read as a full stop closing a name after a company-type acronym, never abbreviated ("LTDA EPP.").
    .replace(/(?<=\s(?:EPP|ME|EIRELI|S\/A))\.$/, '');
}

/**
 * A person's name (its document a CPF) as OCR read it: a person's name has no abbreviation but its
 * initials and no hyphen, so a full stop after a whole word ("GONCALVES. CASTRO") and a hyphen glued
 * between two words ("CARLOS-SOUZA") are specks.
 */
export function repairPersonNameOcr(name: string): string {
  return repairNameOcr(name)
    .replace(/(?<=\p{Lu}{3})\.(?=\s+\p{Lu})/gu, '')
    .replace(/(?<=\p{Lu}{3})-(?=\p{Lu}{3})/gu, ' ');
}

const COMPANY_WORDS_FOLDED = COMPANY_NAME_WORDS.map((w) => ({ word: w, folded: fold(w) }));
function companyWord(read: string): string {
  const f = fold(read);
  if (COMPANY_WORDS_FOLDED.some((c) => c.folded === f)) return read;
  // One letter replaced, not added or lost: "CONSTRUTORAS" is a plural, not a slip.
  const near = COMPANY_WORDS_FOLDED.filter((c) => c.folded.length === f.length && editDistance(c.folded, f) === 1);
  return near.length === 1 ? near[0].word : read;
}

/**
 * Words of the situação values (docs/domain.md §2, PGFN open data, plus the usual state/municipal ones).
 * OCR splits a word in two where letters sit far apart ("AJ UIZADA", "AJUIZAM ENTO"); two pieces
 * that are not words of the list but join into one are put back together.
 */
const STATUS_WORDS = new Set(
  'ATIVA AJUIZADA A SER EM COBRANCA NAO PRIORIZADA PARA AJUIZAMENTO NEGOCIADA NO SISPAR PARCELADA LEI GARANTIA PENHORA SUSPENSA SUSPENSO EXIGIBILIDADE DO CREDITO DECISAO JUDICIAL PROTESTADA PROTESTADO PROTESTO INSCRITA INSCRITO ADMINISTRATIVA NEGOCIACAO EXTINTA CANCELADA QUITADA BENEFICIO FISCAL EXECUCAO'.split(' '),
);

/** A status word with one letter OCR doubled ("NEGOCIACAAO", from the tilde of "NEGOCIAÇÃO"), when exactly one undoubling is a word of the list. */
function undoubled(word: string): string {
  const fits = new Set<string>();
  for (let k = 1; k < word.length; k++) if (word[k] === word[k - 1] && STATUS_WORDS.has(word.slice(0, k) + word.slice(k + 1))) fits.add(word.slice(0, k) + word.slice(k + 1));
  return fits.size === 1 ? [...fits][0] : word;
}

/**
 * A status word of five letters or more with one letter OCR misread ("AFIVA"), when exactly one word
 * of the list fits; never its last letter, which is its gender ("PROTESTADO" is printed so).
 */
function oneGlyphOff(word: string): string {
  if (word.length < 5 || STATUS_WORDS.has(word) || !/^\p{Lu}+$/u.test(word)) return word;
  const fits = [...STATUS_WORDS].filter((w) => w.length === word.length && w.at(-1) === word.at(-1) && [...w].filter((c, k) => c !== word[k]).length === 1);
  return fits.length === 1 ? fits[0] : word;
}

/**
 * Situação in upper case without accents (the form of PGFN's own vocabulary, "ATIVA NAO
 * PRIORIZADA", "EM COBRANCA"), so one status reads the same whether printed with accents or not and
 * whether OCR kept, lost or invented a tilde; without trailing punctuation; on OCR'd text, split
 * words rejoined.
 */
export function normalizeStatus(text: string, ocr: boolean): string {
  const words = upperText(text)
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .normalize('NFC').replace(/[\s.,:;–—-]+$/, '')
    // A speck read as a colon after a word, before a spaced dash ("GARANTIA: - PENHORA"): no situação prints one there.
    .replace(ocr ? /(?<=\p{Lu})[:;](?=\s?[-–—]\s)/gu : /$^/, '')
    // A dash set apart on one side at least, OCR doubled it, read a speck beside it or read it as a plus
    // ("INSCRITO --PROTESTADO", "AJUIZADA -.GARANTIA", "AJUIZADA + EXIGIBILIDADE"): one spaced dash, as printed. A dash between two words ("SUSPENSA-DECISAO") stays.
    .replace(ocr ? /\s[-–—.]*[-–—+][-–—.]*\s?|[-–—.]*[-–—][-–—.]*\s/g : /$^/, ' - ')
    // A speck read as a hyphen between a word and the link word after it ("ATIVA-NAO PRIORIZADA"): no
    // situação joins a link word so; it was the space.
    .replace(ocr ? SPECK_HYPHEN_BEFORE_LINK : /$^/, ' ')
    .split(' ');
  if (!ocr) return words.join(' ');
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const [a, b] = [words[i], words[i + 1]];
    if (b !== undefined && STATUS_WORDS.has(a + b) && !(STATUS_WORDS.has(a) && STATUS_WORDS.has(b))) {
      out.push(a + b);
      i++;
    } else out.push(STATUS_WORDS.has(a) ? a : glued(a) ?? oneGlyphOff(undoubled(a)));
  }
  return out.join(' ');
}

/** A word OCR ran into the next ones where their spaces were narrow ("ATIVAASER"): the one way to cut it into words of the list, or null. */
function glued(word: string): string | null {
  const cuts = (rest: string): string[][] => {
    if (!rest) return [[]];
    const out: string[][] = [];
    for (let k = 1; k <= rest.length; k++) if (STATUS_WORDS.has(rest.slice(0, k))) for (const tail of cuts(rest.slice(k))) out.push([rest.slice(0, k), ...tail]);
    return out;
  };
  const ways = word.length >= 6 && word.length <= 30 ? cuts(word).filter((w) => w.length > 1) : [];
  return ways.length === 1 ? ways[0].join(' ') : null;
}
