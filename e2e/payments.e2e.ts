import { APIRequestContext, Page, expect, test } from '@playwright/test';
import { shot } from './shot';
import { signUp } from './signup';


/**
 * Mercado Pago's browser SDK cannot load here (no internet), so the page gets a double of the two
 * calls our card module makes. Its tokens carry the cardholder name, which the fake provider turns
 * into Mercado Pago's documented test outcome (APRO approved, FUND no funds, CONT pending...).
 */
const SDK_DOUBLE = `
  window.MercadoPago = class {
    constructor(publicKey, options) { window.__mpInit = { publicKey, locale: options.locale }; }
    async getPaymentMethods({ bin }) { return { results: [{ id: bin.startsWith('4') ? 'visa' : 'master', issuer: { id: 24 } }] }; }
    async createCardToken(d) { return { id: 'fake-' + d.cardholderName.toUpperCase() + '-' + Date.now() }; }
  };`;

async function signIn(page: Page, request: APIRequestContext) {
  const email = `compra-${Date.now()}@teste.com.br`;
  const session = await signUp({ name: 'Maria da Silva', email, whatsapp: '11987654321', password: 'senha-forte-1' });
  await page.addInitScript(
    ([token, user, sdk]) => {
      localStorage.setItem('cda.token', token);
      localStorage.setItem('cda.user', user);
      // eslint-disable-next-line no-eval
      (0, eval)(sdk);
    },
    [session.token, JSON.stringify(session.user), SDK_DOUBLE],
  );
  return session.token as string;
}

async function payByCard(page: Page, holder: string) {
  await page.getByLabel('CPF').fill('12345678909');
  await expect(page.getByLabel('CPF')).toHaveValue('123.456.789-09');
  await page.getByLabel('Número do cartão').fill('5031433215406351');
  await page.getByLabel('Nome impresso no cartão').fill(holder);
  await page.getByLabel('Validade').fill('1130');
  await page.getByLabel('CVV').fill('123');
  await page.getByLabel(/Li e aceito/).check();
  await page.getByRole('button', { name: /^Pagar com Cartão/ }).click();
}

