import { loginPathFor, safeNextPath } from './redirect';

describe('safeNextPath', () => {
  it.each([
    ['/payment/success?order=0b9c', '/payment/success?order=0b9c'],
    ['/tickets?ticket=42', '/tickets?ticket=42'],
    ['/history#x', '/history#x'],
    ['/admin/users', '/admin/users'],
    // Dot segments are resolved, still on this site.
    ['/a/../dashboard', '/dashboard'],
  ])('keeps the same-origin path %s', (raw, expected) => {
    expect(safeNextPath(raw)).toBe(expected);
  });

  it.each([
    ['//evil.example', 'protocol-relative'],
    ['//evil.example/path', 'protocol-relative with path'],
    ['/\\evil.example', 'backslash read as a slash'],
    ['\\\\evil.example', 'two backslashes'],
    ['https://evil.example/', 'absolute URL'],
    ['http:evil.example', 'scheme without slashes'],
    ['javascript:alert(1)', 'script URL'],
    ['/\t/evil.example', 'tab stripped by browsers'],
    ['/\n/evil.example', 'newline stripped by browsers'],
    [' /dashboard', 'leading space'],
    ['dashboard', 'relative path'],
    ['', 'empty'],
    ['/login', 'the sign-in page itself (loop)'],
    ['/login?next=/x', 'the sign-in page with a next'],
    ['/register', 'guest page'],
  ])('refuses %j (%s)', (raw) => {
    expect(safeNextPath(raw)).toBeNull();
  });

  it('refuses non-strings and absurdly long values', () => {
    expect(safeNextPath(null)).toBeNull();
    expect(safeNextPath(undefined)).toBeNull();
    expect(safeNextPath(`/${'a'.repeat(2000)}`)).toBeNull();
  });
});

describe('loginPathFor', () => {
  it('carries the page as an encoded next', () => {
    expect(loginPathFor('/payment/success?order=abc')).toBe('/login?next=%2Fpayment%2Fsuccess%3Forder%3Dabc');
  });
  it('plain /login for the root or a refused path', () => {
    expect(loginPathFor('/')).toBe('/login');
    expect(loginPathFor('//evil.example')).toBe('/login');
  });
});
