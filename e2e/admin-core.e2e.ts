import { APIRequestContext, expect, Page, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { shot } from './shot';
import { signUp } from './signup';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { readCapturedMail } = require('../scripts/smtp-capture.js') as {
  readCapturedMail(dir: string, to: string, predicate?: (m: { subject: string }) => boolean, timeoutMs?: number): Promise<{ subject: string; text: string }>;
};

test.use({ viewport: { width: 1280, height: 800 } });

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

async function logInAdmin(page: Page) {
  await logIn(page, process.env.E2E_ADMIN_EMAIL!, process.env.E2E_ADMIN_PASSWORD!);
  await page.getByLabel('Administrador').check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

async function register(_request: APIRequestContext, name: string, email: string) {
  return signUp({ name, email, whatsapp: '11987654321', password: 'senha-forte-1' });
}

test('back office: dashboard, users with every modal, suspension refusing the next request, plans, credits', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const run = Date.now();
  // Enough accounts for a second page of users, one with a support ticket for the dashboard.
  const people: { token: string; user: { id: string } }[] = [];
  for (let i = 1; i <= 11; i++) people.push(await register(request, `Cliente ${String(i).padStart(2, '0')} Silva`, `cliente-${i}-${run}@e2e.local`));
  const ticket = await request.post('/api/tickets', {
    headers: bearer(people[0].token),
    multipart: { title: 'Planilha sem a coluna de CPF', description: 'A planilha gerada hoje veio sem a coluna de CPF do devedor.', category: '1' },
  });
  expect(ticket.status()).toBe(201);
  const victimEmail = `suspensa-${run}@e2e.local`;
  await register(request, 'Vitória Suspensa', victimEmail);

  // The suspended user's own browser, signed in before the admin acts.
  const victimContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const victim = await victimContext.newPage();
  await logIn(victim, victimEmail, 'senha-forte-1');
  await expect(victim).toHaveURL(/\/dashboard$/);

  await logInAdmin(page);
  await expect(page.getByRole('heading', { name: 'Painel Administrativo' })).toBeVisible();
  await expect(page.getByText('Total de usuários')).toBeVisible();
  await expect(page.getByRole('button', { name: /Planilha sem a coluna de CPF/ })).toBeVisible();
  await shot(page, 'admin-dashboard');
  // A recent user opens on the users screen.
  await page.getByRole('button', { name: /Vitória Suspensa/ }).click();
  await expect(page).toHaveURL(/\/admin\/users\?user=/);
  await expect(page.getByRole('dialog', { name: 'Editar Usuário' })).toBeVisible();
  await expect(page.getByRole('dialog').getByLabel('E-mail *')).toHaveValue(victimEmail);
  await shot(page, 'admin-users-edit');
  await page.getByRole('dialog').getByRole('button', { name: 'Fechar', exact: true }).click();

  // The list: 10 per page with the shared pagination, filters, usage bars.
  const table = page.locator('.admin-table');
  await expect(table.locator('tbody tr')).toHaveCount(10);
  await expect(page.getByRole('navigation', { name: 'Paginação' })).toBeVisible();
  await shot(page, 'admin-users');
  await page.getByRole('button', { name: 'Página 2' }).click();
  await expect(page.getByRole('button', { name: 'Página 2' })).toHaveAttribute('aria-current', 'page');
  await page.getByLabel('Buscar usuários').fill(`${run}@e2e.local`);
  await expect(table.locator('tbody tr')).toHaveCount(10);
  await page.getByLabel('Buscar usuários').fill('nada-disso-existe');
  await expect(page.getByText('Nenhum usuário encontrado')).toBeVisible();

  // Suspend: the victim's very next request is refused and the session ends.
  await page.getByLabel('Buscar usuários').fill(victimEmail);
  const row = table.locator('tbody tr', { hasText: victimEmail });
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await row.getByRole('button', { name: 'Suspender' }).click();
  // Suspending asks first; nothing happens until confirmed.
  const confirmSuspend = page.getByRole('dialog', { name: 'Suspender Usuário' });
  await expect(confirmSuspend).toContainText('Tem certeza que deseja suspender Vitória Suspensa');
  await confirmSuspend.getByRole('button', { name: 'Suspender' }).click();
  await expect(page.getByText('Vitória Suspensa suspenso.')).toBeVisible();
  await expect(row.getByText('Suspenso')).toBeVisible();
  const refused = victim.waitForResponse((r) => r.url().includes('/api/') && r.status() === 401);
  await victim.getByRole('link', { name: 'Histórico', exact: true }).click();
  await refused;
  // The session ended under it: back to /history after signing in again.
  await expect(victim).toHaveURL(/\/login\?next=%2Fhistory$/);
  await victim.getByLabel('E-mail').fill(victimEmail);
  await victim.getByLabel('Senha', { exact: true }).fill('senha-forte-1');
  await victim.getByRole('button', { name: 'Entrar' }).click();
  await expect(victim.getByRole('alert')).toHaveText('Sua conta está suspensa. Fale com o suporte.');
  await shot(victim, 'admin-suspended-user-login');
  await row.getByRole('button', { name: 'Reativar' }).click();
  await expect(row.getByText('Ativo')).toBeVisible();

  // Credits from the table: a whole number > 0, recorded with the fixed description.
  await row.getByRole('button', { name: 'Créditos' }).click();
  const credits = page.getByRole('dialog', { name: 'Adicionar Créditos' });
  await credits.getByLabel('Quantidade de créditos *').fill('2.5');
  await expect(credits.getByRole('button', { name: 'Adicionar' })).toBeDisabled();
  await credits.getByLabel('Quantidade de créditos *').fill('2500');
  await shot(page, 'admin-users-credits');
  await credits.getByRole('button', { name: 'Adicionar' }).click();
  await expect(page.getByText('2.500 créditos adicionados a Vitória Suspensa.')).toBeVisible();
  await expect(row.locator('td.num').first()).toHaveText('2.500');

  // The account's own token limit: editable in the edit form, marked in the list.
  await row.getByRole('button', { name: 'Editar' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar Usuário' });
  await expect(edit.getByLabel('Limite de tokens')).toHaveAttribute('placeholder', 'Do plano: 1M');
  await edit.getByLabel('Limite de tokens').fill('2000000');
  await expect(edit.getByText(/Limite próprio desta conta: 2\.000\.000 tokens por mês/)).toBeVisible();
  await shot(page, 'admin-users-token-limit');
  await edit.getByRole('button', { name: 'Salvar Alterações' }).click();
  await expect(page.getByText('Usuário Vitória Suspensa atualizado.')).toBeVisible();
  await expect(row.getByText('limite próprio')).toBeVisible();

  // New user: the server e-mails a temporary password and demands a change at first login.
  const newEmail = `nova-${run}@e2e.local`;
  await page.getByRole('button', { name: 'Novo Usuário' }).click();
  const create = page.getByRole('dialog', { name: 'Novo Usuário' });
  await expect(create.getByRole('button', { name: 'Criar Usuário' })).toBeDisabled();
  await create.getByLabel('Nome *').fill('Renata Nova');
  await create.getByLabel('E-mail *').fill(newEmail);
  await create.getByLabel('Plano').selectOption('basic');
  await create.getByLabel('Telefone').pressSequentially('11912345678', { delay: 20 });
  await create.getByLabel('Empresa').fill('Nova & Associados');
  await create.getByLabel('Créditos iniciais').fill('1000');
  await shot(page, 'admin-users-new');
  await create.getByRole('button', { name: 'Criar Usuário' }).click();
  await expect(page.getByText(`A senha temporária foi enviada para ${newEmail}`)).toBeVisible();
  const mail = await readCapturedMail(process.env.E2E_MAIL_DIR!, newEmail);
  const temporary = /Senha temporária: (\S+)/.exec(mail.text)![1];

  const fresh = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const newcomer = await fresh.newPage();
  await logIn(newcomer, newEmail, temporary);
  await expect(newcomer).toHaveURL(/\/change-password$/);
  await newcomer.goto('/history');
  await expect(newcomer).toHaveURL(/\/change-password$/);
  await newcomer.getByLabel('Senha temporária (recebida por e-mail)').fill(temporary);
  await newcomer.getByLabel('Nova senha', { exact: true }).fill('renata-senha-1');
  await newcomer.getByLabel('Confirmar nova senha').fill('renata-senha-1');
  await shot(newcomer, 'change-password');
  await newcomer.getByRole('button', { name: 'Alterar Senha e Continuar' }).click();
  await expect(newcomer).toHaveURL(/\/dashboard$/);
  await fresh.close();

  // Delete: soft, confirmed, and the last row of page 2 going takes the list back to page 1.
  await page.getByLabel('Buscar usuários').fill(`${run}@e2e.local`);
  await expect(page.getByRole('button', { name: 'Página 2' })).toBeVisible();
  // Export: the filtered list (all 13 of this run, not just the page shown) as the server's CSV.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^usuarios_\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path())!);
  expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = csv.toString('utf8').slice(1).trimEnd().split('\r\n');
  expect(lines[0]).toMatch(/^ID;Nome;E-mail;Plano;/);
  expect(lines).toHaveLength(14);
  expect(lines.some((l) => l.includes('Renata Nova') && l.includes('Básico') && l.includes('(11) 91234-5678'))).toBe(true);
  await page.getByRole('button', { name: 'Página 2' }).click();
  const last = table.locator('tbody tr');
  // 13 accounts of this run: 10 + 3. Deleting the 3 on page 2 leaves 10, one page, no pagination.
  await expect(last).toHaveCount(3);
  for (const left of [2, 1]) {
    await last.first().getByRole('button', { name: 'Excluir' }).click();
    await page.getByRole('dialog', { name: 'Excluir Usuário' }).getByRole('button', { name: 'Excluir' }).click();
    await expect(last).toHaveCount(left);
  }
  await last.first().getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByRole('dialog', { name: 'Excluir Usuário' })).toContainText('Tem certeza que deseja excluir');
  await shot(page, 'admin-users-delete');
  await page.getByRole('dialog', { name: 'Excluir Usuário' }).getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByRole('navigation', { name: 'Paginação' })).toHaveCount(0);
  await expect(table.locator('tbody tr')).toHaveCount(10);

  // Plans: an inactive plan is dimmed and leaves /plans; Free cannot be deactivated nor deleted.
  await page.getByRole('link', { name: 'Planos' }).click();
  const enterprise = page.getByRole('article', { name: 'Plano Enterprise' });
  await expect(enterprise).toBeVisible();
  await enterprise.getByRole('button', { name: 'Editar' }).click();
  const planForm = page.getByRole('dialog', { name: /Editar Plano/ });
  await planForm.getByLabel(/^Ativo/).uncheck();
  await planForm.getByRole('button', { name: 'Salvar Plano' }).click();
  await expect(enterprise.getByText('Inativo')).toBeVisible();
  await expect(enterprise).toHaveClass(/inactive/);
  const free = page.getByRole('article', { name: 'Plano Gratuito' });
  await expect(free.getByRole('button', { name: 'Excluir' })).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'admin-plans');
  const publicPlans = (await (await request.get('/api/plans')).json()) as { id: string }[];
  expect(publicPlans.map((p) => p.id)).not.toContain('enterprise');
  await page.getByRole('article', { name: 'Plano Básico' }).getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByRole('dialog')).toContainText('Tem certeza que deseja excluir este plano?');
  await page.getByRole('dialog').getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByRole('alert')).toContainText('Não é possível excluir este plano');
  await free.getByRole('button', { name: 'Editar' }).click();
  await expect(page.getByRole('dialog').getByLabel(/^Ativo/)).toBeDisabled();
  await shot(page, 'admin-plans-edit');
  await page.getByRole('dialog').getByRole('button', { name: 'Fechar', exact: true }).click();
  // Other journeys buy plans: put Enterprise back as it was.
  await enterprise.getByRole('button', { name: 'Editar' }).click();
  await page.getByRole('dialog').getByLabel(/^Ativo/).check();
  await page.getByRole('dialog').getByRole('button', { name: 'Salvar Plano' }).click();
  await expect(enterprise.getByText('Inativo')).toHaveCount(0);

  // Credits: the ledger, the grant modal (user, amount and reason all required).
  await page.getByRole('link', { name: 'Créditos' }).click();
  await expect(page.getByRole('heading', { name: 'Gerenciar Créditos' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Créditos adicionados pelo administrador' }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Conceder Créditos' }).click();
  const grant = page.getByRole('dialog', { name: 'Conceder Créditos' });
  await grant.getByLabel('Usuário').fill('Vitória');
  await grant.getByRole('option', { name: /Vitória Suspensa/ }).click();
  await grant.getByLabel('Quantidade *').fill('750');
  await expect(grant.getByRole('button', { name: 'Conceder' })).toBeDisabled();
  await grant.getByLabel('Motivo *').fill('Compensação pela indisponibilidade');
  await shot(page, 'admin-credits-grant');
  await grant.getByRole('button', { name: 'Conceder' }).click();
  await expect(page.getByText('750 créditos concedidos a Vitória Suspensa.')).toBeVisible();
  await expect(page.locator('.admin-table tbody tr').first()).toContainText('Compensação pela indisponibilidade');
  await shot(page, 'admin-credits');
  await page.getByLabel('Buscar transações').fill('nada-disso-existe');
  await expect(page.getByText('Nenhuma transação encontrada')).toBeVisible();

  // A pack bought by card (through the provider stand-in) is refunded from its purchase row.
  const buyer = await register(request, 'Bruno Comprador', `bruno-${Date.now()}@teste.com.br`);
  const paid = await request.post('/api/payments/card', {
    headers: { Authorization: `Bearer ${buyer.token}` },
    data: { item: { kind: 'token_pack', itemId: 'basic' }, payer: { email: 'bruno@teste.com.br', fullName: 'Bruno Comprador', cpf: '123.456.789-09' }, token: 'fake-APRO-e2e', installments: 1, paymentMethodId: 'master' },
  });
  expect((await paid.json()).status).toBe('approved');
  await page.getByLabel('Buscar transações').fill('Bruno Comprador');
  const purchase = page.locator('.admin-table tbody tr').filter({ hasText: 'Compra: Pacote Básico de tokens' });
  await purchase.getByRole('button', { name: 'Estornar pagamento' }).click();
  const refund = page.getByRole('dialog', { name: 'Estornar pagamento' });
  await expect(refund).toContainText('R$ 19,00');
  await expect(refund).toContainText('Cartão de crédito');
  await shot(page, 'admin-credits-refund');
  await refund.getByRole('button', { name: 'Confirmar estorno' }).click();
  await expect(page.getByText('Pagamento de R$ 19,00 estornado a Bruno Comprador.')).toBeVisible();
  await expect(purchase).toContainText('Pagamento estornado');
  await expect(page.locator('.admin-table tbody tr').filter({ hasText: 'Estorno: Pacote Básico de tokens' })).toContainText('-1.000.000');
  const balance = await (await request.get('/api/dashboard', { headers: { Authorization: `Bearer ${buyer.token}` } })).json();
  expect(balance.tokens).toBe(1_000_000);

  // Pedidos: every order with its state at the provider; a pending PIX can be checked there at once.
  const pix = await request.post('/api/payments/pix', {
    headers: { Authorization: `Bearer ${buyer.token}` },
    data: { item: { kind: 'token_pack', itemId: 'basic' }, payer: { email: 'bruno@teste.com.br', fullName: 'Bruno Comprador', cpf: '123.456.789-09' } },
  });
  expect(pix.ok()).toBe(true);
  await page.getByRole('link', { name: 'Pedidos' }).click();
  await expect(page.getByRole('heading', { name: 'Pedidos' })).toBeVisible();
  await page.getByLabel('Buscar pedidos').fill('bruno@teste.com.br');
  const orders = page.getByTestId('admin-order');
  await expect(orders).toHaveCount(2);
  await expect(orders.nth(0)).toContainText('Aguardando pagamento');
  await expect(orders.nth(1)).toContainText('Estornado');
  await orders.nth(0).getByRole('button', { name: 'Consultar Mercado Pago' }).click();
  await expect(page.getByText('Mercado Pago confirma: aguardando pagamento.')).toBeVisible();
  await shot(page, 'admin-orders');
  await victimContext.close();
});
