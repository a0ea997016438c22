import { LookupAddress, lookup as dnsLookup } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { isPublicAddress } from '@cda/shared';

export interface SendOutcome {
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * DNS resolution that refuses non-public addresses: checked on the address actually connected to,
 * so a name that resolved to a public address when the endpoint was saved and now points inside our
 * network (DNS rebinding) is still refused.
 */
function publicOnlyLookup(hostname: string, options: object, callback: LookupCallback): void {
  dnsLookup(hostname, options as never, ((err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => {
    if (err) return callback(err, address, family);
    const all = Array.isArray(address) ? address.map((a) => a.address) : [address];
    const blocked = all.find((a) => !isPublicAddress(a));
    if (blocked) return callback(Object.assign(new Error(`endereço não público (${blocked})`), { code: 'EPRIVATE' }), address, family);
    callback(null, address, family);
  }) as never);
}

/**
 * One POST of a webhook body. No redirects are followed (a 3xx is a failed delivery), the answer's
 * body is read and dropped (at most 64 KiB), and the whole exchange is bounded by `timeoutMs`.
 */
export function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  opts: { allowPrivate: boolean; timeoutMs: number },
): Promise<SendOutcome> {
  const started = Date.now();
  const done = (statusCode: number | null, error: string | null): SendOutcome => ({ statusCode, error, durationMs: Date.now() - started });
  return new Promise((resolve) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return resolve(done(null, 'URL inválida'));
    }
    const host = target.hostname.replace(/^\[|\]$/g, '');
    if (!opts.allowPrivate && isIP(host) && !isPublicAddress(host)) return resolve(done(null, `endereço não público (${host})`));
    const client = target.protocol === 'https:' ? https : target.protocol === 'http:' && opts.allowPrivate ? http : null;
    if (!client) return resolve(done(null, 'o endereço deve usar HTTPS'));
    const req = client.request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)) },
        timeout: opts.timeoutMs,
        ...(opts.allowPrivate ? {} : { lookup: publicOnlyLookup as never }),
      },
      (res) => {
        let seen = 0;
        res.on('data', (c: Buffer) => {
          seen += c.length;
          if (seen > 64 * 1024) res.destroy();
        });
        const status = res.statusCode ?? null;
        const finish = () => resolve(done(status, status !== null && status >= 200 && status < 300 ? null : `HTTP ${status}`));
        res.on('end', finish);
        res.on('close', finish);
        res.on('error', finish);
      },
    );
    const timer = setTimeout(() => req.destroy(new Error(`sem resposta em ${opts.timeoutMs} ms`)), opts.timeoutMs);
    req.on('timeout', () => req.destroy(new Error(`sem resposta em ${opts.timeoutMs} ms`)));
    req.on('error', (err: NodeJS.ErrnoException) => resolve(done(null, (err.message || err.code || 'falha de conexão').slice(0, 500))));
    req.on('close', () => clearTimeout(timer));
    req.end(body);
  });
}
