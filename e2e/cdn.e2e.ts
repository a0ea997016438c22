import { readFileSync } from 'node:fs';
import http from 'node:http';
import { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_PORTS } from './playwright.config';
import { shot } from './shot';

/**
 * Issue 22, System settings → CDN: with it on, the built front end's files come from the configured
 * base URL. The "CDN" here is a static server on another port holding a copy of the built /assets
 * (served with CORS, as a CDN for module scripts must be).
 */
const DIST = path.join(__dirname, '..', 'frontend', process.env.WEB_DIST_DIR ?? 'dist');
const API = `http://127.0.0.1:${E2E_PORTS.api}/api`;

async function adminToken(): Promise<string> {
  const res = await fetch(`${API}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: process.env.E2E_ADMIN_EMAIL, password: process.env.E2E_ADMIN_PASSWORD }),
  });
  return (await res.json()).token;
}

async function setSystem(token: string, body: object) {
  const res = await fetch(`${API}/admin/settings/system`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
}

test('with the CDN on, every built file loads from its base URL and the app works; off, from the site again', async ({ page }) => {
  const served: string[] = [];
  const cdn = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://cdn');
    served.push(url.pathname);
    try {
      const file = readFileSync(path.join(DIST, path.normalize(url.pathname).replace(/^(\.\.[/\\])+/, '')));
      const type = url.pathname.endsWith('.js') ? 'text/javascript' : url.pathname.endsWith('.css') ? 'text/css' : 'application/octet-stream';
      res.writeHead(200, { 'Content-Type': type, 'Access-Control-Allow-Origin': '*' }).end(file);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((r) => cdn.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(cdn.address() as AddressInfo).port}/`;
  const token = await adminToken();
  try {
    await setSystem(token, { cdnEnabled: true, cdnBaseUrl: base });
    const fromSite: string[] = [];
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (u.port === String(E2E_PORTS.web) && u.pathname.startsWith('/assets/')) fromSite.push(u.pathname);
    });
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
    // A page loaded later (its own chunk) comes from the CDN too.
    await page.getByRole('link', { name: /Criar conta|Cadastre-se/ }).first().click();
    await expect(page.getByLabel('WhatsApp')).toBeVisible();
    await shot(page, 'cdn-register');
    expect(served.some((p) => /^\/assets\/index-.+\.js$/.test(p))).toBe(true);
    expect(served.some((p) => /^\/assets\/index-.+\.css$/.test(p))).toBe(true);
    expect(served.some((p) => /^\/assets\/RegisterPage-.+\.js$/.test(p))).toBe(true);
    expect(fromSite).toEqual([]);

    await setSystem(token, { cdnEnabled: false });
    const before = served.length;
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
    expect(served.length).toBe(before);
    expect(fromSite.some((p) => /^\/assets\/index-.+\.js$/.test(p))).toBe(true);
  } finally {
    await setSystem(token, { cdnEnabled: false, cdnBaseUrl: '' });
    // Chromium may hold a preconnected socket that never sends a request: close() alone would wait for
    // it until the server's 60 s header timeout, the test's whole budget.
    cdn.closeAllConnections();
    await new Promise<void>((r) => cdn.close(() => r()));
  }
});
