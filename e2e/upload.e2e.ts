import { expect, test } from '@playwright/test';
import { makeCdaPdf, sampleCertificate } from '../scripts/cda-pdf';
import { shot } from './shot';

function cdaPdf(): Promise<Buffer> {
  return makeCdaPdf([sampleCertificate(1, { number: '8061912345678' })]);
}

test('logs in, uploads a PDF and sees it finish without reloading', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(process.env.E2E_ADMIN_EMAIL!);
  await page.getByLabel('Senha', { exact: false }).first().fill(process.env.E2E_ADMIN_PASSWORD!);
  await page.getByRole('button', { name: 'Entrar' }).click();
  // The seeded account is root: the login asks which area to open.
  await page.getByLabel('Usuário', { exact: true }).check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('link', { name: 'Nova extração' }).click();
  await expect(page).toHaveURL(/\/simulator$/);

  let navigations = 0;
  page.on('framenavigated', (f) => f === page.mainFrame() && navigations++);

  await page.getByTestId('file-input').setInputFiles({ name: 'cda-80619123456.pdf', mimeType: 'application/pdf', buffer: await cdaPdf() });
  await expect(page.getByText('cda-80619123456.pdf')).toBeVisible();
  await page.getByRole('button', { name: 'Iniciar Análise' }).click();
  await expect(page.getByText('Análise iniciada. Acompanhe o andamento abaixo.')).toBeVisible();

  const item = page.getByTestId('analysis-result');
  await expect(item.getByTestId('status-badge')).toHaveText('Concluída', { timeout: 30_000 });
  await expect(item.getByRole('button', { name: /Baixar Base_Certidoes_Divida_Ativa\.xlsx/ })).toBeVisible();
  expect(navigations).toBe(0);

  for (const name of ['Base_Certidoes_Divida_Ativa.xlsx', 'Simulacao_Classificacao.xlsx']) {
    const download = page.waitForEvent('download');
    await item.getByRole('button', { name: `Baixar ${name}` }).click();
    expect((await download).suggestedFilename()).toBe(name);
  }

  await shot(page, 'simulator-concluida');
});

test('refuses a wrong password with the generic message', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(process.env.E2E_ADMIN_EMAIL!);
  await page.getByLabel('Senha', { exact: false }).first().fill('senha-errada');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('alert')).toHaveText('Usuário ou senha inválidos');
});
