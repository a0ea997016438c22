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

function shape(folded: string): string {
  return folded.replace(/\d/g, '#').replace(/\s+/g, ' ').trim();
}

/**
 * Splits pages into lines and marks furniture: page counters, and lines that open or close two or
 * more pages with the same shape (digits ignored), unless `keep` says the line carries a field.
 */
export function toLines(pages: PageText[], keep: (folded: string) => boolean): Line[] {
  const perPage = pages.map((p) =>
    p.text
      .split(/\r?\n/)
      .map((t) => t.replace(/\s+$/, ''))
      .filter((t) => t.trim().length > 0)
      .map((text): Line => ({ text, folded: fold(text), page: p.num, ocr: p.ocr, furniture: false })),
  );
  const seen = new Map<string, number>();
  for (const lines of perPage) {
    const edge = new Set([...lines.slice(0, EDGE), ...lines.slice(-EDGE)].map((l) => shape(l.folded)));
    for (const s of edge) seen.set(s, (seen.get(s) ?? 0) + 1);
  }
  for (const lines of perPage) {
    lines.forEach((l, i) => {
      const atEdge = i < EDGE || i >= lines.length - EDGE;
      const trimmed = l.text.trim();
      if (PAGE_COUNTER.test(trimmed) || /\bp[aá]gina\s*\d+\s*(?:de|\/)\s*\d+\s*$/i.test(trimmed)) l.furniture = true;
      else if (atEdge && EDGE_COUNTER.test(trimmed) && (i === 0 || i === lines.length - 1)) l.furniture = true;
      else if (atEdge && (seen.get(shape(l.folded)) ?? 0) >= 2 && !keep(l.folded)) l.furniture = true;
    });
  }
  return perPage.flat();
}
