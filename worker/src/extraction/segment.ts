import { ocrTolerant, registrationOf } from './engine';
import { LAYOUTS, type LayoutRule } from './layouts';
import type { Line } from './lines';

export interface Segment {
  lines: Line[];
  layout: LayoutRule;
  registration: string | null;
}

/** The best-scoring layout for some text, or null when none reaches its minimum. */
export function detectLayout(folded: string, ocr = false): LayoutRule | null {
  let best: { layout: LayoutRule; score: number } | null = null;
  for (const layout of LAYOUTS) {
    const score = layout.cues.reduce((s, c) => s + ((ocr ? ocrTolerant(c.pattern) : c.pattern).test(folded) ? c.weight : 0), 0);
    if (score >= layout.minScore && (!best || score - layout.minScore > best.score - best.layout.minScore)) best = { layout, score };
  }
  return best?.layout ?? null;
}

const HEAD_LINES = 10;

/**
 * Splits a file's lines into certificates. A title line ("Certidão de Dívida Ativa", "Termo de
 * Inscrição") opens a candidate (from the top of its page when it sits in the page's header); a
 * candidate whose inscription number is missing or repeats the previous one is a continuation page.
 */
export function segment(lines: Line[]): Segment[] {
  const starts: number[] = [];
  const startCues = LAYOUTS.map((l) => l.startCue);
  let pageStart = 0;
  for (let i = 0; i < lines.length; i++) {
    if (i > 0 && lines[i].page !== lines[i - 1].page) pageStart = i;
    // OCR puts specks before a title ("€ CERTIDÃO…"); a cue only needs to open the line's words.
    const t = lines[i].folded.replace(/^[^a-z0-9]+/, '').replace(/^(?:[^\s]{1,2}\s+)+(?=[a-z]{5})/, '');
    if (!startCues.some((c) => (lines[i].ocr ? ocrTolerant(c) : c).test(t))) continue;
    const s = i - pageStart < HEAD_LINES ? pageStart : i;
    if (starts[starts.length - 1] !== s) starts.push(s);
  }
  if (!starts.length) starts.push(0);
  const candidates = starts.map((s, k) => lines.slice(s, starts[k + 1] ?? lines.length));
  const out: Segment[] = [];
  for (const c of candidates) {
    const layout = detectLayout(c.map((l) => l.folded).join('\n'), c.some((l) => l.ocr));
    const registration = layout ? registrationOf(c, layout) : null;
    const prev = out[out.length - 1];
    if (prev && (!registration || registration === prev.registration)) {
      prev.lines.push(...c);
      continue;
    }
    if (!layout) continue;
    out.push({ lines: c, layout, registration });
  }
  // A whole segment re-scored: continuation pages can carry the cues the first page lacked.
  for (const s of out) s.layout = detectLayout(s.lines.map((l) => l.folded).join('\n'), s.lines.some((l) => l.ocr)) ?? s.layout;
  return out.filter((s) => s.registration);
}
