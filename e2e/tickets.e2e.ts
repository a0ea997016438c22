import { Browser, BrowserContext, expect, test } from '@playwright/test';
import PDFDocument from 'pdfkit';
import { E2E_PORTS } from './playwright.config';
import { shot } from './shot';
import { signUp } from './signup';

// Through the web server's /api proxy, as the browser does (also when E2E_BASE_URL points elsewhere).
const WEB = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${E2E_PORTS.web}`;

function pdf(): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument();
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.text('Boleto pago em duplicidade');
    doc.end();
  });
}

async function api<T>(route: string, body: unknown): Promise<T> {
  const res = await fetch(`${WEB}/api${route}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${route}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A browser context already signed in (the session the app keeps in localStorage), so this test does not depend on the login screen. */
async function signedIn(browser: Browser, email: string, password: string): Promise<BrowserContext> {
  const session = await api<{ token: string; user: unknown }>('/auth/login', { email, password });
  const context = await browser.newContext();
  await context.addInitScript(([token, user]) => {
    localStorage.setItem('cda.token', token);
    localStorage.setItem('cda.user', user);
  }, [session.token, JSON.stringify(session.user)] as const);
  return context;
}

test('a user opens a ticket with a PDF, support answers from another browser, the answer appears without reload', async ({ browser }) => {
  const email = `cliente-${Date.now()}@e2e.local`;
  await signUp({ name: 'Cliente Suporte', email, whatsapp: '(11) 98765-4321', password: 'senha-forte-1' });
  const userContext = await signedIn(browser, email, 'senha-forte-1');
  const adminContext = await signedIn(browser, process.env.E2E_ADMIN_EMAIL!, process.env.E2E_ADMIN_PASSWORD!);
  const page = await userContext.newPage();

  await page.goto('/tickets');
  await expect(page.getByRole('heading', { name: 'Central de Suporte' })).toBeVisible();
  await expect(page.getByText('Nenhum ticket encontrado')).toBeVisible();
  await page.getByRole('button', { name: 'Novo Ticket' }).click();
  const create = page.getByRole('button', { name: 'Criar Ticket' });
  await expect(create).toBeDisabled();
  await page.getByLabel('Título').fill('Cobrança em duplicidade');
  await page.getByLabel('Categoria').selectOption({ label: 'Cobrança' });
  await page.getByLabel('Descrição').fill('Paguei o plano Básico duas vezes neste mês. Segue o comprovante em PDF.');
  await page.getByTestId('ticket-file-input').setInputFiles({ name: 'comprovante.pdf', mimeType: 'application/pdf', buffer: await pdf() });
  await expect(page.getByText('comprovante.pdf')).toBeVisible();
  await shot(page, 'tickets-create');
  await create.click();

  const item = page.getByTestId('ticket-item');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('Cobrança em duplicidade');
  await expect(item).toContainText('Aberto');
  await expect(item).toContainText('0 mensagens · 1 anexo');
  await shot(page, 'tickets-list');
  await item.getByRole('button').click();
  await expect(page.getByTestId('ticket-status')).toHaveText('Aberto');
  await expect(page.getByRole('button', { name: 'Baixar comprovante.pdf' })).toBeVisible();
  const ticketId = new URL(page.url()).searchParams.get('ticket');
  expect(ticketId).toBeTruthy();

  let navigations = 0;
  page.on('framenavigated', (f) => f === page.mainFrame() && navigations++);

  const admin = await adminContext.newPage();
  await admin.goto('/admin/tickets');
  await expect(admin.getByTestId('admin-ticket-row').filter({ hasText: 'Cobrança em duplicidade' })).toBeVisible();
  await admin.getByPlaceholder('Buscar por título, usuário ou e-mail...').fill(email);
  await expect(admin.getByTestId('admin-ticket-row')).toHaveCount(1);
  await shot(admin, 'admin-tickets-list');
  await admin.goto(`/admin/tickets?ticket=${ticketId}`);
  await expect(admin.getByRole('heading', { name: 'Cobrança em duplicidade' })).toBeVisible();
  await admin.getByLabel('Prioridade').selectOption('high');
  await admin.getByLabel('Adicionar Resposta').fill('Olá! Já estornamos a segunda cobrança. O valor volta em até 5 dias úteis.');
  await admin.getByRole('button', { name: 'Enviar Resposta' }).click();
  await expect(admin.getByTestId('conversation')).toContainText('Já estornamos a segunda cobrança');
  await expect(admin.getByLabel('Status')).toHaveValue('waiting_response');
  await shot(admin, 'admin-ticket-detail');

  // The user's page was left open: the answer arrives over socket.io.
  await expect(page.getByTestId('conversation')).toContainText('Já estornamos a segunda cobrança', { timeout: 10_000 });
  await expect(page.getByTestId('ticket-status')).toHaveText('Aguardando resposta');
  expect(navigations).toBe(0);
  await shot(page, 'ticket-view-answered');

  await page.getByRole('button', { name: 'Fechar Ticket' }).click();
  await expect(page.getByTestId('ticket-status')).toHaveText('Fechado');
  await expect(page.getByLabel('Adicionar Resposta')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Reabrir Ticket' })).toBeVisible();
  await shot(page, 'ticket-view-closed');
  // ...and the admin's open ticket follows too.
  await expect(admin.getByLabel('Status')).toHaveValue('closed');

  await userContext.close();
  await adminContext.close();
});
