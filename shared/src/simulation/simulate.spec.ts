import { mulDivHalfUp, percentOf, splitInstallments } from './centavos';
import { NOT_FEDERAL_REASON } from './eligibility';
import { simulate } from './simulate';
import { summarizeSimulation } from './summary';
import { makeRecord, workedExample } from './testing';
import { DEFAULT_SIMULATION_SETTINGS } from './types';

const EXAMPLE_PARAMS = { discount: 65, installmentsSocialSecurity: 60, installmentsOther: 120 };

/** Collapses a schedule into [first month, last month, amount] runs so hand-computed flows read well. */
function runs(amounts: number[]): [number, number, number][] {
  const out: [number, number, number][] = [];
  amounts.forEach((a, i) => {
    const last = out[out.length - 1];
    if (last && last[2] === a) last[1] = i + 1;
    else out.push([i + 1, i + 1, a]);
  });
  return out;
}

describe('centavo arithmetic', () => {
  it('rounds half-up exactly, past 2^53', () => {
    expect(percentOf(123_450, 65)).toBe(80_243); // 80.242,5 centavos
    expect(percentOf(123_449, 65)).toBe(80_242);
    expect(percentOf(1_000, 6.5)).toBe(65);
    expect(percentOf(11, 50)).toBe(6);
    // docs/domain.md §5 CDA A scaled ×10.000: the product is far past 2^53.
    expect(mulDivHalfUp(174_840_000_000, 100_000_000_000, 186_000_000_000)).toBe(94_000_000_000);
    expect(mulDivHalfUp(174_840_000_001, 100_000_000_000, 186_000_000_000)).toBe(94_000_000_001);
  });

  it('lets the last instalment absorb the remainder', () => {
    expect(splitInstallments(94_000_00, 54)).toEqual({ regular: 1_740_74, last: 1_740_78 });
    expect(splitInstallments(58_233_00, 114)).toEqual({ regular: 510_82, last: 510_34 });
    expect(splitInstallments(1_001, 2)).toEqual({ regular: 501, last: 500 }); // 500,5 → 501
    expect(splitInstallments(94_000, 114)).toEqual({ regular: 825, last: 775 });
    expect(splitInstallments(500, 1)).toEqual({ regular: 500, last: 500 });
  });

  it('never makes the last instalment negative on tiny amounts', () => {
    // round(4 ÷ 6) = 1 would leave 4 − 5 = −1 for the last month.
    expect(splitInstallments(4, 6)).toEqual({ regular: 0, last: 4 });
    expect(splitInstallments(0, 6)).toEqual({ regular: 0, last: 0 });
  });
});

