/** Helpers shared by the admin services' hand-written SQL. */

export { toPage as page, type Page } from '@cda/shared';

/** `%term%` for LIKE on lower-cased columns, with LIKE's own wildcards taken literally. */
export function containsPattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export { num, numOrNull, returned } from '../common/sql-result';

/** Whether a table another module owns has been migrated here (tickets, orders). */
export async function tableExists(query: (sql: string, params?: unknown[]) => Promise<unknown[]>, name: string): Promise<boolean> {
  const [row] = (await query(`SELECT to_regclass($1) IS NOT NULL AS ok`, [`public.${name}`])) as { ok: boolean }[];
  return row.ok;
}
