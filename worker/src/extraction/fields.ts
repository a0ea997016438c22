import { distance as editDistance } from 'fastest-levenshtein';
import { COLUMNS, COLUMN_WORDS, CO_DEBTOR_LABELS, DEBT_HEADING, DEBT_ITEM, DEBT_ITEM_CAPTION, DECOYS, FIELDS, MONEY_FIELDS, ROW_DUE, ROW_PERIOD, STATUS_CLAUSES, STATUS_LINKS, STATUS_VOCABULARY, type ScalarField, TITLES, type ValueType } from './lexicon';
import { OCR_PERIOD, OCR_PERIOD_SHAPE, PERIOD_TOKEN, fold, parsePeriod, periodStart } from './normalize';
import { pastLatest } from './repair';
import { type Cell, type Line, type Piece, SAME_LINE, inRunningHeader, sameSize } from './page';
import { type Value, moneyValues, nameValue, revenueValue, textValue, valuesOf } from './values';

/** A numbering or bullet before a title or a line's first words ("1. ", "a) ", "• "). */
export const TITLE_LEAD = /^(?:\(?(?:\d{1,2}|[a-h])[.)]\s+|[•·*–—-]\s*)?/;
// Titles are matched with every space removed: letter-spaced titles ("C E R T I D Ã O  D E …") come
// out of the PDF as letters, words or cells apart, whichever way the spacing falls.
const titleRe = new RegExp(`^(?:${TITLES.map((t) => t.replace(/\\s[+*?]?/g, '')).join('|')})`);

/** A line that opens a certificate: a short line starting with a CDA title. */
export function isTitle(l: Line): boolean {
  const words = l.folded.split(/\s+/).length;
  if (words > 24) return false;
  // OCR's speck after a word ("TERMO DE. INSCRIÇÃO") is no part of a title.
  // So is one before it (".CERTIDÃO DE DÍVIDA ATIVA"), or one in the gap between two words ("DÍVIDA.ATIVA").
  // And so is one after a dash ("CDA -. CERTIDÃO DE INSCRIÇÃO …").
  const squeezed = (t: string) =>
    t.replace(TITLE_LEAD, '').replace(l.ocr ? /(?<=\p{L}{2})[.,'`](?=\s|\p{L}{2})|^[.,'`:;]+|(?<=[-–—])[.,'`:;]+/gu : /$^/, '').replace(/\s+/g, '');
  // OCR may misread, lose or add one letter of the title's first word ("GERTIDÃO DE DÍVIDA ATIVA",
  // "ERTIDÃO DE DÍVIDA ATIVA"): the rest must still spell a title.
  // And a speck read as a hyphen in the gap between two of its words ("CERTIDÃO DE-DÍVIDA ATIVA").
  const firstWordOff = (t: string) => [-1, 0, 1].some((d) => editDistance(t.slice(0, TITLE_WORD.length + d), TITLE_WORD) === 1 && titleRe.test(TITLE_WORD + t.slice(TITLE_WORD.length + d)));
  const titled = (t: string) => titleRe.test(t) || (l.ocr && (titleRe.test(t.replace(/(?<=\p{L})-(?=\p{L})/gu, '')) || firstWordOff(t)));
  // The title opens the line, or a cell of a short line (a title beside a page counter or a logo).
  return titled(squeezed(l.folded)) || (l.cells.length <= 3 && l.cells.some((c) => c.folded.split(/\s+/).length <= 16 && titled(squeezed(c.folded))));
}
/** The first word of most titles, as folded. */
const TITLE_WORD = 'certidao';

export type LabelKind = ScalarField | 'decoy' | 'coDebtors';

export interface LabelHit {
  kind: LabelKind;
  /** Offset in the cell's text where the label ends. */
  end: number;
  length: number;
}

/** How a value was tied to its label: the stronger the tie, the higher the candidate's score. */
export type Route = 'inline' | 'right' | 'below' | 'above' | 'prose' | 'table' | 'unlabelled';
const ROUTE_SCORE: Record<Route, number> = { inline: 3, right: 3, below: 2.6, above: 2.4, table: 2.5, prose: 2, unlabelled: 0.5 };

export interface Candidate {
  field: ScalarField;
  value: Value;
  route: Route;
  score: number;
  line: number;
  /** The label the value was tied to (line and cell), where geometry tied it: one label, one value. */
  label?: string;
  /** Read against the way the certificate's captions point (a value claimed from its other side too). */
  against?: boolean;
}

const loose = new Map<string, string>();

/**
 * The pattern with the letters Tesseract mixes up in thin type (i, l, t, 1, |, !; g, y, q) made
 * interchangeable, a stray space allowed inside words and a missing one between them, a dot
 * allowed a second dot or comma after it, a slash read as a thin letter, and "lr" read as two
 * strokes, for OCR'd lines. Character classes and other escapes are left alone.
 */
export function ocrTolerant(source: string): string {
  let out = loose.get(source);
  if (out === undefined) {
    out = '';
    for (let k = 0; k < source.length; k++) {
      const c = source[k];
      // OCR also drops the space between words ("Muitade mora") or reads a speck there as a hyphen,
      // a dot, a colon, a comma or an apostrophe ("Situação da-Inscrição", "sob o.nº", "período: de apuração", "Inscrição, nº", "calculados'em"): a required gap becomes optional.
      // After the speck, the break to a line OCR sized apart ("Data de:" / "Consolidação: …") is two spaces.
      if (c === '\\' && source[k + 1] === 's' && source[k + 2] === '+') {
        out += "(?:\\s*|\\s?[-.:,'’]\\s{0,2})";
        k += 2;
      } else if (c === '\\' && source[k + 1] === '.') {
        // An abbreviation's dot read twice, with a comma after it or as a comma ("Vlr.. Multa", "Dt., Venc.", "Data Insc,").
        out += '(?:[.,][.,]?)';
        k++;
      } else if (c === '\\') out += c + source[++k];
      else if (c === '/') {
        // A slash between words is a thin stroke: read as "I", "l" or "f", or with one before it ("NOMEI/RAZÃO", "CNPJICPF",
        // "LivrofFolha", "NATUREZAJRECEITA"), or lost ("NOME RAZÃO SOCIAL"); a speck on its top makes it a 7 ("NONE 7 RAZÃO SOCIAL").
        out += '(?:[ilt1|!fj7]?/|[ilt1|!fj7])?';
      }
      else if (c === '[') {
        const end = source.indexOf(']', k + 1);
        out += source.slice(k, end + 1);
        k = end;
      } else if (c === 'l' && source[k + 1] === 'r' && source[k + 2] !== '?') {
        // In a monospaced font the r's short arm after a thin stroke reads as a second stroke ("VII." for Vlr.).
        out += '(?:[ilt1|!] ?r|[ilt1|!]{2})';
        k++;
        if (/[a-z]/.test(source[k + 1] ?? '')) out += ' ?';
      } else if (c === 'r' && source[k + 1] === 't') {
        // An r's arm joined to the t after it reads as an n ("Cenifico" for Certifico).
        out += '(?:[rt] ?[ilt1|!]|n)';
        k++;
        if (/[a-z]/.test(source[k + 1] ?? '')) out += ' ?';
      } else if (c === 'n' && source[k + 1] === 't') {
        // An n and the t after it run into an m ("Contribuime" for Contribuinte).
        out += '(?:(?:[nmh]|ri) ?[ilt1|!]|m)';
        k++;
        if (/[a-z]/.test(source[k + 1] ?? '')) out += ' ?';
      } else if ((c === 'l' || c === 't') && (source[k + 1] === 'l' || source[k + 1] === 't')) {
        // Two thin strokes side by side merge into a "k" ("Muka" for Multa).
        out += '(?:[ilt1|!kh] ?[ilt1|!]|k)';
        k++;
        if (/[a-z]/.test(source[k + 1] ?? '')) out += ' ?';
      } else if (/[a-z]/.test(c)) {
        // Thin letters (an l with a speck on its stem reads as k: "Mukta", or as h: "muhta"), descenders, the capital F
        // whose lower bar a speck completes into an E, the f whose hook is lost into a t ("tato gerador"), the small o whose ring a thin stroke leaves
        // open into an e ("Jures" for Juros) or that reads as a zero ("sob 0 nº"), the V whose point a
        // speck extends into a Y ("Ylr."), the m that loses a stroke, splits in two or reads upside down ("NONE" for NOME, "WULTA",
        // "CONP." for COMP., "rn", "in" as in "Coinp.", "Adh." for Adm.), the n that gains one ("MATUREZA") or an ascender ("Inscrição hº") or splits in two ("lançamerito"), and the J
        // whose hook reads as a bracket or a 3 or is lost to a stroke ("C.N.P.). :", "C.n.P.3.", "CNPI"); an r whose arm a speck crosses reads as a t ("Devedot");
        // a d or a D whose stem is lost reads as an o or an a ("CÓO.", "Ot. da Inscrição", "CÓA......: 2372"); a word's first c whose bowl a
        // speck crosses reads as a t ("tonsolidado em"; inside a word it would make "inscrita em" read as "inscrição");
        // inside a word a c whose opening a speck closes reads as an e ("imserito em").
        out +=
          c === 'i' || c === 't' ? '[ilt1|!]' : c === 'l' ? '[ilt1|!kh]' : c === 'g' ? '[gyq]' : c === 'f' ? '[fet]' : c === 'o' ? '[oe0]' : c === 'v' ? '[vy]' : c === 'm' ? '(?:m|n|w|rn|in|h)' : c === 'n' ? '(?:[nmh]|ri)' : c === 'r' ? '[rt]' : c === 'j' ? '[j)3il|]' : c === 'd' ? '[doa]' : c === 'c' ? (/[a-z]/.test(source[k - 1] ?? '') ? '[ce]' : '[ct]') : c;
        if (/[a-z]/.test(source[k + 1] ?? '')) out += ' ?';
      } else out += c;
    }
    loose.set(source, out);
  }
  return out;
}

interface Compiled {
  kind: LabelKind;
  plain: RegExp;
  ocr: RegExp;
}

// A list marker, or a speck OCR read as a symbol glued to the caption ("€C.G.C.", "«Nome", ".NATUREZA/RECEITA", ".Co-Responsável").
// Or a table rule's remnant read as a thin letter before it ("i Dt. Inscrição", "i NomelRazão Social").
// Or two ("ij Situação").
const LEAD = /^(?:\(?(?:\d{1,2}|[a-h]|[ivx]{1,4})[.)]\s+|[•·*–—€©«»-]\s*|\.(?=[a-z]{2})|[il|!j]{1,2}\s+(?=[a-z]{2}))?/;

function compile(kind: LabelKind, sources: string[], ocrOnly = false): Compiled[] {
  // On a scan a caption's last word may run into its value where the gap was narrow ("ADMINISTRATIVO
  // FISCAL10166.325594/2024-01"): a word of three letters or more, then four digits.
  return sources.map((s) => ({ kind, plain: ocrOnly ? /(?!)/ : new RegExp(`^(?:${s})(?![a-z0-9])`), ocr: new RegExp(`^(?:${ocrTolerant(s)})(?:(?![a-z0-9])|(?<=[a-z]{3})(?=\\d{4}))`) }));
}

const LABELS: Compiled[] = [
  ...Object.entries(FIELDS).flatMap(([k, f]) => [...compile(k as ScalarField, f.labels), ...compile(k as ScalarField, f.ocrLabels ?? [], true)]),
  ...compile('decoy', DECOYS),
  ...compile('coDebtors', CO_DEBTOR_LABELS),
];

