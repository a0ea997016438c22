import { formatCentavos, parseBRLToCentavos } from './money';

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
