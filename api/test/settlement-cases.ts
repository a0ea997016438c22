import type { AnalysisStatus } from '@cda/shared';

/**
 * Hand-computed settlements, run through the TypeScript statement of the rule (settlement.spec.ts)
 * and through the SQL function that applies it (settlement.e2e-spec.ts). The reservation spends
 * plan allowance first, then credit, so `reservedCredit` follows from the balance before it.
 */
export interface SettlementCase {
  name: string;
  /** The balance before the upload: everything, and the non-expiring credit within it. */
  before: { tokens: number; credit: number };
  files: Array<{ tokens: number; status: 'pending' | 'done' | 'error' }>;
  /** How the analysis ended (or that it still runs). */
  status: AnalysisStatus;
  reservedCredit: number;
  /** null: no settlement (still running). */
  expected: { refund: number; creditBack: number; consumed: number } | null;
  /** The balance once settled. */
  after: { tokens: number; credit: number };
}

export const SETTLEMENT_CASES: SettlementCase[] = [
  {
    // 1,800 reserved: the 500 of allowance, then 1,300 of credit (200 left, all credit). The failed
    // file's 600 come back to credit (600 ≤ 1,300): 800, all credit; 1,200 consumed.
    name: 'done, one of three files failed: its tokens come back, to credit first',
    before: { tokens: 2000, credit: 1500 },
    files: [{ tokens: 600, status: 'done' }, { tokens: 600, status: 'error' }, { tokens: 600, status: 'done' }],
    status: 'done',
    reservedCredit: 1300,
    expected: { refund: 600, creditBack: 600, consumed: 1200 },
    after: { tokens: 800, credit: 800 },
  },
  {
    // Everything comes back: 1,300 to credit, 500 to the allowance; the balance is as before.
    name: 'error: the whole reservation comes back',
    before: { tokens: 2000, credit: 1500 },
    files: [{ tokens: 600, status: 'done' }, { tokens: 600, status: 'pending' }, { tokens: 600, status: 'pending' }],
    status: 'error',
    reservedCredit: 1300,
    expected: { refund: 1800, creditBack: 1300, consumed: 0 },
    after: { tokens: 2000, credit: 1500 },
  },
  {
    // 800 reserved: the 700 of allowance, then 100 of credit (200 left, all credit). The failed
    // file's 500 come back: 100 to credit (all the reservation took from it), 400 to the allowance.
    name: 'done, refund larger than the credit the reservation took: the rest goes to the allowance',
    before: { tokens: 1000, credit: 300 },
    files: [{ tokens: 500, status: 'error' }, { tokens: 300, status: 'done' }],
    status: 'done',
    reservedCredit: 100,
    expected: { refund: 500, creditBack: 100, consumed: 300 },
    after: { tokens: 700, credit: 300 },
  },
  {
    // A file the worker never reached counts as not delivered, like a failed one.
    name: 'done, a file never processed (pending): its tokens come back',
    before: { tokens: 1000, credit: 0 },
    files: [{ tokens: 400, status: 'done' }, { tokens: 300, status: 'pending' }],
    status: 'done',
    reservedCredit: 0,
    expected: { refund: 300, creditBack: 0, consumed: 400 },
    after: { tokens: 600, credit: 0 },
  },
  {
    name: 'done, every file processed: nothing comes back',
    before: { tokens: 1000, credit: 0 },
    files: [{ tokens: 400, status: 'done' }, { tokens: 300, status: 'done' }],
    status: 'done',
    reservedCredit: 0,
    expected: { refund: 0, creditBack: 0, consumed: 700 },
    after: { tokens: 300, credit: 0 },
  },
  {
    name: 'still processing: no settlement yet',
    before: { tokens: 1000, credit: 0 },
    files: [{ tokens: 500, status: 'pending' }],
    status: 'processing',
    reservedCredit: 0,
    expected: null,
    after: { tokens: 500, credit: 0 },
  },
];
