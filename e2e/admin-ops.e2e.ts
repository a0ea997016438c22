import { Browser, BrowserContext, expect, test } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Client } from 'pg';
import { Queue } from 'bullmq';
import ExcelJS from 'exceljs';
import { E2E_PORTS } from './playwright.config';
import { makeCdaPdf, sampleCertificate } from '../scripts/cda-pdf';
import { shot } from './shot';

const WEB = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${E2E_PORTS.web}`;
const DB = process.env.E2E_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/cda_e2e';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { readCapturedMail } = require('../scripts/smtp-capture.js') as {
  readCapturedMail(dir: string, to: string, predicate?: (m: { subject: string }) => boolean, timeoutMs?: number): Promise<{ subject: string; text: string }>;
};

async function api<T>(route: string, init: { method?: string; body?: unknown; token?: string; form?: FormData } = {}): Promise<T> {
  const res = await fetch(`${WEB}/api${route}`, {
    method: init.method ?? 'POST',
    headers: { ...(init.form ? {} : { 'Content-Type': 'application/json' }), ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}) },
    body: init.form ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
  });
  if (!res.ok) throw new Error(`${route}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function signedIn(browser: Browser): Promise<{ context: BrowserContext; token: string }> {
  const session = await api<{ token: string; user: unknown }>('/auth/login', { body: { email: process.env.E2E_ADMIN_EMAIL, password: process.env.E2E_ADMIN_PASSWORD } });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  await context.addInitScript(([token, user]) => {
    localStorage.setItem('cda.token', token);
    localStorage.setItem('cda.user', user);
  }, [session.token, JSON.stringify(session.user)] as const);
  return { context, token: session.token };
}

/**
 * Report figures over the last weeks: accounts, analyses with their files' processing times and
 * approved orders, written straight into the e2e database at past dates (the product only writes
 * "now"); one real analysis below adds a worker-measured time of today.
 */
async function seedReportData(): Promise<void> {
  const db = new Client({ connectionString: DB });
  await db.connect();
  try {
    const plans = ['free', 'basic', 'premium', 'free', 'basic'];
    for (let d = 0; d < 26; d++) {
      const at = `now() - interval '${d} days' - interval '${(d * 37) % 600} minutes'`;
      const [u] = (
        await db.query(
          `INSERT INTO users (email, name, password_hash, plan, created_at) VALUES ($1, $2, 'x', $3, ${at}) RETURNING id`,
          [`relatorio-${d}-${randomUUID().slice(0, 6)}@e2e.local`, `Cliente ${d}`, plans[d % plans.length]],
        )
      ).rows;
      for (let k = 0; k < 1 + (d % 4); k++) {
        const status = (d + k) % 7 === 3 ? 'error' : 'done';
        const [a] = (
          await db.query(
            `INSERT INTO analyses (user_id, status, file_count, params, created_at, tokens_cost, tokens_refunded, settled_at)
             VALUES ($1, $2, 2, '{}', ${at}, $3, $4, ${at}) RETURNING id`,
            [u.id, status, 4000 + 1000 * k, status === 'error' ? 4000 + 1000 * k : 0],
          )
        ).rows;
        for (let f = 1; f <= 2; f++) {
          await db.query(
            `INSERT INTO analysis_files (analysis_id, position, name, size_bytes, pages, storage_key, status, certificate_count, processing_ms)
             VALUES ($1, $2, 'cda.pdf', 120000, $3, 'x', $4, $5, $6)`,
            [a.id, f, 2 + ((d + f) % 5), status, status === 'error' ? 0 : 1, 300 + ((d * 131 + f * 97 + k * 53) % 1400)],
          );
        }
      }
      if (d % 3 === 0) {
        const plan = d % 2 === 0;
        await db.query(
          `INSERT INTO orders (user_id, kind, plan_id, pack_id, billing_cycle, item_name, tokens, amount_cents, method, status, payer_email, approved_at, created_at)
           VALUES ($1, $2, $3, $4, $5, 'Item', 1000000, $6, $7, 'approved', 'p@e2e.local', ${at}, ${at})`,
          [u.id, plan ? 'plan' : 'token_pack', plan ? (d % 4 === 0 ? 'premium' : 'basic') : null, plan ? null : 'premium', plan ? 'monthly' : null, plan ? (d % 4 === 0 ? 14900 : 4900) : 7900, ['pix', 'card', 'boleto'][d % 3 === 0 ? (d / 3) % 3 : 0]],
        );
      }
    }
  } finally {
    await db.end();
  }
}

test.describe.configure({ mode: 'serial' });