/** Words labels are made of: a remainder made only of these is more label, not a value. */
const LABEL_WORDS = new Set(
  [...Object.values(FIELDS).flatMap((f) => f.labels), ...DECOYS, ...CO_DEBTOR_LABELS]
    .join(' ')
    .replace(/\\s|\\./g, ' ')
    .match(/[a-z]{2,}/g) ?? [],
);
for (const w of ['do', 'da', 'de', 'dos', 'das', 'em', 'no', 'na', 'rs', 'mf', 'sob', 'ou']) LABEL_WORDS.add(w);

const labelCache = new Map<string, LabelHit | null>();

/** The longest label pattern matching at the start of `rest`. */
function matchLabel(rest: string, ocr: boolean): { kind: LabelKind; length: number } | null {
  let best: { kind: LabelKind; length: number } | null = null;
  for (const c of LABELS) {
    const m = (ocr ? c.ocr : c.plain).exec(rest);
    if (m && (!best || m[0].length > best.length)) best = { kind: c.kind, length: m[0].length };
  }
  return best;
}

/** Long label words, and long ones after a preposition OCR ran into them ("denscricao" for de inscrição). */
const FUZZY_WORDS = [...LABEL_WORDS].filter((w) => w.length >= 6);
const FUZZY_JOINED = FUZZY_WORDS.flatMap((w) => ['de', 'da', 'do'].map((p) => ({ joined: p + w, words: `${p} ${w}` })));

/** Short label words ("data", "nome"), put right only as a caption's first word before more of the caption (see fuzzyLabel). */
const FUZZY_SHORT = [...LABEL_WORDS].filter((w) => w.length >= 4 && w.length < 6);

/** The label words a word OCR misread by one letter is one edit from ("contribunte", "recekta"; "denscricao": descrição or de inscrição). */
function nearLabelWords(w: string, short = false): string[] {
  if (w.length < (short ? 4 : 6) || LABEL_WORDS.has(w)) return [];
  const near = new Set<string>();
  if (short && w.length < 7) for (const c of FUZZY_SHORT) if (Math.abs(c.length - w.length) <= 1 && editDistance(c, w) === 1) near.add(c);
  for (const c of FUZZY_WORDS) if (Math.abs(c.length - w.length) <= 1 && editDistance(c, w) === 1) near.add(c);
  for (const c of FUZZY_JOINED) if (Math.abs(c.joined.length - w.length) <= 1 && editDistance(c.joined, w) === 1) near.add(c.words);
  return [...near];
}

/**
 * On a scan, a caption read again with its first words that are one letter off a label word put
 * right; where a word is near two, the readings that make a label decide, when they name one field.
 * The hit's end is mapped back to the text as read.
 */
function fuzzyLabel(rest: string): { kind: LabelKind; length: number } | null {
  // Each reading: its text and, per character, the offset in `rest` of its place.
  let readings = [{ text: '', at: [] as number[] }];
  let changed = false;
  let words = 0;
  // Where a short first word was put right ("BATA DE INSCRIÇÃO", "Nomes do Devedor"): the caption must go on past it.
  let shortEnd = 0;
  const re = /[a-z]+|[^a-z]+/g;
  for (let m = re.exec(rest); m; m = re.exec(rest)) {
    const part = m[0];
    const isWord = /^[a-z]/.test(part);
    if (isWord && words++ >= 4) {
      readings = readings.map((r) => ({ text: r.text + rest.slice(m!.index), at: [...r.at, ...Array.from({ length: rest.length - m!.index }, (_, k) => m!.index + k)] }));
      break;
    }
    const near = isWord ? nearLabelWords(part, words === 1) : [];
    if (words === 1 && near.length && part.length < 6) shortEnd = m.index + part.length;
    changed ||= near.length > 0;
    const options = near.length ? near : [part];
    readings = readings.flatMap((r) => options.map((o) => ({ text: r.text + o, at: [...r.at, ...Array.from({ length: o.length }, (_, k) => m!.index + Math.min(k, part.length - 1))] })));
  }
  if (!changed) return null;
  const hits = readings.flatMap((r) => {
    const hit = matchLabel(r.text, true);
    return hit ? [{ kind: hit.kind, length: hit.length >= r.text.length ? rest.length : r.at[hit.length] }] : [];
  });
  if (!hits.length || hits.some((h) => h.kind !== hits[0].kind)) return null;
  const hit = hits.reduce((a, b) => (b.length > a.length ? b : a));
  if (shortEnd && hit.length < shortEnd + 4) return null;
  // Only a caption: alone in its box or before its separator ("fundamenta-se em" is a verb, not "fundamento"),
  // perhaps after a qualifier in brackets ("Entargo legal (DL 1.025/69):").
  return /^\s*(?:\([^()]{1,24}\)\s*)?(?:$|[:…_·]|\.{2,})/.test(rest.slice(hit.length)) ? hit : null;
}

/** The label a cell starts with (the longest match wins), or null. */
export function findLabel(folded: string, ocr = false): LabelHit | null {
  const key = `${ocr ? 1 : 0}${folded}`;
  const cached = labelCache.get(key);
  if (cached !== undefined) return cached;
  const lead = LEAD.exec(folded)?.[0].length ?? 0;
  const rest = folded.slice(lead);
  // On a scan the words put right may make a longer caption than the one read as is ("CÔo. UNIRADE":
  // the unit's code, not a receita's): the longest wins, as among patterns.
  const exact = matchLabel(rest, ocr);
  const near = ocr ? fuzzyLabel(rest) : null;
  const m = near && (!exact || near.length > exact.length) ? near : exact;
  let best: LabelHit | null = m && { kind: m.kind, end: lead + m.length, length: m.length };
  // A short first word OCR garbled before a slash ("ANM / Processo nº" for "AIIM / Processo nº"): the
  // caption after the slash, which reads as one on its own.
  const slash = !best && ocr ? /^[a-z]{2,5}\s*\/\s*/.exec(rest) : null;
  const after = slash ? matchLabel(rest.slice(slash[0].length), true) : null;
  if (after) best = { kind: after.kind, end: lead + slash![0].length + after.length, length: slash![0].length + after.length };
  if (labelCache.size > 50_000) labelCache.clear();
  labelCache.set(key, best);
  return best;
}

/**
 * A label may run on in label words up to its separator ("Sujeito Passivo Principal.....: …"): the
 * label ends there, so what follows the separator is the value.
 */
export function extendLabel(folded: string, end: number): number {
  // A qualifier in brackets before the separator belongs to the label ("Nº da Inscrição (DEBCAD): …").
  const q = /^\s*\([a-z][a-z./ ]{0,24}\)(?=\s*(?:[.…_·]{2,}\s*)?[:\-–—])/.exec(folded.slice(end));
  if (q) return end + q[0].length;
  // A dot leader is a separator on its own ("Sujeito Passivo Principal... ACME").
  // OCR may read the space before the word as a hyphen ("Sujeito Passivo-Principal:").
  const m = /^((?:(?:\s+|-)[a-z]+)+?)\s*(?:(?:[.…_·]{2,}\s*)?[:\-–—]|[.…_·]{3,})/.exec(folded.slice(end));
  if (!m) return end;
  const words = m[1].trim().split(/[\s-]+/).filter(Boolean);
  return words.every((w) => LABEL_WORDS.has(w)) ? end + m[1].length : end;
}

/**
 * Without a separator, a label's further words in small letters end where a value in capitals
 * begins ("Sujeito Passivo Principal COMERCIAL BRASIL SUL LTDA"): the label ends there.
 */
function extendLabelToCapitals(text: string, end: number): number {
  const m = /^((?:\s+\p{Lu}?\p{Ll}+)+)\s+(?=\p{Lu}{2})/u.exec(text.slice(end));
  return m && onlyLabelWords(m[1]) ? end + m[1].length : end;
}

/** A cell that opens with the label of a field (a decoy's label is not one). */
export function isFieldLabel(cell: { folded: string }, ocr = false): boolean {
  const hit = findLabel(cell.folded, ocr);
  return !!hit && hit.kind !== 'decoy';
}

/**
 * A dot leader with a few specks OCR read as small letters inside it, up to its colon
 * ("SITUAÇÃO.........c.cccm....: INSCRITA") or, ending on a speck read as "?", "!" or ";", up to a
 * value in capitals or digits ("Receita..........i.....iiio....? 1070 - ITR", "Contribuinte........ ii... ANA").
 */
// Or, specks spaced apart, ending its cell on a speck read as a raised º ("C.G.C.......... cc. .....º | 41.965…").
// Its last dots may end on a speck or two too ("EXECUTADO.........ii...i AGROPECUÁRIA").
// Or ending on one dot before the colon ("Origem.................ceeiee.: 0561").
const SPECKLED_LEADER = /^\s*[.…_·]{3,}\s?[a-z.,]{1,16}?(?:[.…_·]{2,}(?:(?=\s*:)|(?:[?!;]|[a-z|!]{1,3})?(?=\s+[\p{Lu}\d]))|(?<=[a-z][.,]?)(?=\s*:))|^\s*[.…_·]{3,}\s?[a-z.,]{1,6}\s[.…_·]{2,}[?!;:º°]?\s*$/u;

const GARBLED_CAPTION_LEADER = /^\s*[a-z]{1,6}[.…_·]{3,}[a-z.…_·?!;:|]*(?:\s+[a-z\d]{0,3}[.…_·?!;:|][a-z.…_·?!;:|]{0,4})*\s+(?=[a-z])/;

/**
 * On a scan, how much of a cell opens with a caption OCR garbled past reading and its dot leader read
 * as one long word of the letters dots turn into ("O Mcccereeerereear…ross INSCRITA", "e eerereeecereei
 * AJUIZAMENTO"): at most two short words, then a word of ten letters or more that is mostly e, r and c
 * (no word of a language is: "necessariamente" is a third). 0 when the cell does not open so.
 */
export function garbledLeaderLead(folded: string): number {
  // Or a caption garbled to a few letters before a leader read as dots, with specks in and after it
  // ("SIL..........s.se iii? AJUIZADA", "SM... ... EM NEGOCIAÇÃO", "NoOMe...... ... 0! TÊXTIL …"): every speck word holds a mark, so
  // the value's first word (EM) is never taken for one.
  const dotted = GARBLED_CAPTION_LEADER.exec(folded);
  if (dotted) return dotted[0].length;
  const m = /^\s*(?:\S{1,4}\s+){0,2}([a-z]{10,})[!|.,:;?—–-]*\s+/.exec(folded);
  if (!m) return 0;
  const erc = m[1].replace(/[^erc]/g, '').length;
  return erc >= m[1].length * 0.55 ? m[0].length : 0;
}

/** What follows a label in its cell, separators dropped ("....:", "(R$)", "nº"). */
export function afterLabel(text: string): string {
  return text.replace(SPECKLED_LEADER, '').replace(/^[\s.:;…_·=>|-]*(?:\((?:em\s+)?r\$\)|\(r\$\))?[\s.:…_·=>|–—-]*(?:n\s*[.ºo°]\s*\.?\s*:?\s+)?/i, '');
}

/** A decoy's caption alone in its box ("PGFN de Origem", "Unidade de Inscrição"): it owns the value over or under it. */
export function isDecoyCaption(cell: { text: string; folded: string }, ocr: boolean): boolean {
  return captionAlone(cell.folded, ocr, 'decoy');
}

/**
 * A label alone in its text: after it (and its further label words) only a separator, a leader or
 * "nº"; of the given kind when one is asked for.
 */
function captionAlone(folded: string, ocr: boolean, kind?: LabelKind): boolean {
  const hit = findLabel(folded, ocr);
  return !!hit && (!kind || hit.kind === kind) && !afterLabel(folded.slice(extendLabel(folded, hit.end))).trim();
}

