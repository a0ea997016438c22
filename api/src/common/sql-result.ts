/** TypeORM's postgres driver answers UPDATE … RETURNING with [rows, affectedCount]. */
export function returned<T>(result: unknown): T[] {
  return (Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result) as T[];
}

/** Postgres' numeric/bigint arrive as strings; null stays null. */
export const num = (v: unknown): number => Number(v ?? 0);
export const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** Postgres bigint arrives as a string; balances stay far below 2^53. A TypeORM column transformer. */
export const bigintToNumber = { to: (v: number) => v, from: (v: string | null) => (v === null ? null : Number(v)) };
