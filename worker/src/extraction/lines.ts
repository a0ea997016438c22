import { fold } from './normalize';
import type { PageText } from './text';

export interface Line {
  text: string;
  folded: string;
  page: number;
  ocr: boolean;
  /** Page furniture (repeated header/footer, page counter): kept for segmentation, skipped by the parser. */
  furniture: boolean;
}

const PAGE_COUNTER = /^(?:-- \d+ of \d+ --|p[aá]g(?:ina|\.)?\s*\d+\s*(?:de|\/)\s*\d+|fls?\.?\s*\d+)$/i;
/** A bare "2/5" is a page counter only at the page's edge; inside the body it is a value (livro/folha). */
const EDGE_COUNTER = /^\d+\s*\/\s*\d+$/;
const EDGE = 3;

/**
 * Repeated headers are identical but for page counters; values are not, so digits stay (masking
 * them would make every certificate's value line of one layout look like furniture).
 */
function shape(folded: string): string {
  return folded.replace(/\d+\s*(?:de|of|\/)\s*\d+/g, '#').replace(/\s+/g, ' ').trim();
}

/**
 * Splits pages into lines and marks furniture: page counters, and lines that open or close a page
 * and its neighbour with the same text (page counters aside), unless `keep` says the line carries a field.
 */
export function toLines(pages: PageText[], keep: (folded: string) => boolean): Line[] {
  const perPage = pages.map((p) =>
    p.text
      .split(/\r?\n/)
      .map((t) => t.replace(/\s+$/, ''))
      .filter((t) => t.trim().length > 0)
      .map((text): Line => ({ text, folded: fold(text), page: p.num, ocr: p.ocr, furniture: false })),
  );
  // Headers and footers repeat on neighbouring pages; a line that merely recurs somewhere else in
  // the file (the same CDA attached twice) is content.
  const edges = perPage.map((lines) => new Set([...lines.slice(0, EDGE), ...lines.slice(-EDGE)].map((l) => shape(l.folded))));
  // `keep` runs every layout's label search; a header repeated on every page is asked about once
  // (a 10,000-page file of one repeated line made 10,000 searches: 0.7 s and ~80 MB of garbage).
  const kept = new Map<string, boolean>();
  const keepOnce = (folded: string) => {
    let k = kept.get(folded);
    if (k === undefined) kept.set(folded, (k = keep(folded)));
    return k;
  };
  perPage.forEach((lines, p) => {
    lines.forEach((l, i) => {
      const atEdge = i < EDGE || i >= lines.length - EDGE;
      const trimmed = l.text.trim();
      const s = shape(l.folded);
      if (PAGE_COUNTER.test(trimmed) || /\bp[aá]gina\s*\d+\s*(?:de|\/)\s*\d+\s*$/i.test(trimmed)) l.furniture = true;
      else if (atEdge && EDGE_COUNTER.test(trimmed) && (i === 0 || i === lines.length - 1)) l.furniture = true;
      else if (atEdge && (edges[p - 1]?.has(s) || edges[p + 1]?.has(s)) && !keepOnce(l.folded)) l.furniture = true;
    });
  });
  return perPage.flat();
}
