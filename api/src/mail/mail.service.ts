import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import * as nodemailer from 'nodemailer';
import type { EmailSettings } from '@cda/shared';
import { SettingsService } from '../settings/settings.service';
import { MailOutboxEntry, MailStatus } from './mail-outbox.entity';

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
}

/** What the SMTP server answered to a test message (its reply line, or why it could not be reached). */
export interface SmtpProbe {
  ok: boolean;
  to: string;
  response: string;
  messageId?: string;
}

export interface MailOutcome {
  id: string | null;
  status: MailStatus | 'duplicate';
}

/**
 * Sends through SMTP with the admin's e-mail settings, read per mail so a change applies at once.
 * Every mail is recorded in `mail_outbox`; with no SMTP host configured it is kept there unsent (the
 * admin's outbox screen shows it) instead of being dropped, and the log names only recipient and subject.
 */
@Injectable()
export class MailService {
  private readonly logger = new Logger(MailService.name);

  constructor(
    @InjectRepository(MailOutboxEntry) private readonly outbox: Repository<MailOutboxEntry>,
    private readonly settings: SettingsService,
  ) {}

  async send(mail: Mail): Promise<MailOutcome> {
    const id = await this.record(mail);
    if (id === null) return { id, status: 'duplicate' };
    const smtp = await this.settings.get('email');
    if (!smtp.smtpHost) {
      this.logger.warn(
        // Never the body: it may hold a live password-reset link or a temporary password.
        { mailId: id, kind: mail.kind, to: mail.to, subject: mail.subject },
        'SMTP not configured: e-mail kept in mail_outbox',
      );
      await this.outbox.update({ id }, { status: 'unsent' });
      return { id, status: 'unsent' };
    }
    try {
      await transportFor(smtp).sendMail({
        from: { name: smtp.senderName, address: smtp.senderEmail },
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
    } catch (err) {
      const error = (err as Error).message.slice(0, 1000);
      this.logger.error({ mailId: id, kind: mail.kind, err: error }, 'e-mail not delivered to the SMTP server');
      await this.outbox.update({ id }, { status: 'failed', error });
      return { id, status: 'failed' };
    }
    // Delivered: the body (which may hold a reset link) has no further use here.
    await this.outbox.update({ id }, { status: 'sent', sentAt: new Date(), text: null, html: null });
    this.logger.log({ mailId: id, kind: mail.kind }, 'e-mail sent');
    return { id, status: 'sent' };
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
      const e = err as Error & { response?: string; responseCode?: number; code?: string };
      const response = (e.response ?? [e.code, e.message].filter(Boolean).join(': ')).slice(0, 500);
      this.logger.warn({ to, err: response }, 'test e-mail refused or SMTP unreachable');
      return { ok: false, to, response };
    }
  }

  /** The newest entries, for the admin's outbox screen. */
  async list(page: number, pageSize: number): Promise<{ items: MailOutboxEntry[]; total: number; page: number; pageCount: number }> {
    const [items, total] = await this.outbox.findAndCount({ order: { id: 'DESC' }, skip: (page - 1) * pageSize, take: pageSize });
    return { items, total, page, pageCount: Math.max(1, Math.ceil(total / pageSize)) };
  }

  /** Inserts the outbox row; null when a mail with the same dedupe key already exists. */
  private async record(mail: Mail): Promise<string | null> {
    const rows: { id: string }[] = await this.outbox.query(
      `INSERT INTO mail_outbox (kind, dedupe_key, to_address, subject, text_body, html_body)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (dedupe_key) DO NOTHING RETURNING id`,
      [mail.kind, mail.dedupeKey ?? null, mail.to, mail.subject, mail.text, mail.html],
    );
    return rows.length ? String(rows[0].id) : null;
  }
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