describe('simulate: worked example of docs/domain.md §5', () => {
  const result = simulate(workedExample(), EXAMPLE_PARAMS);
  const [a, b, c] = result.certificates;

  it('computes each certificate to the centavo', () => {
    expect(a).toMatchObject({
      total: 186_000_00, discountable: 86_000_00, discount: 86_000_00, amountToPay: 100_000_00,
      entry: 11_160_00, entryMonths: 6, entryInstallment: 1_860_00, entryLastInstallment: 1_860_00,
      balance: 94_000_00, balanceMonths: 54, balanceInstallment: 1_740_74, balanceLastInstallment: 1_740_78,
      months: 60, totalPaid: 105_160_00, saving: 80_840_00,
    });
    expect(b).toMatchObject({
      total: 177_000_00, discountable: 127_000_00, discount: 115_050_00, amountToPay: 61_950_00,
      entry: 10_620_00, entryInstallment: 1_770_00, balance: 58_233_00, balanceMonths: 114,
      balanceInstallment: 510_82, balanceLastInstallment: 510_34, months: 120, totalPaid: 68_853_00, saving: 108_147_00,
    });
    expect(c).toMatchObject({
      total: 144_000_00, discountable: 64_000_00, discount: 64_000_00, amountToPay: 80_000_00,
      entry: 8_640_00, entryInstallment: 1_440_00, balance: 75_200_00,
      balanceInstallment: 659_65, balanceLastInstallment: 659_55, totalPaid: 83_840_00, saving: 60_160_00,
    });
    expect(a.savingRate).toBeCloseTo(80_840 / 186_000, 12);
  });

  it('adds up per nature and overall', () => {
    expect(result.totals.overall).toMatchObject({ count: 3, total: 507_000_00, totalPaid: 257_853_00, saving: 249_147_00 });
    expect(result.totals.previdenciaria).toMatchObject({ count: 1, total: 186_000_00, totalPaid: 105_160_00 });
    expect(result.totals.demais).toMatchObject({ count: 2, total: 321_000_00, totalPaid: 152_693_00, discount: 179_050_00 });
  });

  it('produces the month-by-month cash flow', () => {
    expect(runs(result.cashFlow.map((m) => m.total))).toEqual([
      [1, 6, 5_070_00],
      [7, 59, 2_911_21],
      [60, 60, 2_911_25],
      [61, 119, 1_170_47],
      [120, 120, 1_169_89],
    ]);
    expect(result.cashFlow[59]).toEqual({ month: 60, previdenciaria: 1_740_78, demais: 1_170_47, total: 2_911_25 });
  });

  it('has no warnings and summarizes for the API', () => {
    expect(result.warnings).toEqual([]);
    expect(result.certificates.flatMap((x) => x.warnings)).toEqual([]);
    // The six figures of the one vocabulary (vocabulary.ts), by hand from docs/domain.md §5:
    // d = 86.000 + 115.050 + 64.000; entrada = 11.160 + 10.620 + 8.640; saldo = 94.000 + 58.233 + 75.200.
    expect(summarizeSimulation(result)).toEqual({
      count: 3, gross: 507_000_00, discountGranted: 265_050_00, entry: 30_420_00, balance: 227_433_00, toPay: 257_853_00, saving: 249_147_00,
      notEligible: 0, outside: { count: 0, total: 0 }, allCertificatesTotal: 507_000_00, months: 120, warnings: 0,
      byNature: {
        previdenciaria: { count: 1, gross: 186_000_00, discountGranted: 86_000_00, entry: 11_160_00, balance: 94_000_00, toPay: 105_160_00, saving: 80_840_00 },
        demais: { count: 2, gross: 321_000_00, discountGranted: 179_050_00, entry: 19_260_00, balance: 133_433_00, toPay: 152_693_00, saving: 168_307_00 },
      },
      params: {
        debtorSize: 'general', capag: null, entryBase: 'gross', discountRequested: 65, discountApplied: 65,
        installments: { previdenciaria: 60, demais: 120 }, entryPercent: 6, entryMonths: 6, minimumInstallment: 100_00,
      },
      adjustments: [],
    });
  });
});

