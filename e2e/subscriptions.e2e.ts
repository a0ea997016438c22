import { expect, test } from '@playwright/test';
import { shot } from './shot';
import { signUp } from './signup';

/**
 * Plans end when they are not paid (issue #23), in the browser: Basic monthly bought by card in test
 * mode renews by itself (a preapproval at the test provider) until the renewal is cancelled in
 * Perfil → Plano; past the period's end (the test clock: an administrator's hook that exists only
 * against the bundled test provider) the account is on Free, and Perfil → Plano offers to reactivate
 * the plan (cancellation policy §5), which a card checkout does.
 */

/** Mercado Pago's browser SDK cannot load offline: a double of the two calls the card module makes (tokens carry the cardholder name). */
const SDK_DOUBLE = `
  window.MercadoPago = class {
    constructor() {}
    async getPaymentMethods({ bin }) { return { results: [{ id: bin.startsWith('4') ? 'visa' : 'master', issuer: { id: 24 } }] }; }
    async createCardToken(d) { return { id: 'fake-' + d.cardholderName.toUpperCase() + '-' + Math.random().toString(36).slice(2, 10) }; }
  };`;

test('Basic monthly by card renews by itself until cancelled in Perfil → Plano; past the period end the account is Free', async ({ page, request }) => {
  test.setTimeout(120_000);
  const session = await signUp({ name: 'Renata Assinante', email: `assinatura-${Date.now()}@teste.com.br`, whatsapp: '11987654321', password: 'senha-forte-1' });
  await page.addInitScript(
    ([token, user, sdk]) => {
      localStorage.setItem('cda.token', token);
      localStorage.setItem('cda.user', user);
      // eslint-disable-next-line no-eval
      (0, eval)(sdk);
    },
    [session.token, JSON.stringify(session.user), SDK_DOUBLE],
  );
  const auth = { Authorization: `Bearer ${session.token}` };

  // Buy Basic monthly by card (APRO approves in test mode).
  await page.goto('/plans');
  await page.getByTestId('plan-basic').getByRole('button', { name: 'Escolher Plano' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByTestId('checkout-total')).toHaveText('R$ 49,00');
  await expect(page.getByTestId('checkout-recurring')).toContainText('Renovação automática todo mês no mesmo cartão');
  await page.getByLabel('CPF').fill('12345678909');
  await page.getByLabel('Número do cartão').fill('5031433215406351');
  await page.getByLabel('Nome impresso no cartão').fill('APRO');
  await page.getByLabel('Validade').fill('1130');
  await page.getByLabel('CVV').fill('123');
  await page.getByLabel(/Li e aceito/).check();
  await page.getByRole('button', { name: /^Pagar com Cartão/ }).click();
  await expect(page.getByRole('heading', { name: 'Pagamento Confirmado!' })).toBeVisible();

  const bought = await (await request.get('/api/subscription', { headers: auth })).json();
  expect(bought).toMatchObject({ planId: 'basic', billingCycle: 'monthly', renewal: 'auto', nextChargeCents: 4900 });
  const endsOn = new Date(bought.periodEnd).toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' });

  // Perfil → Plano: the plan, its period, the next charge; then the renewal is cancelled.
  await page.goto('/profile?tab=plano');
  await expect(page.getByTestId('plan-name')).toHaveText('Básico — Mensal');
  await expect(page.getByTestId('plan-renewal')).toHaveText('Renovação automática');
  await expect(page.getByTestId('plan-next-charge')).toContainText('R$ 49,00 no cartão em');
  await expect(page.getByTestId('plan-period')).toContainText(endsOn);
  await page.getByRole('button', { name: 'Mudar de plano' }).click();
  await expect(page.getByTestId('change-options')).toContainText('Plano Premium — Mensal');
  await expect(page.getByTestId('change-options')).toContainText('A pagar agora');
  await shot(page, 'profile-plan-auto');
  await page.getByRole('button', { name: 'Mudar de plano' }).click();

  await page.getByRole('button', { name: 'Cancelar renovação' }).click();
  await expect(page.getByRole('dialog', { name: 'Cancelar renovação' })).toContainText(`até ${endsOn}`);
  await shot(page, 'profile-plan-cancel-confirm');
  await page.getByRole('button', { name: 'Confirmar cancelamento' }).click();
  await expect(page.getByRole('status')).toHaveText(`Renovação cancelada. Seu plano vale até ${endsOn}.`);
  await expect(page.getByTestId('plan-renewal')).toHaveText('Renovação cancelada');
  await expect(page.getByTestId('plan-expiry')).toContainText(`${endsOn} — depois disso, a conta volta ao plano Gratuito`);
  await expect(page.getByRole('button', { name: 'Renovar' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancelar e pedir reembolso' })).toBeVisible();
  await shot(page, 'profile-plan-cancelled');

  // The dashboard's "Validade do plano": the end date, that it will not renew, and Renovar.
  await page.goto('/dashboard');
  await expect(page.getByTestId('stat-expiry')).toContainText(endsOn);
  await expect(page.getByTestId('stat-expiry')).toContainText('renovação cancelada: expira nesta data');
  await expect(page.getByTestId('renew-link')).toBeVisible();
  await shot(page, 'dashboard-plan-validity');

  // Past the period's end: the test clock (administrator, test mode only) moves the rules and the provider.
  const admin = await (await request.post('/api/auth/login', { data: { email: process.env.E2E_ADMIN_EMAIL, password: process.env.E2E_ADMIN_PASSWORD } })).json();
  expect((await request.post('/api/admin/test-clock', { headers: auth, data: { days: 32 } })).status()).toBe(403);
  const moved = await request.post('/api/admin/test-clock', { headers: { Authorization: `Bearer ${admin.token}` }, data: { days: 32 } });
  expect(moved.ok()).toBe(true);
  expect((await moved.json()).ended).toBeGreaterThanOrEqual(1);

  await page.goto('/dashboard');
  await expect(page.getByTestId('stat-plan')).toContainText('Gratuito');
  await expect(page.getByTestId('stat-expiry')).toContainText('Gratuito');
  await expect(page.getByTestId('stat-expiry')).toContainText('sem vencimento');
  await shot(page, 'dashboard-after-expiry');
  await page.goto('/profile?tab=plano');
  await expect(page.getByTestId('plan-name')).toHaveText('Gratuito');
  await expect(page.getByTestId('plan-period')).toHaveText('sem vencimento');
  // The cancelled renewal was never charged.
  const orders = await (await request.get('/api/orders', { headers: auth })).json();
  expect(orders.items.map((o: { itemName: string }) => o.itemName)).toEqual(['Plano Básico - Mensal']);

  // Within 90 days of the end (cancellation policy §5) the plan can be taken up again: same plan, same cycle, current price.
  const offer = page.getByTestId('plan-reactivation');
  await expect(offer).toContainText(`Seu plano Básico (Mensal) terminou em ${endsOn}. Você pode reativá-lo até`);
  await expect(offer).toContainText('pelo preço atual: R$ 49,00/mês');
  await shot(page, 'profile-plan-free');
  await offer.getByRole('button', { name: 'Reativar plano Básico' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByTestId('checkout-total')).toHaveText('R$ 49,00');
  await expect(page.getByTestId('checkout-reactivation')).toContainText('Reativação do seu plano');
  await expect(page.getByRole('group', { name: 'Cobrança' })).toHaveCount(0);
  await shot(page, 'checkout-reactivation');
  await page.getByLabel('CPF').fill('12345678909');
  await page.getByLabel('Número do cartão').fill('5031433215406351');
  await page.getByLabel('Nome impresso no cartão').fill('APRO');
  await page.getByLabel('Validade').fill('1130');
  await page.getByLabel('CVV').fill('123');
  await page.getByLabel(/Li e aceito/).check();
  await page.getByRole('button', { name: /^Pagar com Cartão/ }).click();
  await expect(page.getByRole('heading', { name: 'Pagamento Confirmado!' })).toBeVisible();
  await page.goto('/profile?tab=plano');
  await expect(page.getByTestId('plan-name')).toHaveText('Básico — Mensal');
  await expect(page.getByTestId('plan-reactivation')).toHaveCount(0);
  const after = await (await request.get('/api/orders', { headers: auth })).json();
  expect(after.items.map((o: { itemName: string }) => o.itemName)).toContain('Reativação: Plano Básico - Mensal');
});
