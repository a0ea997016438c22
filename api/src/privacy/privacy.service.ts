import { randomBytes } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import { BadRequestException, ForbiddenException, Injectable, Logger, UnauthorizedException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import archiver, { Archiver } from 'archiver';
import * as argon2 from 'argon2';
import { ADMIN_ROLES, LEGAL, NO_NOTIFICATIONS, ORDER_DETAIL_ACCOUNT_DELETED, dataDeletionDueAt, formatDateTime, storageKeys } from '@cda/shared';
import { UsersService } from '../users/users.service';
import { StorageService } from '../storage/storage.service';
import { Analysis } from '../analyses/analysis.entity';
import { toView } from '../analyses/analyses.service';
import { AccessLogService } from './access-log.service';
import { PrivacyRepository, TicketAttachmentExportRow, TicketExportRow } from './privacy.repository';

export const DELETED_NAME = 'Conta excluída';
export const WRONG_PASSWORD = 'Senha incorreta. A conta não foi excluída.';
const ADMIN_SELF_DELETE = 'Contas de administrador não podem ser excluídas por aqui. Peça a outro administrador que remova o seu acesso.';

/** An address no one can own or type at login, unique per account, so the real one is free to sign up again. */
export const anonymousEmail = (userId: string) => `excluida-${userId}@anonimizada.invalid`;

/**
 * Replaces everything that identifies the person. Shared by the deletion (at once) and the retention
 * purge (again, for accounts an administrator deleted without anonymising).
 */
export async function anonymiseAccount(repo: PrivacyRepository, tx: EntityManager, userId: string): Promise<void> {
  // An argon2 hash of random bytes: a valid hash no password matches. Every notification is off, and
  // the browsers' push endpoints (they point at the person's devices) go with the account.
  await repo.anonymise(tx, userId, {
    name: DELETED_NAME,
    email: anonymousEmail(userId),
    passwordHash: await argon2.hash(randomBytes(32).toString('base64')),
    notificationPrefs: NO_NOTIFICATIONS,
  });
}

type Origin = { ip: string | null; userAgent: string | null };

/** The holder's rights under the LGPD (art. 18): a copy of their data, and deletion. */
@Injectable()
export class PrivacyService {
  private readonly logger = new Logger(PrivacyService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly repo: PrivacyRepository,
    private readonly users: UsersService,
    private readonly storage: StorageService,
    private readonly accessLog: AccessLogService,
  ) {}

  /**
   * Everything the account holds, as a ZIP streamed while it is built: JSON files for the profile,
   * analyses, tickets, payments, token ledger and access records, plus the stored workbooks and ticket
   * attachments. Objects are fetched one at a time, so memory stays flat however much there is.
   */
  async exportArchive(userId: string, origin: Origin): Promise<Readable> {
    const data = await this.collect(userId);
    await this.accessLog.record(userId, 'data_export', origin);
    const archive = archiver('zip', { zlib: { level: 6 } });
    const out = new PassThrough();
    archive.on('warning', (err) => this.logger.warn({ userId, err: String(err) }, 'data export warning'));
    archive.on('error', (err) => {
      this.logger.error({ userId, err: String(err) }, 'data export failed');
      out.destroy(err);
    });
    archive.pipe(out);
    void this.fill(archive, userId, data).catch((err) => {
      this.logger.error({ userId, err: String(err) }, 'data export failed');
      archive.abort();
      out.destroy(err as Error);
    });
    return out;
  }

  private async collect(userId: string) {
    const user = await this.users.findById(userId);
    if (!user) throw new UnauthorizedException('Sessão expirada ou inválida. Entre novamente.');
    const profile = await this.users.profileView(user);
    const analyses = await this.db.getRepository(Analysis).find({ where: { userId }, relations: { files: true }, order: { createdAt: 'DESC' } });
    const tickets = await this.repo.ticketsOf(userId);
    const ticketIds = tickets.map((t) => t.id);
    const messages = await this.repo.ticketMessages(ticketIds);
    const attachments = await this.repo.ticketAttachments(ticketIds);
    const orders = await this.repo.ordersOf(userId);
    const ledger = await this.repo.ledgerOf(userId);
    const accesses = await this.accessLog.forUser(userId);
    return { user, profile, analyses, tickets, messages, attachments, orders, ledger, accesses };
  }

  private async fill(archive: Archiver, userId: string, d: Awaited<ReturnType<PrivacyService['collect']>>): Promise<void> {
    const json = (name: string, value: unknown) => archive.append(JSON.stringify(value, null, 2), { name });
    const missing: string[] = [];
    json('perfil.json', { ...d.profile, createdAt: d.user.createdAt, lastLoginAt: d.user.lastLoginAt });
    json(
      'analises.json',
      d.analyses.map((a) => ({ ...toView(a, true), workbookFiles: a.workbooks.map((w) => `planilhas/${a.id}/${w}`) })),
    );
    json(
      'tickets.json',
      d.tickets.map((t) => ({
        ...t,
        messages: d.messages.filter((m) => m.ticket_id === t.id).map(({ ticket_id: _, ...m }) => m),
        attachments: d.attachments
          .filter((a) => a.ticket_id === t.id)
          .map((a) => ({ name: a.name, contentType: a.content_type, size: a.size, createdAt: a.created_at, file: attachmentPath(t, a) })),
      })),
    );
    json('pagamentos.json', d.orders.map((o) => ({ ...o, tokens: Number(o.tokens) })));
    json('movimentacoes-de-tokens.json', d.ledger.map((l) => ({ ...l, amount: Number(l.amount), credit_amount: Number(l.credit_amount) })));
    json('registros-de-acesso.json', d.accesses);

    for (const a of d.analyses) {
      for (const w of a.workbooks) {
        const name = `planilhas/${a.id}/${w}`;
        if (!(await this.appendObject(archive, storageKeys.result(userId, a.id, w, a.workbooksVersion), name))) missing.push(name);
      }
    }
    for (const t of d.tickets) {
      for (const a of d.attachments.filter((x) => x.ticket_id === t.id)) {
        const name = attachmentPath(t, a);
        if (!(await this.appendObject(archive, a.storage_key, name))) missing.push(name);
      }
    }
    archive.append(readme(d.profile.name, missing), { name: 'LEIA-ME.txt' });
    await archive.finalize();
    this.logger.log({ userId, bytes: archive.pointer(), analyses: d.analyses.length, tickets: d.tickets.length, missing: missing.length }, 'data export written');
  }

  /**
   * Opens the object only when the archive is ready for it and waits until it is written, so only
   * one storage download is open at a time. A missing object is reported, not fatal.
   */
  private async appendObject(archive: Archiver, key: string, name: string): Promise<boolean> {
    if (!(await this.storage.stat(key))) return false;
    const stream = await this.storage.getStream(key);
    await new Promise<void>((resolve, reject) => {
      const onEntry = (entry: { name: string }) => {
        if (entry.name !== name) return;
        archive.off('entry', onEntry);
        resolve();
      };
      archive.on('entry', onEntry);
      stream.once('error', reject);
      archive.append(stream, { name });
    });
    return true;
  }

  /**
   * Deletion at the holder's request, confirmed with the password: the plan is cancelled and the
   * account anonymised at once (it can no longer sign in; the e-mail is free for a new account);
   * workbooks, tickets and attachments are deleted by the retention job once the window is over;
   * payment records stay for the legal period.
   */
  async deleteAccount(userId: string, password: string, origin: Origin, now = new Date()): Promise<{ message: string; dataDeletionAt: string }> {
    const user = await this.users.findById(userId);
    if (!user) throw new UnauthorizedException('Sessão expirada ou inválida. Entre novamente.');
    if (ADMIN_ROLES.includes(user.role)) throw new ForbiddenException(ADMIN_SELF_DELETE);
    if (!(await this.users.verifyPasswordOf(userId, password))) {
      this.logger.warn({ userId }, 'account deletion refused: wrong password');
      throw new BadRequestException(WRONG_PASSWORD);
    }
    const counts = await this.db.transaction(async (tx) => {
      if (!(await this.repo.lockLiveUser(tx, userId))) throw new UnauthorizedException('Sessão expirada ou inválida. Entre novamente.');
      await anonymiseAccount(this.repo, tx, userId);
      // The plan ends now; every session ends with the version bump.
      await this.repo.closeAccount(tx, userId, now);
      await this.repo.deleteLoginFailures(tx, userId);
      const pendingOrders = await this.repo.cancelPendingOrders(tx, userId, ORDER_DETAIL_ACCOUNT_DELETED);
      const closedTickets = await this.repo.closeOpenTickets(tx, userId);
      await this.repo.deleteResetTokens(tx, userId);
      // Copies of e-mails sent to the person, kept for the admin's mail log.
      const mails = await this.repo.deleteMailCopies(tx, user.email);
      return { pendingOrders, closedTickets, mails };
    });
    await this.accessLog.record(userId, 'account_deleted', origin, now);
    const due = dataDeletionDueAt(now);
    this.logger.log({ userId, ...counts, dataDeletionAt: due }, 'account deleted at the holder’s request');
    return {
      message: `Sua conta foi excluída e seus dados pessoais anonimizados. Planilhas e anexos serão apagados definitivamente em ${formatDateTime(due).slice(0, 10)}; registros de pagamento são mantidos por ${LEGAL.paymentRecordsYears} anos, como exige a lei.`,
      dataDeletionAt: due.toISOString(),
    };
  }

}

function attachmentPath(ticket: TicketExportRow, attachment: TicketAttachmentExportRow): string {
  return `anexos-tickets/ticket-${ticket.number}/${attachment.position}-${attachment.name}`;
}

function readme(name: string, missing: string[]): string {
  const lines = [
    `Cópia dos dados de ${name}, gerada em ${formatDateTime(new Date())}.`,
    '',
    'perfil.json                   dados cadastrais, preferências de notificação, plano e saldo',
    'analises.json                 análises feitas (arquivos enviados, status, certidões, totais da simulação)',
    'planilhas/                    planilhas geradas em cada análise (os PDFs enviados não são guardados)',
    'tickets.json                  tickets de suporte com as mensagens',
    'anexos-tickets/               anexos enviados nos tickets',
    'pagamentos.json               pedidos e pagamentos',
    'movimentacoes-de-tokens.json  extrato de tokens',
    `registros-de-acesso.json      acessos à conta (data, IP e navegador), guardados por ${LEGAL.accessLogMonths} meses`,
  ];
  if (missing.length) lines.push('', 'Arquivos que não estavam mais no armazenamento:', ...missing.map((m) => `- ${m}`));
  return `${lines.join('\r\n')}\r\n`;
}
