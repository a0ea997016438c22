import { readFileSync } from 'node:fs';
import { APIRequestContext, Page, expect, test } from '@playwright/test';
import ExcelJS, { CellValue } from 'exceljs';
import { makeCdaPdf } from '../scripts/cda-pdf';
import { shot } from './shot';
import { Session, signUp } from './signup';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { readCapturedMail } = require('../scripts/smtp-capture.js') as {
  readCapturedMail(dir: string, to: string, predicate?: (m: { subject: string }) => boolean, timeoutMs?: number): Promise<{ subject: string; text: string }>;
};

/**
 * The analysis page (issue #24) as a lawyer uses it: open an analysis, check the certificates, fix a
 * field the extraction flagged, download the regenerated workbook, find the analysis again by CNPJ;
 * and the worked example of docs/domain.md §5 read the same on screen, in the e-mail and in both workbooks.
 */

let seq = 0;
const account = (name: string) =>
  signUp({ name, email: `analise-${process.pid}-${Date.now()}-${++seq}@teste.com.br`, whatsapp: '11987654321', password: 'senha-forte-1' });

async function analyse(request: APIRequestContext, s: Session, file: string, pdf: Buffer, params: Record<string, string> = {}): Promise<string> {
  const res = await request.post('/api/analyses', {
    headers: { Authorization: `Bearer ${s.token}` },
    multipart: { ...params, files: { name: file, mimeType: 'application/pdf', buffer: pdf } },
  });
  expect(res.status()).toBe(202);
  const { id } = await res.json();
  await expect
    .poll(async () => (await (await request.get(`/api/analyses/${id}`, { headers: { Authorization: `Bearer ${s.token}` } })).json()).status, { timeout: 60_000 })
    .toBe('done');
  return id;
}

async function signIn(page: Page, s: Session) {
  await page.addInitScript(([token, user]) => {
    localStorage.setItem('cda.token', token);
    localStorage.setItem('cda.user', user);
  }, [s.token, JSON.stringify(s.user)]);
}

/** Clicks a download button and opens the file the browser received. */
async function downloadWorkbook(page: Page, name: string): Promise<ExcelJS.Workbook> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(`download-${name}`).click()]);
  expect(download.suggestedFilename()).toBe(name);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(readFileSync((await download.path())!) as unknown as ArrayBuffer);
  return wb;
}

const shown = (v: CellValue): unknown => (v && typeof v === 'object' && 'formula' in v ? (v.result ?? 0) : v);
function table(ws: ExcelJS.Worksheet, headerRow = 1): Record<string, unknown>[] {
  const headers = (ws.getRow(headerRow).values as CellValue[]).map((h) => String(h ?? ''));
  const rows: Record<string, unknown>[] = [];
  for (let r = headerRow + 1; r <= ws.rowCount; r += 1) {
    const obj: Record<string, unknown> = {};
    headers.forEach((h, c) => { if (h) obj[h] = shown(ws.getRow(r).getCell(c).value) ?? null; });
    rows.push(obj);
  }
  return rows;
}

