import { APIRequestContext, expect, test } from '@playwright/test';
import { Client } from 'pg';
import { makeCdaPdf, sampleCertificate } from '../scripts/cda-pdf';
import { shot } from './shot';
import { signUp } from './signup';

/** "N campos a conferir" on the dashboard and in the history, as the API stores it for each analysis. */

async function sql(text: string, values: unknown[]) {
  const db = new Client({ connectionString: process.env.E2E_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/cda_e2e' });
  await db.connect();
  try {
    await db.query(text, values);
  } finally {
    await db.end();
  }
}

async function analyse(request: APIRequestContext, token: string, n: number): Promise<string> {
  const res = await request.post('/api/analyses', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { files: { name: `cda-${n}.pdf`, mimeType: 'application/pdf', buffer: await makeCdaPdf([sampleCertificate(n)]) } },
  });
  expect(res.status()).toBe(202);
  const { id } = await res.json();
  await expect
    .poll(async () => (await (await request.get(`/api/analyses/${id}`, { headers: { Authorization: `Bearer ${token}` } })).json()).status, { timeout: 30_000 })
    .toBe('done');
  return id;
}

/**
 * What the worker stores for an analysis whose fields are in doubt. Set here, not read from the
 * engine, so that this test is about the screen whatever the engine finds in a synthetic PDF.
 */
async function storeFieldWarnings(id: string, warnings: Record<string, string>) {
  await sql(`UPDATE analysis_files SET field_warnings = $2 WHERE analysis_id = $1`, [id, JSON.stringify([warnings])]);
  await sql(`UPDATE analyses SET flagged_field_count = $2 WHERE id = $1`, [id, Object.keys(warnings).length]);
}

test('dashboard and history say how many fields need checking, singular and plural, and where to see why', async ({ page, request }) => {
  const email = `conferir-${process.pid}-${Date.now()}@teste.com.br`;
  const s = await signUp({ name: 'Marta Conferência', email, whatsapp: '11987654321', password: 'senha-forte-1' });

  const clean = await analyse(request, s.token, 71);
  const one = await analyse(request, s.token, 72);
  const three = await analyse(request, s.token, 73);
  await storeFieldWarnings(one, { registrationDate: 'Data de inscrição não encontrada.' });
  await storeFieldWarnings(three, {
    principal: 'Dois valores de principal na página 1.',
    debtorName: 'Nome do devedor lido por OCR.',
    debts: 'A soma das linhas difere do total impresso.',
  });
  const view = await (await request.get(`/api/analyses/${three}`, { headers: { Authorization: `Bearer ${s.token}` } })).json();
  expect(view).toMatchObject({ flaggedFieldCount: 3, files: [{ fieldWarnings: [{ principal: 'Dois valores de principal na página 1.' }] }] });

  await page.addInitScript(([token, user]) => {
    localStorage.setItem('cda.token', token);
    localStorage.setItem('cda.user', user);
  }, [s.token, JSON.stringify(s.user)]);

  for (const path of ['/history', '/dashboard']) {
    await page.goto(path);
    const item = (id: string) => page.locator(`[data-analysis-id="${id}"]`);
    await expect(item(three).getByTestId('flagged-fields')).toHaveText(
      '3 campos a conferir: na planilha Base_Certidoes_Divida_Ativa.xlsx, as células destacadas em amarelo mostram o motivo ao passar o mouse.',
    );
    await expect(item(one).getByTestId('flagged-fields')).toContainText(/^1 campo a conferir:/);
    await expect(item(clean)).toContainText('1 certidão');
    await expect(item(clean).getByTestId('flagged-fields')).toHaveCount(0);
    await shot(page, `field-warnings${path.replace('/', '-')}`);
  }
});
