import type { SimulationSummary } from '@cda/shared';
import type { AnalysisView, Page, PublicUser } from '@cda/shared';

/** The signed-in account as every auth answer carries it. */
export type User = PublicUser;

export interface Session {
  token: string;
  user: User;
}

/** An analysis as the API answers it (shared/src/contracts/rest.ts). */
export type Analysis = AnalysisView;

export type { ReviewOutcome } from '@cda/shared';

export type { Page };
