import { APIRequestContext, Page, expect, test } from '@playwright/test';
import { shot } from './shot';
import { signUp } from './signup';

/**
 * Issue #22, part A, on a stack started as `npm start` starts it: the product's own mail catcher
 * (its web inbox is where these tests read every e-mail), the test provider's stand-in of Mercado
 * Pago's card tokenizer (no double injected into the page), and links that land where they point.
 */
const INBOX = () => process.env.E2E_MAIL_INBOX_URL!;

interface InboxMail { id: number; to: string[]; subject: string; text: string }

/** The newest message to `to` whose subject starts with `subject`, read from the catcher's web inbox. */
async function mailFromInbox(to: string, subject: string, timeoutMs = 15_000): Promise<InboxMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const all = (await (await fetch(`${INBOX()}/messages`)).json()) as InboxMail[];
    const found = all.filter((m) => m.to.includes(to.toLowerCase()) && m.subject.startsWith(subject)).at(-1);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no "${subject}" e-mail to ${to} in the inbox`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { email: process.env.E2E_ADMIN_EMAIL, password: process.env.E2E_ADMIN_PASSWORD } });
  return (await res.json()).token;
}

async function adminSession(page: Page) {
  await page.goto('/login');
  await logIn(page, process.env.E2E_ADMIN_EMAIL!, process.env.E2E_ADMIN_PASSWORD!);
  await page.getByLabel('Administrador').check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

test('forgot password: the link is read from the mail catcher, the reset works, the new password signs in', async ({ page }) => {
  const email = `esqueci-${Date.now()}@e2e.local`;
  await signUp({ name: 'Lia Esquecida', email, whatsapp: '11987654321', password: 'senha-antiga-1' });

  await page.goto('/forgot-password');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Enviar link' }).click();
  // No claim of delivery, no hint whether the account exists.
  await expect(page.getByRole('heading', { name: 'Pedido recebido' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(`Se houver uma conta com ${email}`);
  await expect(page.getByText('Email enviado')).toHaveCount(0);
  await shot(page, 'forgot-password-requested');

  const mail = await mailFromInbox(email, 'Redefinição de senha');
  // The inbox `npm start` prints shows it too.
  await page.goto(`${INBOX()}/?m=${mail.id}`);
  await expect(page.getByRole('heading', { name: mail.subject })).toBeVisible();
  await expect(page.locator('pre')).toContainText('Redefinir senha:');
  await shot(page, 'mail-catcher-inbox');

  const link = new URL(/(https?:\/\/\S+\/reset-password\?token=[\w-]+)/.exec(mail.text)![1]);
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByLabel('Nova senha', { exact: true }).fill('senha-nova-22');
  await page.getByLabel('Confirmar nova senha').fill('senha-nova-22');
  await page.getByRole('button', { name: 'Redefinir senha' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, email, 'senha-nova-22');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('admin creates a user; the user reads the temporary password from the mail and changes it', async ({ page, browser }) => {
  const email = `criado-${Date.now()}@e2e.local`;
  await adminSession(page);
  await page.goto('/admin/users');
  await page.getByRole('button', { name: 'Novo Usuário' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo Usuário' });
  await dialog.getByLabel('Nome *').fill('Beto Criado');
  await dialog.getByLabel('E-mail *').fill(email);
  await dialog.getByRole('button', { name: 'Criar Usuário' }).click();
  // Said "enviada" because the SMTP server (the catcher) accepted it.
  await expect(page.getByText(`A senha temporária foi enviada para ${email} (o servidor de e-mail aceitou a mensagem)`)).toBeVisible();

  const mail = await mailFromInbox(email, 'Sua conta no');
  const temporary = /Senha temporária: (\S+)/.exec(mail.text)![1];

  // The E-mails page lists it as sent.
  await page.goto('/admin/emails');
  await expect(page.getByRole('heading', { name: 'E-mails' })).toBeVisible();
  const row = page.getByTestId('mail-row').filter({ hasText: email });
  await expect(row).toContainText('Conta criada pelo administrador');
  await expect(row).toContainText('Enviado');
  await expect(page.getByTestId('mail-catcher-notice')).toContainText(INBOX());
  await expect(page.getByTestId('smtp-banner')).toHaveCount(0);
  await shot(page, 'admin-emails');

  const context = await browser.newContext();
  const user = await context.newPage();
  await user.goto('/login');
  await logIn(user, email, temporary);
  await expect(user.getByRole('heading', { name: 'Troque sua senha' })).toBeVisible();
  await user.getByLabel('Senha temporária (recebida por e-mail)').fill(temporary);
  await user.getByLabel('Nova senha', { exact: true }).fill('minha-senha-9');
  await user.getByLabel('Confirmar nova senha').fill('minha-senha-9');
  await user.getByRole('button', { name: 'Alterar Senha e Continuar' }).click();
  await expect(user).toHaveURL(/\/dashboard$/);
  await context.close();
});

test('without SMTP: a banner, the temporary password shown once to the admin, the outbox keeps the mail and resends it', async ({ page, request }) => {
  const token = await adminToken(request);
  const auth = { Authorization: `Bearer ${token}` };
  const saved = (await (await request.get('/api/admin/settings', { headers: auth })).json()).email;
  await request.put('/api/admin/settings/email', { headers: auth, data: { smtpHost: '' } });
  try {
    const email = `sem-smtp-${Date.now()}@e2e.local`;
    await adminSession(page);
    await expect(page.getByTestId('smtp-banner')).toContainText('SMTP não configurado: nenhum e-mail está sendo enviado.');
    await page.goto('/admin/users');
    await page.getByRole('button', { name: 'Novo Usuário' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo Usuário' });
    await dialog.getByLabel('Nome *').fill('Caio Sem Smtp');
    await dialog.getByLabel('E-mail *').fill(email);
    await dialog.getByRole('button', { name: 'Criar Usuário' }).click();
    const once = page.getByRole('dialog', { name: 'Usuário criado — e-mail não enviado' });
    await expect(once.getByRole('alert')).toContainText('O e-mail com a senha temporária não foi enviado');
    const password = (await once.getByTestId('temporary-password').textContent())!;
    expect(password.length).toBeGreaterThanOrEqual(20);
    await shot(page, 'admin-user-created-mail-unsent');
    await once.getByRole('button', { name: 'Fechar', exact: true }).click();
    await expect(page.getByText('A senha temporária não foi enviada por e-mail')).toBeVisible();

    await page.goto('/admin/emails');
    const row = page.getByTestId('mail-row').filter({ hasText: email });
    await expect(row).toContainText('Não enviado (sem SMTP)');
    await expect(row).toContainText('Servidor SMTP não configurado.');
    await shot(page, 'admin-emails-unsent');

    // SMTP back: "Reenviar" delivers it, and only then does the page say "Enviado".
    await request.put('/api/admin/settings/email', { headers: auth, data: { smtpHost: saved.smtpHost, smtpPort: saved.smtpPort } });
    await row.getByRole('button', { name: 'Reenviar' }).click();
    await expect(page.getByText(`E-mail para ${email} enviado: o servidor SMTP o aceitou.`)).toBeVisible();
    await expect(row).toContainText('Enviado');
    const mail = await mailFromInbox(email, 'Sua conta no');
    expect(mail.text).toContain(`Senha temporária: ${password}`);
  } finally {
    await request.put('/api/admin/settings/email', { headers: auth, data: { smtpHost: saved.smtpHost, smtpPort: saved.smtpPort } });
  }
});

async function toCheckout(page: Page, session: { token: string; user: unknown }) {
  await page.addInitScript(([token, user]) => {
    localStorage.setItem('cda.token', token);
    localStorage.setItem('cda.user', user);
  }, [session.token, JSON.stringify(session.user)]);
  await page.goto('/plans');
  await page.getByTestId('plan-basic').getByRole('button', { name: 'Escolher Plano' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
}

async function payWithStandIn(page: Page, holder: string) {
  const tests = page.getByRole('group', { name: 'Cartões de teste' });
  await tests.getByRole('button', { name: 'Usar o cartão Mastercard' }).click();
  await tests.getByRole('button', { name: `Usar o nome ${holder}` }).click();
  await expect(page.getByLabel('Nome impresso no cartão')).toHaveValue(holder);
  await expect(page.getByLabel('CPF')).toHaveValue('123.456.789-09');
  await page.getByLabel(/Li e aceito/).check();
  await page.getByRole('button', { name: /^Pagar com Cartão/ }).click();
}

test('card checkout through the test provider\'s tokenizer stand-in: APRO succeeds, OTHE fails with its reason, CONT is pending', async ({ page }) => {
  const session = await signUp({ name: 'Rui Cartão', email: `cartao-${Date.now()}@e2e.local`, whatsapp: '11987654321', password: 'senha-forte-1' });
  const sdkRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/js/v2') || r.url().includes('/v1/card_tokens')) sdkRequests.push(new URL(r.url()).pathname);
  });

  await toCheckout(page, session);
  await expect(page.getByText('Modo de teste')).toBeVisible();
  for (const name of ['APRO', 'OTHE', 'CONT', 'CALL', 'FUND', 'SECU', 'EXPI', 'FORM']) await expect(page.getByTestId(`test-holder-${name}`)).toBeVisible();
  await expect(page.getByTestId('test-holder-APRO')).toContainText('Pagamento aprovado');
  await expect(page.getByTestId('test-holder-CONT')).toContainText('Pagamento pendente');
  await shot(page, 'checkout-test-cards');

  // A bad card is refused by the tokenizer itself, in pt-BR.
  await page.getByLabel('CPF').fill('12345678909');
  await page.getByLabel('Número do cartão').fill('5031433215406352');
  await page.getByLabel('Nome impresso no cartão').fill('APRO');
  await page.getByLabel('Validade').fill('1130');
  await page.getByLabel('CVV').fill('123');
  await page.getByLabel(/Li e aceito/).check();
  await page.getByRole('button', { name: /^Pagar com Cartão/ }).click();
  await expect(page.getByRole('alert')).toHaveText('Número do cartão inválido.');
  await page.getByLabel(/Li e aceito/).uncheck();

  await payWithStandIn(page, 'OTHE');
  await expect(page).toHaveURL(/\/payment\/failure\?order=/);
  await expect(page.getByRole('heading', { name: 'Pagamento Não Autorizado' })).toBeVisible();
  await expect(page.getByTestId('result-reason')).toHaveText('Não foi possível processar o pagamento');
  await expect(page.getByText('cc_rejected_other_reason')).toBeVisible();
  await shot(page, 'payment-failure-othe');

  await toCheckout(page, session);
  await payWithStandIn(page, 'CONT');
  await expect(page).toHaveURL(/\/payment\/pending\?order=/);
  await expect(page.getByRole('heading', { name: 'Pagamento em Análise' })).toBeVisible();
  await shot(page, 'payment-pending-cont');

  await toCheckout(page, session);
  await payWithStandIn(page, 'APRO');
  await expect(page).toHaveURL(/\/payment\/success\?order=/);
  await expect(page.getByRole('heading', { name: 'Pagamento Confirmado!' })).toBeVisible();
  await expect(page.getByTestId('result-item')).toHaveText('Plano Básico - Mensal');
  expect(sdkRequests).toContain('/js/v2');
  expect(sdkRequests.filter((p) => p === '/v1/card_tokens').length).toBeGreaterThanOrEqual(3);
  // The webhook (signed, from the provider) and the card answer agree: the plan is active.
  await page.goto('/dashboard');
  await expect(page.getByTestId('stat-plan')).toContainText('Básico');
});

test('signed out: a payment result link opens without signing in (no personal data); /tickets?ticket=… lands on the ticket after login', async ({ page, browser, request }) => {
  const email = `links-${Date.now()}@e2e.local`;
  const session = await signUp({ name: 'Nina Links', email, whatsapp: '11987654321', password: 'senha-forte-1' });
  const auth = { Authorization: `Bearer ${session.token}` };
  const order = await (
    await request.post('/api/payments/card', {
      headers: auth,
      data: { item: { kind: 'token_pack', itemId: 'basic' }, payer: { email, fullName: 'Nina Links', cpf: '12345678909' }, token: `fake-APRO-${Date.now()}`, installments: 1, paymentMethodId: 'master', issuerId: '24' },
    })
  ).json();
  expect(order.status).toBe('approved');
  const ticket = await (await request.post('/api/tickets', { headers: auth, multipart: { title: 'Dúvida sobre o pedido', description: 'Recebi o e-mail do pedido e quero confirmar.' } })).json();

  const context = await browser.newContext();
  const guest = await context.newPage();
  await guest.goto(`/payment/success?order=${order.id}`);
  await expect(guest).toHaveURL(new RegExp(`/payment/success\\?order=${order.id}$`));
  await expect(guest.getByRole('heading', { name: 'Pagamento Confirmado!' })).toBeVisible();
  await expect(guest.getByTestId('result-item')).toHaveText('Pacote Básico de tokens');
  await expect(guest.locator('body')).not.toContainText(email);
  await expect(guest.locator('body')).not.toContainText('Nina');
  await shot(guest, 'payment-success-public');
  // From there, a page that needs the account: login, then back to it.
  await guest.getByRole('link', { name: 'Meus pagamentos' }).click();
  await expect(guest).toHaveURL(/\/login\?next=%2Fprofile%3Ftab%3Dpagamentos$/);
  await logIn(guest, email, 'senha-forte-1');
  await expect(guest).toHaveURL(/\/profile\?tab=pagamentos$/);
  await context.close();

  const other = await browser.newContext();
  const visitor = await other.newPage();
  await visitor.goto(`/tickets?ticket=${ticket.id}`);
  await expect(visitor).toHaveURL(new RegExp(`/login\\?next=%2Ftickets%3Fticket%3D${ticket.id}$`));
  await expect(visitor.getByRole('button', { name: 'Entrar' })).toBeVisible();
  await shot(visitor, 'login-with-next');
  await logIn(visitor, email, 'senha-forte-1');
  await expect(visitor).toHaveURL(new RegExp(`/tickets\\?ticket=${ticket.id}$`));
  await expect(visitor.getByRole('heading', { name: 'Dúvida sobre o pedido' })).toBeVisible();

  // A foreign `next` is ignored; the legal pages send a signed-in user back to their area, not to /register.
  await visitor.goto('/terms-of-service');
  await visitor.getByRole('link', { name: '← Voltar para a sua conta' }).first().click();
  await expect(visitor).toHaveURL(/\/dashboard$/);
  await visitor.getByRole('button', { name: 'Sair' }).click();
  await visitor.goto('/login?next=%2F%2Fevil.example');
  await logIn(visitor, email, 'senha-forte-1');
  await expect(visitor).toHaveURL(/localhost:\d+\/dashboard$/);
  await other.close();
});
