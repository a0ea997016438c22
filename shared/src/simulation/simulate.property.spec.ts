import fc from 'fast-check';
import type { CertificateRecord } from '../certificate';
import { mulDivHalfUp } from './centavos';
import { simulate } from './simulate';
import { makeRecord } from './testing';
import type { SimulationParams, SimulationSettings } from './types';

// Up to R$ 100 milhões per component: the products inside the balance formula pass 2^53.
const money = fc.integer({ min: 0, max: 10_000_000_000 });

const recordArb: fc.Arbitrary<CertificateRecord> = fc
  .record({
    nature: fc.constantFrom('previdenciaria' as const, 'demais' as const),
    principal: money,
    fine: money,
    interest: money,
    legalCharge: money,
    printedTotal: fc.option(money, { nil: undefined }),
  })
  .map(({ printedTotal, ...r }) =>
    makeRecord({ ...r, ...(printedTotal === undefined ? {} : { total: printedTotal }) }),
  );

const paramsArb: fc.Arbitrary<SimulationParams> = fc.record({
  discount: fc.integer({ min: 0, max: 100 }),
  installmentsSocialSecurity: fc.integer({ min: 1, max: 150 }),
  installmentsOther: fc.integer({ min: 1, max: 150 }),
  debtorSize: fc.constantFrom('general' as const, 'small' as const),
});

const settingsArb: fc.Arbitrary<Partial<SimulationSettings>> = fc.record({
  entryPercent: fc.constantFrom(0, 5, 6, 6.5, 10, 20),
  entryMonths: fc.integer({ min: 1, max: 12 }),
  entryBase: fc.constantFrom('gross' as const, 'discounted' as const),
});

const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);

describe('simulate: properties', () => {
  it('never discounts the principal nor more than the accessories', () => {
    fc.assert(
      fc.property(fc.array(recordArb, { maxLength: 6 }), paramsArb, settingsArb, (records, params, settings) => {
        for (const c of simulate(records, params, settings).certificates) {
          expect(c.totalPaid).toBeGreaterThanOrEqual(c.total - c.discountable);
          expect(c.totalPaid).toBeGreaterThanOrEqual(c.principal);
          expect(c.saving).toBeGreaterThanOrEqual(0);
          expect(c.saving).toBeLessThanOrEqual(c.discount);
          expect(c.discount).toBeLessThanOrEqual(c.discountable);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('has a cash flow that sums to the total paid, with no negative month', () => {
    fc.assert(
      fc.property(fc.array(recordArb, { maxLength: 6 }), paramsArb, settingsArb, (records, params, settings) => {
        const r = simulate(records, params, settings);
        expect(sum(r.cashFlow.map((m) => m.total))).toBe(r.totals.overall.totalPaid);
        expect(sum(r.cashFlow.map((m) => m.previdenciaria))).toBe(r.totals.previdenciaria.totalPaid);
        for (const c of r.certificates) {
          expect(c.schedule).toHaveLength(c.months);
          expect(sum(c.schedule)).toBe(c.totalPaid);
          expect(c.schedule.every((v) => Number.isSafeInteger(v) && v >= 0)).toBe(true);
          expect(c.totalPaid + c.saving).toBe(c.total);
        }
      }),
      { numRuns: 300 },
    );
  });

  // As in the balance, (T − entry) × (T − d) ÷ T: b ≤ c keeps the result a safe integer.
  const fraction = fc.integer({ min: 1, max: 10_000_000_000 }).chain((c) => fc.tuple(money, fc.integer({ min: 0, max: c }), fc.constant(c)));

  it('rounds a × b ÷ c half-up exactly', () => {
    fc.assert(
      fc.property(fraction, ([a, b, c]) => {
        const q = mulDivHalfUp(a, b, c);
        const twice = 2n * BigInt(a) * BigInt(b);
        // q is the half-up rounding iff 2c(q − ½) ≤ 2ab < 2c(q + ½).
        expect(BigInt(c) * (2n * BigInt(q) - 1n) <= twice).toBe(true);
        expect(twice < BigInt(c) * (2n * BigInt(q) + 1n)).toBe(true);
      }),
    );
  });
});
