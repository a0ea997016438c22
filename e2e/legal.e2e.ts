import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import * as yauzl from 'yauzl';
import { shot } from './shot';
import { signUp } from './signup';


/** Names and text of every entry of a ZIP. */
function unzip(buf: Buffer): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buf, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const out = new Map<string, string>();
      zip.on('entry', (entry: yauzl.Entry) =>
        zip.openReadStream(entry, (e, s) => {
          if (e || !s) return reject(e);
          const chunks: Buffer[] = [];
          s.on('data', (c: Buffer) => chunks.push(c));
          s.on('end', () => {
            out.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
            zip.readEntry();
          });
        }),
      );
      zip.on('end', () => resolve(out));
      zip.readEntry();
    });
  });
}

const PAGES = [
  {
    path: '/terms-of-service',
    title: 'Termos de Uso',
    sections: 12,
    figures: ['24 horas', 'segunda a sexta, das 9h às 18h', 'sábado, das 9h às 14h', '30 dias de antecedência'],
    shot: 'legal-terms',
  },
  {
    path: '/privacy-policy',
    title: 'Política de Privacidade',
    sections: 12,
    figures: ['90 dias', '5 anos', '6 meses', 'Encarregado pelo Tratamento de Dados Pessoais (DPO)', 'privacidade@cda.local', 'Autoridade Nacional de Proteção de Dados (ANPD)'],
    shot: 'legal-privacy',
  },
  {
    path: '/cancellation-policy',
    title: 'Política de Cancelamento e Reembolso',
    sections: 10,
    figures: ['30 dias', '10%', '5 a 10 dias úteis', '1 a 3 dias úteis', '3 a 5 dias úteis', '90 dias', '5 anos', '24 horas', 'sábado, das 9h às 14h'],
    shot: 'legal-cancellation',
  },
];

test('the register page links each legal page; each renders its sections, figures and a way back to /register', async ({ page }) => {
  await page.goto('/register');
  const links = { 'Termos de Uso': '/terms-of-service', 'Política de Privacidade': '/privacy-policy', 'Política de Cancelamento': '/cancellation-policy' };
  for (const [name, href] of Object.entries(links)) await expect(page.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);

  // The links open in a new tab: follow one as the user would.
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('link', { name: 'Termos de Uso', exact: true }).click()]);
  await expect(popup).toHaveURL(/\/terms-of-service$/);
  await expect(popup.getByRole('heading', { level: 1 })).toHaveText('Termos de Uso');
  await popup.close();

  for (const p of PAGES) {
    await page.goto(p.path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(p.title);
    await expect(page).toHaveTitle(`${p.title} — CDA Extractor`);
    const headings = page.locator('article h2');
    await expect(headings).toHaveCount(p.sections);
    const numbered = await headings.allTextContents();
    numbered.forEach((h, i) => expect(h).toMatch(new RegExp(`^${i + 1}\\. \\S`)));
    const text = (await page.locator('article').textContent())!;
    for (const f of p.figures) expect(text, `${p.path} states ${f}`).toContain(f);
    expect(text).not.toContain('{{');
    expect(text).toMatch(/Última atualização: \d{2}\/\d{2}\/\d{4}/);
    await shot(page, p.shot);
    await page.getByRole('link', { name: '← Voltar ao cadastro' }).first().click();
    await expect(page).toHaveURL(/\/register$/);
  }

  // The 30-day figure of the old general policy is gone: data after cancellation is 90 days everywhere.
  await page.goto('/privacy-policy');
  await expect(page.getByText(/os dados ficam guardados por 90 dias e então são apagados/)).toBeVisible();
  // Cross-links between the documents stay inside the app.
  await page.goto('/cancellation-policy');
  await page.locator('article').getByRole('link', { name: 'Política de Privacidade' }).click();
  await expect(page).toHaveURL(/\/privacy-policy$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Política de Privacidade');
});

test('Meus dados: the ZIP holds my data; deleting the account needs the password and ends it', async ({ page, request }) => {
  const email = `lgpd-${Date.now()}@e2e.local`;
  const password = 'senha-forte-1';
  await signUp({ name: 'Lia Privacidade', email, whatsapp: '11987654321', password });

  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole('link', { name: 'Perfil' }).click();
  await page.getByRole('tab', { name: 'Meus dados' }).click();
  await expect(page.getByRole('heading', { name: 'Baixar meus dados' })).toBeVisible();
  await shot(page, 'my-data');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Baixar meus dados (ZIP)' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^meus-dados_\d{4}-\d{2}-\d{2}\.zip$/);
  const files = await unzip(readFileSync((await download.path())!));
  expect([...files.keys()]).toEqual(expect.arrayContaining(['perfil.json', 'analises.json', 'tickets.json', 'pagamentos.json', 'registros-de-acesso.json', 'LEIA-ME.txt']));
  expect(JSON.parse(files.get('perfil.json')!)).toMatchObject({ name: 'Lia Privacidade', email });
  expect(JSON.parse(files.get('registros-de-acesso.json')!).map((r: { event: string }) => r.event)).toEqual(expect.arrayContaining(['register', 'login']));

  await page.getByRole('button', { name: 'Excluir minha conta' }).click();
  const dialog = page.getByRole('dialog', { name: 'Excluir minha conta' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Senha', { exact: true }).fill('senha-errada-1');
  await dialog.getByRole('button', { name: 'Excluir definitivamente' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Senha incorreta. A conta não foi excluída.');
  await shot(page, 'my-data-delete-wrong-password');
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Excluir minha conta' }).click();
  await dialog.getByLabel('Senha', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Excluir definitivamente' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status')).toContainText('Sua conta foi excluída e seus dados pessoais anonimizados.');
  await shot(page, 'my-data-deleted');

  // The old credentials open nothing any more.
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('alert')).toHaveText('Usuário ou senha inválidos');
});
