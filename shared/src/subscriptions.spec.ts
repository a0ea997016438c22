import {
  addMonths,
  churnPercent,
  dueReminder,
  monthsStarted,
  periodAfterPurchase,
  reactivationDeadline,
  reactivationOffer,
  refundQuote,
  reminderDueDates,
  renewalChargeDate,
  renewsByItself,
  unusedWholeDays,
  upgradeQuote,
} from './subscriptions';

const d = (s: string) => new Date(s);
const iso = (x: Date) => x.toISOString();

describe('period arithmetic', () => {
  it('adds calendar months in UTC, clamping the day to the month end as Postgres does', () => {
    expect(iso(addMonths(d('2026-01-31T10:00:00Z'), 1))).toBe('2026-02-28T10:00:00.000Z');
    expect(iso(addMonths(d('2028-01-31T10:00:00Z'), 1))).toBe('2028-02-29T10:00:00.000Z');
    expect(iso(addMonths(d('2026-12-15T00:00:00Z'), 1))).toBe('2027-01-15T00:00:00.000Z');
    expect(iso(addMonths(d('2026-11-24T09:00:00Z'), 12))).toBe('2027-11-24T09:00:00.000Z');
  });

  it('a purchase of the running plan extends its period; any other starts now', () => {
    const now = d('2026-03-10T12:00:00Z');
    expect(iso(periodAfterPurchase(now, 'monthly', { samePlan: true, expiresAt: d('2026-03-20T12:00:00Z') }).end)).toBe('2026-04-20T12:00:00.000Z');
    expect(iso(periodAfterPurchase(now, 'monthly', { samePlan: false, expiresAt: d('2026-03-20T12:00:00Z') }).end)).toBe('2026-04-10T12:00:00.000Z');
    // An expired period is not extended: the new one starts now.
    expect(iso(periodAfterPurchase(now, 'yearly', { samePlan: true, expiresAt: d('2026-03-01T00:00:00Z') }).end)).toBe('2027-03-10T12:00:00.000Z');
  });

  it('charges a renewal 3 days before the period ends', () => {
    expect(iso(renewalChargeDate(d('2026-04-10T12:00:00Z')))).toBe('2026-04-07T12:00:00.000Z');
  });

  it('counts unused whole days and started months', () => {
    expect(unusedWholeDays(d('2026-03-11T06:00:00Z'), d('2026-04-01T00:00:00Z'))).toBe(20);
    expect(unusedWholeDays(d('2026-04-02T00:00:00Z'), d('2026-04-01T00:00:00Z'))).toBe(0);
    expect(monthsStarted(d('2026-01-01T00:00:00Z'), d('2026-03-15T00:00:00Z'))).toBe(3);
    expect(monthsStarted(d('2026-01-01T00:00:00Z'), d('2026-03-01T00:00:00Z'))).toBe(3);
    expect(monthsStarted(d('2026-01-01T00:00:00Z'), d('2026-02-28T23:59:00Z'))).toBe(2);
  });
});

describe('reminders', () => {
  const end = d('2026-04-10T12:00:00Z');
  it('are due 7 days and 1 day before the end, only the 1-day one once its time has come', () => {
    expect(reminderDueDates(end).map((r) => [r.days, iso(r.at)])).toEqual([
      [7, '2026-04-03T12:00:00.000Z'],
      [1, '2026-04-09T12:00:00.000Z'],
    ]);
    expect(dueReminder(d('2026-04-03T11:59:00Z'), end)).toBeNull();
    expect(dueReminder(d('2026-04-03T12:00:00Z'), end)).toBe(7);
    expect(dueReminder(d('2026-04-09T11:59:00Z'), end)).toBe(7);
    expect(dueReminder(d('2026-04-09T12:00:00Z'), end)).toBe(1);
    expect(dueReminder(end, end)).toBeNull();
  });
  it('are not sent for plans that renew by themselves', () => {
    expect(renewsByItself('auto')).toBe(true);
    expect(renewsByItself('retrying')).toBe(true);
    expect(renewsByItself('manual')).toBe(false);
    expect(renewsByItself('cancelled')).toBe(false);
  });
});

describe('upgrade pro rata', () => {
  it('credits the unused whole days of what was paid against the new price', () => {
    // Basic monthly R$ 49,00 for 1 Mar–1 Apr (31 days); on 11 Mar 06:00, 20 whole days are left.
    // 4900 × 20 / 31 = 3161,29 → 3161; Premium R$ 149,00 − 31,61 = R$ 117,39.
    const q = upgradeQuote({ paidCents: 4900, periodStart: d('2026-03-01T00:00:00Z'), periodEnd: d('2026-04-01T00:00:00Z'), newPriceCents: 14900, now: d('2026-03-11T06:00:00Z') });
    expect(q).toEqual({ unusedDays: 20, periodDays: 31, creditCents: 3161, newPriceCents: 14900, chargeCents: 11739 });
  });
  it('never charges below zero', () => {
    const q = upgradeQuote({ paidCents: 47000, periodStart: d('2026-03-01T00:00:00Z'), periodEnd: d('2027-03-01T00:00:00Z'), newPriceCents: 14900, now: d('2026-03-02T00:00:00Z') });
    // 47000 × 364 / 365 = 46871,2 → 46871, more than R$ 149,00.
    expect(q.creditCents).toBe(46871);
    expect(q.chargeCents).toBe(0);
  });
});

