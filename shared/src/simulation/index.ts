export * from './types';
export { simulate, resolveParams, resolveSettings } from './simulate';
export { summarizeSimulation } from './summary';
export type { SimulationSummary, SummaryFigures, SummaryParams, OutsideFigures } from './summary';
export { NATURE_LABEL, NOT_FEDERAL_REASON, exclusionReason } from './eligibility';
export { mulDivHalfUp, percentOf, splitInstallments } from './centavos';
export * from './rules';
export * from './vocabulary';
