import type { DebtNature } from '../certificate';
import type { SimulationResult, SimulationTotals } from './types';

export interface SummaryFigures {
  count: number;
  /** Total before discount. */
  gross: number;
  /** Discount actually granted (gross − toPay). */
  discount: number;
  /** Sum of every payment. */
  toPay: number;
}

/** What the analysis screen shows: small enough to store with the analysis row. */
export interface SimulationSummary extends SummaryFigures {
  byNature: Record<DebtNature, SummaryFigures>;
  notEligible: number;
  /** Months of the longest plan. */
  months: number;
  warnings: number;
}

function figures(t: SimulationTotals): SummaryFigures {
  return { count: t.count, gross: t.total, discount: t.saving, toPay: t.totalPaid };
}

export function summarizeSimulation(result: SimulationResult): SimulationSummary {
  return {
    ...figures(result.totals.overall),
    byNature: { previdenciaria: figures(result.totals.previdenciaria), demais: figures(result.totals.demais) },
    notEligible: result.notEligible.length,
    months: result.cashFlow.length,
    warnings: result.warnings.length + result.certificates.reduce((n, c) => n + c.warnings.length, 0),
  };
}
