import type { AnalysisParams } from '../analysis';
import type { CertificateRecord, DebtNature } from '../certificate';

/**
 * `small` covers PF, ME, EPP, Santas Casas, cooperatives, OSCs and education institutions (Lei 13.988
 * art. 11); `mei` is a small debtor with the lower minimum instalment.
 */
export type DebtorSize = 'general' | 'small' | 'mei';

/** CAPAG rating (Portaria PGFN 6.757/2022 art. 24): only C and D get a discount. */
export type Capag = 'A' | 'B' | 'C' | 'D';

/**
 * `gross`: the entry is a percentage of the total before discount and is paid without discount (docs/domain.md §5).
 * `discounted`: the entry is a percentage of the total after discount, as many market simulators do.
 */
export type EntryBase = 'gross' | 'discounted';

/** What the user sends with the upload or a re-simulation; the same as {@link AnalysisParams}. */
export type SimulationParams = AnalysisParams;

/** A value the rules changed from what was asked, shown next to the figure it changed. */
export type AdjustedParam = 'discount' | 'installmentsSocialSecurity' | 'installmentsOther' | 'entryMonths';

export interface Adjustment {
  param: AdjustedParam;
  requested: number;
  applied: number;
  /** pt-BR: what was capped, by which limit and why. */
  message: string;
}

/** Admin-controlled rules of the current edital. Percentages are 0–100; money is integer centavos. */
export interface SimulationSettings {
  entryPercent: number;
  entryMonths: number;
  entryBase: EntryBase;
  discountCapGeneral: number;
  discountCapSmall: number;
  termCapSocialSecurity: number;
  termCapGeneral: number;
  termCapSmall: number;
  minimumInstallment: number;
}

export const DEFAULT_SIMULATION_SETTINGS: SimulationSettings = {
  entryPercent: 6,
  entryMonths: 6,
  entryBase: 'gross',
  discountCapGeneral: 65,
  discountCapSmall: 70,
  termCapSocialSecurity: 60,
  termCapGeneral: 120,
  termCapSmall: 145,
  minimumInstallment: 10_000,
};

/** The inputs after defaults and legal caps, as the workbook's Parâmetros sheet shows them. */
export interface ResolvedParams {
  debtorSize: DebtorSize;
  /** null when the user did not say: the simulation then assumes C/D and says so. */
  capag: Capag | null;
  entryBase: EntryBase;
  discountRequested: number;
  /** The debtor size's legal cap, or 0 for CAPAG A/B. */
  discountCap: number;
  /** min(requested, cap): the percentage actually simulated. */
  discountApplied: number;
  /** Months asked for, per nature, before the term caps. */
  installmentsRequested: Record<DebtNature, number>;
  /** min(requested, term cap): the months simulated. */
  installments: Record<DebtNature, number>;
  termCaps: Record<DebtNature, number>;
  entryMonthsRequested: number;
  entryMonthsCap: number;
  entryMonths: number;
  /** The edital's minimum, or R$ 25 for an MEI. */
  minimumInstallment: number;
  adjustments: Adjustment[];
}

export interface CertificateSimulation {
  record: CertificateRecord;
  /** The base T: the sum of the components, or the printed total when it is larger. */
  total: number;
  principal: number;
  /** Fine + interest + legal charge: the only part a discount may touch. */
  discountable: number;
  /** d = min(discount % × T, discountable). */
  discount: number;
  /** T − d. */
  amountToPay: number;
  entry: number;
  entryMonths: number;
  entryInstallment: number;
  /** The last entry payment, which absorbs the rounding remainder (and the balance when there are no balance months). */
  entryLastInstallment: number;
  balance: number;
  balanceMonths: number;
  balanceInstallment: number;
  balanceLastInstallment: number;
  /** Total number of monthly payments, entry months included. */
  months: number;
  totalPaid: number;
  /** T − entry − balance: what the debtor saves (less than the discount when the entry is on the gross total). */
  saving: number;
  /** saving ÷ T (a ratio, not money). */
  savingRate: number;
  /** Amount due in month n at index n − 1. */
  schedule: number[];
  warnings: string[];
}

export interface NotEligible {
  record: CertificateRecord;
  reason: string;
}

export interface SimulationTotals {
  count: number;
  principal: number;
  discountable: number;
  total: number;
  discount: number;
  amountToPay: number;
  entry: number;
  balance: number;
  totalPaid: number;
  saving: number;
}

export interface CashFlowMonth {
  month: number;
  previdenciaria: number;
  demais: number;
  total: number;
}

export interface SimulationResult {
  params: ResolvedParams;
  settings: SimulationSettings;
  certificates: CertificateSimulation[];
  notEligible: NotEligible[];
  totals: Record<DebtNature | 'overall', SimulationTotals>;
  cashFlow: CashFlowMonth[];
  /** pt-BR warnings about the run as a whole (caps, terms); per-certificate ones sit on each certificate. */
  warnings: string[];
}