/** True when the text is empty or only label words and punctuation ("/ RAZÃO SOCIAL DO DEVEDOR"). */
export function onlyLabelWords(text: string): boolean {
  // A legal reference or a rate inside a label ("Encargo DL 1.025/69 (20%)") is part of the label.
  // So is a date ("Valor consolidado em 06/08/2025").
  const f = fold(text)
    .replace(/\b(?:dl|decreto(?:-lei)?|lei|art\.?)\s*(?:n\s*[.ºo°]+\s*)?[\d.]+(?:\/\d{2,4})?/g, ' ')
    .replace(/\(?\d{1,3}\s*%\)?/g, ' ')
    .replace(/\d{2}[/.-]\d{2}[/.-]\d{4}/g, ' ');
  if (/\d/.test(f.replace(/\(?\d{1,3}\s*%\)?/g, '').replace(/n\s*[º°o]/g, ''))) return false;
  const words = f.match(/[a-z]+/g) ?? [];
  return words.every((w) => LABEL_WORDS.has(w) || w.length < 2);
}

/**
 * What is left of a label rather than a value: punctuation, or, for a name, only label words
 * ("/ RAZÃO SOCIAL DO DEVEDOR", "(DEVEDOR PRINCIPAL)"). Other values may well be label words ("ATIVA").
 */
