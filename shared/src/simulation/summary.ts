import type { DebtNature } from '../certificate';
import { certificateTotal } from '../review';
import type { Adjustment, Capag, DebtorSize, EntryBase, SimulationResult, SimulationTotals } from './types';
import type { TermFigures } from './vocabulary';

export interface SummaryFigures extends TermFigures {
  count: number;
}

/** Certificates left out of the federal transação: counted and shown with their values, never simulated. */
export interface OutsideFigures {
  count: number;
  /** Sum of their printed totals (or components when no total was printed). */
  total: number;
}

/** What was simulated, after the limits: shown beside the figures. */
export interface SummaryParams {
  debtorSize: DebtorSize;
  capag: Capag | null;
  entryBase: EntryBase;
  discountRequested: number;
  discountApplied: number;
  installments: Record<DebtNature, number>;
  entryPercent: number;
  entryMonths: number;
  minimumInstallment: number;
}

/** What the analysis screen and the e-mail show: small enough to store with the analysis row. */
export interface SimulationSummary extends SummaryFigures {
  byNature: Record<DebtNature, SummaryFigures>;
  notEligible: number;
  /** Every certificate that stayed out (other spheres, no value) with its total. */
  outside: OutsideFigures;
  /** Valor bruto of the simulated certificates plus the totals of those outside: all the debt found. */
  allCertificatesTotal: number;
  /** Months of the longest plan. */
  months: number;
  warnings: number;
  params: SummaryParams;
  /** Every limit applied to what was asked, with its pt-BR message. */
  adjustments: Adjustment[];
}

function figures(t: SimulationTotals): SummaryFigures {
  return {
    count: t.count, gross: t.total, discountGranted: t.discount, entry: t.entry, balance: t.balance, toPay: t.totalPaid, saving: t.saving,
  };
}

export function summarizeSimulation(result: SimulationResult): SimulationSummary {
  const outsideTotal = result.notEligible.reduce((sum, n) => sum + certificateTotal(n.record), 0);
  const p = result.params;
  return {
    ...figures(result.totals.overall),
    byNature: { previdenciaria: figures(result.totals.previdenciaria), demais: figures(result.totals.demais) },
    notEligible: result.notEligible.length,
    outside: { count: result.notEligible.length, total: outsideTotal },
    allCertificatesTotal: result.totals.overall.total + outsideTotal,
    months: result.cashFlow.length,
    warnings: result.warnings.length + result.certificates.reduce((n, c) => n + c.warnings.length, 0),
    params: {
      debtorSize: p.debtorSize, capag: p.capag, entryBase: p.entryBase, discountRequested: p.discountRequested,
      discountApplied: p.discountApplied, installments: p.installments, entryPercent: result.settings.entryPercent,
      entryMonths: p.entryMonths, minimumInstallment: p.minimumInstallment,
    },
    adjustments: p.adjustments,
  };
}
