import { formatBytes, formatCentavos, formatDateTime, formatTime, parseBRLToCentavos, plural } from './money';

describe('money', () => {
  it('formats centavos as pt-BR currency', () => {
    expect(formatCentavos(123456)).toBe('R$ 1.234,56');
    expect(formatCentavos(0)).toBe('R$ 0,00');
    expect(formatCentavos(1861488)).toBe('R$ 18.614,88');
  });

  it('parses pt-BR money into integer centavos without float error', () => {
    expect(parseBRLToCentavos('1.234.567,89')).toBe(123456789);
    expect(parseBRLToCentavos('R$ 10,00')).toBe(1000);
    expect(parseBRLToCentavos('0,1')).toBe(10);
    expect(parseBRLToCentavos('3.512,40')).toBe(351240);
    expect(parseBRLToCentavos('-5,55')).toBe(-555);
    expect(parseBRLToCentavos('1500')).toBe(150000);
  });

  it('rejects text that is not money', () => {
    expect(parseBRLToCentavos('abc')).toBeNull();
    expect(parseBRLToCentavos('1.23,45')).toBeNull();
    expect(parseBRLToCentavos('')).toBeNull();
  });
});

describe('formatDateTime and formatBytes', () => {
  it('formats dates in Brasília time', () => {
    expect(formatDateTime('2026-11-22T17:05:00Z')).toBe('22/11/2026 14:05');
    expect(formatTime('2026-11-22T17:05:09Z')).toBe('14:05:09');
  });
  it('formats sizes with pt-BR decimals', () => {
    expect(formatBytes(0)).toBe('0 Bytes');
    expect(formatBytes(512)).toBe('512 Bytes');
    expect(formatBytes(1536)).toBe('1,50 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5,00 MB');
  });
});

describe('plural', () => {
  it('picks the form by count', () => {
    expect(plural(1, 'certidão', 'certidões')).toBe('1 certidão');
    expect(plural(0, 'certidão', 'certidões')).toBe('0 certidões');
    expect(plural(1200, 'arquivo', 'arquivos')).toBe('1.200 arquivos');
  });
});
