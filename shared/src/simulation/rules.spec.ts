import { formatPercent, formatDecimal } from '../money';
import { simulate } from './simulate';
import { suggestDebtorSize } from './rules';
import { summarizeSimulation } from './summary';
import { makeRecord, workedExample } from './testing';
import { describeFigures, headline } from './vocabulary';

// T = 100.000,00 of which 90.000,00 may be discounted.
const rec = () => makeRecord({ principal: 10_000_00, fine: 20_000_00, interest: 50_000_00, legalCharge: 20_000_00 });

describe('limits by debtor size, CAPAG and entry', () => {
  it('small debtor: 70 % and 145 months, entry in up to 12 months', () => {
    const r = simulate([rec()], { discount: 70, installmentsSocialSecurity: 60, installmentsOther: 145, debtorSize: 'small', entryMonths: 12 });
    // d = min(70 % × 100.000, 90.000) = 70.000; entrada 6 % × 100.000 = 6.000 in 12 × 500,00;
    // saldo = 94.000 × 30.000 ÷ 100.000 = 28.200 over 133 months: 28.200,00 ÷ 133 = 212,03 (last 212,04).
    expect(r.params).toMatchObject({ discountApplied: 70, installments: { demais: 145 }, entryMonths: 12, adjustments: [] });
    expect(r.certificates[0]).toMatchObject({
      discount: 70_000_00, entry: 6_000_00, entryMonths: 12, entryInstallment: 500_00, balance: 28_200_00,
      balanceMonths: 133, balanceInstallment: 212_03, balanceLastInstallment: 212_04, totalPaid: 34_200_00, saving: 65_800_00,
    });
  });

  it('general debtor: asks for 70,5 %, 145 months and 12 entry months, gets 65 %, 120 and 6, each said', () => {
    const r = simulate([rec()], { discount: 70.5, installmentsSocialSecurity: 60, installmentsOther: 145, entryMonths: 12 });
    expect(r.params.adjustments.map((a) => [a.param, a.requested, a.applied])).toEqual([
      ['discount', 70.5, 65],
      ['installmentsOther', 145, 120],
      ['entryMonths', 12, 6],
    ]);
    expect(r.params.adjustments[0].message).toBe('Desconto pedido de 70,5% acima do limite legal de 65% (devedor em geral): simulado com 65%.');
    expect(r.params.adjustments[2].message).toBe('Entrada em 12 meses acima do limite de 6 meses (devedor em geral): simulada em 6.');
    expect(r.certificates[0]).toMatchObject({ discount: 65_000_00, months: 120, entryMonths: 6 });
  });

  it('previdenciárias stay at 60 months even for small debtors', () => {
    const prev = makeRecord({ nature: 'previdenciaria', principal: 100_000_00 });
    const r = simulate([prev], { discount: 70, installmentsSocialSecurity: 145, installmentsOther: 145, debtorSize: 'small' });
    expect(r.certificates[0].months).toBe(60);
    expect(r.params.adjustments).toHaveLength(1);
    expect(r.params.adjustments[0]).toMatchObject({ param: 'installmentsSocialSecurity', requested: 145, applied: 60 });
  });

  it('CAPAG A or B: no discount, with the reason', () => {
    const r = simulate([rec()], { discount: 65, installmentsSocialSecurity: 60, installmentsOther: 120, capag: 'B' });
    // No discount: entrada 6.000, saldo 94.000, total a pagar = valor bruto.
    expect(r.certificates[0]).toMatchObject({ discount: 0, entry: 6_000_00, balance: 94_000_00, totalPaid: 100_000_00, saving: 0 });
    expect(r.params.adjustments[0].message).toBe('Desconto pedido de 65% não se aplica com CAPAG B: simulado sem desconto (Portaria PGFN 6.757/2022, art. 24).');
    // C and D keep the discount.
    expect(simulate([rec()], { discount: 65, installmentsSocialSecurity: 60, installmentsOther: 120, capag: 'D' }).certificates[0].discount).toBe(65_000_00);
  });

  it('minimum instalment: R$ 100,00, or R$ 25,00 for an MEI', () => {
    // T = 1.000,00: entrada 60,00 in 6 × 10,00; saldo 940,00 over 114: 8,25 and a last one of 7,75.
    const small = makeRecord({ principal: 1_000_00 });
    const general = simulate([small], { discount: 0, installmentsSocialSecurity: 60, installmentsOther: 120 });
    expect(general.certificates[0].warnings).toEqual(['Parcela de R$ 7,75 abaixo do mínimo de R$ 100,00: reduza o número de parcelas.']);
    const mei = simulate([small], { discount: 0, installmentsSocialSecurity: 60, installmentsOther: 120, debtorSize: 'mei' });
    expect(mei.params.minimumInstallment).toBe(25_00);
    expect(mei.certificates[0].warnings).toEqual(['Parcela de R$ 7,75 abaixo do mínimo de R$ 25,00: reduza o número de parcelas.']);
  });

  it('the entry base can be chosen per simulation', () => {
    const r = simulate(workedExample(), { discount: 65, installmentsSocialSecurity: 60, installmentsOther: 120, entryBase: 'discounted' });
    // CDA A: 6 % × (186.000 − 86.000) = 6.000.
    expect(r.certificates[0].entry).toBe(6_000_00);
    expect(r.params.entryBase).toBe('discounted');
  });
});

