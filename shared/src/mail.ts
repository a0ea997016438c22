/**
 * E-mail as the back office and the screens see it. "Enviado" is said only of a mail the SMTP server
 * accepted; everything else is queued, failed (with the server's reply) or unsent (no SMTP).
 */
import type { Page } from './contracts/rest';

type When = string | Date;

export type MailStatus = 'pending' | 'sent' | 'failed' | 'unsent';

export const MAIL_STATUS_LABELS: Record<MailStatus, string> = {
  pending: 'Na fila',
  sent: 'Enviado',
  failed: 'Falhou',
  unsent: 'Não enviado (sem SMTP)',
};

/** What a mail is about, as the outbox lists it (kinds not listed show their code). */
export const MAIL_KIND_LABELS: Record<string, string> = {
  'password-reset': 'Redefinição de senha',
  'admin-user-created': 'Conta criada pelo administrador',
  'signup-confirm': 'Confirmação de cadastro',
  'signup-attempt': 'Tentativa de cadastro',
  'analysis-finished': 'Análise finalizada',
  'no-worker': 'Alerta: nenhum worker',
};

export interface MailOutboxItem {
  id: string;
  kind: string;
  to: string;
  subject: string;
  status: MailStatus;
  /** The SMTP server's reply (or why it could not be reached) for a failed mail. */
  error: string | null;
  /** Bodies are kept only until the mail is delivered (they may hold a live link or a temporary password). */
  text: string | null;
  html: string | null;
  /** How many times it was handed to the SMTP server. */
  attempts: number;
  createdAt: When;
  sentAt: When | null;
  /** True when it can be sent again: not delivered and its body is still kept. */
  resendable: boolean;
}

export interface MailOutboxPage extends Page<MailOutboxItem> {
  /** How many mails are in each status (all of them, whatever the filter). */
  counts: Record<MailStatus, number>;
}

/**
 * Whether the product can deliver e-mail now. `configured`: an SMTP host is set. `reachable`: the
 * server answered a connection check (cached briefly), null when not checked. `catcherUrl`: the
 * local inbox `npm start` runs, when the SMTP settings point at it (mail never leaves the machine).
 */
export interface MailDeliveryStatus {
  configured: boolean;
  reachable: boolean | null;
  reply: string | null;
  catcherUrl: string | null;
}

/**
 * The forgot-password answer: the same whether or not the account exists. `delivery` tells only
 * whether this server can send e-mail at all (a property of the server, not of the account).
 */
export interface ForgotPasswordAnswer {
  message: string;
  delivery: 'available' | 'unavailable';
}

/** Outcome of the welcome mail of an admin-created account. */
export interface AccountMailOutcome {
  status: MailStatus;
  /** Only when the mail was not accepted by the SMTP server: shown once to the administrator. */
  temporaryPassword?: string;
  /** The SMTP server's reply, or why nothing was sent. */
  error?: string | null;
}
