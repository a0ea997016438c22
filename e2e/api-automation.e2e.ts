import { execFile } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Page, expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { makeCdaPdf, sampleCertificate } from '../scripts/cda-pdf';
import { E2E_PORTS } from './playwright.config';
import { shot } from './shot';
import { signUp, Session } from './signup';

/** Perfil → API in Chromium, and the README's example clients run against the stack with a real token. */

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '..');
const WEB = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${E2E_PORTS.web}`;
const WORKBOOKS = ['Base_Certidoes_Divida_Ativa.xlsx', 'Simulacao_Classificacao.xlsx'];

let seq = 0;
const register = (name = 'Escritório Automação') =>
  signUp({ name, email: `api-${process.pid}-${Date.now()}-${++seq}@teste.com.br`, whatsapp: '11987654321', password: 'senha-forte-1' });

async function signIn(page: Page, s: Session) {
  await page.addInitScript(
    ([token, user]) => {
      if (!sessionStorage.getItem('e2e-signed')) {
        localStorage.setItem('cda.token', token);
        localStorage.setItem('cda.user', user);
        sessionStorage.setItem('e2e-signed', '1');
      }
    },
    [s.token, JSON.stringify(s.user)],
  );
}

async function post<T>(s: Session, route: string, body: unknown): Promise<T> {
  const res = await fetch(`${WEB}/api${route}`, { method: 'POST', headers: { Authorization: `Bearer ${s.token}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${route}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<T>;
}

