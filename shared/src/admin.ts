import type { UserRole } from './analysis';
import type { OrderStatus, PaymentMethodKind, PlanView } from './payments';
import type { RenewalState } from './subscriptions';

/**
 * What the back-office API answers (`/api/admin/**`) and the admin screens read. Dates are `Date` on
 * the server and ISO text once they have crossed JSON.
 */
type When = string | Date;

export type AdminUserStatus = 'active' | 'pending' | 'suspended';

export interface AdminUserView {
  id: string;
  name: string;
  email: string;
  plan: string;
  planName: string;
  role: UserRole;
  status: AdminUserStatus;
  /** Balance now (plan allowance left + credits). */
  tokens: number;
  /** The allowance per period in force: the account's own limit when an admin set one, else the plan's. */
  tokensPlan: number;
  /** Same as tokensPlan, under the name the edit form uses. */
  tokenLimit: number;
  /** True when an admin set this account's limit (a plan change clears it). */
  tokenLimitOverridden: boolean;
  /** The plan's own allowance, what the account returns to when the override is removed. */
  planTokenLimit: number;
  /** Allowance spent this period, and as a percentage of it capped at 100 (the usage bar). */
  tokensUsed: number;
  usagePercent: number;
  /** Non-expiring tokens (purchases, grants). */
  credits: number;
  /** The WhatsApp given at sign-up (digits), editable by its holder and by admins. */
  whatsapp: string | null;
  phone: string | null;
  company: string | null;
  lastLoginAt: When | null;
  createdAt: When;
  /** End of the paid period (null: Free, or a plan set by an administrator without an end). */
  planExpiresAt: When | null;
  /** How the paid plan renews (null without an active paid subscription). */
  renewal: RenewalState | null;
}

export interface UserStats {
  total: number;
  active: number;
  pending: number;
  suspended: number;
}

export interface Figure {
  value: number;
  /** Percent change versus the previous month, one decimal; null when the previous figure is 0. */
  change: number | null;
}

export interface AdminDashboard {
  totalUsers: Figure;
  openTickets: Figure;
  /** Approved payments this month, in cents. */
  revenueThisMonth: Figure;
  analysesToday: Figure;
  /** false when that module's table is not in this database: its figure is 0. */
  sources: { tickets: boolean; payments: boolean };
  recentTickets: { id: string; number: number; title: string; status: string; priority: string; userId: string; userName: string; userEmail: string; createdAt: When }[];
  recentUsers: { id: string; name: string; email: string; plan: string; role: string; status: string; createdAt: When }[];
}

export interface AdminPlanView extends PlanView {
  unlimited: boolean;
  isActive: boolean;
  color: string;
  sortOrder: number;
  /** Accounts on this plan now. */
  subscribers: number;
  createdAt: When;
  updatedAt: When;
}

export interface CreditTransactionView {
  id: string;
  userId: string;
  userName: string;
  userEmail: string;
  type: string;
  amount: number;
  description: string;
  createdAt: When;
  /** The administrator who made a grant; null for movements nobody made by hand. */
  grantedBy: { id: string; name: string } | null;
  /** The payment behind a purchase or its reversal (what the admin can refund); null otherwise. */
  order: { id: string; status: OrderStatus; amountCents: number; method: PaymentMethodKind } | null;
  /** A ledger row records a movement that happened; pending payments are orders, not ledger rows. */
  status: 'completed';
}