test('settings: five tabs, field messages, test e-mail, secrets write-only, masked public key, real backup', async ({ browser }) => {
  const { context } = await signedIn(browser);
  const page = await context.newPage();
  await page.goto('/admin/settings');
  await expect(page.getByRole('heading', { name: 'Configurações Gerais' })).toBeVisible();
  await expect(page.getByLabel('Nome do site')).toHaveValue('CDA Extractor');

  // A server-side validation message appears under its own field.
  await page.getByLabel('Email do administrador').fill('nao-e-email');
  await page.getByLabel('Tamanho máximo de arquivo (MB)').fill('0');
  await page.getByRole('button', { name: 'Salvar Configurações' }).click();
  await expect(page.getByText('E-mail do administrador: informe um e-mail válido.')).toBeVisible();
  await expect(page.getByText('O tamanho máximo de arquivo (MB) deve ser no mínimo 1.')).toBeVisible();
  await shot(page, 'admin-ops-settings-geral-erros');
  await page.getByLabel('Email do administrador').fill('operacao@e2e.local');
  await page.getByLabel('Tamanho máximo de arquivo (MB)').fill('40');
  await page.getByRole('button', { name: 'Salvar Configurações' }).click();
  await expect(page.getByText('Configurações salvas com sucesso!')).toBeVisible();
  await shot(page, 'admin-ops-settings-geral');

  // Email: the SMTP server captured by the e2e set-up receives the test message.
  await page.getByRole('tab', { name: 'Email' }).click();
  await expect(page.getByLabel('Servidor SMTP')).toHaveValue('127.0.0.1');
  await page.getByRole('button', { name: 'Salvar Configurações' }).click();
  await expect(page.getByText('Configurações salvas com sucesso!')).toBeVisible();
  await page.getByRole('button', { name: 'Testar Email' }).click();
  await expect(page.getByText(/Email de teste enviado com sucesso para operacao@e2e\.local\. Resposta do servidor: 250/)).toBeVisible();
  // Only the latest action speaks: the earlier "salvas" is gone.
  await expect(page.getByText('Configurações salvas com sucesso!')).toHaveCount(0);
  const mail = await readCapturedMail(process.env.E2E_MAIL_DIR!, 'operacao@e2e.local', (m) => m.subject === 'Teste de e-mail do CDA Extractor');
  expect(mail.text).toContain('configurações de SMTP estão corretas');
  await shot(page, 'admin-ops-settings-email');

  await page.getByRole('tab', { name: 'Segurança' }).click();
  await expect(page.getByLabel('Limite de requisições da API (por hora)')).toHaveValue('1000');
  await expect(page.getByText('Autenticação de dois fatores')).toHaveCount(0);
  await shot(page, 'admin-ops-settings-seguranca');

  // Payment: public key masked with an eye; the access token never comes back, only `configurado`.
  await page.getByRole('tab', { name: 'Pagamento' }).click();
  const publicKey = page.getByLabel('Chave pública', { exact: true });
  await publicKey.fill('APP_USR-e2e-public-123');
  await expect(publicKey).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Mostrar chave pública' }).click();
  await expect(publicKey).toHaveAttribute('type', 'text');
  await page.getByLabel('Access token').fill('APP_USR-segredo-e2e');
  await page.getByRole('button', { name: 'Salvar Configurações' }).click();
  await expect(page.getByText('Configurações salvas com sucesso!')).toBeVisible();
  // No boleto toggle: the checkout has no boleto flow.
  await expect(page.getByText('Boleto bancário')).toHaveCount(0);
  await expect(page.getByLabel('Access token')).toHaveValue('');
  await expect(page.getByText('configurado', { exact: true })).toHaveCount(1);
  await page.reload();
  await page.getByRole('tab', { name: 'Pagamento' }).click();
  await expect(page.getByLabel('Access token')).toHaveAttribute('placeholder', 'Deixe em branco para manter');
  expect(await page.content()).not.toContain('segredo-e2e');
  await shot(page, 'admin-ops-settings-pagamento');
  // Removing the token and emptying the key bring back the environment's (the test provider the payment tests use).
  await page.getByLabel('Chave pública', { exact: true }).fill('');
  await page.getByRole('button', { name: 'Remover' }).click();
  await expect(page.getByLabel('Access token')).toHaveAttribute('placeholder', 'Será removido ao salvar');
  await page.getByRole('button', { name: 'Salvar Configurações' }).click();
  await expect(page.getByText('Configurações salvas com sucesso!')).toBeVisible();
  await expect(page.getByText('configurado', { exact: true })).toHaveCount(0);

  // System: a real pg_dump into object storage, listed with its size and a download.
  await page.getByRole('tab', { name: 'Sistema' }).click();
  await page.getByRole('button', { name: 'Criar Backup' }).click();
  await expect(page.getByText(/Backup criado com sucesso \(\d/)).toBeVisible({ timeout: 30_000 });
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Baixar' }).first().click();
  const file = readFileSync(await (await download).path());
  expect(file.subarray(0, 5).toString()).toBe('PGDMP');
  await shot(page, 'admin-ops-settings-sistema');
  await context.close();
});

test('reports: every type drawn from the database, exported as XLSX', async ({ browser }) => {
  await seedReportData();
  const { context } = await signedIn(browser);
  const page = await context.newPage();
  await page.goto('/admin/reports');
  for (const [label, slug] of [
    ['Visão geral', 'overview'],
    ['Usuários', 'users'],
    ['Receita', 'revenue'],
    ['Uso', 'usage'],
    ['Desempenho', 'performance'],
  ]) {
    await page.getByRole('tab', { name: label, exact: true }).click();
    await expect(page.locator('.report-charts .recharts-surface').first()).toBeVisible();
    await page.waitForTimeout(700);
    await shot(page, `reports-${slug}`);
  }
  await page.getByLabel('Período').selectOption({ label: 'Personalizado' });
  const start = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date(Date.now() - 40 * 86_400_000));
  await page.getByLabel('De', { exact: true }).fill(start);
  await expect(page.getByText(`${start.slice(8, 10)}/${start.slice(5, 7)}/${start.slice(0, 4)} a`)).toBeVisible();
  await page.getByRole('tab', { name: 'Receita', exact: true }).click();
  await page.waitForTimeout(700);
  await shot(page, 'admin-ops-reports-custom');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar' }).click();
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await (await download).path());
  expect(wb.worksheets.map((w) => w.name)).toEqual(['Resumo', 'Receita por dia', 'Receita por plano', 'Receita por forma de pagamento']);
  expect(wb.getWorksheet('Resumo')!.getCell('A1').value).toBe('Relatório: Receita');
  await context.close();
});

