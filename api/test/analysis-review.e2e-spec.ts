import ExcelJS from 'exceljs';
import { DataSource } from 'typeorm';
import { CellValue } from 'exceljs';
import { AnalysisView, WORKBOOK_BASE, WORKBOOK_SIMULATION } from '@cda/shared';
import { Stack, downloadBinary, makeCdaPdf, registerUser, startStack, waitForFinal, waitUntil } from './harness';

/** docs/domain.md §5: CDA A is previdenciária (its receita), B and C are "demais"; R$ 507.000,00 gross. */
const ACME = { debtor: 'ACME COMERCIO LTDA', cnpj: '12.345.678/0001-95' };
const workedExamplePdf = () =>
  makeCdaPdf([
    {
      ...ACME, number: '8041912345601', principal: 100_000_00, fine: 20_000_00, interest: 35_000_00, legalCharge: 31_000_00,
      revenue: '1138 – CONTRIBUIÇÃO PREVIDENCIÁRIA EMPRESA/EMPREGADOR', legalBasis: 'Lei nº 8.212/91, art. 22, I.',
    },
    { ...ACME, number: '8061912345678', principal: 50_000_00, fine: 37_500_00, interest: 60_000_00, legalCharge: 29_500_00 },
    { ...ACME, number: '8071923456789', principal: 80_000_00, fine: 16_000_00, interest: 24_000_00, legalCharge: 24_000_00, revenue: '8109 – PIS' },
  ]);

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

