export * from './types';
export { simulate, resolveParams, resolveSettings } from './simulate';
export { summarizeSimulation } from './summary';
export type { SimulationSummary, SummaryFigures } from './summary';
export { NATURE_LABEL, NOT_FEDERAL_REASON } from './eligibility';
export { mulDivHalfUp, percentOf, splitInstallments } from './centavos';
