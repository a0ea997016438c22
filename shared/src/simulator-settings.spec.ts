import {
  filterDiscountInput,
  filterInstallmentsInput,
  parseDiscount,
  simulatorInputFrom,
  validateSimulatorInput,
} from './simulator-settings';
import { DEFAULT_ANALYSIS_PARAMS } from './analysis';

describe('discount input', () => {
  it.each([
    ['6', '', '6'],
    ['65,', '65', '65,'],
    ['65,5', '65,', '65,5'],
    ['65,55', '65,5', '65,55'],
    ['65,555', '65,55', '65,55'], // a third decimal is refused
    ['65,5,', '65,5', '65,5'], // a second comma is refused
    ['65.5', '65', '65,5'], // the dot becomes the pt-BR comma
    ['65%', '65', '65'], // a typed suffix is dropped
    ['100', '10', '100'],
    ['100,01', '100,0', '100,0'], // above 100 is refused
    ['101', '10', '10'],
    ['6a', '6', '6'],
    ['', '65', ''],
    ['1000', '100', '100'],
  ])('typing %p over %p keeps %p', (next, previous, kept) => {
    expect(filterDiscountInput(next, previous)).toBe(kept);
  });

  it('parses pt-BR decimals', () => {
    expect(parseDiscount('65')).toBe(65);
    expect(parseDiscount('65,5')).toBe(65.5);
    expect(parseDiscount('0,25')).toBe(0.25);
    expect(parseDiscount('65,')).toBeNull();
    expect(parseDiscount('')).toBeNull();
  });
});

describe('installments input', () => {
  it.each([
    ['60', '6', '60'],
    ['180', '18', '180'],
    ['181', '18', '18'],
    ['6x', '6', '6'],
    ['1000', '100', '100'],
    ['', '60', ''],
  ])('typing %p over %p keeps %p', (next, previous, kept) => {
    expect(filterInstallmentsInput(next, previous)).toBe(kept);
  });
});

describe('validateSimulatorInput', () => {
  it('accepts the defaults (65 %, 60 and 114 installments)', () => {
    expect(validateSimulatorInput(simulatorInputFrom(DEFAULT_ANALYSIS_PARAMS))).toEqual({
      ok: true,
      params: { discount: 65, installmentsSocialSecurity: 60, installmentsOther: 114 },
    });
  });

  it('turns a comma decimal into a number', () => {
    const r = validateSimulatorInput({ discount: '65,5', installmentsSocialSecurity: '1', installmentsOther: '180' });
    expect(r).toEqual({ ok: true, params: { discount: 65.5, installmentsSocialSecurity: 1, installmentsOther: 180 } });
  });

  it('names every broken field in pt-BR', () => {
    const r = validateSimulatorInput({ discount: '', installmentsSocialSecurity: '0', installmentsOther: '181' });
    expect(r).toEqual({
      ok: false,
      errors: {
        discount: 'Informe o desconto.',
        installmentsSocialSecurity: 'Informe um número inteiro de parcelas entre 1 e 180.',
        installmentsOther: 'Informe um número inteiro de parcelas entre 1 e 180.',
      },
    });
    expect(validateSimulatorInput({ discount: '65,', installmentsSocialSecurity: '60', installmentsOther: '' })).toEqual({
      ok: false,
      errors: {
        discount: 'Use números com até 2 casas decimais (ex.: 65,5).',
        installmentsOther: 'Informe um número inteiro de parcelas entre 1 e 180.',
      },
    });
    expect(validateSimulatorInput({ discount: '100,5', installmentsSocialSecurity: '60', installmentsOther: '114' })).toMatchObject({
      ok: false,
      errors: { discount: 'O desconto não pode passar de 100%.' },
    });
  });
});