describe('analysis review: certificates, corrections, re-simulation, search (issue #24)', () => {
  let stack: Stack;
  let db: DataSource;
  let user: { token: string; id: string; email: string };
  let analysis: AnalysisView;

  const get = async (id = analysis.id, token = user.token): Promise<AnalysisView> =>
    (await stack.http.get(`/api/analyses/${id}`).set('Authorization', `Bearer ${token}`).expect(200)).body;
  const workbook = async (name: string) => {
    const wb = new ExcelJS.Workbook();
    const res = await downloadBinary(stack, `/api/analyses/${analysis.id}/files/${name}`, user.token);
    await wb.xlsx.load(res.body as unknown as ArrayBuffer);
    return wb;
  };
  /** Waits until the worker wrote the workbooks of the analysis' latest version. */
  const regenerated = async (version: number) => {
    let view: AnalysisView | undefined;
    await waitUntil(async () => {
      view = await get();
      return view.workbooksVersion === version;
    }, 30_000);
    return view!;
  };
  const ledgerRows = async () =>
    Number((await db.query(`SELECT count(*)::int AS n FROM token_transactions WHERE user_id = $1`, [user.id]))[0].n);

  beforeAll(async () => {
    stack = await startStack();
    await stack.startWorker();
    db = stack.app.get(DataSource);
    user = await registerUser(stack, 'Advogada Revisora');
    const res = await stack.http
      .post('/api/analyses')
      .set('Authorization', `Bearer ${user.token}`)
      .field('discount', '65')
      .field('installmentsSocialSecurity', '60')
      .field('installmentsOther', '120')
      .attach('files', await workedExamplePdf(), 'acme-cdas.pdf')
      .expect(202);
    analysis = await waitForFinal(stack, user.token, res.body.id, 60_000);
    expect(analysis.status).toBe('done');
  }, 120_000);

  afterAll(async () => {
    await stack?.stop();
  });

  it('the worked example reads the same in the API, the e-mail and both workbooks', async () => {
    const view = await get();
    expect(view.certificates!.map((c) => [c.record.registrationNumber, c.record.nature, c.fileName, c.exclusion])).toEqual([
      ['8041912345601', 'previdenciaria', 'acme-cdas.pdf', null],
      ['8061912345678', 'demais', 'acme-cdas.pdf', null],
      ['8071923456789', 'demais', 'acme-cdas.pdf', null],
    ]);
    expect(view.simulation).toMatchObject({
      gross: 507_000_00, discountGranted: 265_050_00, entry: 30_420_00, balance: 227_433_00, toPay: 257_853_00, saving: 249_147_00, adjustments: [],
    });
    expect(view).toMatchObject({ version: 1, workbooksVersion: 1, editedAt: null, firstFileName: 'acme-cdas.pdf', debtors: ['ACME COMERCIO LTDA'] });
    expect(view.suggestedDebtorSize).toMatchObject({ size: 'general' });

    const expectedLines = [
      'Valor bruto: R$ 507.000,00',
      'Desconto concedido: R$ 265.050,00',
      'Entrada: R$ 30.420,00',
      'Saldo: R$ 227.433,00',
      'Total a pagar: R$ 257.853,00',
      'Economia: R$ 249.147,00',
    ];
    let mailText = '';
    await waitUntil(async () => {
      const [row] = await db.query(`SELECT text_body FROM mail_outbox WHERE dedupe_key = $1`, [`analysis-finished:${analysis.id}`]);
      mailText = row?.text_body ?? '';
      return mailText !== '';
    }, 15_000);
    for (const line of expectedLines) expect(mailText).toContain(line);
    expect(mailText).toContain(`/history/${analysis.id}`);

    const base = await workbook(WORKBOOK_BASE);
    const sim = base.getWorksheet('Simulação')!;
    const figures = table(sim, 3).slice(0, 6).map((r) => [r['Termo'], r['Valor']]);
    expect(figures).toEqual([
      ['Valor bruto', 507_000], ['Desconto concedido', 265_050], ['Entrada', 30_420], ['Saldo', 227_433], ['Total a pagar', 257_853], ['Economia', 249_147],
    ]);

    const simulation = await workbook(WORKBOOK_SIMULATION);
    const summary = table(simulation.getWorksheet('Resumo')!);
    expect(summary[2]).toMatchObject({
      'Natureza': 'Total', 'Valor bruto': 507_000, 'Desconto concedido': 265_050, 'Entrada': 30_420, 'Saldo': 227_433, 'Total a pagar': 257_853, 'Economia': 249_147,
    });
  });

  it('refuses a CNPJ with a bad check digit, in pt-BR, and changes nothing', async () => {
    const cert = analysis.certificates?.[1] ?? (await get()).certificates![1];
    const res = await stack.http
      .patch(`/api/analyses/${analysis.id}/certificates/${cert.id}`)
      .set('Authorization', `Bearer ${user.token}`)
      .send({ changes: { debtorDocument: '12.345.678/0001-96' } })
      .expect(400);
    expect(res.body.message).toBe('CNPJ inválido: dígitos verificadores não conferem.');
    // Other checks of the extraction: money, dates, nature.
    const bad = async (changes: Record<string, string>, message: string) => {
      const r = await stack.http.patch(`/api/analyses/${analysis.id}/certificates/${cert.id}`).set('Authorization', `Bearer ${user.token}`).send({ changes }).expect(400);
      expect(r.body.message).toBe(message);
    };
    await bad({ total: '12,345' }, 'Total: valor inválido. Use o formato 1.234,56.');
    await bad({ registrationDate: '31/02/2024' }, 'Data de inscrição: data inválida. Use o formato dd/mm/aaaa.');
    await bad({ nature: 'tributária' }, 'Natureza inválida: escolha Previdenciária ou Demais.');
    await bad({ pages: '1' }, 'O campo "pages" não pode ser corrigido.');
    expect((await get()).version).toBe(1);
    expect(Number((await db.query(`SELECT count(*)::int AS n FROM analysis_certificate_edits WHERE analysis_id = $1`, [analysis.id]))[0].n)).toBe(0);
  });

  it("someone else's analysis cannot be read, corrected or re-simulated", async () => {
    const other = await registerUser(stack, 'Outra Pessoa');
    const cert = (await get()).certificates![0];
    await stack.http.get(`/api/analyses/${analysis.id}`).set('Authorization', `Bearer ${other.token}`).expect(404);
    await stack.http
      .patch(`/api/analyses/${analysis.id}/certificates/${cert.id}`)
      .set('Authorization', `Bearer ${other.token}`)
      .send({ changes: { total: '1,00' } })
      .expect(404);
    await stack.http.post(`/api/analyses/${analysis.id}/simulation`).set('Authorization', `Bearer ${other.token}`).send({ discount: 10 }).expect(404);
    const found = await stack.http.get('/api/analyses?q=ACME').set('Authorization', `Bearer ${other.token}`).expect(200);
    expect(found.body.total).toBe(0);
  });

  it('correcting a total: audited, simulation and both workbooks regenerated as a new version, no tokens', async () => {
    const before = await get();
    const ledger = await ledgerRows();
    const cert = before.certificates![1];
    const res = await stack.http
      .patch(`/api/analyses/${analysis.id}/certificates/${cert.id}`)
      .set('Authorization', `Bearer ${user.token}`)
      .send({ changes: { total: '180.000,00' } })
      .expect(200);
    // T of CDA B becomes the printed 180.000,00 (3.000,00 above its parts, never discounted).
    expect(res.body).toMatchObject({ version: 2, simulation: { gross: 510_000_00 } });

    const [edit] = await db.query(`SELECT user_id, field, old_value, new_value, version FROM analysis_certificate_edits WHERE analysis_id = $1`, [analysis.id]);
    expect(edit).toEqual({ user_id: user.id, field: 'total', old_value: 177_000_00, new_value: 180_000_00, version: 2 });
    expect(await ledgerRows()).toBe(ledger);

    const view = await regenerated(2);
    expect(view.editedAt).not.toBeNull();
    expect(view.tokens).toBe(before.tokens);
    expect(view.edits).toEqual([
      expect.objectContaining({ field: 'total', fieldLabel: 'Total', oldValue: '177.000,00', newValue: '180.000,00', by: 'Advogada Revisora', version: 2 }),
    ]);
    expect(view.certificates![1]).toMatchObject({ editedAt: expect.any(String), record: { total: 180_000_00 } });

    const base = await workbook(WORKBOOK_BASE);
    expect(table(base.getWorksheet('Certidões')!)[1]).toMatchObject({ 'Nº da inscrição': '80 6 19 123456-78', 'Total': 180_000 });
    const simulation = await workbook(WORKBOOK_SIMULATION);
    expect(table(simulation.getWorksheet('Por CDA')!)[1]).toMatchObject({ 'Valor bruto (T)': 180_000 });
    // The first version's files stay where they were; the new ones sit beside them.
    const keys = (await db.query(`SELECT workbooks FROM analyses WHERE id = $1`, [analysis.id]))[0].workbooks;
    expect(keys).toEqual([WORKBOOK_BASE, WORKBOOK_SIMULATION]);
  });

  it('re-simulating as a small debtor applies 70 % and 145 months, free, in the new workbook', async () => {
    const ledger = await ledgerRows();
    const res = await stack.http
      .post(`/api/analyses/${analysis.id}/simulation`)
      .set('Authorization', `Bearer ${user.token}`)
      .send({ debtorSize: 'small', discount: 70, installmentsOther: 145, installmentsSocialSecurity: 60 })
      .expect(200);
    expect(res.body.simulation.params).toMatchObject({ debtorSize: 'small', discountApplied: 70, installments: { previdenciaria: 60, demais: 145 } });
    expect(res.body.simulation.adjustments).toEqual([]);
    expect(await ledgerRows()).toBe(ledger);
    const view = await regenerated(res.body.version);
    expect(view.params).toMatchObject({ debtorSize: 'small', discount: 70, installmentsOther: 145 });
    const params = table((await workbook(WORKBOOK_SIMULATION)).getWorksheet('Parâmetros')!, 4);
    const value = (label: string) => params.find((r) => r['Parâmetro'] === label)?.['Valor'];
    expect([value('Porte do devedor'), value('Desconto aplicado (%)'), value('Parcelas – demais')]).toEqual(['Pequeno porte', 70, 145]);
  });

  it('a request over the caps is simulated at the caps and the answer says what was capped', async () => {
    const res = await stack.http
      .post(`/api/analyses/${analysis.id}/simulation`)
      .set('Authorization', `Bearer ${user.token}`)
      .send({ debtorSize: 'general', discount: 70.5, installmentsSocialSecurity: 120, installmentsOther: 120, entryMonths: 12 })
      .expect(200);
    expect(res.body.simulation.adjustments.map((a: { message: string }) => a.message)).toEqual([
      'Desconto pedido de 70,5% acima do limite legal de 65% (devedor em geral): simulado com 65%.',
      'Previdenciárias: 120 parcelas acima do limite de 60 meses (CF, art. 195, §11): simulado com 60.',
      'Entrada em 12 meses acima do limite de 6 meses (devedor em geral): simulada em 6.',
    ]);
    expect(res.body.simulation.params).toMatchObject({ discountApplied: 65, installments: { previdenciaria: 60 }, entryMonths: 6 });
    // Refused outright only outside the form's bounds.
    await stack.http.post(`/api/analyses/${analysis.id}/simulation`).set('Authorization', `Bearer ${user.token}`).send({ capag: 'E' }).expect(400);
    const view = await regenerated(res.body.version);
    expect(view.simulation!.adjustments).toHaveLength(3);
  });

  it('a certificate moved out of the federal sphere is counted and listed as fora da transação federal', async () => {
    const view = await get();
    const cert = view.certificates![2];
    const res = await stack.http
      .patch(`/api/analyses/${analysis.id}/certificates/${cert.id}`)
      .set('Authorization', `Bearer ${user.token}`)
      .send({ changes: { issuer: 'Estadual' } })
      .expect(200);
    expect(res.body.simulation).toMatchObject({ outside: { count: 1, total: 144_000_00 }, allCertificatesTotal: 510_000_00 });
    await regenerated(res.body.version);
    const outside = table((await workbook(WORKBOOK_SIMULATION)).getWorksheet('Fora da transação federal')!);
    expect(outside[0]).toMatchObject({ 'Nº da inscrição': '80 7 19 234567-89', 'Esfera': 'Estadual', 'Total': 144_000 });
    const certs = table((await workbook(WORKBOOK_BASE)).getWorksheet('Certidões')!);
    expect(certs[2]['Transação federal']).toBe('Fora da transação federal');
  });

  it('an analysis finished before the records were kept is not re-simulated into empty workbooks', async () => {
    const res = await stack.http
      .post('/api/analyses')
      .set('Authorization', `Bearer ${user.token}`)
      .attach('files', await workedExamplePdf(), 'antiga.pdf')
      .expect(202);
    const old = await waitForFinal(stack, user.token, res.body.id, 60_000);
    // As the migration leaves an analysis of an earlier release: its counts, no stored records.
    await db.query(`DELETE FROM analysis_certificates WHERE analysis_id = $1`, [old.id]);
    const refused = await stack.http.post(`/api/analyses/${old.id}/simulation`).set('Authorization', `Bearer ${user.token}`).send({ discount: 50 }).expect(409);
    expect(refused.body.message).toMatch(/^Esta análise foi feita antes de a revisão na tela existir/);
    expect((await get(old.id)).version).toBe(1);
    await db.query(`DELETE FROM analyses WHERE id = $1`, [old.id]);
  });

  it('finds the analysis by debtor name, CNPJ or inscription, server-side', async () => {
    const search = async (q: string) =>
      (await stack.http.get(`/api/analyses?q=${encodeURIComponent(q)}`).set('Authorization', `Bearer ${user.token}`).expect(200)).body;
    for (const q of ['acme comércio'.normalize('NFD').replace(/[\u0300-\u036f]/g, ''), '12.345.678/0001-95', '12345678', '80 6 19 1234']) {
      const found = await search(q);
      expect([q, found.total, found.items.map((a: AnalysisView) => a.id)]).toEqual([q, 1, [analysis.id]]);
    }
    expect((await search('OUTRA EMPRESA')).total).toBe(0);
    const listed = (await search('ACME')).items[0];
    expect(listed).toMatchObject({ firstFileName: 'acme-cdas.pdf', debtors: ['ACME COMERCIO LTDA'], certificatesTotal: 510_000_00 });
    // The planner can answer a name search from the trigram index.
    const plan = await db.transaction(async (m) => {
      await m.query(`SET LOCAL enable_seqscan = off`);
      const rows = await m.query(`EXPLAIN SELECT analysis_id FROM analysis_certificates WHERE lower(debtor_name) LIKE '%acme%'`);
      return rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('analysis_certificates_debtor_name_trgm');
  });
});
