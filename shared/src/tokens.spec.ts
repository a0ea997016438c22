import { analysisCost, formatTokens } from './tokens';

describe('analysisCost', () => {
  it('charges tokens per page and at least one page per file', () => {
    expect(analysisCost([3, 0, 1], 1000)).toEqual({ perFile: [3000, 1000, 1000], total: 5000 });
    expect(analysisCost([], 1000)).toEqual({ perFile: [], total: 0 });
  });
});

describe('formatTokens', () => {
  it('abbreviates thousands and millions without rounding up', () => {
    expect(formatTokens(999)).toBe('999');
    expect(formatTokens(1000)).toBe('1K');
    expect(formatTokens(250_000)).toBe('250K');
    expect(formatTokens(1_000_000)).toBe('1M');
    expect(formatTokens(1_580_000)).toBe('1,5M');
    expect(formatTokens(20_000_000)).toBe('20M');
  });
});
