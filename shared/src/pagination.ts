/** A page number, or a gap shown as "…" between numbers. */
export type PageItem = number | 'ellipsis';

/**
 * The numbered buttons of a paginated list (history, admin users, tickets). Up to 5 pages: all of
 * them. More: near the start `1 2 3 4 … last`; near the end `1 … last-3 … last`; otherwise
 * `1 … p-1 p p+1 … last`. Out-of-range `page` values are clamped so a stale URL still draws.
 */
export function pageItems(page: number, pageCount: number): PageItem[] {
  const last = Math.max(0, Math.floor(pageCount));
  if (last === 0) return [];
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
  if (last <= 5) return range(1, last);
  const p = Math.min(Math.max(1, Math.floor(page)), last);
  if (p <= 3) return [...range(1, 4), 'ellipsis', last];
  if (p >= last - 2) return [1, 'ellipsis', ...range(last - 3, last)];
  return [1, 'ellipsis', p - 1, p, p + 1, 'ellipsis', last];
}

/** "Mostrando a a b de N": the 1-based bounds of the rows on `page`; both 0 when the list is empty. */
export function pageBounds(page: number, pageSize: number, total: number): { from: number; to: number } {
  if (total <= 0) return { from: 0, to: 0 };
  const from = (page - 1) * pageSize + 1;
  return { from: Math.min(from, total), to: Math.min(page * pageSize, total) };
}