test('Premium yearly by card (APRO) activates the plan; a PIX pack moves to success when the provider approves it', async ({ page, request }) => {
  const token = await signIn(page, request);
  await page.goto('/plans');
  await expect(page.getByTestId('current-plan')).toHaveText('Gratuito');
  await page.getByRole('group', { name: 'Cobrança' }).getByRole('button', { name: /Anual/ }).click();
  await shot(page, 'plans');
  await page.getByTestId('plan-premium').getByRole('button', { name: 'Escolher Plano' }).click();

  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByText('Modo de teste')).toBeVisible();
  await expect(page.getByText('Plano Premium', { exact: true })).toBeVisible();
  await expect(page.getByTestId('checkout-total')).toHaveText('R$ 1.430,00');
  await expect(page.getByText('Cobrado anualmente')).toBeVisible();
  await expect(page.getByText('Até 12x sem juros')).toBeVisible();
  await expect(page.getByText('Aprovação instantânea')).toBeVisible();
  await shot(page, 'checkout-card');
  await payByCard(page, 'APRO');

  await expect(page).toHaveURL(/\/payment\/success\?order=/);
  await expect(page.getByRole('heading', { name: 'Pagamento Confirmado!' })).toBeVisible();
  await expect(page.getByTestId('result-item')).toHaveText('Plano Premium - Anual');
  await expect(page.getByTestId('result-amount')).toHaveText('R$ 1.430,00');
  await expect(page.getByTestId('result-status')).toHaveText('Confirmado');
  expect(await page.evaluate(() => (window as unknown as { __mpInit: unknown }).__mpInit)).toEqual({ publicKey: 'TEST-modo-teste', locale: 'pt-BR' });
  await shot(page, 'payment-success');

  const dashboard = await (await request.get('/api/dashboard', { headers: { Authorization: `Bearer ${token}` } })).json();
  expect(dashboard).toMatchObject({ planId: 'premium', planName: 'Premium', tokens: 20_000_000, tokensPlan: 20_000_000 });
  await page.goto('/dashboard');
  await expect(page.getByTestId('stat-plan')).toContainText('Premium');
  await expect(page.getByTestId('stat-tokens')).toContainText('20M');
  await expect(page.getByTestId('stat-tokens')).toContainText('20M total');
  await shot(page, 'dashboard-premium');
  await page.goto('/plans');
  await expect(page.getByTestId('current-plan')).toHaveText('Premium');
  await expect(page.getByTestId('current-tokens')).toHaveText('20M tokens disponíveis de 20M');
  await expect(page.getByTestId('plan-premium').getByRole('button', { name: 'Plano Atual' })).toBeDisabled();

  // PIX: the page waits for the provider's webhook, pushed to the browser; no reload.
  await page.getByTestId('pack-basic').getByRole('button', { name: 'Comprar Pacote' }).click();
  await page.getByText('Aprovação instantânea').click();
  await page.getByLabel('CPF').fill('12345678909');
  await page.getByLabel(/Li e aceito/).check();
  const created = page.waitForResponse((r) => r.url().endsWith('/api/payments/pix'));
  await page.getByRole('button', { name: 'Gerar PIX R$ 19,00' }).click();
  const order = await (await created).json();
  await expect(page.getByText('Aguardando pagamento...')).toBeVisible();
  await expect(page.getByTestId('pix-amount')).toHaveText('R$ 19,00');
  await expect(page.getByTestId('pix-countdown')).toHaveText(/^(29:\d\d|30:00)$/);
  await expect(page.getByRole('img', { name: 'QR Code PIX' })).toBeVisible();
  await page.getByRole('button', { name: 'Copiar' }).click();
  await expect(page.getByRole('button', { name: 'Copiado!' })).toBeVisible();
  await shot(page, 'pix');
  await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));

  const approved = await request.post(`${process.env.E2E_MP_URL}/__test/payments/${order.providerPaymentId}/approve`);
  expect(approved.ok()).toBe(true);
  await expect(page).toHaveURL(new RegExp(`/payment/success\\?order=${order.id}$`), { timeout: 4000 });
  await expect(page.getByTestId('result-item')).toHaveText('Pacote Básico de tokens');
  expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
  const after = await (await request.get('/api/dashboard', { headers: { Authorization: `Bearer ${token}` } })).json();
  expect(after.tokens).toBe(21_000_000);

  // Both purchases are in the account's payment list, newest first, each with its receipt.
  await page.getByRole('link', { name: 'Meus pagamentos' }).click();
  await expect(page).toHaveURL(/\/profile\?tab=pagamentos$/);
  await expect(page.getByRole('tab', { name: 'Pagamentos' })).toHaveAttribute('aria-selected', 'true');
  const rows = page.getByTestId('order-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Pacote Básico de tokens');
  await expect(rows.nth(0)).toContainText('PIX');
  await expect(rows.nth(0)).toContainText('R$ 19,00');
  await expect(rows.nth(0)).toContainText('Confirmado');
  await expect(rows.nth(1)).toContainText('Plano Premium - Anual');
  await expect(rows.nth(1)).toContainText('Cartão de crédito');
  await expect(rows.nth(1)).toContainText('R$ 1.430,00');
  await shot(page, 'profile-payments');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(rows.nth(1).getByRole('link', { name: 'Ver recibo' })).toBeInViewport();
  // Nothing wider than the phone: the tab strip scrolls by itself.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, 'profile-payments-mobile');
  await rows.nth(1).getByRole('link', { name: 'Ver recibo' }).click();
  await expect(page).toHaveURL(/\/payment\/success\?order=/);
  await expect(page.getByTestId('result-item')).toHaveText('Plano Premium - Anual');
});

