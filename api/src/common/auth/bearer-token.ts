/** The token of an `Authorization: Bearer …` header, or '' without one. */
export function bearerToken(headers: Record<string, string | string[] | undefined>): string {
  const header = headers['authorization'];
  return typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7) : '';
}
