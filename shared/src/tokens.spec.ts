import { analysisCost, formatTokenAmount, formatTokens, planBalanceDescription, tokenStanding } from './tokens';

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

describe('formatTokenAmount: token amounts in sentences', () => {
  it('takes the singular "milhão" below two million and the plural from two on', () => {
    expect(formatTokenAmount(1_000_000)).toBe('1 milhão de tokens');
    expect(formatTokenAmount(1_500_000)).toBe('1,5 milhão de tokens');
    expect(formatTokenAmount(1_999_999)).toBe('1,9 milhão de tokens');
    expect(formatTokenAmount(2_000_000)).toBe('2 milhões de tokens');
    expect(formatTokenAmount(5_000_000)).toBe('5 milhões de tokens');
    expect(formatTokenAmount(20_000_000)).toBe('20 milhões de tokens');
  });

  it('writes smaller amounts exactly, the noun agreeing with one', () => {
    expect(formatTokenAmount(250_000)).toBe('250.000 tokens');
    expect(formatTokenAmount(1_250)).toBe('1.250 tokens');
    expect(formatTokenAmount(1)).toBe('1 token');
    expect(formatTokenAmount(0)).toBe('0 tokens');
  });
});

describe('tokenStanding: the one "restantes / total" of every screen', () => {
  it('counts credits in both the remaining and the total, so the remaining never exceeds the total', () => {
    // Basic (5M) untouched plus 1M of credits: the dashboard used to say "6M / 5M total".
    expect(tokenStanding({ tokens: 6_000_000, creditTokens: 1_000_000, allowance: 5_000_000 })).toEqual({
      remaining: 6_000_000, total: 6_000_000, credits: 1_000_000, allowance: 5_000_000,
      allowanceLeft: 5_000_000, allowanceUsed: 0, usedPercent: 0,
    });
  });

  it('measures use against the allowance only', () => {
    // 5M plan, 1.2M spent, 300K of credits: 3.8M + 0.3M left of 5.3M; 24 % of the plan used.
    expect(tokenStanding({ tokens: 4_100_000, creditTokens: 300_000, allowance: 5_000_000 })).toMatchObject({
      remaining: 4_100_000, total: 5_300_000, allowanceLeft: 3_800_000, allowanceUsed: 1_200_000, usedPercent: 24,
    });
  });

  it('never reads more left of the allowance than the allowance, nor more credits than the balance', () => {
    // An allowance lowered mid-period can leave more plan tokens than the new allowance.
    expect(tokenStanding({ tokens: 3_000_000, creditTokens: 0, allowance: 1_000_000 })).toMatchObject({ remaining: 1_000_000, total: 1_000_000, usedPercent: 0 });
    expect(tokenStanding({ tokens: 200, creditTokens: 500, allowance: 1_000 })).toMatchObject({ remaining: 200, credits: 200, allowanceLeft: 0, total: 1_200, usedPercent: 100 });
    expect(tokenStanding({ tokens: 0, creditTokens: 0, allowance: 0 })).toMatchObject({ remaining: 0, total: 0, usedPercent: 100 });
  });
});

describe('planBalanceDescription: a plan change explained in the ledger', () => {
  it('names the plan and the balance it sets, with the reason', () => {
    expect(planBalanceDescription('Basic', 5_000_000)).toBe('Plano Basic: saldo ajustado para 5M');
    expect(planBalanceDescription('Premium', 20_000_000, 'compra anual')).toBe('Plano Premium: saldo ajustado para 20M (compra anual)');
    expect(planBalanceDescription('Basic', 2_500_000, 'alterado pelo administrador')).toBe('Plano Basic: saldo ajustado para 2,5M (alterado pelo administrador)');
    expect(planBalanceDescription('Enterprise', 999_999_999)).toBe('Plano Enterprise: saldo ajustado para ilimitado');
  });
});
