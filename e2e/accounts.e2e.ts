import { expect, Page, test } from '@playwright/test';
import { shot } from './shot';
import { confirmationLink, signUp } from './signup';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { readCapturedMail } = require('../scripts/smtp-capture.js') as {
  readCapturedMail(dir: string, to: string, predicate?: (m: { subject: string }) => boolean, timeoutMs?: number): Promise<{ subject: string; text: string }>;
};


async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

test('register → login → profile → logout → forgot → reset from the e-mail → login with the new password', async ({ page }) => {
  const email = `conta-${Date.now()}@e2e.local`;

  await page.goto('/register');
  await page.getByLabel('Nome completo').fill('Joana Prado');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('WhatsApp').pressSequentially('11987654321', { delay: 40 });
  await expect(page.getByLabel('WhatsApp')).toHaveValue('(11) 98765-4321');
  await page.getByLabel('Senha', { exact: true }).fill('senha-inicial-1');
  await page.getByLabel('Confirmar senha').fill('senha-inicial-2');
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page.getByText('As senhas não coincidem')).toBeVisible();
  await expect(page.getByText('Aceite os termos para criar a conta.')).toBeVisible();
  await shot(page, 'register-errors');
  await page.getByLabel('Confirmar senha').fill('senha-inicial-1');
  await page.getByRole('checkbox').check();
  await expect(page.getByRole('link', { name: 'Política de Privacidade' })).toHaveAttribute('href', '/privacy-policy');
  await shot(page, 'register');
  await page.getByRole('button', { name: 'Criar conta' }).click();

  // The same answer whether or not the e-mail has an account: check your e-mail.
  await expect(page.getByRole('heading', { name: 'Verifique seu e-mail' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('Verifique seu e-mail: enviamos uma mensagem com o link para confirmar o cadastro.');
  await shot(page, 'register-check-email');
  // No account until the link is followed.
  await logIn(page, email, 'senha-inicial-1');
  await expect(page.getByRole('alert')).toHaveText('Usuário ou senha inválidos');
  await shot(page, 'login-error');
  // The e-mailed link creates the account and signs in.
  const confirm = new URL(await confirmationLink(email));
  await page.goto(`${confirm.pathname}${confirm.search}`);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Olá, Joana Prado!' })).toBeVisible();
  // Guest-only pages send a signed-in user home.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole('link', { name: 'Perfil' }).click();
  await expect(page.getByRole('heading', { name: 'Configurações da Conta' })).toBeVisible();
  await page.getByLabel('Nome completo').fill('Joana Prado Lima');
  await page.getByLabel('Telefone').pressSequentially('21987651234', { delay: 40 });
  await expect(page.getByLabel('Telefone')).toHaveValue('(21) 98765-1234');
  await page.getByLabel('Empresa').fill('Prado Advocacia');
  await page.getByLabel('Cargo').fill('Sócia');
  await page.getByRole('button', { name: 'Salvar Alterações' }).click();
  await expect(page.getByText('Perfil atualizado com sucesso!')).toBeVisible();
  await expect(page.locator('.shell-header')).toContainText('Joana Prado Lima');
  await shot(page, 'profile');

  await page.getByRole('tab', { name: 'Segurança' }).click();
  await page.getByLabel('Senha atual').fill('senha-inicial-1');
  await page.getByLabel('Nova senha', { exact: true }).fill('123');
  await page.getByLabel('Confirmar nova senha').fill('123');
  await page.getByRole('button', { name: 'Alterar Senha' }).click();
  await expect(page.getByText('A nova senha deve ter pelo menos 6 caracteres')).toBeVisible();
  await shot(page, 'profile-security');

  await page.getByRole('tab', { name: 'Notificações' }).click();
  const marketing = page.getByRole('switch', { name: /E-mails de novidades/ });
  await expect(marketing).not.toBeChecked();
  await marketing.check();
  await page.getByRole('button', { name: 'Salvar Preferências' }).click();
  await expect(page.getByText('Preferências de notificação atualizadas!')).toBeVisible();
  await shot(page, 'profile-notifications');
  await page.reload();
  await page.getByRole('tab', { name: 'Notificações' }).click();
  await expect(page.getByRole('switch', { name: /E-mails de novidades/ })).toBeChecked();

  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/profile');
  // Sent to sign in, with the way back to the page it asked for.
  await expect(page).toHaveURL(/\/login\?next=%2Fprofile$/);

  await page.getByRole('link', { name: 'Esqueceu a senha?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await shot(page, 'forgot-password');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Enviar link' }).click();
  // Never "sent" (the server cannot know whether the account exists without telling): a request was received.
  await expect(page.getByRole('heading', { name: 'Pedido recebido' })).toBeVisible();
  await shot(page, 'forgot-password-sent');

  const mail = await readCapturedMail(process.env.E2E_MAIL_DIR!, email, (m) => m.subject.startsWith('Redefinição de senha'));
  const link = /(https?:\/\/\S+\/reset-password\?token=[\w-]+)/.exec(mail.text)![1];
  const url = new URL(link);
  await page.goto(`${url.pathname}${url.search}`);
  await page.getByLabel('Nova senha', { exact: true }).fill('senha-nova-9');
  await page.getByLabel('Confirmar nova senha').fill('senha-nova-9');
  await shot(page, 'reset-password');
  await page.getByRole('button', { name: 'Redefinir senha' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Senha redefinida com sucesso! Entre com a nova senha.')).toBeVisible();

  await logIn(page, email, 'senha-inicial-1');
  await expect(page.getByRole('alert')).toHaveText('Usuário ou senha inválidos');
  await logIn(page, email, 'senha-nova-9');
  await expect(page).toHaveURL(/\/dashboard$/);
  // A normal user typing /admin lands on /dashboard.
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/rota-que-nao-existe');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('an admin chooses Administrador and lands on /admin; guests are sent to /login', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login\?next=%2Fadmin$/);
  await shot(page, 'login');
  await logIn(page, process.env.E2E_ADMIN_EMAIL!, process.env.E2E_ADMIN_PASSWORD!);
  await expect(page.getByRole('group', { name: 'Entrar como' })).toBeVisible();
  await shot(page, 'login-admin-mode');
  await page.getByLabel('Administrador').check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Painel Administrativo' })).toBeVisible();
  await page.goto('/register');
  await expect(page).toHaveURL(/\/admin$/);
});

test('a normal user never sees the Usuário/Administrador choice', async ({ page, request }) => {
  const email = `sem-admin-${Date.now()}@e2e.local`;
  await signUp({ name: 'Caio', email, whatsapp: '11987654321', password: 'senha-forte-1' });
  await logIn(page, email, 'senha-forte-1');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Entrar como')).toHaveCount(0);
});

test('corrupt stored session data is cleared', async ({ page }) => {
  await page.goto('/login');
  await page.evaluate(() => {
    localStorage.setItem('cda.token', 'lixo');
    localStorage.setItem('cda.user', '{quebrado');
  });
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?next=%2Fdashboard$/);
  expect(await page.evaluate(() => [localStorage.getItem('cda.token'), localStorage.getItem('cda.user')])).toEqual([null, null]);
});