/** A customer's receiver on loopback, answering 204 to whatever arrives. */
async function receiver() {
  const bodies: string[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c));
    req.on('end', () => {
      bodies.push(raw);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/cda`, bodies, close: () => server.close() };
}

async function expectWorkbooks(dir: string) {
  expect(readdirSync(dir).sort()).toEqual([...WORKBOOKS].sort());
  for (const name of WORKBOOKS) {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(readFileSync(path.join(dir, name)) as unknown as ArrayBuffer);
    expect(book.worksheets.length).toBeGreaterThan(0);
    expect(book.worksheets[0].rowCount).toBeGreaterThan(1);
  }
}

async function pdfFolder(): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'cda-pdfs-'));
  writeFileSync(path.join(dir, 'execucao-001.pdf'), await makeCdaPdf([sampleCertificate(41, { number: '8061900000041' })]));
  writeFileSync(path.join(dir, 'execucao-002.PDF'), await makeCdaPdf([sampleCertificate(42, { number: '8061900000042' }), sampleCertificate(43, { number: '8061900000043' })]));
  return dir;
}

test('Perfil → API: a token shown once, a webhook with its test event and the delivery log', async ({ page }) => {
  const hook = await receiver();
  try {
    const s = await register();
    await signIn(page, s);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/profile?tab=api');
    await expect(page.getByRole('tab', { name: 'API' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('Nenhum token criado.')).toBeVisible();

    await page.getByLabel('Nome', { exact: true }).fill('Sistema de processos');
    await page.getByLabel('Permissão').selectOption('analyses:read');
    await page.getByRole('button', { name: 'Criar token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Token "Sistema de processos" criado' });
    await expect(dialog).toBeVisible();
    const token = (await dialog.getByTestId('secret-value').textContent())!;
    expect(token).toMatch(/^cda_pat_/);
    await shot(page, 'perfil-api-token-criado');
    await dialog.getByRole('button', { name: 'Fechar' }).click();
    const row = page.getByRole('table', { name: 'Tokens de API' }).getByRole('row', { name: /Sistema de processos/ });
    await expect(row).toContainText('Somente leitura');
    await expect(row).toContainText('Nunca usado');
    await expect(row).not.toContainText(token);

    // The token works on the batch API, then its use shows.
    const list = await fetch(`${WEB}/api/analyses`, { headers: { Authorization: `Bearer ${token}` } });
    expect(list.status).toBe(200);
    expect(list.headers.get('ratelimit-limit')).toBe('120');

    await page.getByLabel('URL (HTTPS)').fill(hook.url);
    await page.getByLabel('Descrição (opcional)').fill('Receptor do escritório');
    await page.getByRole('button', { name: 'Cadastrar webhook' }).click();
    const secretDialog = page.getByRole('dialog', { name: 'Webhook cadastrado' });
    await expect(secretDialog.getByTestId('secret-value')).toHaveText(/^whsec_/);
    await secretDialog.getByRole('button', { name: 'Fechar' }).click();

    await page.getByRole('button', { name: 'Enviar evento de teste' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Evento de teste entregue (HTTP 204' })).toBeVisible();
    expect(hook.bodies).toHaveLength(1);
    const log = page.getByRole('table', { name: 'Entregas de webhooks' });
    await expect(log.getByRole('row', { name: /Evento de teste/ })).toContainText('204');

    await page.reload();
    await expect(row).not.toContainText('Nunca usado');
    await shot(page, 'perfil-api');

    // Revoked from the page: refused at once.
    await row.getByRole('button', { name: 'Revogar' }).click();
    await page.getByRole('dialog', { name: 'Revogar token' }).getByRole('button', { name: 'Revogar agora' }).click();
    await expect(row).toContainText('Revogado');
    expect((await fetch(`${WEB}/api/analyses`, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(401);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(row).toContainText('Revogado');
    await shot(page, 'perfil-api-mobile');
  } finally {
    hook.close();
  }
});

test('the README example clients upload a folder, wait (polling, or for the webhook) and download both workbooks', async () => {
  test.setTimeout(120_000);
  const s = await register();
  const { token } = await post<{ token: string }>(s, '/profile/api-tokens', { name: 'Exemplos', scopes: ['analyses:write'] });
  const pdfs = await pdfFolder();
  const env = { ...process.env, CDA_API_URL: WEB, CDA_TOKEN: token, CDA_POLL_SECONDS: '1' };

  // curl: polls until the analysis ends.
  const outShell = mkdtempSync(path.join(tmpdir(), 'cda-out-sh-'));
  const first = await run('bash', [path.join(ROOT, 'examples/enviar-cdas.sh'), pdfs, outShell], { env, timeout: 90_000 });
  expect(first.stdout).toMatch(/Análise [0-9a-f-]{36}: 2 arquivo\(s\)/);
  expect(first.stdout).toContain('execucao-002.PDF: 2 certidão(ões)');
  await expectWorkbooks(outShell);
  const id = /Análise ([0-9a-f-]{36})/.exec(first.stdout)![1];
  // Run again on the same folder: the same analysis, nothing charged again.
  const again = await run('bash', [path.join(ROOT, 'examples/enviar-cdas.sh'), pdfs, outShell], { env, timeout: 90_000 });
  expect(again.stdout).toContain(`Análise ${id}`);
  const history = await (await fetch(`${WEB}/api/analyses`, { headers: { Authorization: `Bearer ${token}` } })).json();
  expect(history.total).toBe(1);

  // Node: waits for the signed webhook on its own port (polling only as a fallback every 60 s).
  const port = await new Promise<number>((resolve) => {
    const probe = http.createServer().listen(0, '127.0.0.1', () => {
      const p = (probe.address() as AddressInfo).port;
      probe.close(() => resolve(p));
    });
  });
  const { secret } = await post<{ secret: string }>(s, '/profile/webhooks', { url: `http://127.0.0.1:${port}/`, events: ['analysis.completed'] });
  writeFileSync(path.join(pdfs, 'execucao-003.pdf'), await makeCdaPdf([sampleCertificate(44, { number: '8061900000044' })]));
  const outNode = mkdtempSync(path.join(tmpdir(), 'cda-out-node-'));
  const node = await run(process.execPath, [path.join(ROOT, 'examples/enviar-cdas.mjs'), pdfs, outNode], {
    env: { ...env, CDA_WEBHOOK_PORT: String(port), CDA_WEBHOOK_SECRET: secret, CDA_POLL_SECONDS: '60' },
    timeout: 90_000,
  });
  expect(node.stdout).toContain('Webhook recebido: analysis.completed');
  expect(node.stdout).toMatch(/Análise [0-9a-f-]{36}: 3 arquivo\(s\)/);
  await expectWorkbooks(outNode);
});

test('back office: an administrator lists a user’s API tokens and revokes one', async ({ page }) => {
  const s = await register('Escritório Zeta Advocacia');
  const { token } = await post<{ token: string }>(s, '/profile/api-tokens', { name: 'Integração do cliente', scopes: ['analyses:read'] });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(process.env.E2E_ADMIN_EMAIL!);
  await page.getByLabel('Senha', { exact: true }).fill(process.env.E2E_ADMIN_PASSWORD!);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.getByLabel('Administrador').check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/users');
  await page.getByLabel('Buscar usuários').fill(s.user.email);
  // The search applies after a pause: wait for the one row it leaves.
  await expect(page.getByLabel(/^Ações para /)).toHaveCount(1);
  await page.getByLabel(`Ações para ${s.user.name}`).getByRole('button', { name: 'Tokens de API' }).click();
  const dialog = page.getByRole('dialog', { name: `Tokens de API de ${s.user.name}` });
  const row = dialog.getByRole('row', { name: /Integração do cliente/ });
  await expect(row).toContainText('Somente leitura');
  await shot(page, 'admin-usuario-tokens-api');
  await row.getByRole('button', { name: 'Revogar' }).click();
  await expect(row).toContainText('Revogado');
  expect((await fetch(`${WEB}/api/analyses`, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(401);
});
