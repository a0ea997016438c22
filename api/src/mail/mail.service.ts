import { ConflictException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import * as nodemailer from 'nodemailer';
import { toPage } from '@cda/shared';
import type { AppConfig, EmailSettings, MailDeliveryStatus, MailOutboxItem, MailOutboxPage, MailStatus } from '@cda/shared';
import { SettingsService } from '../settings/settings.service';
import type { MailProbe, SmtpProbe } from '../settings/mail-probe';
import { AuditService } from '../audit/audit.service';
import { MailOutboxEntry } from './mail-outbox.entity';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** What the mail is about, for the outbox listing and the logs (e.g. `password-reset`). */
  kind: string;
  /**
   * Mails triggered by a broadcast event (every API instance hears it) carry a key; the unique index
   * lets exactly one instance send them.
   */
  dedupeKey?: string;
  /** Not sent when a mail of the same kind went to the same address this many seconds ago or less (a rolling window, not a clock hour). */
  onceWithinSeconds?: number;
}

export type { SmtpProbe } from '../settings/mail-probe';

export interface MailOutcome {
  id: string | null;
  status: MailStatus | 'duplicate';
  /** The SMTP server's reply to a failed mail, or why nothing was sent. */
  error?: string | null;
}

/** How long a connection check of the SMTP server is reused (a failed one is retried sooner). */
const PROBE_TTL_MS = 60_000;
const PROBE_FAILED_TTL_MS = 15_000;
const NOT_CONFIGURED = 'Servidor SMTP não configurado.';

/**
 * Sends through SMTP with the admin's e-mail settings, read per mail so a change applies at once.
 * Every mail is recorded in `mail_outbox`; with no SMTP host configured it is kept there unsent (the
 * admin's outbox screen shows it) instead of being dropped, and the log names only recipient and subject.
 */
@Injectable()
export class MailService implements MailProbe {
  private readonly logger = new Logger(MailService.name);

  private probe: { key: string; at: number; ok: boolean; reply: string } | null = null;

  constructor(
    @InjectRepository(MailOutboxEntry) private readonly outbox: Repository<MailOutboxEntry>,
    private readonly settings: SettingsService,
    private readonly config: ConfigService<AppConfig, true>,
    private readonly audit: AuditService,
  ) {}

  async send(mail: Mail): Promise<MailOutcome> {
    const id = await this.record(mail);
    if (id === null) return { id, status: 'duplicate' };
    return this.deliver(id, mail);
  }

