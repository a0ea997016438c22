/**
 * The types the API answers, under the names the OpenAPI document gives them. `npm run openapi:schemas -w api`
 * turns every type exported here into a JSON schema (schemas.generated.json, committed; the contract lint
 * fails when it is stale); operations.ts names one per operation. The types come from shared/ (what the
 * browser reads too) and from the services' own signatures; the few answers a service builds inline are
 * described here.
 */
import type {
  AccountMailOutcome,
  AdminUserView,
  AnalysisStatus,
  AnalysisView,
  Page,
  CreditTransactionView,
  EmailSettings,
  FailedJob,
  GeneralSettings,
  OrderStatus,
  OrderView,
  PaymentSettings,
  PublicUser,
  SecuritySettings,
  SimulationSettings,
  SystemSettings,
  TwoFactorChallenge,
} from '@cda/shared';
import type { Session } from '../common/auth';

export type { TicketPage } from '../tickets/tickets.service';
export type { Session } from '../common/auth';
export type { SmtpProbe } from '../mail/mail.service';
export type { Backup } from '../backups/backup.entity';
export type { Plan } from '../plans/plan.entity';
export type {
  AnalysisView,
  AdminDashboard,
  ClientTelemetryConfig,
  AdminPlanView,
  AdminUserView,
  ApiTokenView,
  AuthPolicy,
  CreatedApiToken,
  CreatedWebhookEndpoint,
  NotificationPreferences,
  PaymentConfigView,
  ProcessingStatus,
  Profile,
  PublicUser,
  QueuesOverview,
  ReviewOutcome,
  Report,
  Settings,
  TicketMessageView,
  TicketView,
  TokenPackView,
  TwoFactorChallenge,
  TwoFactorSetup,
  UserStats,
  OrderView,
  WebhookDeliveryView,
  WebhookEndpointView,
  WebhookEvent,
} from '@cda/shared';

export type AnalysisPage = Page<AnalysisView>;
export type AdminUserPage = Page<AdminUserView>;
export type CreditTransactionPage = Page<CreditTransactionView>;
export type OrderPage = Page<OrderView>;
export type { AccountMailOutcome, ForgotPasswordAnswer, MailDeliveryStatus, MailOutboxItem, MailOutboxPage, PublicOrderView } from '@cda/shared';
export type { PlanChangeOption, SubscriptionMonthRow, SubscriptionView } from '@cda/shared';

/** The test clock (test mode only): whether it can move, the rules' instant and how far it runs ahead. */
export interface TestClockState {
  available: boolean;
  now: string;
  offsetMs: number;
}

/** The test clock moved: the new instant and what the plans job did at it. */
export interface TestClockRun {
  now: string;
  switched: number;
  ended: number;
  reminded: number;
  renewed: number;
  preapprovalsCancelled: number;
}

/** A created account and whether its welcome e-mail (with the temporary password) was accepted by the SMTP server. */
export type AdminUserCreated = AdminUserView & { mail: AccountMailOutcome };

/** Every error answer: the HTTP status, the pt-BR message (or one per invalid field) and, for some, a code. */
export interface ErrorResponse {
  statusCode: number;
  /** What to show the user, in pt-BR; a list when several fields are invalid. */
  message: string | string[];
  error?: string;
  /** A stable code where a client may act on the error (e.g. `IDEMPOTENCY_KEY_REUSED`, `API_TOKEN_SCOPE`). */
  code?: string;
}

/** An upload accepted for processing (202). */
export interface AnalysisAccepted {
  id: string;
  status: AnalysisStatus;
  fileCount: number;
  /** Tokens reserved now; what is not used (files that fail) is refunded when the analysis ends. */
  tokens: number;
}

export interface MessageAnswer {
  message: string;
}

export type LoginAnswer = Session | TwoFactorChallenge;

export interface TwoFactorEnabled extends Session {
  /** Shown once: each one opens a session once when the authenticator is lost. */
  recoveryCodes: string[];
}

export interface AccountDeletion {
  message: string;
  /** When the account's files are erased for good (ISO date). */
  dataDeletionAt: string;
}

export interface UserDashboard {
  user: PublicUser;
  analysesCount: number;
  tokens: number;
  tokensPlan: number;
  creditTokens: number;
  planId: string;
  planName: string;
  planExpiresAt: string | null;
  recentAnalyses: AnalysisView[];
  tokensPerPage: number;
}

export interface SalesContact {
  salesEmail: string;
  siteName: string;
}

export interface UserDeleted {
  deleted: true;
}

export interface FailedJobPage {
  items: FailedJob[];
  total: number;
}

/** One settings section as the admin screen reads it (secret fields masked). */
export type SettingsSectionValues = GeneralSettings | EmailSettings | SecuritySettings | PaymentSettings | SystemSettings | SimulationSettings;

export interface PaymentNotificationAck {
  received: true;
  ignored?: true;
  orderId?: string | null;
  status?: OrderStatus | null;
}

/** The administrator's "testar" of error reporting: whether the test error left for the configured DSN. */
export interface ErrorReportTest {
  sent: boolean;
}

/** The VAPID public key a browser subscribes to Web Push with. */
export interface PushKey {
  publicKey: string;
}
