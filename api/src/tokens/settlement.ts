import type { AnalysisStatus } from '@cda/shared';

/** What the settlement of one analysis reads. */
export interface SettlementInput {
  status: AnalysisStatus;
  /** Already settled (`analyses.settled_at` set): a second settlement changes nothing. */
  settled: boolean;
  /** What the upload reserved (`analyses.tokens_cost`). */
  tokensCost: number;
  /** Each file's share of the reservation and how it ended (`analysis_files.tokens`, `.status`). */
  files: Array<{ tokens: number; status: string }>;
  /** How much of the reservation came out of non-expiring credit (minus the reserve row's `credit_amount`). */
  reservedCredit: number;
}

export interface Settlement {
  /** Tokens given back to the balance. */
  refund: number;
  /** The part of the refund that goes back to non-expiring credit; the rest is plan allowance. */
  creditBack: number;
  /** Tokens the analysis consumed (the `settle` ledger row's words). */
  consumed: number;
}

/**
 * The settlement rule, in TypeScript for reading and for tests. The rule that runs is the SQL
 * function `settle_analysis` (migrations Tokens and AnalysisStatusCodes), called by
 * TokensService.settle in the API and inside the worker's final transaction; the settlement tests
 * run the same hand-computed cases through both.
 *
 * - Nothing happens (null) while the analysis runs or once it is settled.
 * - `error`: the whole reservation comes back. `done`: the tokens of the files that did not end
 *   `done` come back; the rest is consumed.
 * - The refund returns credit first, up to what the reservation took from credit; the rest goes to
 *   the plan allowance.
 *
 * Example: 2,000 tokens, 1,500 of them credit (so 500 of plan allowance). Three files of 600 tokens
 * are reserved (1,800): the allowance's 500 first, then 1,300 of credit, leaving 200 (all credit).
 * One file fails and the analysis ends `done`: 600 come back, all to credit (600 ≤ 1,300), so the
 * balance is 800 of which 800 credit, and 1,200 are consumed. Had the analysis ended `error`, all
 * 1,800 would come back: 1,300 to credit and 500 to the allowance, restoring 2,000 (1,500 credit).
 */
export function settlement(a: SettlementInput): Settlement | null {
  if (a.settled || a.status === 'processing') return null;
  const refund = a.status === 'error' ? a.tokensCost : a.files.filter((f) => f.status !== 'done').reduce((sum, f) => sum + f.tokens, 0);
  return { refund, creditBack: Math.min(refund, a.reservedCredit), consumed: a.tokensCost - refund };
}