test('a declined card shows the reason from the provider; an in-review card shows the pending page', async ({ page, request }) => {
  const token = await signIn(page, request);
  await page.goto('/plans');
  await page.getByTestId('pack-premium').getByRole('button', { name: 'Comprar Pacote' }).click();
  await payByCard(page, 'FUND');
  await expect(page).toHaveURL(/\/payment\/failure\?order=/);
  await expect(page.getByRole('heading', { name: 'Pagamento Não Autorizado' })).toBeVisible();
  await expect(page.getByTestId('result-reason')).toHaveText('Cartão sem limite suficiente');
  await expect(page.getByTestId('result-amount')).toHaveText('R$ 79,00');
  await shot(page, 'payment-failure');

  await page.getByRole('button', { name: 'Tentar novamente' }).click();
  await expect(page.getByTestId('checkout-total')).toHaveText('R$ 79,00');
  await payByCard(page, 'CONT');
  await expect(page).toHaveURL(/\/payment\/pending\?order=/);
  await expect(page.getByRole('heading', { name: 'Pagamento em Análise' })).toBeVisible();
  await page.getByRole('button', { name: 'Verificar Status' }).click();
  await expect(page.getByTestId('result-status')).toHaveText('Em análise');
  await shot(page, 'payment-pending');

  // The payment list tells the two apart; the refused one says why and opens its failure page.
  await page.goto('/profile?tab=pagamentos');
  const rows = page.getByTestId('order-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Aguardando pagamento');
  await expect(rows.nth(1)).toContainText('Recusado');
  await expect(rows.nth(1)).toContainText('Cartão sem limite suficiente');
  // The review ends at the provider: the row turns without a reload.
  const mine = await (await request.get('/api/orders', { headers: { Authorization: `Bearer ${token}` } })).json();
  const inReview = mine.items.find((o: { status: string }) => o.status === 'pending');
  expect((await request.post(`${process.env.E2E_MP_URL}/__test/payments/${inReview.providerPaymentId}/approve`)).ok()).toBe(true);
  await expect(rows.nth(0)).toContainText('Confirmado');
  await expect(rows.nth(0).getByRole('link', { name: 'Ver recibo' })).toBeVisible();
  await rows.nth(1).getByRole('link', { name: 'Ver detalhes' }).click();
  await expect(page.getByRole('heading', { name: 'Pagamento Não Autorizado' })).toBeVisible();

  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Plano não encontrado' })).toBeVisible();
});

test('an open PIX is paid later from the payment list: its QR code again, then the receipt', async ({ page, request }) => {
  const token = await signIn(page, request);
  const created = await request.post('/api/payments/pix', {
    headers: { Authorization: `Bearer ${token}` },
    data: { item: { kind: 'token_pack', itemId: 'basic' }, payer: { email: 'maria@teste.com.br', fullName: 'Maria da Silva', cpf: '123.456.789-09' } },
  });
  const order = await created.json();
  await page.goto('/profile?tab=pagamentos');
  const row = page.getByTestId('order-row').first();
  await expect(row).toContainText('Aguardando pagamento');
  await row.getByRole('link', { name: 'Ver detalhes' }).click();
  await expect(page).toHaveURL(new RegExp(`/payment/pending\\?order=${order.id}$`));
  await expect(page.getByRole('img', { name: 'QR Code PIX' })).toBeVisible();
  await expect(page.getByTestId('pix-amount')).toHaveText('R$ 19,00');
  await expect(page.getByTestId('pix-countdown')).toHaveText(/^(29:\d\d|30:00)$/);
  await shot(page, 'pix-reopened');
  expect((await request.post(`${process.env.E2E_MP_URL}/__test/payments/${order.providerPaymentId}/approve`)).ok()).toBe(true);
  await expect(page).toHaveURL(new RegExp(`/payment/success\\?order=${order.id}$`));
  await expect(page.getByTestId('result-item')).toHaveText('Pacote Básico de tokens');
});
