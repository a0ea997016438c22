/**
 * Where to go after signing in: the `next` parameter, accepted only as a path of this site. Anything
 * a browser could read as another origin is refused: `//host` and `/\host` (protocol-relative; browsers
 * treat `\` as `/`), absolute URLs (`https:`, `javascript:`), and control characters or whitespace that
 * browsers strip before parsing (`/\t/evil.example`). Returns null when refused.
 */
export function safeNextPath(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2000) return null;
  if (!raw.startsWith('/')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f\\]/.test(raw)) return null;
  if (raw.startsWith('//')) return null;
  // A final check by the URL parser itself: the path must stay on the same origin.
  let url: URL;
  try {
    url = new URL(raw, 'http://same.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'http://same.invalid') return null;
  // Back to the sign-in pages would loop.
  if (/^\/(login|register|forgot-password|confirm-email)(\/|$)/.test(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `/login?next=…` for a page that needs a signed-in user. */
export function loginPathFor(path: string): string {
  const next = safeNextPath(path);
  return next && next !== '/' ? `/login?next=${encodeURIComponent(next)}` : '/login';
}