describe('refunds', () => {
  const first = d('2026-01-01T12:00:00Z');
  it('gives everything back within the 30-day guarantee (its last instant included)', () => {
    const q = refundQuote({ cycle: 'monthly', paidCents: 4900, periodPaidCents: 4900, firstPaymentAt: first, periodStart: first, now: d('2026-01-31T12:00:00Z') });
    expect(q).toMatchObject({ kind: 'full', refundCents: 4900, feeCents: 0 });
    expect(iso(q.guaranteeEndsAt)).toBe('2026-01-31T12:00:00.000Z');
  });
  it('gives nothing for a monthly plan after the guarantee', () => {
    expect(refundQuote({ cycle: 'monthly', paidCents: 4900, periodPaidCents: 4900, firstPaymentAt: first, periodStart: first, now: d('2026-01-31T12:00:01Z') })).toMatchObject({ kind: 'none', refundCents: 0 });
  });
  it('annual after the guarantee: unused whole months pro rata, minus 10 % of that', () => {
    // Premium annual R$ 1.430,00 from 1 Jan; on 15 Mar three months have begun, 9 are unused:
    // 143000 × 9 / 12 = 107250; fee 10 % = 10725; refund R$ 965,25.
    expect(refundQuote({ cycle: 'yearly', paidCents: 143000, periodPaidCents: 143000, firstPaymentAt: first, periodStart: first, now: d('2026-03-15T12:00:00Z') })).toMatchObject({
      kind: 'annual_pro_rata', unusedMonths: 9, proRataCents: 107250, feeCents: 10725, refundCents: 96525,
    });
    // Basic annual R$ 470,00, 40 days in: 10 months unused, 47000 × 10 / 12 = 39166,67 → 39166; fee 3916,6 → 3917; refund 35249.
    expect(refundQuote({ cycle: 'yearly', paidCents: 47000, periodPaidCents: 47000, firstPaymentAt: first, periodStart: first, now: d('2026-02-10T12:00:00Z') })).toMatchObject({
      unusedMonths: 10, proRataCents: 39166, feeCents: 3917, refundCents: 35249,
    });
    // In its twelfth month nothing is left to refund.
    expect(refundQuote({ cycle: 'yearly', paidCents: 47000, periodPaidCents: 47000, firstPaymentAt: first, periodStart: first, now: d('2026-12-15T12:00:00Z') })).toMatchObject({ kind: 'none', refundCents: 0 });
  });
});

describe('reactivation (cancellation policy §5: 90 days)', () => {
  // Ended on 31 Jan 2026 at 12:00 UTC. By hand: +1 day = 1 Feb, +28 (Feb 2026) = 1 Mar (29 days),
  // +31 = 1 Apr (60), +29 = 30 Apr (89), +1 = 1 May (90).
  const endedAt = d('2026-01-31T12:00:00Z');
  const last = (endReason: string | null) => ({ endedAt, endReason });
  const at = (now: string, endReason: string | null = 'expired', onPaidPlan = false) => reactivationOffer({ now: d(now), last: last(endReason), onPaidPlan });

  it('lapses 90 days after the end, to the instant', () => {
    expect(iso(reactivationDeadline(endedAt))).toBe('2026-05-01T12:00:00.000Z');
  });

  it('is offered from the end through day 89 and the last millisecond before day 90', () => {
    expect(at('2026-01-31T12:00:00Z')).toEqual({ until: d('2026-05-01T12:00:00Z') });
    expect(at('2026-04-30T12:00:00Z')).toEqual({ until: d('2026-05-01T12:00:00Z') }); // day 89
    expect(at('2026-05-01T11:59:59.999Z')).not.toBeNull();
  });

  it('is gone at day 90 and after (day 91)', () => {
    expect(at('2026-05-01T12:00:00Z')).toBeNull();
    expect(at('2026-05-02T12:00:00Z')).toBeNull(); // day 91
  });

  it('is not offered before the plan ended (a clock behind the row)', () => {
    expect(at('2026-01-31T11:59:59Z')).toBeNull();
  });

  it('follows an expiry or a refund, not a plan swapped for another, an administrator\'s end or a deleted account', () => {
    expect(at('2026-02-10T00:00:00Z', 'expired')).not.toBeNull();
    expect(at('2026-02-10T00:00:00Z', 'refunded')).not.toBeNull();
    expect(at('2026-02-10T00:00:00Z', 'cancelled_refund')).not.toBeNull();
    expect(at('2026-02-10T00:00:00Z', 'changed')).toBeNull();
    expect(at('2026-02-10T00:00:00Z', 'admin')).toBeNull();
    expect(at('2026-02-10T00:00:00Z', 'account_deleted')).toBeNull();
    expect(at('2026-02-10T00:00:00Z', null)).toBeNull();
  });

  it('is not offered while the account has a paid plan, nor without an ended one', () => {
    expect(at('2026-02-10T00:00:00Z', 'expired', true)).toBeNull();
    expect(reactivationOffer({ now: d('2026-02-10T00:00:00Z'), last: null, onPaidPlan: false })).toBeNull();
  });
});

describe('churn', () => {
  it('is ended ÷ active at the start of the month, one decimal', () => {
    expect(churnPercent(1, 3)).toBe(33.3);
    expect(churnPercent(0, 0)).toBe(0);
  });
});

describe('plan dates', () => {
  it('read in Brasília time', () => {
    const { formatPlanDate } = jest.requireActual('./subscriptions');
    // 02:00 UTC on the 1st is still the 31st in Brasília (UTC−3).
    expect(formatPlanDate('2026-01-01T02:00:00Z')).toBe('31/12/2025');
    expect(formatPlanDate(new Date('2026-04-10T12:00:00Z'))).toBe('10/04/2026');
  });
});