describe('suggested debtor size', () => {
  const r = (debtorName: string, debtorDocument = '12345678000195') => ({ debtorName, debtorDocument });
  it('reads a CPF as pessoa física and ME/EPP/MEI as words of the name', () => {
    expect(suggestDebtorSize([r('FULANO DE TAL', '52998224725')]).size).toBe('small');
    expect(suggestDebtorSize([r('PADARIA BOM PAO LTDA EPP')])).toEqual({ size: 'small', reason: '"EPP" no nome do devedor (PADARIA BOM PAO LTDA EPP).' });
    expect(suggestDebtorSize([r('JOSE DA SILVA - ME')]).size).toBe('small');
    expect(suggestDebtorSize([r('MARIA SOUZA MEI')]).size).toBe('mei');
    // "ME" inside COMERCIO, "EPP" inside a word: not a size.
    expect(suggestDebtorSize([r('ACME COMERCIO LTDA')]).size).toBe('general');
    expect(suggestDebtorSize([]).size).toBe('general');
  });
});

describe('one vocabulary', () => {
  it('names the worked example the same way everywhere', () => {
    const s = summarizeSimulation(simulate(workedExample(), { discount: 65, installmentsSocialSecurity: 60, installmentsOther: 120 }));
    expect(describeFigures(s).map((f) => `${f.label}: ${f.text}`)).toEqual([
      'Valor bruto: R$ 507.000,00',
      'Desconto concedido: R$ 265.050,00',
      'Entrada: R$ 30.420,00',
      'Saldo: R$ 227.433,00',
      'Total a pagar: R$ 257.853,00',
      'Economia: R$ 249.147,00',
    ]);
    expect(headline(s)).toBe('R$ 507.000,00 → R$ 257.853,00');
  });

  it('counts certificates outside the federal transação in the total, with their value', () => {
    const state = makeRecord({ issuer: 'state', principal: 1_000_00, fine: 200_00 });
    const s = summarizeSimulation(simulate([...workedExample(), state], { discount: 65, installmentsSocialSecurity: 60, installmentsOther: 120 }));
    expect(s.outside).toEqual({ count: 1, total: 1_200_00 });
    expect(s.allCertificatesTotal).toBe(507_000_00 + 1_200_00);
    expect(s.gross).toBe(507_000_00);
  });

  it('writes percentages and rates with the pt-BR comma', () => {
    expect(formatPercent(70.5)).toBe('70,5%');
    expect(formatPercent(65)).toBe('65%');
    expect(formatDecimal(2.25, 1)).toBe('2,3');
    expect(formatDecimal(1234.5, 1)).toBe('1.234,5');
  });
});
