import { settlement } from '../src/tokens/settlement';
import { SETTLEMENT_CASES } from './settlement-cases';

describe('settlement rule (TypeScript statement of settle_analysis)', () => {
  it.each(SETTLEMENT_CASES.map((c) => [c.name, c] as const))('%s', (_, c) => {
    const tokensCost = c.files.reduce((sum, f) => sum + f.tokens, 0);
    const s = settlement({ status: c.status, settled: false, tokensCost, files: c.files, reservedCredit: c.reservedCredit });
    expect(s).toEqual(c.expected);
    // The balance after: what the reservation left, plus the refund (credit back within it).
    const reserved = { tokens: c.before.tokens - tokensCost, credit: c.before.credit - c.reservedCredit };
    expect({ tokens: reserved.tokens + (s?.refund ?? 0), credit: reserved.credit + (s?.creditBack ?? 0) }).toEqual(c.after);
  });

  it('settles once: an analysis already settled gets nothing more', () => {
    expect(settlement({ status: 'error', settled: true, tokensCost: 1800, files: [], reservedCredit: 1300 })).toBeNull();
  });
});
