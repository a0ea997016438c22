import { LEGAL, accessLogCutoff, dataDeletionDueAt, dataRetentionCutoff, fillLegalText, legalFigures, paymentRecordsCutoff } from './legal';

const now = new Date('2026-03-31T12:00:00Z');

describe('legal figures', () => {
  it('are the ones the policies promise, with 90 days (not 30) for data after cancellation', () => {
    expect(LEGAL.dataRetentionDays).toBe(90);
    expect(LEGAL.reactivationDays).toBe(90);
    expect(LEGAL.guaranteeDays).toBe(30);
    expect(LEGAL.annualCancellationFeePercent).toBe(10);
    expect(LEGAL.paymentRecordsYears).toBe(5);
    expect(LEGAL.accessLogMonths).toBe(6);
    expect(LEGAL.refundBusinessDays).toEqual({ card: [5, 10], pix: [1, 3], transfer: [3, 5] });
  });

  it('reads as the text says them', () => {
    const f = legalFigures();
    expect(f.refundCard).toBe('5 a 10 dias úteis');
    expect(f.refundPix).toBe('1 a 3 dias úteis');
    expect(f.refundTransfer).toBe('3 a 5 dias úteis');
    expect(f.dataRetention).toBe('90 dias');
    expect(f.annualCancellationFee).toBe('10%');
    expect(f.updatedAt).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  });
});

describe('retention cut-offs', () => {
  it('data: exactly 90 days before now, and due 90 days after deletion', () => {
    expect(dataRetentionCutoff(now).toISOString()).toBe('2025-12-31T12:00:00.000Z');
    expect(dataDeletionDueAt(new Date('2025-12-31T12:00:00Z')).toISOString()).toBe(now.toISOString());
  });

  it('access logs: six calendar months', () => {
    expect(accessLogCutoff(new Date('2026-08-15T00:00:00Z')).toISOString()).toBe('2026-02-15T00:00:00.000Z');
  });

  it('payment records: five calendar years', () => {
    expect(paymentRecordsCutoff(now).toISOString()).toBe('2021-03-31T12:00:00.000Z');
  });
});

describe('fillLegalText', () => {
  it('replaces every placeholder', () => {
    expect(fillLegalText('Prazo de {{ dataRetention }} e {{refundPix}}.')).toBe('Prazo de 90 dias e 1 a 3 dias úteis.');
  });

  it('refuses an unknown placeholder instead of showing braces', () => {
    expect(() => fillLegalText('{{retentionDias}}')).toThrow('Unknown legal figure {{retentionDias}}');
  });
});
