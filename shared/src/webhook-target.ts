/**
 * Where a webhook may be delivered. A receiver is the customer's server on the internet: an address
 * on loopback, a private network, link-local (cloud metadata at 169.254.169.254) or any other range
 * not routed publicly would let an account make our servers call inside our own network (SSRF).
 * Pure rules, shared by the registration check and the delivery's DNS check.
 */

function ipv4Octets(ip: string): number[] | null {
  const parts = ip.split('.');
  if (parts.length !== 4) return null;
  const octets = parts.map((p) => (/^\d{1,3}$/.test(p) ? Number(p) : NaN));
  return octets.every((o) => Number.isInteger(o) && o <= 255) ? octets : null;
}

/** IPv4 ranges that are not publicly routable (RFC 6890 special-purpose registry, plus multicast and reserved). */
const V4_BLOCKED: [number[], number][] = [
  [[0, 0, 0, 0], 8],
  [[10, 0, 0, 0], 8],
  [[100, 64, 0, 0], 10],
  [[127, 0, 0, 0], 8],
  [[169, 254, 0, 0], 16],
  [[172, 16, 0, 0], 12],
  [[192, 0, 0, 0], 24],
  [[192, 0, 2, 0], 24],
  [[192, 88, 99, 0], 24],
  [[192, 168, 0, 0], 16],
  [[198, 18, 0, 0], 15],
  [[198, 51, 100, 0], 24],
  [[203, 0, 113, 0], 24],
  [[224, 0, 0, 0], 4],
  [[240, 0, 0, 0], 4],
];

function v4ToInt(o: number[]): number {
  return ((o[0] << 24) | (o[1] << 16) | (o[2] << 8) | o[3]) >>> 0;
}

function v4Blocked(o: number[]): boolean {
  const n = v4ToInt(o);
  return V4_BLOCKED.some(([net, bits]) => {
    const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
    return (n & mask) >>> 0 === (v4ToInt(net) & mask) >>> 0;
  });
}

/** The eight 16-bit groups of an IPv6 address (with `::` and a trailing dotted IPv4 expanded), or null. */
function ipv6Groups(ip: string): number[] | null {
  let text = ip.toLowerCase();
  const zone = text.indexOf('%');
  if (zone >= 0) text = text.slice(0, zone);
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const o = ipv4Octets(tail[1]);
    if (!o) return null;
    text = text.slice(0, -tail[1].length) + `${((o[0] << 8) | o[1]).toString(16)}:${((o[2] << 8) | o[3]).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (s: string) => (s ? s.split(':') : []);
  const head = parse(halves[0]);
  const rest = halves.length === 2 ? parse(halves[1]) : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? head.length !== 8 : missing < 1) return null;
  const groups = [...head, ...Array(halves.length === 2 ? missing : 0).fill('0'), ...rest];
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => parseInt(g, 16));
}

/**
 * Whether a literal IP address (v4 or v6) is publicly routable. Anything unparseable is not.
 * IPv4-mapped (::ffff:a.b.c.d) and NAT64 (64:ff9b::/96) addresses are judged by their IPv4 address.
 */
export function isPublicAddress(ip: string): boolean {
  const v4 = ipv4Octets(ip);
  if (v4) return !v4Blocked(v4);
  const g = ipv6Groups(ip);
  if (!g) return false;
  const embeddedV4 = [g[6] >> 8, g[6] & 0xff, g[7] >> 8, g[7] & 0xff];
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) return !v4Blocked(embeddedV4);
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return !v4Blocked(embeddedV4);
  if (g.slice(0, 7).every((x) => x === 0) && g[7] <= 1) return false; // :: and ::1
  if ((g[0] & 0xfe00) === 0xfc00) return false; // fc00::/7 unique local
  if ((g[0] & 0xffc0) === 0xfe80) return false; // fe80::/10 link-local
  if ((g[0] & 0xff00) === 0xff00) return false; // ff00::/8 multicast
  if (g[0] === 0x2001 && g[1] === 0x0db8) return false; // 2001:db8::/32 documentation
  if (g.slice(0, 6).every((x) => x === 0)) return false; // ::a.b.c.d (deprecated IPv4-compatible)
  return true;
}

/** Hostnames that always name this machine or its private network, whatever DNS says. */
const LOCAL_NAMES = /(^|\.)(localhost|local|internal|localdomain|home\.arpa)$/i;

/**
 * The pt-BR reason a URL cannot receive webhooks, or null. `allowPrivate` (development, or a test
 * stack's explicit setting) accepts http:// and loopback/private hosts; names are resolved and
 * checked again at every delivery.
 */
export function webhookUrlProblem(raw: string, allowPrivate: boolean): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'Informe uma URL completa, por exemplo https://sistema.escritorio.com.br/webhooks/cda.';
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) return 'O endereço do webhook deve usar HTTPS.';
  if (url.username || url.password) return 'Não inclua usuário ou senha na URL; use o segredo do webhook para autenticar.';
  if (raw.length > 2000) return 'URL longa demais (máximo de 2000 caracteres).';
  if (allowPrivate) return null;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (LOCAL_NAMES.test(host) || !host.includes('.') && !host.includes(':')) return PRIVATE_TARGET;
  if ((ipv4Octets(host) || ipv6Groups(host)) && !isPublicAddress(host)) return PRIVATE_TARGET;
  return null;
}

export const PRIVATE_TARGET = 'Endereços locais, privados ou reservados não podem receber webhooks. Use um endereço público com HTTPS.';
