import { readFileSync } from 'node:fs';
import { expect, Page, test } from '@playwright/test';
import { shot } from './shot';
import { confirmationLink } from './signup';

/** Issue 22, point 4: the WhatsApp given at sign-up is the one the profile, the admin list and the CSV show. */

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

test('sign up with a pasted +55 WhatsApp: Perfil, the admin list and the admin CSV show it; a landline keeps 10 digits', async ({ page, browser }) => {
  const email = `zap-${Date.now()}@e2e.local`;

  await page.goto('/register');
  await page.getByLabel('Nome completo').fill('Zuleica Zap');
  await page.getByLabel('E-mail').fill(email);
  // Pasted as people copy it from a contact card; the old mask made "(55) 11987-6543" of it.
  const whatsapp = page.getByLabel('WhatsApp');
  await whatsapp.fill('+55 11 98765-4321');
  await page.getByLabel('Senha', { exact: true }).click();
  await expect(whatsapp).toHaveValue('(11) 98765-4321');
  await page.getByLabel('Senha', { exact: true }).fill('senha-forte-1');
  await page.getByLabel('Confirmar senha').fill('senha-forte-1');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page.getByRole('heading', { name: 'Verifique seu e-mail' })).toBeVisible();
  const confirm = new URL(await confirmationLink(email));
  await page.goto(`${confirm.pathname}${confirm.search}`);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole('link', { name: 'Perfil' }).click();
  await expect(page.getByLabel('WhatsApp')).toHaveValue('(11) 98765-4321');
  // A 10-digit landline typed digit by digit (the old mask gave "(11) 33224-455").
  await page.getByLabel('Telefone').pressSequentially('1133224455', { delay: 30 });
  await expect(page.getByLabel('Telefone')).toHaveValue('(11) 3322-4455');
  await page.getByRole('button', { name: 'Salvar Alterações' }).click();
  await expect(page.getByText('Perfil atualizado com sucesso!')).toBeVisible();
  await shot(page, 'profile-whatsapp');
  await page.reload();
  await expect(page.getByLabel('WhatsApp')).toHaveValue('(11) 98765-4321');
  await expect(page.getByLabel('Telefone')).toHaveValue('(11) 3322-4455');
  // A number that cannot exist is named before any round trip.
  await page.getByLabel('Telefone').fill('(11) 2345-678');
  await page.getByRole('button', { name: 'Salvar Alterações' }).click();
  await expect(page.getByText('Informe um telefone válido com DDD.')).toBeVisible();

  // The administrator sees the same number, and when the account was last used.
  const admin = await (await browser.newContext()).newPage();
  await logIn(admin, process.env.E2E_ADMIN_EMAIL!, process.env.E2E_ADMIN_PASSWORD!);
  await admin.getByLabel('Administrador').check();
  await admin.getByRole('button', { name: 'Continuar' }).click();
  await expect(admin).toHaveURL(/\/admin$/);
  await admin.goto('/admin/users');
  await admin.getByLabel('Buscar usuários').fill(email);
  const row = admin.locator('.admin-table tbody tr', { hasText: email });
  await expect(admin.locator('.admin-table tbody tr')).toHaveCount(1);
  await expect(row.getByTestId('user-contact')).toHaveText('WhatsApp (11) 98765-4321');
  await expect(row).not.toContainText('Nunca');
  await shot(admin, 'admin-users-whatsapp');
  await row.getByRole('button', { name: 'Editar' }).click();
  const edit = admin.getByRole('dialog', { name: 'Editar Usuário' });
  await expect(edit.getByLabel('WhatsApp')).toHaveValue('(11) 98765-4321');
  await expect(edit.getByLabel('Telefone')).toHaveValue('(11) 3322-4455');
  await edit.getByRole('button', { name: 'Fechar' }).click();

  const [download] = await Promise.all([admin.waitForEvent('download'), admin.getByRole('button', { name: 'Exportar CSV' }).click()]);
  const csv = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
  const [header, line] = csv.trim().split('\r\n').map((l) => l.split(';'));
  expect(line[header.indexOf('E-mail')]).toBe(email);
  expect(line[header.indexOf('WhatsApp')]).toBe('(11) 98765-4321');
  expect(line[header.indexOf('Telefone')]).toBe('(11) 3322-4455');
  expect(line[header.indexOf('Último acesso')]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
});
