import { DataSourceOptions } from 'typeorm';
import { loadConfig } from '@cda/shared';
import { User } from '../users/user.entity';
import { Analysis } from '../analyses/analysis.entity';
import { AnalysisFile } from '../analyses/analysis-file.entity';
import { Init1763900000000 } from './migrations/1763900000000-Init';
import { Settings1763900100000 } from './migrations/1763900100000-Settings';
import { Setting } from '../settings/setting.entity';
import { Tokens1763900150000 } from './migrations/1763900150000-Tokens';
import { Plan } from '../plans/plan.entity';
import { TokenTransaction } from '../tokens/token-transaction.entity';
import { AuditEntry } from '../audit/audit-entry.entity';
import { Audit1763900300000 } from './migrations/1763900300000-Audit';
import { Backups1763900350000 } from './migrations/1763900350000-Backups';
import { Backup } from '../backups/backup.entity';
import { Accounts1763900200000 } from './migrations/1763900200000-Accounts';
import { PasswordResetToken } from '../auth/password-reset-token.entity';
import { MailOutboxEntry } from '../mail/mail-outbox.entity';
import { Tickets1763900400000 } from './migrations/1763900400000-Tickets';
import { Ticket, TicketAttachment, TicketMessage } from '../tickets/ticket.entity';
import { Payments1763900500000 } from './migrations/1763900500000-Payments';
import { Order } from '../payments/order.entity';
import { TokenPack } from '../payments/token-pack.entity';
import { AdminBackOffice1763900600000 } from './migrations/1763900600000-AdminBackOffice';
import { Privacy1763900900000 } from './migrations/1763900900000-Privacy';
import { Reports1763900800000 } from './migrations/1763900800000-Reports';
import { SoftDeleteUsers1763900700000 } from './migrations/1763900700000-SoftDeleteUsers';
import { LedgerActor1763900710000 } from './migrations/1763900710000-LedgerActor';
import { UserTokenLimit1763900720000 } from './migrations/1763900720000-UserTokenLimit';
import { HistoryAtScale1763901000000 } from './migrations/1763901000000-HistoryAtScale';
import { FieldWarnings1763901100000 } from './migrations/1763901100000-FieldWarnings';
import { SignupAndLockout1763901200000 } from './migrations/1763901200000-SignupAndLockout';
import { AdminTwoFactor1763901300000 } from './migrations/1763901300000-AdminTwoFactor';
import { Automation1763902600000 } from './migrations/1763902600000-Automation';
import { UsageEventsAndPush1763902822000 } from './migrations/1763902822000-UsageEventsAndPush';
import { AnalysisStatusCodes1763902900000 } from './migrations/1763902900000-AnalysisStatusCodes';
import { MailAttempts1763903200000 } from './migrations/1763903200000-MailAttempts';
import { Reactivation1763903300000 } from './migrations/1763903300000-Reactivation';
import { RenewalSweepIndex1763903400000 } from './migrations/1763903400000-RenewalSweepIndex';
import { ApiToken } from '../api-tokens/api-token.entity';
import { WebhookDelivery, WebhookEndpoint } from '../webhooks/webhook.entities';
import { AnalysisReview1763902800000 } from './migrations/1763902800000-AnalysisReview';
import { Subscriptions1763903100000 } from './migrations/1763903100000-Subscriptions';
import { AnalysisCertificate, CertificateEdit } from '../analyses/analysis-certificate.entity';

export const entities = [User, Analysis, AnalysisFile, Setting, Plan, TokenTransaction, AuditEntry, PasswordResetToken, MailOutboxEntry, Backup, Ticket, TicketMessage, TicketAttachment, Order, TokenPack, ApiToken, WebhookEndpoint, WebhookDelivery, AnalysisCertificate, CertificateEdit];
export const migrations = [Init1763900000000, Settings1763900100000, Tokens1763900150000, Audit1763900300000, Accounts1763900200000, Backups1763900350000, Tickets1763900400000, Payments1763900500000, AdminBackOffice1763900600000, SoftDeleteUsers1763900700000, LedgerActor1763900710000, UserTokenLimit1763900720000, Reports1763900800000, Privacy1763900900000, HistoryAtScale1763901000000, FieldWarnings1763901100000, SignupAndLockout1763901200000, AdminTwoFactor1763901300000, Automation1763902600000, AnalysisReview1763902800000, UsageEventsAndPush1763902822000, AnalysisStatusCodes1763902900000, Subscriptions1763903100000, MailAttempts1763903200000, Reactivation1763903300000, RenewalSweepIndex1763903400000];

/** Migrations are listed explicitly so that compiled and ts-jest runs see the same set. */
export function dataSourceOptions(databaseUrl = loadConfig().databaseUrl): DataSourceOptions {
  return {
    type: 'postgres',
    url: databaseUrl,
    entities,
    migrations,
    migrationsRun: false,
    synchronize: false,
  };
}
