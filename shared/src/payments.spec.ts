import { formatCpf, isValidCpf, maxInstallments, rejectionReason, yearlyDiscountPercent } from './payments';

describe('payments helpers', () => {
  it('checks CPF check digits', () => {
    expect(isValidCpf('12345678909')).toBe(true);
    expect(isValidCpf('12345678900')).toBe(false);
    expect(isValidCpf('11111111111')).toBe(false);
    expect(isValidCpf('1234567890')).toBe(false);
  });

  it('masks a CPF as it is typed', () => {
    expect(formatCpf('123')).toBe('123');
    expect(formatCpf('1234')).toBe('123.4');
    expect(formatCpf('1234567')).toBe('123.456.7');
    expect(formatCpf('12345678909')).toBe('123.456.789-09');
    expect(formatCpf('123.456.789-0999')).toBe('123.456.789-09');
  });

  it('maps provider rejections to the failure page reasons', () => {
    expect(rejectionReason('cc_rejected_insufficient_amount')).toBe('Cartão sem limite suficiente');
    expect(rejectionReason('cc_rejected_high_risk')).toBe('Não foi possível processar o pagamento');
    expect(rejectionReason(null)).toBe('Não foi possível processar o pagamento');
  });

  it('computes the yearly discount and instalment limits', () => {
    expect(yearlyDiscountPercent(14900, 143000)).toBe(20);
    expect(yearlyDiscountPercent(4900, 47000)).toBe(20);
    expect(yearlyDiscountPercent(0, 0)).toBe(0);
    expect(maxInstallments('yearly')).toBe(1);
    expect(maxInstallments('monthly')).toBe(12);
    expect(maxInstallments(null)).toBe(12);
  });
});