test('open an analysis, fix a flagged field, download the regenerated workbook, find the analysis by CNPJ', async ({ page, request }) => {
  const s = await account('Rita Revisão');
  // The CNPJ is printed with a wrong check digit: the extraction flags the field with its reason.
  const pdf = await makeCdaPdf([
    { number: '8061912345678', debtor: 'PADARIA BOM PAO LTDA EPP', cnpj: '12.345.678/0001-96', principal: 50_000_00, fine: 37_500_00, interest: 60_000_00, legalCharge: 29_500_00 },
  ]);
  const id = await analyse(request, s, 'padaria.pdf', pdf);
  await signIn(page, s);

  // From the history, as a lawyer arrives: the first file, the debtor and the total are in the list.
  await page.goto('/history');
  const item = page.locator(`[data-analysis-id="${id}"]`);
  await expect(item).toContainText('padaria.pdf');
  await expect(item.getByTestId('analysis-debtors')).toHaveText('PADARIA BOM PAO LTDA EPP · R$ 177.000,00');
  await item.getByTestId('analysis-link').click();
  await expect(page).toHaveURL(new RegExp(`/history/${id}$`));
  await expect(page.getByTestId('analysis-version')).toContainText('versão 1 · certidões como extraídas');
  await expect(page.getByTestId('files')).toContainText('padaria.pdf');
  await expect(page.getByTestId('files')).toContainText('Processado');
  // "EPP" in the name: pequeno porte is suggested.
  await expect(page.getByTestId('size-suggestion')).toContainText('"EPP" no nome do devedor');

  const row = page.getByTestId('certificate-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('80 6 19 123456-78');
  await expect(row).toContainText('12.345.678/0001-96');
  await expect(row).toContainText('R$ 177.000,00');
  await expect(row.getByTestId('warning-count')).toHaveText('1 alerta');
  await row.getByTestId('expand').click();
  const flagged = page.locator('[data-field="debtorDocument"][data-flagged="true"]');
  await expect(flagged).toContainText('Conferir: CNPJ do devedor com dígito verificador inválido (12.345.678/0001-96)');
  await expect(flagged).toHaveCSS('background-color', 'rgb(255, 230, 153)');
  await shot(page, 'analysis-flagged');

  // A wrong correction is refused with the extraction's own check, in pt-BR.
  await page.getByTestId('edit-certificate').click();
  const form = page.getByTestId('edit-form');
  await form.getByLabel('CPF/CNPJ').fill('12.345.678/0001-97');
  await form.getByRole('button', { name: 'Salvar correções' }).click();
  await expect(form.getByRole('alert')).toHaveText('CNPJ inválido: dígitos verificadores não conferem.');
  await shot(page, 'analysis-edit-refused');
  await form.getByLabel('CPF/CNPJ').fill('12.345.678/0001-95');
  await form.getByRole('button', { name: 'Salvar correções' }).click();

  // A new version, edited, and its workbooks once the worker wrote them.
  await expect(page.getByTestId('analysis-version')).toContainText('versão 2 · certidões corrigidas em', { timeout: 15_000 });
  await expect(page.getByTestId('regenerating')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByTestId('edits')).toContainText('Rita Revisão · versão 2: CPF/CNPJ 12.345.678/0001-96 → 12.345.678/0001-95');
  await expect(row).toContainText('12.345.678/0001-95');
  // The doubt is settled: no warning left on the certificate.
  await expect(row.getByTestId('warning-count')).toHaveCount(0);
  await shot(page, 'analysis-corrected');

  const base = await downloadWorkbook(page, 'Base_Certidoes_Divida_Ativa.xlsx');
  const certs = base.getWorksheet('Certidões')!;
  const [first] = table(certs);
  expect(first).toMatchObject({ 'CPF/CNPJ': '12.345.678/0001-95', 'Devedor': 'PADARIA BOM PAO LTDA EPP', 'Campos a conferir': 0, 'Total': 177_000 });
  const header = (certs.getRow(1).values as CellValue[]).map(String);
  const cell = certs.getRow(2).getCell(header.indexOf('CPF/CNPJ'));
  expect((cell.fill as ExcelJS.FillPattern | undefined)?.fgColor?.argb).not.toBe('FFFFE699');

  // Found again by CNPJ, typed as printed, server-side.
  await page.goto('/history');
  await page.getByTestId('history-search').fill('12.345.678/0001-95');
  await expect(page).toHaveURL(/q=12\.345\.678%2F0001-95|q=12.345.678/);
  await expect(page.getByTestId('history-total')).toHaveText('1 extração encontrada');
  await expect(page.locator(`[data-analysis-id="${id}"]`)).toBeVisible();
  await expect(page.locator(`[data-analysis-id="${id}"]`)).toContainText('Editada · versão 2');
  await shot(page, 'history-search-cnpj');
  await page.getByTestId('history-search').fill('OUTRA EMPRESA');
  await expect(page.getByTestId('history-total')).toHaveText('0 extrações encontradas');
});

test('the worked example reads the same on screen, in the e-mail and in both workbooks; a cap is shown beside its figure', async ({ page, request }) => {
  const s = await account('Caio Exemplo');
  const ACME = { debtor: 'ACME COMERCIO LTDA', cnpj: '12.345.678/0001-95' };
  const pdf = await makeCdaPdf([
    {
      ...ACME, number: '8041912345601', principal: 100_000_00, fine: 20_000_00, interest: 35_000_00, legalCharge: 31_000_00,
      revenue: '1138 – CONTRIBUIÇÃO PREVIDENCIÁRIA EMPRESA/EMPREGADOR', legalBasis: 'Lei nº 8.212/91, art. 22, I.',
    },
    { ...ACME, number: '8061912345678', principal: 50_000_00, fine: 37_500_00, interest: 60_000_00, legalCharge: 29_500_00 },
    { ...ACME, number: '8071923456789', principal: 80_000_00, fine: 16_000_00, interest: 24_000_00, legalCharge: 24_000_00, revenue: '8109 – PIS' },
  ]);
  const id = await analyse(request, s, 'acme.pdf', pdf, { discount: '65', installmentsSocialSecurity: '60', installmentsOther: '120' });
  await signIn(page, s);
  await page.goto(`/history/${id}`);

  const expected: Array<[string, string, number]> = [
    ['gross', 'Valor bruto', 507_000],
    ['discountGranted', 'Desconto concedido', 265_050],
    ['entry', 'Entrada', 30_420],
    ['balance', 'Saldo', 227_433],
    ['toPay', 'Total a pagar', 257_853],
    ['saving', 'Economia', 249_147],
  ];
  const brl = (reais: number) => `R$ ${reais.toLocaleString('pt-BR', { minimumFractionDigits: 2 })}`;
  for (const [term, label, reais] of expected) {
    await expect(page.getByTestId(`figure-${term}`)).toContainText(`${label}${brl(reais)}`);
  }
  await expect(page.getByTestId('certificate-row')).toHaveCount(3);
  await shot(page, 'analysis-worked-example');

  const mail = await readCapturedMail(process.env.E2E_MAIL_DIR!, s.user.email, (m) => m.subject.startsWith('Análise concluída'));
  for (const [, label, reais] of expected) expect(mail.text).toContain(`${label}: ${brl(reais)}`);
  expect(mail.text).toContain(`/history/${id}`);

  const base = await downloadWorkbook(page, 'Base_Certidoes_Divida_Ativa.xlsx');
  expect(table(base.getWorksheet('Simulação')!, 3).slice(0, 6).map((r) => [r['Termo'], r['Valor']])).toEqual(expected.map(([, l, v]) => [l, v]));
  const simulation = await downloadWorkbook(page, 'Simulacao_Classificacao.xlsx');
  const total = table(simulation.getWorksheet('Resumo')!)[2];
  expect(expected.map(([, label]) => total[label])).toEqual(expected.map(([, , v]) => v));

  // Over the cap: asked, simulated at the cap, and the screen says so beside the discount.
  const form = page.getByTestId('resimulate');
  await form.getByLabel('Desconto pretendido').fill('70,5');
  await expect(form.getByTestId('cap-preview')).toHaveText('Desconto pedido de 70,5% acima do limite legal de 65% (devedor em geral): simulado com 65%.');
  await form.getByRole('button', { name: 'Simular sem custo' }).click();
  await expect(form.getByRole('status')).toContainText('1 limite aplicado');
  await expect(page.getByTestId('figure-discountGranted').getByTestId('cap-note')).toHaveText('Desconto limitado a 65% (pedido: 70,5%)');
  await expect(page.getByTestId('adjustments')).toHaveText(
    'Limite aplicado: Desconto pedido de 70,5% acima do limite legal de 65% (devedor em geral): simulado com 65%.',
  );
  await expect(page.getByTestId('figure-toPay')).toContainText('R$ 257.853,00');
  await shot(page, 'analysis-capped');

  // As a small debtor: 70 % and 145 months, free.
  await form.getByLabel('Porte do devedor').selectOption('small');
  await form.getByLabel('Desconto pretendido').fill('70');
  await form.getByLabel('Parcelas demais débitos').fill('145');
  await form.getByRole('button', { name: 'Simular sem custo' }).click();
  await expect(page.getByTestId('simulation-params')).toContainText('Desconto aplicado 70% · previdenciárias em 60 meses · demais em 145 meses');
  await expect(page.getByTestId('regenerating')).toHaveCount(0, { timeout: 30_000 });
  const params = table((await downloadWorkbook(page, 'Simulacao_Classificacao.xlsx')).getWorksheet('Parâmetros')!, 4);
  const value = (label: string) => params.find((r) => r['Parâmetro'] === label)?.['Valor'];
  expect([value('Porte do devedor'), value('Desconto aplicado (%)'), value('Parcelas – demais')]).toEqual(['Pequeno porte', 70, 145]);
  await shot(page, 'analysis-small-debtor');

  // The simulator offers the same inputs before an upload, with the limits of the size chosen.
  await page.goto('/simulator');
  await page.getByLabel('Porte do devedor').selectOption('mei');
  await expect(page.getByText('Parcela mínima: R$ 25,00')).toBeVisible();
  await page.getByLabel('Parcelas previdenciárias').fill('120');
  await expect(page.getByTestId('cap-preview')).toHaveText('Previdenciárias: 120 parcelas acima do limite de 60 meses (CF, art. 195, §11): simulado com 60.');
  await page.getByLabel('Meses de entrada').fill('12');
  await expect(page.getByText('Até 12 meses para este porte')).toBeVisible();
  await shot(page, 'simulator-inputs');
});
