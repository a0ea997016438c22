import { expect, test } from '@playwright/test';
import { makeCdaPdf, sampleCertificate } from '../scripts/cda-pdf';
import { shot } from './shot';
import { signUp } from './signup';

/**
 * Issue 22, point 3: "push quando uma análise termina" with the tab open is the page's own notification
 * (Notification API). The browser's Notification is recorded by an init script (a headless browser
 * shows none), with the permission granted as a user would.
 */
test('an analysis that ends shows a browser notification in the open tab; the screen explains the marketing switches', async ({ page, context }) => {
  const email = `aviso-${Date.now()}@e2e.local`;
  const session = await signUp({ name: 'Nina Notifica', email, whatsapp: '(11) 98765-4321', password: 'senha-forte-1' });
  await context.grantPermissions(['notifications']);
  await page.addInitScript(() => {
    const shown: { title: string; body?: string; tag?: string }[] = [];
    (window as unknown as { __shown: typeof shown }).__shown = shown;
    class Recorded {
      static permission = 'granted';
      static requestPermission = async () => 'granted';
      onclick: (() => void) | null = null;
      constructor(title: string, options: { body?: string; tag?: string } = {}) {
        shown.push({ title, body: options.body, tag: options.tag });
      }
      close() {}
    }
    (window as unknown as { Notification: unknown }).Notification = Recorded;
  });
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill('senha-forte-1');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/profile?tab=notificacoes');
  await expect(page.getByText('Hoje não enviamos e-mails de novidades ou ofertas')).toBeVisible();
  await expect(page.getByRole('switch', { name: /Notificação de análise concluída/ })).toBeChecked();
  await shot(page, 'profile-notifications');

  await page.getByRole('link', { name: 'Simulador' }).click();
  await page.getByTestId('file-input').setInputFiles({
    name: 'cda-aviso.pdf',
    mimeType: 'application/pdf',
    buffer: await makeCdaPdf([sampleCertificate(1, { number: '8061912345679' })]),
  });
  await page.getByRole('button', { name: 'Iniciar Análise' }).click();
  await expect(page.getByTestId('analysis-result').getByTestId('status-badge')).toHaveText('Concluída', { timeout: 30_000 });
  await expect.poll(() => page.evaluate(() => (window as unknown as { __shown: unknown[] }).__shown), { timeout: 10_000 }).toEqual([
    { title: 'Análise concluída', body: 'Suas planilhas estão prontas para baixar.', tag: expect.stringMatching(/^analysis-[0-9a-f-]{36}$/) },
  ]);

  // Switched off: the next analysis ends in silence.
  await page.goto('/profile?tab=notificacoes');
  await page.getByRole('switch', { name: /Notificação de análise concluída/ }).uncheck();
  await page.getByRole('button', { name: 'Salvar Preferências' }).click();
  await expect(page.getByText('Preferências de notificação atualizadas!')).toBeVisible();
  await page.getByRole('link', { name: 'Simulador' }).click();
  await page.getByTestId('file-input').setInputFiles({
    name: 'cda-silencio.pdf',
    mimeType: 'application/pdf',
    buffer: await makeCdaPdf([sampleCertificate(2, { number: '8061912345680' })]),
  });
  await page.getByRole('button', { name: 'Iniciar Análise' }).click();
  await expect(page.getByTestId('analysis-result').getByTestId('status-badge')).toHaveText('Concluída', { timeout: 30_000 });
  await page.waitForTimeout(1500);
  expect(await page.evaluate(() => (window as unknown as { __shown: unknown[] }).__shown)).toEqual([]);
  expect(session.user.email).toBe(email);
});