describe('simulate: other hand-computed cases', () => {
  it('binds the 65 % cap and caps a larger request with a warning', () => {
    const rec = makeRecord({ principal: 10_000_00, fine: 20_000_00, interest: 50_000_00, legalCharge: 20_000_00 });
    const r = simulate([rec], { discount: 90, installmentsSocialSecurity: 60, installmentsOther: 114 });
    // T = 100.000,00; discountable 90.000,00; 65 % × T = 65.000,00 binds.
    expect(r.params.discountApplied).toBe(65);
    expect(r.certificates[0]).toMatchObject({ discount: 65_000_00, entry: 6_000_00, balance: 32_900_00, totalPaid: 38_900_00 });
    expect(r.warnings).toEqual(['Desconto pedido de 90% acima do limite legal de 65% (devedor em geral): simulado com 65%.']);
  });

  it('uses the 70 % cap and 145 months for small debtors', () => {
    const rec = makeRecord({ principal: 10_000_00, fine: 20_000_00, interest: 50_000_00, legalCharge: 20_000_00 });
    const r = simulate([rec], { discount: 90, installmentsSocialSecurity: 60, installmentsOther: 145, debtorSize: 'small' });
    expect(r.params).toMatchObject({ discountCap: 70, discountApplied: 70, termCaps: { previdenciaria: 60, demais: 145 } });
    expect(r.certificates[0].discount).toBe(70_000_00);
    expect(r.warnings).toEqual(['Desconto pedido de 90% acima do limite legal de 70% (pequeno porte): simulado com 70%.']);
  });

  it('caps a term above the legal limit and says so (issue #24: the 60 months are constitutional)', () => {
    const prev = makeRecord({ nature: 'previdenciaria', principal: 100_000_00 });
    const r = simulate([prev], { discount: 65, installmentsSocialSecurity: 72, installmentsOther: 114 });
    expect(r.certificates[0].months).toBe(60);
    expect(r.params.adjustments).toEqual([
      {
        param: 'installmentsSocialSecurity', requested: 72, applied: 60,
        message: 'Previdenciárias: 72 parcelas acima do limite de 60 meses (CF, art. 195, §11): simulado com 60.',
      },
    ]);
    expect(r.warnings).toEqual([r.params.adjustments[0].message]);
  });

  it('takes the entry from the discounted total with the `discounted` entry base', () => {
    const r = simulate(workedExample(), EXAMPLE_PARAMS, { entryBase: 'discounted' });
    const [a, b, c] = r.certificates;
    expect(a).toMatchObject({ entry: 6_000_00, entryInstallment: 1_000_00, balance: 94_000_00, totalPaid: 100_000_00, saving: 86_000_00 });
    expect(b).toMatchObject({ entry: 3_717_00, entryInstallment: 619_50, balance: 58_233_00, totalPaid: 61_950_00 });
    expect(c).toMatchObject({ entry: 4_800_00, entryInstallment: 800_00, balance: 75_200_00, totalPaid: 80_000_00 });
    expect(r.totals.overall.totalPaid).toBe(241_950_00);
    expect(runs(r.cashFlow.map((m) => m.total)).slice(0, 2)).toEqual([[1, 6, 2_419_50], [7, 59, 2_911_21]]);
  });

  it('charges everything with a zero discount', () => {
    const r = simulate(workedExample(), { ...EXAMPLE_PARAMS, discount: 0 });
    for (const c of r.certificates) {
      expect(c.discount).toBe(0);
      expect(c.saving).toBe(0);
      expect(c.totalPaid).toBe(c.total);
      expect(c.balance).toBe(c.total - c.entry);
    }
    expect(r.totals.overall.totalPaid).toBe(507_000_00);
    // A: 174.840,00 ÷ 54 = 3.237,777… → 3.237,78, last 174.840,00 − 53 × 3.237,78 = 3.237,66.
    expect(r.certificates[0]).toMatchObject({ balanceInstallment: 3_237_78, balanceLastInstallment: 3_237_66 });
  });

  it('pays everything in month 1 with a single instalment', () => {
    const r = simulate(workedExample(), { discount: 65, installmentsSocialSecurity: 1, installmentsOther: 1 });
    expect(r.cashFlow).toEqual([{ month: 1, previdenciaria: 105_160_00, demais: 152_693_00, total: 257_853_00 }]);
    expect(r.certificates[0]).toMatchObject({ entryMonths: 1, balanceMonths: 0, entryLastInstallment: 105_160_00 });
    expect(r.warnings).toHaveLength(2);
    expect(r.warnings[0]).toMatch(/^Previdenciária: 1 parcela\(s\) não comportam 6 meses de entrada/);
  });

  it('lets the last payment absorb rounding remainders', () => {
    // T = 1.000,01: entry 6 % = 60,0006 → 60,00 over 6 = 10,00; balance 940,01 over 108 = 8,7038… → 8,70, last 940,01 − 107 × 8,70 = 9,11
    const r = simulate([makeRecord({ principal: 1_000_01 })], { discount: 65, installmentsSocialSecurity: 60, installmentsOther: 114 });
    const c = r.certificates[0];
    expect(c).toMatchObject({ entry: 60_00, entryInstallment: 10_00, balance: 940_01, balanceMonths: 108, balanceInstallment: 8_70, balanceLastInstallment: 9_11 });
    expect(c.schedule.reduce((s, v) => s + v, 0)).toBe(1_000_01);
    expect(c.warnings).toEqual(['Parcela de R$ 8,70 abaixo do mínimo de R$ 100,00: reduza o número de parcelas.']);
  });

  it('lists state and municipal certificates as not eligible', () => {
    const records = [
      makeRecord({ issuer: 'state', registrationNumber: '123', principal: 5_000_00 }),
      makeRecord({ issuer: 'municipal', registrationNumber: '45/2020', principal: 1_000_00 }),
      makeRecord({ principal: 1_000_00 }),
      makeRecord({ registrationNumber: '999' }),
    ];
    const r = simulate(records, EXAMPLE_PARAMS);
    expect(r.certificates.map((c) => c.record.registrationNumber)).toEqual(['8061912345678']);
    expect(r.notEligible.map((n) => [n.record.registrationNumber, n.reason])).toEqual([
      ['123', NOT_FEDERAL_REASON],
      ['45/2020', NOT_FEDERAL_REASON],
      ['999', 'Certidão sem valor identificado: nada a simular'],
    ]);
    expect(NOT_FEDERAL_REASON).toBe('Transação federal não abrange dívida estadual/municipal');
    expect(r.totals.overall.total).toBe(1_000_00);
  });

  it('keeps suspended, guaranteed and instalment-plan records in, with a warning', () => {
    const statuses = [
      'ATIVA AJUIZADA - EXIGIBILIDADE DO CREDITO SUSPENSA-DECISAO JUDICIAL',
      'ATIVA AJUIZADA - GARANTIA - PENHORA',
      'ATIVA AJUIZADA PARCELADA LEI 12996/14',
      'EM NEGOCIACAO NO SISPAR',
      'ATIVA EM COBRANCA',
    ];
    const r = simulate(statuses.map((status) => makeRecord({ status, principal: 100_000_00 })), EXAMPLE_PARAMS);
    expect(r.certificates).toHaveLength(5);
    expect(r.certificates.map((c) => c.warnings)).toEqual([
      ['Situação "ATIVA AJUIZADA - EXIGIBILIDADE DO CREDITO SUSPENSA-DECISAO JUDICIAL" (exigibilidade suspensa por decisão judicial): o edital exige desistir da ação ou da suspensão antes da adesão.'],
      ['Situação "ATIVA AJUIZADA - GARANTIA - PENHORA" (débito garantido): o edital exige liberar ou renunciar à garantia antes da adesão.'],
      ['Situação "ATIVA AJUIZADA PARCELADA LEI 12996/14" (já parcelada ou negociada): o edital exige desistir do parcelamento ou negociação antes da adesão.'],
      ['Situação "EM NEGOCIACAO NO SISPAR" (já parcelada ou negociada): o edital exige desistir do parcelamento ou negociação antes da adesão.'],
      [],
    ]);
  });

  it('never discounts a printed total above the sum of the components', () => {
    const rec = makeRecord({ principal: 1_000_00, fine: 1_000_00, total: 3_000_00 });
    const c = simulate([rec], { ...EXAMPLE_PARAMS, discount: 65 }).certificates[0];
    expect(c).toMatchObject({ total: 3_000_00, discountable: 1_000_00, discount: 1_000_00, amountToPay: 2_000_00 });
    expect(c.warnings[0]).toBe(
      'Total impresso (R$ 3.000,00) maior que a soma dos componentes (R$ 2.000,00): a diferença foi tratada como não descontável.',
    );
  });

  it('rejects out-of-range params and settings', () => {
    expect(() => simulate([], { ...EXAMPLE_PARAMS, discount: 101 })).toThrow(RangeError);
    expect(() => simulate([], { ...EXAMPLE_PARAMS, installmentsOther: 0 })).toThrow(RangeError);
    expect(() => simulate([], EXAMPLE_PARAMS, { entryMonths: 1.5 })).toThrow(RangeError);
    expect(simulate([], EXAMPLE_PARAMS).settings).toEqual(DEFAULT_SIMULATION_SETTINGS);
  });
});