function isResidue(text: string, type: ValueType): boolean {
  if (!/[\p{L}\p{N}]/u.test(text)) return true;
  if (type === 'name' || /^\s*[/(]/.test(text)) return onlyLabelWords(text);
  return false;
}

const TEXT_TYPES = new Set<ValueType>(['text', 'longText', 'name', 'revenue', 'status']);

/**
 * Where the certificate prints its captions, from its typed values read under or over one (free text
 * fits either way): 'above' their values, 'below' them, or undefined when they do not say.
 */
export function captionSide(cands: Candidate[]): 'above' | 'below' | undefined {
  const typed = cands.filter((c) => !TEXT_TYPES.has(FIELDS[c.field].type));
  const under = typed.filter((c) => c.route === 'below').length;
  const over = typed.filter((c) => c.route === 'above').length;
  return under > over ? 'above' : over > under ? 'below' : undefined;
}

/** The first value of the type in `text`; typed values must open the text (after filler). */
function firstValue(type: ValueType, text: string, anchored: boolean, ocr: boolean): Value | null {
  if (TEXT_TYPES.has(type)) {
    // A dot leader OCR read as a run of letters leads the value ("rierermeeeeermeerereceremeei— EM COBRANÇA").
    if (ocr && (type === 'status' || type === 'name')) text = text.slice(garbledLeaderLead(fold(text)));
    if (isResidue(text, type)) return null;
    if (type === 'name') return valuesOf('name', text, ocr)[0] ?? null;
    if (type === 'revenue') return valuesOf('revenue', text, ocr)[0] ?? null;
    if (type === 'status') return valuesOf('status', text, ocr)[0] ?? null;
    return textValue(text);
  }
  const vs = valuesOf(type, text, ocr);
  const v = vs[0];
  if (!v) return null;
  if (!anchored) return v;
  const before = fold(text.slice(0, v.start)).replace(/r\s?\$|\bem\b|\bde\b|[\s.:…_·=>|–—()-]/g, '');
  // On a scan, a dot leader read as a run of small letters ("Inscrita em.....es rr ereerereercer 11/07/2016") is still a leader.
  // So is one read as strokes and ending in a glyph for its colon ("Dt. Inscrição......iiii..i.....7 - 25/08/2014").
  // Or a long run of letters mostly e, r, c and s with a few others among them, perhaps closed by a glyph
  // for its colon ("sscmeeseeeressecsseeereeet- 29/12/2019", "srreerreeee…memsee! 05.838.594/0009-85").
  const ercs = (t: string) => t.length >= 12 && /^[a-z]+[!|?;,']?$/.test(t) && (t.match(/[ercs]/g)?.length ?? 0) >= t.length * 0.8;
  const leader = ocr && (/^[ercs]{6,}$/.test(before) || (/[.…]{3}/.test(text.slice(0, v.start)) && /^[ercsil]{2,}[^\s]?$/.test(before)) || ercs(before));
  if (before.length > 0 && !leader) return null;
  return v;
}

/**
 * A typed value followed by its caption in one cell ("02/05/2022 DATA DE INSCRIÇÃO"): a form box
 * printed value over caption that OCR read as one line. The caption must run to the cell's end and
 * the value must fill what stands before it.
 */
function trailingCaption(cell: Cell): { field: ScalarField; value: Value } | null {
  for (const m of cell.folded.matchAll(/ (?=[a-z])/g)) {
    const at = m.index! + 1;
    const hit = findLabel(cell.folded.slice(at), true);
    if (!hit || hit.kind === 'decoy' || hit.kind === 'coDebtors') continue;
    const type = FIELDS[hit.kind].type;
    if (TEXT_TYPES.has(type) || !onlyLabelWords(cell.folded.slice(at + hit.end))) continue;
    const before = cell.text.slice(0, at);
    const v = firstValue(type, before, true, true);
    if (v && !/[\p{L}\p{N}]/u.test(before.slice(v.end))) return { field: hit.kind, value: v };
    return null;
  }
  return null;
}

export interface Region {
  lines: Line[];
  /** Lines no scalar reader may use (tables, co-debtor blocks, debt rows, furniture). */
  skip: boolean[];
}

function overlaps(a: Cell, b: Cell, slack: number): boolean {
  return a.x0 < b.x1 + slack && b.x0 < a.x1 + slack;
}
const offCentre = (a: Cell, b: Cell) => Math.abs(a.x0 + a.x1 - b.x0 - b.x1);

/**
 * Candidates tied to labels by geometry: after the label in its cell, in the next cell to the right,
 * or in the first cell below that shares the label's columns (label over value, form boxes, a row of
 * labels over a row of values).
 */
// Letters among the specks, or its colon closing it ("....0.0.:"): dots and lone digits after the colon may be a
// hierarchical code ("...: 1.2.1").
const SPECKED_LEADER_CELL = /^(?=(?:[^.]*\.){10})(?=.*\p{Ll}|.*[:;]\s*$)[\s.…_·:;,!|]*(?:(?:\p{Ll}{1,3}|\d)[\s.…_·:;,!|]+)*(?:\p{Ll}{1,3}|\d)?[\s.…_·:;,!|]*$/u;
const SEPARATED = /^\s*(?:[.…_·]{2,}\s*)?[:\-–—=>]|^\s*(?:[.…_·]{3,}\s*)+(?=[\p{Lu}\d])/u;
const SEPARATED_OCR = /^\s*(?:[.…_·]{2,}\s*|[.,·]\s?)?[:\-–—=>]|^\s*(?:[.…_·]{3,}\s*)+(?=[\p{Lu}\d])/u;

export function geometricCandidates(r: Region, only?: ReadonlySet<ScalarField>): Candidate[] {
  const out: Candidate[] = [];
  const { lines, skip } = r;
  // The cell each value over or under a label was read from, and the cells decoy captions own.
  const spots = new Map<Candidate, string>();
  const decoyClaims: Array<[spot: string, label: string, route: Route]> = [];
  for (let i = 0; i < lines.length; i++) {
    if (skip[i]) continue;
    // A row of captions only (the values stand under them) may hold captions run together.
    // On a scan, a cell of a letter or two beside them is a speck, not a value ("… | SITUAÇÃO DO DÉBITO | TT A").
    const captions = lines[i].cells.every((c) => findLabel(c.folded, lines[i].ocr) || (lines[i].ocr && SPECK_CELL.test(c.folded)));
    const line = { ...lines[i], cells: lines[i].cells.flatMap((c) => splitAtLabels(c, lines[i].ocr, captions)) };
    line.cells.forEach((cell, k) => {
      const found = findLabel(cell.folded, line.ocr);
      // A decoy's caption (another registration, a unit code) owns the value over or under it, so
      // that value is not free for a field's label beside it.
      // Only a close neighbour: a section heading further down is not the caption's value.
      const close = (n: Neighbour | null) => !!n && Math.abs(lines[n.j].y - line.y) <= Math.max(lines[n.j].size, line.size) * 2.5;
      if (isDecoyCaption(cell, line.ocr))
        for (const [n, route] of [[cellAbove(lines, skip, i, cell), 'above'], [cellBelow(lines, skip, i, cell), 'below']] as const) if (close(n)) decoyClaims.push([n!.spot, `${i}:${k}`, route]);
      if (!found && line.ocr) {
        const t = trailingCaption(cell);
        if (t && (!only || only.has(t.field))) out.push({ field: t.field, value: t.value, route: 'above', score: ROUTE_SCORE.above, line: i, label: `${i}:${k}` });
      }
      if (!found || found.kind === 'decoy' || found.kind === 'coDebtors') return;
      // The rest of a sentence wrapped from the line above ("… Valor total da" / "inscrição em
      // 22/09/2025: R$ …") is prose, read with its whole wording by proseCandidates.
      if (k === 0 && wrappedFromAbove(lines, skip, i)) return;
      const extended = extendLabel(cell.folded, found.end);
      const hit = { kind: found.kind, length: found.length, end: extended === found.end ? extendLabelToCapitals(cell.text, found.end) : extended };
      const field = hit.kind;
      if (only && !only.has(field)) return;
      const type = FIELDS[field].type;
      const spec = Math.min(hit.length / 40, 0.4);
      const push = (value: Value | null, route: Route, at: number, penalty = 0) => {
        if (value) out.push({ field, value, route, score: ROUTE_SCORE[route] + spec - penalty, line: at, label: `${i}:${k}` });
      };
      // A dot leader OCR ended with a glyph for its colon ("DATA INSC.........3") is only a leader.
      // So is one before the value ("ORIGEM.........7 1138 — RAT"), but for a date, which may open with its day alone.
      // Or with two or three specks read as small letters or marks ("SITUAÇÃO..........ii! ATIVA").
      const leaderGlyph = line.ocr && type !== 'date' ? /^\s*[.…_·]{3,}(?:[^\s.]|[a-z!?;:,'|]{2,3})(?=\s)/.exec(cell.text.slice(hit.end))?.[0].length ?? 0 : 0;
      // So are a few small letters after it, alone ("Receita..........: cc. | 0211 — IRPF").
      // So is a long leader specked all along with small letters and lone digits ("..............cc..........:5 scr c cc ...0.5").
      const after = cell.text.slice(hit.end);
      const rest =
        line.ocr && (/^\s*[.…_·]{3,}[^\s.]\s*$/.test(after) || /^[\s.…_·:]*\p{Ll}{1,3}[.,]?\s*$/u.test(after) || SPECKED_LEADER_CELL.test(after)) ? '' : afterLabel(after.slice(leaderGlyph));
      // Free text right after a label word with no separator is a sentence ("legislação indicada."),
      // not a value; typed values (money, dates, numbers) carry their own shape.
      // A dot leader separates its label from the value on its own, with or without a colon.
      // On a scan a speck may stand before the separator ("SITUAÇÃO ATUAL DA INSCRIÇÃO .- ATIVA").
      const separated =
        leaderGlyph > 0 ||
        (line.ocr ? SEPARATED_OCR : SEPARATED).test(cell.text.slice(hit.end).replace(SPECKLED_LEADER, '...')) ||
        /^\s*(?:n\s*[.ºo°]+|\(r\$\))/i.test(cell.folded.slice(hit.end)) ||
        // Or a dot leader whose last stretch OCR read as a run of letters ("Situação.......... ps eesseoiissccrsccereees: ATIVA").
        (line.ocr && /^\s*[.…_·]{3,}/.test(cell.text.slice(hit.end)) && garbledLeaderLead(fold(rest)) > 0);
      const coded = type === 'revenue' && /^\s*\d{3,5}\b/.test(rest);
      // A long name label followed by a name in capitals ("RAZÃO SOCIAL DO DEVEDOR ACME LTDA") is a
      // label and its value printed without a separator, not a sentence.
      const capsName = type === 'name' && hit.length >= 12 && /\p{Lu}{3}/u.test(rest) && rest === rest.toUpperCase();
      // So is a caption in small letters followed by a value in capitals ("Situação da Inscrição EM
      // NEGOCIACAO NO SISPAR"): a form box whose caption and value OCR read as one line.
      // And so is an abbreviated caption whose dot OCR doubled into a short leader ("SIT... EM NEGOCIACAO").
      const capsAfterCaption =
        (type === 'name' || type === 'status') &&
        (/\p{Ll}/u.test(cell.text.slice(0, hit.end)) || (line.ocr && /\.$/.test(cell.text.slice(0, hit.end)))) &&
        /\p{Lu}{3}/u.test(rest) &&
        rest === rest.toUpperCase();
      if (rest.trim() && !isResidue(rest, type) && (separated || coded || capsName || capsAfterCaption || !TEXT_TYPES.has(type))) {
        const v = firstValue(type, rest, !TEXT_TYPES.has(type) && type !== 'money', line.ocr);
        if (type === 'longText' && v) v.value = continuation(lines, skip, i, cell, v.value);
        if ((type === 'status' || type === 'name') && v) v.value = wrapped(lines, skip, i, cell, v.value, type);
        if (type === 'status' && v) v.value = statusTail(line, cell, v.value);
        push(v, 'inline', i);
        // A total printed with its date ("consolidado em 31/10/2025: R$ …") dates the values.
        if (field === 'total') for (const d of valuesOf('date', rest, line.ocr).slice(0, 1)) out.push({ field: 'consolidationDate', value: d, route: 'inline', score: 2.2, line: i });
        if (v) return;
      }
      // A cell with more than its label (a sentence that starts with a label word) has no value to
      // its right or below.
      if (rest.trim() && !isResidue(rest, type) && !onlyLabelWords(rest)) return;
      // On a scan, a dot leader's end OCR set apart as a cell of its own ("Contribuinte... | ... | JOSÉ …")
      // stands between the caption and its value.
      // So does one whose specks OCR read as a small word closed by a mark ("CÓDIGO.......: | cc: | 101").
      const nextText = line.cells[k + 1]?.text ?? '';
      const right = line.cells[line.ocr && (LEADER_CELL.test(nextText) || LEADER_SPECK_CELL.test(nextText)) ? k + 2 : k + 1];
      if (right && !findLabel(right.folded, line.ocr)) {
        const v = firstValue(type, right.text, true, line.ocr);
        // On a scan, one word beside a name's caption over a name of several words is the next box's
        // caption garbled past the lexicon ("Executado | CPEIME" over "JOSE PEREIRA | 504.416.026-14").
        // So is a decoy's caption OCR led with a glyph ("NATUREZA DA DÍVIDA | DT — LIVRO E FOLHA").
        const garbledCaption = () => {
          if (!line.ocr) return false;
          if (TEXT_TYPES.has(type) && endsInDecoyCaption(right.folded)) return true;
          // On a row of captions over their values ("ENDEREÇO | NATUREZA DA RECEITA | sm." over
          // "… | 3880 — MULTA ISOLADA | ATIVA AJUIZADA"), the cell beside a caption with a value under
          // it is the next caption, garbled.
          const captionRow = line.cells.some((c, n) => n !== k && n !== k + 1 && findLabel(c.folded, true));
          const under = captionRow && TEXT_TYPES.has(type) ? cellBelow(lines, skip, i, cell) : null;
          if (under && firstValue(type, under.cell.text, false, true)) return true;
          // So is a short word beside a caption when values stand under both ("NATUREZA DA RECEITA | CNP."
          // over "1070 - ITR | 92.011.407/0001-32"): on a row of a label and its value, the line under
          // opens with the next label.
          // Or letters OCR made of a caption, no word among them ("Natureza do Débito | TT TT sã TT" over "2216 — ITCMD | ATIVA").
          // Or one word with a capital inside it, which no value is written as ("Procedência | LvdFis." for Lv/Fls.).
          if (TEXT_TYPES.has(type) && (/^\S{1,6}$/.test(right.text.trim()) || /^\S*\p{Ll}\p{Lu}\S*$/u.test(right.text.trim()) || (/\p{L}/u.test(right.text) && !/\p{L}{3}/u.test(right.text) && !/\d/.test(right.text)))) {
            const mine = cellBelow(lines, skip, i, cell);
            const theirs = cellBelow(lines, skip, i, right);
            if (mine && theirs && mine.j === theirs.j && !findLabel(mine.cell.folded, true) && firstValue(type, mine.cell.text, false, true)) return true;
          }
          if (type !== 'name' || /\s/.test(v!.value.trim())) return false;
          const b = cellBelow(lines, skip, i, cell);
          return !!b && (firstValue(type, b.cell.text, false, true)?.value.trim().split(/\s+/).length ?? 0) >= 2;
        };
        if (v && !garbledCaption()) {
          if (type === 'longText') v.value = continuation(lines, skip, i, right, v.value);
          if (type === 'revenue') return push(revenueValue(wrappedBeside(lines, skip, i, right, right.text)) ?? v, 'right', i);
          if (type === 'status' || type === 'name') v.value = wrapped(lines, skip, i, right, v.value, type);
          if (type === 'status') v.value = statusTail(line, right, v.value);
          return push(v, 'right', i);
        }
      }
      // A free-text field's label word beside an amount or a date ("Imposto: | R$ 158,67") labels that
      // value as another field's: the heading over it or the line under it is not this field's value.
      if (right && TEXT_TYPES.has(type) && !findLabel(right.folded, line.ocr) && typedAlone(right.text, line.ocr)) return;
      // OCR can read one printed row as two recognised lines a few pixels apart (a caption over two
      // table rows: "TOTAL DEVIDO (consolidado em" beside "17/10/2025)"): a date's label with nothing
      // to its right on its own line takes the first cell to its right on the twin line. Only dates:
      // a total's label on a table's totals row would find the last row's amount on its twin.
      const twin = line.ocr && type === 'date' ? twinRight(lines, skip, i, cell) : null;
      if (twin) {
        const v = firstValue(type, twin.cell.text, true, true);
        if (v) return push(v, 'right', twin.j, 0.3);
      }
      // Above: a caption printed under its value (form boxes); found by the value's type, and for
      // free text weighed against "below" by which way the certificate's typed values went.
      // On a scan, the values of two boxes side by side may come as one cell: this caption's is the part before the next one's.
      // A speck OCR read as a cell of a letter or two ("Neme | oo | Número de Inscrição") is no box's caption.
      const next = line.ocr && TEXT_TYPES.has(type) ? line.cells.slice(k + 1).find((c) => !SPECK_CELL.test(c.folded) || findLabel(c.folded, true)) : undefined;
      const own = (n: Neighbour | null) => (n && next ? { ...n, cell: clipAt(n.cell, next.x0) } : n);
      const above = own(cellAbove(lines, skip, i, cell));
      // The last line of a paragraph is the end of a sentence, not a value printed over its caption
      // (nor is the registration number a sentence ends with the receita code of the caption under it).
      if (above && !inParagraph(lines, skip, above.j)) {
        const v = firstValue(type, above.cell.text, !TEXT_TYPES.has(type), line.ocr);
        if (v) spots.set(out[out.push({ field, value: v, route: 'above', score: ROUTE_SCORE.above + spec, line: above.j, label: `${i}:${k}` }) - 1], above.spot);
      }
      // Below: the first line under the label with a cell in its columns.
      const below = own(cellBelow(lines, skip, i, cell));
      // On a scan, a situação under its caption that OCR split in two cells ("ATIVA | PROTESTADA") is
      // read from its first cell, the rest joined to it (statusTail), whichever cell is centred nearer.
      if (below && type === 'status' && line.ocr) {
        const under = lines[below.j].cells;
        for (let p = under.indexOf(below.cell) - 1; p >= 0 && overlaps(under[p], cell, line.size * 0.5) && statusWordsOnly(under[p].text); p--) below.cell = under[p];
      }
      if (below) {
        const v = firstValue(type, below.cell.text, !TEXT_TYPES.has(type), line.ocr);
        if (type === 'longText' && v) v.value = continuation(lines, skip, below.j, below.cell, v.value);
        if ((type === 'status' || type === 'name') && v) v.value = wrapped(lines, skip, below.j, below.cell, v.value, type);
        if (type === 'status' && v) v.value = statusTail(lines[below.j], below.cell, v.value);
        push(v, 'below', below.j, (below.j - i - 1) * 0.2);
        if (v) spots.set(out[out.length - 1], below.spot);
      }
    });
  }
  // Which way do this certificate's labels point? Typed values (numbers, dates, money) only fit one
  // way; free text takes the majority's direction, so a caption under its value is not read as the
  // label of the next row's value.
  // A row of captions decides for itself when its typed values agree.
  const typed = out.filter((c) => !TEXT_TYPES.has(FIELDS[c.field].type));
  const labelRow = (c: Candidate) => (c.label ? Number(c.label.split(':')[0]) : -1);
  // A row without a majority of its own takes its block's: the stack of label rows it belongs to
  // (rows at most two lines apart), so a form that prints labels over values at the top and values
  // over captions in a box further down reads each part its own way; else the certificate's.
  const rowNums = [...new Set(out.filter((c) => c.label).map(labelRow))].sort((a, b) => a - b);
  const blockOf = new Map<number, number>();
  rowNums.forEach((l, n) => {
    const prev = rowNums[n - 1];
    blockOf.set(l, n > 0 && l - prev <= 2 && lines[l].page === lines[prev].page ? blockOf.get(prev)! : l);
  });
  const sideOf = (cs: Candidate[]): Route | undefined => {
    const above = cs.filter((c) => c.route === 'above').length;
    const below = cs.filter((c) => c.route === 'below').length;
    return above === below ? undefined : above > below ? 'below' : 'above';
  };
  const labelled = typed.filter((c) => c.label);
  const rowSides = new Map(rowNums.map((l) => [l, sideOf(labelled.filter((c) => labelRow(c) === l))]));
  const blockSides = new Map([...new Set(blockOf.values())].map((b) => [b, sideOf(labelled.filter((c) => blockOf.get(labelRow(c)) === b))]));
  const whole = sideOf(typed) ?? 'above';
  // A stack of boxes with no typed value of its own (receita, situação, fundamentação) is read by its
  // spacing before the rest of the page's: a caption stands closer to its own value than to the
  // previous box's (a summary printed value over caption further down does not decide for it).
  const readable = (from: number, step: number) => {
    for (let j = from + step; j >= 0 && j < lines.length; j += step) if (!skip[j]) return lines[j].page === lines[from].page ? lines[j] : null;
    return null;
  };
  const spacing = (row: number): Route | undefined => {
    if (row < 0) return undefined;
    const [up, down] = [readable(row, -1), readable(row, 1)];
    if (!up || !down) return undefined;
    const [gapUp, gapDown] = [lines[row].y - up.y, down.y - lines[row].y];
    return gapDown * 1.15 < gapUp ? 'above' : gapUp * 1.15 < gapDown ? 'below' : undefined;
  };
  const otherSide = (c: Candidate): Route => rowSides.get(labelRow(c)) ?? blockSides.get(blockOf.get(labelRow(c)) ?? -1) ?? spacing(labelRow(c)) ?? whole;
  for (const c of out) if (TEXT_TYPES.has(FIELDS[c.field].type) && c.route === otherSide(c)) c.score -= 0.6;
  // One value, one label: a value claimed from above by one label and from below by its own caption
  // (or the other way round) belongs to the side the certificate's labels point to.
  // A decoy's caption claims its value the same way ("80 4 18 991303-94" over "PGFN de Origem" and
  // under "Inscrição DEBCAD nº", whose own value stands over it).
  const claims = new Map<string, Set<Route>>();
  for (const [c, spot] of spots) addTo(claims, spot, c.route);
  for (const [spot, , route] of decoyClaims) if (claims.has(spot)) addTo(claims, spot, route);
  for (const [c, spot] of spots) {
    if (c.route === otherSide(c) && !TEXT_TYPES.has(FIELDS[c.field].type) && claims.get(spot)!.size === 2) {
      c.score -= 0.6;
      c.against = true;
    }
  }
  // A value between two labels (a column of labels each over its value) goes to the label that has
  // nothing else: the other one takes its value on its other side ("NOME DO DEVEDOR / ACME /
  // NATUREZA DA RECEITA / 2917 …": the name is the debtor's, the receita is the code under it).
  const owners = new Map<string, Set<string>>();
  for (const [c, spot] of spots) addTo(owners, spot, c.label!);
  for (const [spot, label] of decoyClaims) addTo(owners, spot, label);
  // Per label and field (a decoy's field is "decoy"), the cells it claims that no other label claims.
  const unshared = new Map<string, Set<string>>();
  const claim = (label: string, field: string, spot: string) => {
    if (owners.get(spot)!.size === 1) addTo(unshared, `${label}|${field}`, spot);
  };
  const decoys = new Set(decoyClaims.map(([, label]) => label));
  for (const [c, spot] of spots) claim(c.label!, c.field, spot);
  // A value only decoy captions claim (an address under a wide "Domicílio" box and a "Livro/Folha"
  // beside it) is a decoy's value whichever decoy it is: each of them has it as its own.
  for (const [spot, label] of decoyClaims) {
    if ([...owners.get(spot)!].every((l) => decoys.has(l))) addTo(unshared, `${label}|decoy`, spot);
    else claim(label, 'decoy', spot);
  }
  const hasOwn = (label: string, field: string, spot: string) => [...(unshared.get(`${label}|${field}`) ?? [])].some((v) => v !== spot);
  // A decoy caption with no other value surely owns this one (it is printed with a value).
  const surelyDecoys = (spot: string) => [...owners.get(spot)!].some((l) => decoys.has(l) && !hasOwn(l, 'decoy', spot));
  for (const [c, spot] of spots) {
    // The field's label is pushed hard towards its other value when no other field's label claims
    // that one and it is not surely a decoy's too ("CÓD." between a domicílio over it and a
    // livro/folha under it, values over captions).
    const free = (s: string) => !surelyDecoys(s) && [...owners.get(s)!].every((l) => l === c.label || decoys.has(l));
    const elsewhere = [...spots].some(([o, s]) => s !== spot && o.label === c.label && o.field === c.field && free(s));
    if (elsewhere && surelyDecoys(spot)) c.score -= 1;
    else if (hasOwn(c.label!, c.field, spot) && out.some((o) => o.label !== c.label && spots.get(o) === spot && !hasOwn(o.label!, o.field, spot))) c.score -= 0.6;
  }
  return out;
}

/** Adds v to the set m holds for k. */
function addTo<K, V>(m: Map<K, Set<V>>, k: K, v: V): void {
  (m.get(k) ?? m.set(k, new Set()).get(k)!).add(v);
}

export interface Neighbour {
  j: number;
  cell: Cell;
  /** The cell's identity, shared by every label that claims it. */
  spot: string;
}

/** The cell printed over a caption at line i (form boxes): the nearest readable line above, close, in its columns. */
/** A numbered debt card's caption ("DÉBITO 1 - PERÍODO"). */
export const DEBT_ITEM_RE = new RegExp(DEBT_ITEM);

export const DEBT_HEADING_RE = new RegExp(DEBT_HEADING);

/** A cell that is a caption, not a value: a field's or decoy's label, a debt card's caption, the debts' heading. */
/** A cell that holds one amount or one date and nothing else. */
function typedAlone(text: string, ocr: boolean): boolean {
  const t = text.trim();
  return [...valuesOf('money', t, ocr), ...valuesOf('date', t, ocr)].some((v) => t.slice(0, v.start).replace(/r\s?\$/i, '').trim() === '' && t.slice(v.end).trim() === '');
}

function isCaption(cell: Cell, ocr: boolean): boolean {
  const hit = findLabel(cell.folded, ocr);
  return (!!hit && !describesAfterAmountWord(cell.folded, hit)) || DEBT_ITEM_RE.test(cell.folded) || DEBT_HEADING_RE.test(cell.folded);
}

/**
 * A receita's description that opens with an amount's label word ("MULTA POR INFRAÇÃO À CLT",
 * under "Natureza/Receita"): words that are no label's follow it and no amount does, so it is a
 * value, not the caption of a multa.
 */
function describesAfterAmountWord(folded: string, hit: LabelHit): boolean {
  if (!(MONEY_FIELDS as readonly string[]).includes(hit.kind)) return false;
  const rest = folded.slice(hit.end);
  return (rest.match(/\p{L}{2,}/gu)?.length ?? 0) >= 2 && !onlyLabelWords(rest) && !moneyValues(rest).length;
}

function cellAbove(lines: Line[], skip: boolean[], i: number, cell: Cell): Neighbour | null {
  const line = lines[i];
  for (let j = i - 1; j >= Math.max(0, i - 2); j--) {
    const l = lines[j];
    if (l.page !== line.page || line.y - l.y > Math.max(l.size, line.size) * 2.5) return null;
    if (skip[j]) continue;
    // The certificate's title bounds the form: a caption right under it has no value above.
    if (isTitle(l)) return null;
    const over = l.cells.filter((c) => overlaps(c, cell, line.size * 0.5));
    if (!over.length) continue;
    return isCaption(over[0], l.ocr) ? null : { j, cell: over[0], spot: `${j}:${over[0].x0}` };
  }
  return null;
}

/**
 * The part of a value cell before x, where the next box's caption begins: on a scan two boxes' values
 * can come as one cell ("HELENA ARAÚJO DA SILVA - Av. Getúlio Vargas …" over "Devedor | Endereço"). Cut
 * at the separator nearest to x (the letters' proportions place x only roughly); the whole cell when
 * no separator is near.
 */
function clipAt(cell: Cell, x: number): Cell {
  if (cell.x1 <= x || cell.x0 >= x) return cell;
  const at = ((x - cell.x0) / (cell.x1 - cell.x0)) * cell.text.length;
  const cut = [...cell.text.matchAll(/\s+[-–—|]\s+|\s{2,}/g)].reduce<RegExpMatchArray | null>((a, m) => (!a || Math.abs(m.index! - at) < Math.abs(a.index! - at) ? m : a), null);
  if (!cut || cut.index! === 0 || Math.abs(cut.index! - at) > Math.max(8, cell.text.length * 0.15)) return cell;
  const text = cell.text.slice(0, cut.index);
  return { ...cell, text, folded: fold(text), x1: x };
}

/** The first cell under a label at line i that shares its columns (label over value, a row of labels over a row of values). */
export function cellBelow(lines: Line[], skip: boolean[], i: number, cell: Cell): Neighbour | null {
  const line = lines[i];
  for (let j = i + 1; j < Math.min(lines.length, i + 5); j++) {
    const l = lines[j];
    if (l.page !== line.page || l.y - lines[j - 1].y > Math.max(l.size, line.size) * 4) return null;
    if (skip[j]) continue;
    const under = l.cells.filter((c) => overlaps(c, cell, line.size * 0.5));
    if (!under.length) continue;
    // On a scan, a caption cut from captions OCR ran together has its place estimated from its letters
    // (a speck read in the gap shifts it): of the cells it overlaps, the one centred nearest is its value.
    const best = line.ocr && under.length > 1 ? under.reduce((a, c) => (offCentre(c, cell) < offCentre(a, cell) ? c : a)) : under[0];
    return isCaption(best, l.ocr) ? null : { j, cell: best, spot: `${j}:${best.x0}` };
  }
  return null;
}

/**
 * The first cell right of a label on a recognised line that stands so close above or below the
 * label's (under SAME_LINE of a type size) that the two are one printed row; null when a label
 * comes first or no such line is there.
 */
function twinRight(lines: Line[], skip: boolean[], i: number, cell: Cell): Neighbour | null {
  const line = lines[i];
  for (const j of [i - 1, i + 1]) {
    const l = lines[j];
    if (!l || skip[j] || l.page !== line.page || Math.abs(l.y - line.y) > SAME_LINE * Math.max(l.size, line.size)) continue;
    const next = l.cells.find((c) => c.x0 >= cell.x1);
    if (next && !findLabel(next.folded, l.ocr)) return { j, cell: next, spot: `${j}:${next.x0}` };
  }
  return null;
}

/** The line goes on from a long prose line right above it that has not ended its sentence. */
function inParagraph(lines: Line[], skip: boolean[], i: number): boolean {
  const above = sameBlockAbove(lines, skip, i);
  if (!above) return false;
  const text = above.cells.map((c) => c.text).join(' ').trim();
  return above.cells.length === 1 && text.split(/\s+/).length >= 10 && !/[.:;!?]$/.test(text);
}

/** A cell whose last words, after a word or two of OCR junk, are a decoy's whole caption ("dt — livro e folha"). */
function endsInDecoyCaption(folded: string): boolean {
  for (const m of folded.matchAll(/(?<=^\S{1,3}[\s—–-]+)[a-z]/g)) {
    if (captionAlone(folded.slice(m.index), true, 'decoy')) return true;
  }
  return false;
}

/** The readable line right above line i, when it is close enough and in the same type size to run on into it. */
function sameBlockAbove(lines: Line[], skip: boolean[], i: number): Line | null {
  const line = lines[i];
  for (let j = i - 1; j >= 0; j--) {
    if (skip[j]) continue;
    const above = lines[j];
    if (above.page !== line.page || line.y - above.y > line.size * 1.8 || Math.abs(above.size - line.size) > 0.5) return null;
    return above;
  }
  return null;
}

/** What separates a label from its value in one cell (a colon or dash, perhaps after a dot leader). */
const SEPARATOR_AFTER = /^\s*(?:[.…_·]{2,}\s*)?[:\-–—=]/;

/** Words that cannot end a sentence: a line ending in one goes on in the next. */
const RUNS_ON = /(?:^|\s)(?:da|de|do|das|dos|na|no|nas|nos|em|e|a|o|as|os|ao|com|por|para|pelo|pela|sob)$/;

/** The line continues a sentence of the line right above it (same size, a prose line that runs on). */
function wrappedFromAbove(lines: Line[], skip: boolean[], i: number): boolean {
  const above = sameBlockAbove(lines, skip, i);
  if (!above) return false;
  const last = above.cells[above.cells.length - 1].folded.trim();
  if (last.split(/\s+/).length < 5 || !RUNS_ON.test(last)) return false;
  // A label/value row above ("BASE LEGAL ¦ Lei nº 8.212/91, art. 30, I, a", or in one cell
  // "Fundamentação Legal - Lei nº 8.212/91, arts. 20 e 30, I, a") is no sentence running on, even
  // when its value ends on a word a sentence could go on from (the alínea "a"). Several pairs run
  // into one cell ("Principal: R$ 100,00 Multa: … Valor total da") may still end in a wrapped wording.
  // (Checked last: the label lookups cost more than the words.)
  const first = above.cells[0];
  const lead = findLabel(first.folded, above.ocr);
  return !(lead && (above.cells.length > 1 || (SEPARATOR_AFTER.test(first.folded.slice(extendLabel(first.folded, lead.end))) && splitAtLabels(first, above.ocr).length === 1)));
}

/**
 * A cell that holds several "Label: value" pairs (a narrow column gap, or OCR that closed it:
 * "Data da Inscrição: 10/10/2020 Situação: ATIVA") is cut before each later label that a colon
 * follows, each piece keeping its share of the cell's width. On a row of captions alone
 * (`captionRow`: the values stand under them), a cell of labels run together is cut before each.
 */
const LEADER_CELL = /^[\s.…_·:]+$/;
const LEADER_SPECK_CELL = /^[\s.…_·:]*\p{Ll}{1,3}[.:;]\s*$/u;
const SPECK_CELL = /^\W*(?:[a-z]{1,2}\W+)*[a-z]{1,2}\W*$/;

export function splitAtLabels(cell: Cell, ocr: boolean, captionRow = false): Cell[] {
  const cuts: number[] = [];
  // Never inside a label already found ("SITUAÇÃO ATUAL DA INSCRIÇÃO :" is one label).
  const own = findLabel(cell.folded, ocr);
  let covered = own ? extendLabel(cell.folded, own.end) : 0;
  const word = /\s(?=[a-z])/g;
  for (let m = word.exec(cell.folded); m; m = word.exec(cell.folded)) {
    const at = m.index + 1;
    if (at < covered) continue;
    const hit = findLabel(cell.folded.slice(at, at + 90), ocr);
    const colon = hit ? /^\s*(?:\.{2,}\s*)?:/.exec(cell.folded.slice(at + hit.end)) : null;
    if (!hit || hit.kind === 'decoy' || !colon) continue;
    // A colon before a small-letter link word is a speck in a sentence ("em nome: de ACME …"), no caption's.
    if (ocr && /^\s*(?:de|do|da|dos|das|em|no|na)\s/.test(cell.text.slice(at + hit.end + colon[0].length))) continue;
    cuts.push(at);
    covered = at + hit.end;
  }
  if (!cuts.length && own && captionRow) cuts.push(...labelChain(cell.folded, ocr));
  if (!cuts.length) return [cell];
  const width = cell.x1 - cell.x0;
  const len = Math.max(cell.text.length, 1);
  const bounds = [0, ...cuts, cell.text.length];
  const out: Cell[] = [];
  for (let k = 0; k + 1 < bounds.length; k++) {
    const text = cell.text.slice(bounds[k], bounds[k + 1]).trim();
    if (text) out.push({ text, folded: fold(text), x0: cell.x0 + (width * bounds[k]) / len, x1: cell.x0 + (width * bounds[k + 1]) / len });
  }
  return out;
}

/**
 * Where a cell made of nothing but labels, one after another ("NÚMERO DE INSCRIÇÃO SITUAÇÃO ATUAL
 * DA INSCRIÇÃO CNPJ": the captions of a row of boxes whose gaps OCR closed), is cut: before each
 * label after the first. None when anything but labels and punctuation is left over.
 */
function labelChain(folded: string, ocr: boolean): number[] {
  const starts: number[] = [];
  let at = 0;
  while (at < folded.length) {
    if (/^[\s.:;,]*$/.test(folded.slice(at))) break;
    let hit = findLabel(folded.slice(at), ocr);
    // On a scan, a speck between two captions read as a letter or two ("TRIBUTO CT PROCESSO
    // ADMINISTRATIVO Nº"): a cell of its own, so neither caption takes it for a value.
    const speck = !hit && ocr && at > 0 ? /^[a-z]{1,2}\s+/.exec(folded.slice(at)) : null;
    if (speck && (hit = findLabel(folded.slice(at + speck[0].length), ocr))) {
      starts.push(at);
      at += speck[0].length;
    }
    if (!hit) return [];
    if (at > 0) starts.push(at);
    at += extendLabel(folded.slice(at), hit.end);
    // The next label starts at the next word; a separator may stand between ("Data Insc.: CNPJ").
    const gap = /^[\s.:;,]*/.exec(folded.slice(at))![0];
    if (!gap && at < folded.length) return [];
    at += gap.length;
  }
  return starts;
}

/**
 * A situação wrapped onto the next line ("… EXIGIBILIDADE DO CREDITO" / "SUSPENSA-DECISAO JUDICIAL"):
 * the next line's cell under it, in capitals, close below, and not a label, continues it.
 */
function wrapped(lines: Line[], skip: boolean[], i: number, cell: Cell, first: string, type: 'status' | 'name' = 'status'): string {
  // A value at the foot of a page goes on at the top of the next one, past the running footer and
  // the next page's header.
  let j = i + 1;
  while (lines[j]?.furniture && lines[j].page === lines[i].page) j++;
  // A caption alone among the next page's first lines ("Tributo" over "ICMS - …") opens the next box.
  const caption = (l: Line) => !l.furniture && l.cells.some((c) => captionAlone(c.folded, l.ocr));
  if (lines[j]?.page === lines[i].page + 1) {
    for (; lines[j] && inRunningHeader(lines, j, lines[i]); j++) if (caption(lines[j])) return first;
  }
  const next = lines[j];
  if (!next || skip[j]) return first;
  const k = next.cells.findIndex((x) => x.x0 >= cell.x0 - next.size && x.x0 < cell.x1 && x.x1 <= cell.x1 + next.size * 20);
  const c = next.cells[k];
  // A wrapped value keeps its type size; a smaller line under it is the next box's caption. OCR sizes
  // a short line by its tallest glyphs ("JUDICIAL"): a scanned line of situação words alone wraps at any size.
  if (!sameSize(next, lines[i]) && !(type === 'status' && next.ocr && c && statusWordsOnly(c.text))) return first;
  const samePage = next.page === lines[i].page && j === i + 1 && next.y - lines[i].y <= lines[i].size * 1.8;
  if (!samePage && next.page !== lines[i].page + 1) return first;
  // The next line's cell is another label's value when a label stands before it on that line.
  if (!c || next.cells.slice(0, k + 1).some((x) => findLabel(x.folded, next.ocr)) || /[\d:]/.test(c.text) || c.text !== c.text.toUpperCase()) return first;
  // A cell that ends in a dot leader is the next row's caption, however garbled ("CGCICNPI............").
  if (CAPTION_LEADER_END.test(c.text)) return first;
  // The next page's title opens another stretch, however much it reads like a situação ("… DÍVIDA ATIVA");
  // the debts' heading opens the table ("DEMONSTRATIVO DO DÉBITO" under a name, OCR setting it in the name's size).
  if ((!samePage && isTitle(next)) || DEBT_HEADING_RE.test(c.folded)) return first;
  if (type === 'status' ? !valuesOf('status', c.text).length : !nameValue(`${first} ${c.text}`)) return first;
  // A speck OCR read as a full stop where the situação breaks ("SUSPENSA-DECISAO." / "JUDICIAL").
  return `${next.ocr && type === 'status' ? first.replace(/\.\s*$/, '') : first} ${c.text}`;
}

// Specks may split the leader's last dots off ("CN.PII....... ...").
const CAPTION_LEADER_END = /[.…_·]{4,}(?:\s+[.…_·]+)*\s*$/;

/**
 * On a scan, a situação OCR split at a wide space goes on in the next cell, in situação words alone
 * ("ATIVA AJUIZADA | GARANTIA - PENHORA", "ATIVA AJUIZADA | EXIGIBILIDADE DO CREDITO SUSPENSA-…").
 */
function statusTail(line: Line, cell: Cell, value: string): string {
  const after = line.cells[line.cells.indexOf(cell) + 1];
  if (!line.ocr || !after || !statusWordsOnly(after.text) || findLabel(after.folded, true)) return value;
  // The dash is put back before a qualifier, and wherever the gap is no wider than a dash and its
  // spaces ("INSCRITO | PROTESTADO" read from "INSCRITO - PROTESTADO"): words of one situação are set a
  // space apart, so a gap wide enough to split the cell held a glyph OCR lost.
  const lostDash = after.x0 - cell.x1 <= LOST_DASH_GAP * line.size;
  const dash = (STATUS_CLAUSE_RE.test(after.folded.trim()) || lostDash) && !/[-–—]\s*$/.test(value) ? ' -' : '';
  return `${value}${dash} ${after.text.trim()}`;
}
const STATUS_CLAUSE_RE = new RegExp(`^(?:${STATUS_CLAUSES})`);
/** The widest gap, in font sizes, a dash and its two spaces leave when OCR loses the dash. */
const LOST_DASH_GAP = 2.5;

const STATUS_WORD_RE = new RegExp(STATUS_VOCABULARY);
const STATUS_LINK_RE = new RegExp(`^(?:${STATUS_LINKS})$`);
/** A cell made only of situação words and their links ("GARANTIA - PENHORA", "SUSPENSA-DECISAO JUDICIAL"). */
function statusWordsOnly(text: string): boolean {
  // Words only: "INSCRITA EM: 22/01/2025" is the next field's caption and value.
  if (/[\d:]/.test(text)) return false;
  const words = fold(text).split(/[^a-z]+/).filter(Boolean);
  return words.some((w) => STATUS_WORD_RE.test(w)) && words.every((w) => STATUS_WORD_RE.test(w) || STATUS_LINK_RE.test(w));
}

/** Words a legal citation goes on with, capitalised or not. */
const CITATION_WORDS = 'art|lei|decreto|dec\\.|medida|portaria|instru|resolu|c[oó]digo|constitui|regulamento';
const CITATION_WORD = new RegExp(`^(?:${CITATION_WORDS})`, 'i');
/** How a citation's next line may begin: lower case, "§", "(", a number, or one of its words. */
const CITATION_START = new RegExp(`^(?:[\\p{Ll}§(]|\\d|lc\\b|ctn|c\\/c|inc|${CITATION_WORDS})`, 'iu');

/**
 * Line j holds the wrap of the value `cell`, which a label on its left heads at line i (a row of
 * label and value): j follows at the row's pitch and has one cell only, set where the value starts,
 * with nothing in the labels' column, and is no label, amount or date.
 */
function wrapsBeside(lines: Line[], skip: boolean[], i: number, cell: Cell, j: number): boolean {
  const [l, prev] = [lines[j], lines[j - 1]];
  if (!l || skip[j] || l.page !== lines[i].page || l.cells.length !== 1 || !lines[i].cells.some((c) => c.x1 <= cell.x0)) return false;
  const c = l.cells[0];
  return (
    Math.abs(c.x0 - cell.x0) <= l.size * 0.6 &&
    l.y - prev.y <= Math.max(l.size, prev.size) * 1.6 &&
    !findLabel(c.folded, l.ocr) &&
    !typedAlone(c.text, l.ocr)
  );
}

/** A value's lines wrapped beside its label (see wrapsBeside), joined to it; at most three. */
function wrappedBeside(lines: Line[], skip: boolean[], i: number, cell: Cell, first: string): string {
  let text = first;
  for (let j = i + 1; j <= i + 3 && wrapsBeside(lines, skip, i, cell, j); j++) text += ` ${lines[j].cells[0].text}`;
  return text;
}

/** A long value (legal basis) continues on the following lines in its column, up to a label or a full stop. */
function continuation(lines: Line[], skip: boolean[], i: number, cell: Cell, first: string): string {
  const parts = [first];
  for (let j = i + 1; j < lines.length && j < i + 6; j++) {
    // A full stop ends the citation; the dot of "arts." or "inc." does not.
    if (skip[j] || lines[j].page !== lines[i].page || /(?<!\b(?:arts?|incs?|n|par|al|c\/c|p))\.\s*$/i.test(parts[parts.length - 1])) break;
    const k = lines[j].cells.findIndex((x) => overlaps(x, cell, lines[j].size));
    const c = lines[j].cells[k];
    // A label on the line, in the cell or before it, starts the next field's row.
    if (!c || lines[j].cells.slice(0, k + 1).some((x) => findLabel(x.folded, lines[j].ocr)) || lines[j].y - lines[j - 1].y > lines[j].size * 2.2) break;
    // A line with nothing but this value's column, right under it, in a row of label and value
    // ("Base Legal.....: … Decreto nº 3.048/99, art." / "202"), can only be its wrap.
    if (wrapsBeside(lines, skip, i, cell, j)) {
      parts.push(c.text);
      continue;
    }
    // A line that begins left of the value is the next block's ("O débito compõe-se das seguintes
    // parcelas:" from the margin, under a label's value set to its right).
    if (c.x0 < cell.x0 - lines[j].size) break;
    // A short line in capitals is the next section's title ("DEMONSTRATIVO DO DÉBITO").
    if (c.text === c.text.toUpperCase() && /\p{L}{3}/u.test(c.text) && c.text.length < 60 && !/\d/.test(c.text)) break;
    // A citation goes on in lower case, with a number, "art.", "Lei", "Decreto", "§"; a capitalised
    // heading ("Discriminação dos Débitos"), a bare number or a date is another box's value.
    // (A one-letter word opens a sentence too, "O débito …", but a roman numeral goes on a citation.)
    if (!CITATION_START.test(c.text) || (/^(?![IVXL][\s,;.])\p{Lu}(?:\p{Ll}|\s)/u.test(c.text) && !CITATION_WORD.test(c.text))) break;
    if (!/\p{L}{2}/u.test(c.text) || /^\d{1,2}\/\d{1,2}\/\d{2,4}\b|^(?:r\$\s*)?\d{1,3}(?:\.\d{3})*,\d{2}\b/i.test(c.text)) break;
    parts.push(c.text);
  }
  // The value was read without its trailing semicolon; between two citations it stays.
  const stop = /([;,])\s*$/.exec(cell.text)?.[1];
  if (parts.length > 1 && stop && !first.trimEnd().endsWith(stop)) parts[0] = `${first.trimEnd()}${stop}`;
  return parts.join(' ').replace(/\s+/g, ' ').trim();
}

/** The reading stream as one string, with each piece's span. */
export interface Stream {
  text: string;
  folded: string;
  spans: Array<{ start: number; end: number; piece: Piece }>;
}

export function makeStream(pieces: Piece[]): Stream {
  const parts: string[] = [];
  const folded: string[] = [];
  const spans: Stream['spans'] = [];
  let length = 0;
  let prev: Piece | null = null;
  for (const p of pieces) {
    // Two spaces between cells of a line: a value never runs into the next cell's (process numbers,
    // codes). One space across a line break within a paragraph: prose wraps numbers too ("nº 40 8 24 /
    // 233683-00"); a line in another type size (a title's number over a row of values) is no wrap.
    if (prev) {
      // OCR measures one paragraph's lines a size or two apart (37.8 and 42.0 at 300 dpi, 39.2 and 47.6 for a line of capitals and digits).
      const same = sameSize(prev, p) || (!!p.ocr && Math.abs(prev.size - p.size) <= 0.2 * Math.max(prev.size, p.size));
      const gap = prev.line !== p.line && same ? ' ' : '  ';
      parts.push(gap);
      folded.push(gap);
      length += gap.length;
    }
    prev = p;
    spans.push({ start: length, end: length + p.text.length, piece: p });
    parts.push(p.text);
    // fold keeps one character per character: the pieces' folded texts line up with the text.
    folded.push(p.folded);
    length += p.text.length;
  }
  return { text: parts.join(''), folded: folded.join(''), spans };
}

function lineAt(s: Stream, offset: number): number {
  return s.spans[lineSpan(s, offset)]?.piece.line ?? 0;
}

const proseCache = new Map<string, RegExp>();
/** `speck`: on a scan, the words may follow a lone letter OCR made of a speck at a word's start ("NVENC."). */
function proseRe(source: string, ocr: boolean, speck = false): RegExp {
  const key = `${ocr ? 1 : 0}${speck ? 1 : 0}${source}`;
  let re = proseCache.get(key);
  const before = ocr && speck ? '(?<=(?:^|[^a-z0-9])[a-z]?)' : '(?<![a-z0-9])';
  if (!re) proseCache.set(key, (re = new RegExp(`${before}(?:${ocr ? ocrTolerant(source) : source})(?![a-z0-9])`, 'g')));
  return re;
}

const WINDOW: Partial<Record<ValueType, number>> = { registration: 40, date: 40, document: 45, money: 90, process: 40, code: 12 };

/**
 * Candidates from running text: a label or prose wording anywhere, then the first value of its
 * type within a short window ("… inscrito sob o nº 80 6 19 …, em nome de ACME LTDA, CNPJ …").
 */
export function proseCandidates(s: Stream, ocr: boolean, masked: Array<[number, number]>, only?: ReadonlySet<ScalarField>): Candidate[] {
  const out: Candidate[] = [];
  const wording = new Map<Candidate, [number, number]>();
  const isMasked = (at: number) => masked.some(([a, b]) => at >= a && at < b);
  for (const [name, lex] of Object.entries(FIELDS) as Array<[ScalarField, (typeof FIELDS)[ScalarField]]>) {
    if (only && !only.has(name)) continue;
    const sources = [...(lex.prose ?? []), ...(lex.type === 'money' || lex.type === 'date' || lex.type === 'registration' || lex.type === 'document' || lex.type === 'process' ? lex.labels : [])];
    for (const src of sources) {
      // A wording whose first word is not in the text cannot match: skip its regex scan.
      const word = /^[a-z]{3,}/.exec(src)?.[0];
      if (word && !ocr && !s.folded.includes(word)) continue;
      const re = proseRe(src, ocr);
      re.lastIndex = 0;
      for (let m = re.exec(s.folded); m; m = re.exec(s.folded)) {
        if (!m[0].length) {
          re.lastIndex++;
          continue;
        }
        const at = m.index + m[0].length;
        if (isMasked(m.index)) continue;
        // A longer label of another field starting here ("Total do principal" is not "Total").
        const own = findLabel(s.folded.slice(m.index, m.index + 80), ocr);
        if (own && own.kind !== name && own.length > m[0].length) continue;
        const v = proseValue(lex.type, s.text, at, ocr);
        // (The decoy lookups last: they cost more than the value's.)
        if (v && !isMasked(v.start) && !runsIntoDecoy(s.folded, m.index, v.start, ocr) && !insideDecoy(s, m.index, ocr) && !(lex.type === 'money' && runsIntoAmountLabel(s.folded, at, v.start, name, ocr)) && !(lex.type === 'registration' && runsIntoOtherLabel(s.folded, at, v.start, name, ocr))) {
          out.push({ field: name, value: v, route: 'prose', score: ROUTE_SCORE.prose + (lex.prose?.includes(src) ? 0.2 : 0), line: lineAt(s, v.start) });
          wording.set(out[out.length - 1], [m.index, at]);
        }
      }
    }
  }
  // One value, one wording: where another field's wording encloses this one and leads to the same
  // value ("valor total da inscrição em 22/09/2025" holds "inscrição em"), the enclosing one names it.
  return out.filter((c) => {
    const [a, b] = wording.get(c)!;
    return !out.some((d) => {
      if (d.field === c.field || d.value.start !== c.value.start) return false;
      const [x, y] = wording.get(d)!;
      return x <= a && y >= b && y - x > b - a;
    });
  });
}

const DECOY_LABELS = LABELS.filter((c) => c.kind === 'decoy');

/**
 * The wording at `at` is the tail of a decoy's caption in the same cell ("Unidade de Inscrição" holds
 * "Inscrição"). Decoy patterns only, uncached: these slices are never looked up twice.
 */
function insideDecoy(s: Stream, at: number, ocr: boolean): boolean {
  const from = Math.max(s.spans[lineSpan(s, at)]?.start ?? 0, at - 30);
  for (let k = from; k < at; k++) {
    if ((k === 0 || /\s/.test(s.folded[k - 1])) && !/\s/.test(s.folded[k])) {
      const rest = s.folded.slice(k, at + 40);
      if (DECOY_LABELS.some((c) => {
        const m = (ocr ? c.ocr : c.plain).exec(rest);
        return !!m && k + m[0].length > at;
      })) return true;
    }
  }
  return false;
}

/** Index of the stream span holding `offset` (the last one starting at or before it). */
function lineSpan(s: Stream, offset: number): number {
  let lo = 0;
  let hi = s.spans.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (s.spans[mid].start <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * A wording or the gap to its value that runs into a decoy's caption is two captions read on:
 * "Situação da inscrição" beside "Nº PGFN de Origem" reads "inscrição nº", and the number after them
 * is the origin's, not the inscription's.
 */
function runsIntoDecoy(folded: string, from: number, to: number, ocr: boolean): boolean {
  for (let k = from + 1; k < to; k++) {
    if (/\s/.test(folded[k - 1]) && !/\s/.test(folded[k]) && findLabel(folded.slice(k, k + 80), ocr)?.kind === 'decoy') return true;
  }
  return false;
}

/**
 * The gap from an amount's wording to the amount holds another amount's caption: "Encargos Legais:
 * 1541853, | Valor Total: 9251121,83" (the encargo's own figure OCR cut short) — the amount is the total's.
 */
function runsIntoAmountLabel(folded: string, from: number, to: number, field: ScalarField, ocr: boolean): boolean {
  return runsIntoLabel(folded, from, to, ocr, (kind) => kind !== field && (MONEY_FIELDS as readonly string[]).includes(kind));
}

/**
 * The gap from a number's wording to the number holds another field's caption: "TERMO DE INSCRIÇÃO
 * EM DÍVIDA ATIVA DA UNIÃO | Legislação... Lei nº 9.250/1995" — the number is the law's.
 */
function runsIntoOtherLabel(folded: string, from: number, to: number, field: ScalarField, ocr: boolean): boolean {
  return runsIntoLabel(folded, from, to, ocr, (kind) => kind !== field && kind !== 'decoy' && kind !== 'registrationDate');
}

function runsIntoLabel(folded: string, from: number, to: number, ocr: boolean, other: (kind: LabelKind) => boolean): boolean {
  for (let k = from + 1; k < to; k++) {
    if (!/\s/.test(folded[k - 1]) || /\s/.test(folded[k])) continue;
    const kind = findLabel(folded.slice(k, k + 80), ocr)?.kind;
    if (kind && other(kind)) return true;
  }
  return false;
}

function proseValue(type: ValueType, text: string, at: number, ocr: boolean): Value | null {
  const tail = text.slice(at, at + 200);
  const shift = (v: Value | null): Value | null => (v ? { ...v, start: v.start + at, end: v.end + at } : null);
  if (type === 'name') return shift(nameValue(tail.replace(/^[\s:,.–—-]+/, '').slice(0, 140), true));
  if (type === 'longText') {
    const m = /^[\s:]*(.+?)(?:\.\s+(?=[A-ZÀ-Ú])|\.$|$)/.exec(tail);
    return m ? shift(textValue(m[1])) : null;
  }
  if (type === 'text' || type === 'status') {
    // A situação is written in capitals: it ends at the sentence's end or where ordinary text resumes.
    const m = /^[\s:]*([A-ZÀ-Ú0-9][A-ZÀ-Ú0-9 \-–—/,]{1,118}?)(?=\s*[.;](?:\s|$)|\s+[A-ZÀ-Ú]?[a-zà-ú]|\s{2,}|$)/.exec(tail);
    return m ? shift(valuesOf(type, m[1], ocr)[0] ?? null) : null;
  }
  if (type === 'revenue') {
    const m = /^[\s:]*([^,;]{2,120}?)(?:[,;]|\s+e\s+fundamenta|$)/.exec(tail);
    return m ? shift(revenueValue(m[1])) : null;
  }
  const window = WINDOW[type] ?? 40;
  const v = valuesOf(type, tail.slice(0, window + 40), ocr).find((x) => x.start <= window);
  return shift(v ?? null);
}

/** One debt row read from prose or label-over-value cards. */
export interface LooseRow {
  period: string;
  dueDate: string | null;
  principal: number | null;
  fine: number | null;
  interest: number | null;
  start: number;
  end: number;
  /** The number of the card the row was printed on ("DÉBITO 3 - PERÍODO"), when it has one. */
  item?: number;
  /** Its due date is the date right after its period, whose caption OCR lost. */
  dueUncaptioned?: boolean;
}

/**
 * A numbered card's caption right before a row's period ("DÉBITO 1 - REFERÊNCIA Exercício 2017"): its
 * number, its caption words after the dash. OCR may garble the card's word ("DÉBIVO 4 -").
 */
const ITEM_BEFORE = /(?:deb[a-z]{2,4}|parcela|item)\s*(?:n\s*[.ºo°]*\s*)?(\d{1,3})\s*[-–—]\s*(?:[a-z.,:]+\s*){0,3}$/;

/** A card's whole period as a table cell's slashless month and year. */
const SLASHLESS_PERIOD = new RegExp(`^${OCR_PERIOD.source}$`);

/** A period's OCR shape right after a row's period label. */
const OCR_PERIOD_AFTER = new RegExp(`^[\\s:.,;–—-]*(${OCR_PERIOD_SHAPE.source})`, 'iu');

const ROW_FIELDS = new Set<LabelKind>(['principal', 'fine', 'interest', 'registrationDate']);
const STOP_ROWS = /(?<![a-z])(?:somad[oa]s|consolidac|resumo|totais|total\s+(?:geral|devido|do|da|dos)|valores\s+consolidados|perfazendo)/g;

/**
 * On a scan, a card's caption word OCR garbled by two letters ("CONTRISVIÇÃO" for contribuição) read
 * as the long column word it is two letters off, or by one as the shorter one ("TRIGUTO"), when no other is; letter for letter, so every
 * offset into the stream holds.
 */
function nearCaptionWords(folded: string): string {
  return folded.replace(/[a-z]{6,}/g, (w) => {
    if (COLUMN_WORDS.includes(w)) return w;
    // A shorter one, one letter off ("TRIGUTO" for tributo).
    const near = COLUMN_WORDS.filter((c) => c.length === w.length && editDistance(c, w) <= (c.length >= 9 ? 2 : 1));
    return near.length === 1 ? near[0] : w;
  });
}

/** A row's parts by their labels: the certificate's own labels, and a debt table's column words
 * (a card per debt reads "CONTRIBUIÇÃO 7.034,79" like a table's column). */
const columnWords = (kind: string) => COLUMNS.filter((c) => c.kind === kind).map((c) => c.pattern);
const ROW_SLOTS: Array<[keyof LooseRow, string, ValueType]> = [
  ['dueDate', ROW_DUE, 'date'],
  ['principal', [...FIELDS.principal.labels, ...(FIELDS.principal.prose ?? []), ...columnWords('principal')].join('|'), 'money'],
  ['fine', [...FIELDS.fine.labels, ...(FIELDS.fine.prose ?? []), ...columnWords('fine')].join('|'), 'money'],
  ['interest', [...FIELDS.interest.labels, ...(FIELDS.interest.prose ?? []), ...columnWords('interest')].join('|'), 'money'],
];

/**
 * Debt rows written out rather than tabulated: "período de apuração 1º TRI/2019, com vencimento em
 * 30/04/2019: valor originário de R$ …, multa … de R$ … e juros … de R$ …", or one "card" per debt
 * with each label over its value. A row runs from its period label to the next one (or to a
 * summary word, or to the point where one of its labels repeats).
 */
export function looseRows(s: Stream, ocr: boolean): LooseRow[] {
  const starts: Array<{ at: number; valueAt: number; period: string }> = [];
  const re = proseRe(ocr ? `${ROW_PERIOD}|${DEBT_ITEM_CAPTION}` : ROW_PERIOD, ocr);
  re.lastIndex = 0;
  for (let m = re.exec(s.folded); m; m = re.exec(s.folded)) {
    const after = s.text.slice(m.index + m[0].length, m.index + m[0].length + 40);
    const p = PERIOD_TOKEN.exec(after);
    // OCR may read a speck after the label as a comma or a dot ("PER. APURAÇÃO, SET/2017").
    if (p && (ocr ? /^[\s:.,;–—-]*$/ : /^[\s:–—-]*$/).test(after.slice(0, p.index).replace(/\b(?:de|do|da|em)\b/gi, ''))) {
      const period = parsePeriod(p[0]);
      if (period) {
        starts.push({ at: m.index, valueAt: m.index + m[0].length + p.index + p[0].length, period });
        continue;
      }
      // A period's shape that reads as no period ("17/2019", a quarter's "1T" misread) is kept as read below.
    }
    // A year OCR read past LATEST_YEAR ("exercício 2621", dotted zeros) is kept as read: the repair
    // against the row's due date restores it, flagged, or leaves it visibly wrong.
    // A dotted zero read as two glyphs gives five digits ("exercício 20018").
    const y = ocr ? /^[\s:–—-]*(\d{4,5})(?![\d/])/.exec(after) : null;
    if (y && (y[1].length === 5 || pastLatest(y[1]))) starts.push({ at: m.index, valueAt: m.index + m[0].length + y[0].length, period: y[1] });
    // So is a month OCR garbled past reading ("96/2014", "87/2014": a dotted zero read as 9 or 8), or a
    // day ("88/10/2020"), and a quarter whose T read as a 7 ("17/2019").
    const g = ocr ? /^[\s:.,;–—-]*(\d{2,3}\/\d{4}|\d{2}\/\d{2}\/\d{4})(?![\d/])/.exec(after) : null;
    if (g && !parsePeriod(g[1])) {
      starts.push({ at: m.index, valueAt: m.index + m[0].length + g[0].length, period: g[1] });
      continue;
    }
    // And a quarter or a named month whose year OCR garbled ("4º TRIM/20013"), as read for the repair.
    const q = ocr && !y ? OCR_PERIOD_AFTER.exec(after) : null;
    if (q && !parsePeriod(q[1])) {
      // A month and year whose slash OCR lost ("112019") read as a table cell's would be.
      const slashless = SLASHLESS_PERIOD.exec(q[1].trim());
      starts.push({ at: m.index, valueAt: m.index + m[0].length + q[0].length, period: slashless ? `${slashless[2]}-${slashless[1]}` : q[1].trim() });
    }
  }
  const stops: number[] = [];
  STOP_ROWS.lastIndex = 0;
  for (let m = STOP_ROWS.exec(s.folded); m; m = STOP_ROWS.exec(s.folded)) stops.push(m.index);
  // A cell opening with the label of a certificate-level field (encargo, total, situação…) is past the
  // rows, unless a row's own words open it too ("Tributo" names the receita and a row's principal).
  const rowLabel = proseRe(`^(?:${[ROW_PERIOD, ROW_DUE, ...FIELDS.principal.labels, ...FIELDS.fine.labels, ...FIELDS.interest.labels].join('|')})`, ocr);
  for (const sp of s.spans) {
    const hit = findLabel(sp.piece.folded, ocr);
    if (!hit || hit.kind === 'decoy' || ROW_FIELDS.has(hit.kind)) continue;
    rowLabel.lastIndex = 0;
    if (!rowLabel.test((ocr ? nearCaptionWords(sp.piece.folded) : sp.piece.folded).replace(/^(?:debito\s+\d+\s*[-–—]\s*)/, ''))) stops.push(sp.start);
  }
  stops.sort((a, b) => a - b);
  const rows: LooseRow[] = [];
  const captions = ocr ? nearCaptionWords(s.folded) : s.folded;
  // A card's caption may carry a speck's letter ("NVENC." over its due date).
  const slots = ROW_SLOTS.map(([slot, src, type]) => [slot, proseRe(src, ocr, true), type] as const);
  const slotTests = slots.map(([, r]) => new RegExp(r.source));
  starts.forEach((st, k) => {
    let end = Math.min(starts[k + 1]?.at ?? s.text.length, stops.find((x) => x > st.valueAt) ?? s.text.length);
    const row: LooseRow = { period: st.period, dueDate: null, principal: null, fine: null, interest: null, start: st.at, end };
    const item = ITEM_BEFORE.exec(s.folded.slice(Math.max(0, st.at - 30), st.at));
    if (item) row.item = Number(item[1]);
    const found: Array<{ slot: keyof LooseRow; at: number; value: string; valueEnd: number }> = [];
    for (const [slot, r, type] of slots) {
      r.lastIndex = st.valueAt;
      for (let m = r.exec(captions); m && m.index < end; m = r.exec(captions)) {
        const v = proseValue(type, s.text, m.index + m[0].length, ocr);
        // Never past another part's caption: an amount OCR garbled past reading ("R$4.809,") leaves its
        // part unread, not filled with the next part's amount.
        if (v && v.start < end && !slotTests.some((t) => t.test(captions.slice(m!.index + m![0].length, v.start)))) {
          found.push({ slot, at: m.index, value: v.value, valueEnd: v.end });
          r.lastIndex = v.end;
        }
      }
    }
    found.sort((a, b) => a.at - b.at);
    const seen = new Set<string>();
    let lastValue = 0;
    for (const f of found) {
      if (seen.has(f.slot)) {
        end = Math.min(end, f.at);
        break;
      }
      if (f.at >= end) break;
      seen.add(f.slot);
      lastValue = Math.max(lastValue, f.valueEnd);
      if (f.slot === 'dueDate') row.dueDate = f.value;
      else (row as unknown as Record<string, number>)[f.slot] = Number(f.value);
    }
    // On a scan, a card whose due date's caption line OCR lost ("Exercício 2014 15/01/2014 VALOR
    // ORIGINÁRIO …"): the one date between its period and its first caption, not before the period.
    if (ocr && !row.dueDate) {
      const bare = /^[\s:.,;–—-]*(\d{2}\/\d{2}\/\d{4})[\s:.,;–—-]*$/.exec(s.text.slice(st.valueAt, found[0]?.at ?? end));
      const due = bare ? valuesOf('date', bare[1])[0]?.value : undefined;
      const start = periodStart(st.period);
      if (due && start && due.slice(0, 7) >= start) Object.assign(row, { dueDate: due, dueUncaptioned: true });
    }
    // Amounts after the row's last value that none of its labels took (the summary's values printed
    // over their captions after the last row) are not the row's: it ends with its sentence.
    const tail = s.text.slice(lastValue, end);
    if (lastValue && valuesOf('money', tail).length) end = lastValue + (/^\s*[;.]/.exec(tail)?.[0].length ?? 0);
    row.end = end;
    const money = [row.principal, row.fine, row.interest].filter((x) => x !== null).length;
    if (money >= 2 || (money === 1 && row.dueDate)) rows.push(row);
  });
  return rows;
}

export { lineAt };