  /** One attempt at handing the outbox row `id` to the SMTP server; the row records the outcome. */
  private async deliver(id: string, mail: Pick<Mail, 'to' | 'subject' | 'text' | 'html' | 'kind'>): Promise<MailOutcome> {
    const smtp = await this.settings.get('email');
    if (!smtp.smtpHost) {
      this.logger.warn(
        // Never the body: it may hold a live password-reset link or a temporary password.
        { mailId: id, kind: mail.kind, to: mail.to, subject: mail.subject },
        'SMTP not configured: e-mail kept in mail_outbox',
      );
      await this.outbox.update({ id }, { status: 'unsent', error: NOT_CONFIGURED });
      return { id, status: 'unsent', error: NOT_CONFIGURED };
    }
    await this.outbox.query(`UPDATE mail_outbox SET attempts = attempts + 1, last_attempt_at = now() WHERE id = $1`, [id]);
    let response = '';
    try {
      const info = await transportFor(smtp).sendMail({
        from: { name: smtp.senderName, address: smtp.senderEmail },
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
      response = String(info.response ?? '');
    } catch (err) {
      const error = smtpReply(err).slice(0, 1000);
      this.logger.error({ mailId: id, kind: mail.kind, err: error }, 'e-mail not delivered to the SMTP server');
      await this.outbox.update({ id }, { status: 'failed', error });
      return { id, status: 'failed', error };
    }
    // Accepted by the SMTP server: the body (which may hold a reset link) has no further use here.
    await this.outbox.update({ id }, { status: 'sent', sentAt: new Date(), text: null, html: null, error: null });
    this.logger.log({ mailId: id, kind: mail.kind, response }, 'e-mail sent');
    return { id, status: 'sent' };
  }

  /**
   * Whether mail can go out now: an SMTP host is set and answers a connection check (EHLO and, when
   * configured, authentication; no message). Cached briefly, and the same for every caller: it
   * depends on the server, never on who asks or about which account.
   */
  async deliveryStatus(): Promise<MailDeliveryStatus> {
    const smtp = await this.settings.get('email');
    const catcher = this.config.get('mailCatcher', { infer: true });
    const atCatcher = !!catcher.inboxUrl && isLoopback(smtp.smtpHost) && smtp.smtpPort === catcher.smtpPort;
    const catcherUrl = atCatcher ? catcher.inboxUrl : null;
    if (!smtp.smtpHost) return { configured: false, reachable: null, reply: NOT_CONFIGURED, catcherUrl };
    const key = `${smtp.smtpHost}:${smtp.smtpPort}:${smtp.smtpUser}:${smtp.smtpPassword.length}`;
    const fresh = this.probe && this.probe.key === key && Date.now() - this.probe.at < (this.probe.ok ? PROBE_TTL_MS : PROBE_FAILED_TTL_MS);
    if (!fresh) {
      let ok = true;
      let reply = '';
      try {
        await transportFor(smtp).verify();
      } catch (err) {
        ok = false;
        reply = smtpReply(err).slice(0, 500);
      }
      this.probe = { key, at: Date.now(), ok, reply };
    }
    return { configured: true, reachable: this.probe!.ok, reply: this.probe!.reply || null, catcherUrl };
  }

  /**
   * The admin's "Testar Email": one message straight through the saved SMTP settings (no outbox, no
   * retry) so the admin sees exactly what the server answered.
   */
  async sendTest(to: string): Promise<SmtpProbe> {
    const smtp = await this.settings.get('email');
    if (!smtp.smtpHost) return { ok: false, to, response: 'Servidor SMTP não configurado.' };
    try {
      const info = await transportFor(smtp).sendMail({
        from: { name: smtp.senderName, address: smtp.senderEmail },
        to,
        subject: 'Teste de e-mail do CDA Extractor',
        text: `Este é um e-mail de teste enviado pelo painel administrativo em ${new Date().toISOString()}.\nSe você o recebeu, as configurações de SMTP estão corretas.`,
      });
      this.logger.log({ to, response: info.response }, 'test e-mail accepted by the SMTP server');
      return { ok: true, to, response: String(info.response ?? ''), messageId: info.messageId };
    } catch (err) {
      const response = smtpReply(err).slice(0, 500);
      this.logger.warn({ to, err: response }, 'test e-mail refused or SMTP unreachable');
      return { ok: false, to, response };
    }
  }

  /** The newest entries, for the admin's E-mails page, optionally of one status. */
  async list(page: number, pageSize: number, status?: MailStatus): Promise<MailOutboxPage> {
    const [rows, total] = await this.outbox.findAndCount({
      where: status ? { status } : {},
      order: { id: 'DESC' },
      skip: (page - 1) * pageSize,
      take: pageSize,
    });
    const counted: { status: MailStatus; n: string }[] = await this.outbox.query(`SELECT status, count(*) AS n FROM mail_outbox GROUP BY status`);
    const counts: Record<MailStatus, number> = { pending: 0, sent: 0, failed: 0, unsent: 0 };
    for (const c of counted) counts[c.status] = Number(c.n);
    return { ...toPage(rows.map(view), total, page, pageSize), counts };
  }

  /**
   * The admin's "Reenviar": one more attempt for a mail that was not delivered and still has its body.
   * The row is claimed first (failed/unsent → pending), so two clicks or two admins send it once.
   */
  async resend(id: string, actorId: string): Promise<MailOutboxItem> {
    if (!/^\d{1,18}$/.test(id)) throw new NotFoundException('E-mail não encontrado.');
    const [claimed] = (await this.outbox.query(
      `UPDATE mail_outbox SET status = 'pending', error = NULL
       WHERE id = $1 AND status IN ('failed', 'unsent') AND text_body IS NOT NULL
       RETURNING id, kind, to_address AS "to", subject, text_body AS text, html_body AS html`,
      [id],
    )) as [{ id: string; kind: string; to: string; subject: string; text: string; html: string | null }[], number];
    if (!claimed.length) {
      const row = await this.outbox.findOne({ where: { id } });
      if (!row) throw new NotFoundException('E-mail não encontrado.');
      throw new ConflictException(row.status === 'sent' ? 'Este e-mail já foi enviado.' : 'Este e-mail não pode ser reenviado agora.');
    }
    const mail = claimed[0];
    const outcome = await this.deliver(String(mail.id), { ...mail, html: mail.html ?? '' });
    await this.audit.record(actorId, 'admin.mail.resend', String(mail.id), { kind: mail.kind, status: outcome.status });
    return view((await this.outbox.findOneOrFail({ where: { id: String(mail.id) } })));
  }

  /** Inserts the outbox row; null when a mail with the same dedupe key already exists. */
  private async record(mail: Mail): Promise<string | null> {
    const rows: { id: string }[] = await this.outbox.query(
      `INSERT INTO mail_outbox (kind, dedupe_key, to_address, subject, text_body, html_body)
       SELECT $1::varchar, $2::varchar, $3::varchar, $4::varchar, $5::text, $6::text
        WHERE $7::int IS NULL OR NOT EXISTS (
          SELECT 1 FROM mail_outbox WHERE kind = $1::varchar AND to_address = $3::varchar AND created_at > now() - make_interval(secs => $7::int))
       ON CONFLICT (dedupe_key) DO NOTHING RETURNING id`,
      [mail.kind, mail.dedupeKey ?? null, mail.to, mail.subject, mail.text, mail.html, mail.onceWithinSeconds ?? null],
    );
    return rows.length ? String(rows[0].id) : null;
  }
}

function view(row: MailOutboxEntry): MailOutboxItem {
  return {
    id: String(row.id),
    kind: row.kind,
    to: row.to,
    subject: row.subject,
    status: row.status,
    error: row.error,
    text: row.text,
    html: row.html,
    attempts: row.attempts,
    createdAt: row.createdAt,
    sentAt: row.sentAt,
    resendable: (row.status === 'failed' || row.status === 'unsent') && row.text !== null,
  };
}

/** What the SMTP server said (e.g. `550 5.1.1 mailbox unavailable`), or why it could not be reached. */
function smtpReply(err: unknown): string {
  const e = err as Error & { response?: string; code?: string };
  return e.response ?? ([e.code, e.message].filter(Boolean).join(': ') || String(err));
}

function isLoopback(host: string): boolean {
  return host === '127.0.0.1' || host === 'localhost' || host === '::1';
}

function transportFor(smtp: EmailSettings) {
  return nodemailer.createTransport({
    host: smtp.smtpHost,
    port: smtp.smtpPort,
    // Port 465 speaks TLS from the first byte; others upgrade with STARTTLS when the server offers it.
    secure: smtp.smtpPort === 465,
    auth: smtp.smtpUser ? { user: smtp.smtpUser, pass: smtp.smtpPassword } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
}
