/** TypeORM's postgres driver answers UPDATE … RETURNING with [rows, affectedCount]. */
export function returned<T>(result: unknown): T[] {
  return (Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result) as T[];
}