test('queue monitor: counts, workers, pause/resume and failed jobs pushed live', async ({ browser }) => {
  const { context, token } = await signedIn(browser);
  const page = await context.newPage();
  await page.goto('/admin/queues');
  await expect(page.getByText(/Ao vivo/)).toBeVisible();
  await expect(page.getByRole('heading', { name: /Workers conectados \(1\)/ })).toBeVisible();

  const analyses = page.getByRole('region', { name: 'Fila Análises' });
  await analyses.getByRole('button', { name: 'Pausar' }).click();
  await expect(analyses.getByText('Pausada')).toBeVisible();
  const form = new FormData();
  form.append('files', new Blob([await makeCdaPdf([sampleCertificate(1)])], { type: 'application/pdf' }), 'cda.pdf');
  await api('/analyses', { token, form });
  // Without reloading: the server pushes the new waiting count.
  await expect(analyses.locator('.queue-counts div').first().locator('strong')).toHaveText('1', { timeout: 10_000 });
  await shot(page, 'admin-ops-queues-paused');
  await analyses.getByRole('button', { name: 'Retomar' }).click();
  await expect(analyses.locator('.queue-counts div').nth(2).locator('strong')).not.toHaveText('0', { timeout: 20_000 });

  // A job whose upload is missing fails for real in the worker and shows up with its error.
  const db = new Client({ connectionString: DB });
  await db.connect();
  const [admin] = (await db.query(`SELECT id FROM users WHERE email = $1`, [process.env.E2E_ADMIN_EMAIL])).rows;
  const [a] = (await db.query(`INSERT INTO analyses (user_id, status, file_count, params) VALUES ($1, 'processing', 1, '{}') RETURNING id`, [admin.id])).rows;
  await db.end();
  const queue = new Queue('analyses', { connection: { host: '127.0.0.1', port: 6379 }, prefix: process.env.E2E_QUEUE_PREFIX });
  await queue.add('analyze', { analysisId: a.id, userId: admin.id, files: [{ key: `uploads/${randomUUID()}/1.pdf`, name: 'x.pdf', pages: 1 }], params: {} }, { jobId: a.id, attempts: 1 });
  await queue.close();
  const failed = page.getByRole('row').filter({ hasText: `Análise ${a.id.slice(0, 8)}` });
  await expect(failed).toBeVisible({ timeout: 20_000 });
  await failed.getByRole('button', { name: 'Tentar novamente' }).click();
  await expect(page.getByText(/Esta análise já foi encerrada/)).toBeVisible();
  await shot(page, 'admin-ops-queues');
  await context.close();
});
