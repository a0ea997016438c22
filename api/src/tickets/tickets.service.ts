import { ConfigService } from '@nestjs/config';
import { MailService } from '../mail/mail.service';
import { SettingsService } from '../settings/settings.service';
import { BadRequestException, ConflictException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, Repository } from 'typeorm';
import type { Readable } from 'node:stream';
import {
  ADMIN_ROLES,
  TICKET_EVENT,
  TicketAuthor,
  TicketEvent,
  TicketMessageView,
  TicketStatus,
  TicketSummary,
  TicketView,
  rooms,
  storageKeys,
  AppConfig,
} from '@cda/shared';
import type { AuthUser } from '../common/auth';
import { User } from '../users/user.entity';
import { StorageService } from '../storage/storage.service';
import { RealtimeGateway } from '../realtime/realtime.gateway';
import { Ticket, TicketAttachment, TicketMessage } from './ticket.entity';
import { AdminListTicketsDto, AdminUpdateTicketDto, CreateTicketDto, ListTicketsDto } from './dto/ticket.dto';
import { claimedFamily, sniffMedia, storageSafeName } from './attachment-sniff';

export interface UploadedAttachment {
  originalname: string;
  mimetype: string;
  size: number;
  buffer: Buffer;
}

export interface TicketPage {
  items: TicketSummary[];
  total: number;
  page: number;
  pageCount: number;
}

const NOT_FOUND = 'Ticket não encontrado.';

/** `%` and `_` typed by a user are literal text, not wildcards. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

@Injectable()
export class TicketsService {
  private readonly logger = new Logger(TicketsService.name);

  constructor(
    @InjectRepository(Ticket) private readonly tickets: Repository<Ticket>,
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly db: DataSource,
    private readonly storage: StorageService,
    private readonly gateway: RealtimeGateway,
    private readonly mail: MailService,
    private readonly settings: SettingsService,
    private readonly config: ConfigService<AppConfig, true>,
  ) {}

  async create(user: AuthUser, dto: CreateTicketDto, files: UploadedAttachment[]): Promise<TicketView> {
    // Every file is checked before anything is written, so a refused upload leaves nothing behind.
    const checked = files.map((f) => ({ file: f, type: this.checkAttachment(f) }));
    let ticketId: string | undefined;
    try {
      await this.db.transaction(async (m) => {
        const ticket = await m.save(m.create(Ticket, { userId: user.id, title: dto.title, description: dto.description, category: dto.category ?? 0 }));
        ticketId = ticket.id;
        for (const [i, { file, type }] of checked.entries()) {
          const key = storageKeys.ticketAttachment(ticket.id, i + 1, storageSafeName(file.originalname));
          await this.storage.put(key, file.buffer, type);
          await m.insert(TicketAttachment, { ticketId: ticket.id, position: i + 1, name: file.originalname.slice(0, 255), contentType: type, size: file.size, storageKey: key });
        }
      });
    } catch (err) {
      if (ticketId && checked.length) {
        await this.storage.removePrefix(storageKeys.ticketPrefix(ticketId)).catch((e) => this.logger.warn({ err: e, ticketId }, 'orphan ticket attachments left in storage'));
      }
      throw err;
    }
    return this.view(user, ticketId!);
  }

  private checkAttachment(f: UploadedAttachment): string {
    if (f.size === 0) throw new BadRequestException(`O anexo "${f.originalname}" está vazio.`);
    const claimed = claimedFamily(f.mimetype);
    const found = sniffMedia(f.buffer);
    if (!claimed || !found || found.family !== claimed) {
      throw new BadRequestException(`O anexo "${f.originalname}" não é uma imagem, vídeo ou PDF válido. Envie apenas imagens, vídeos ou PDFs.`);
    }
    return found.mime;
  }

  listOwn(user: AuthUser, q: ListTicketsDto): Promise<TicketPage> {
    return this.list(q, ListTicketsDto.defaultPageSize, user.id);
  }

  listAll(q: AdminListTicketsDto): Promise<TicketPage> {
    return this.list(q, AdminListTicketsDto.defaultPageSize);
  }

  /** One query for both lists: the owner's (by creation date) and the admins' (by last activity, with filters). */
  private async list(q: ListTicketsDto & Partial<AdminListTicketsDto>, defaultPageSize: number, ownerId?: string): Promise<TicketPage> {
    const page = q.page ?? 1;
    const pageSize = q.pageSize ?? defaultPageSize;
    const qb = this.tickets.createQueryBuilder('t').innerJoin('t.user', 'u');
    if (ownerId) qb.where('t.userId = :ownerId', { ownerId });
    if (q.search) {
      const fields = ownerId ? ['t.title', 't.description'] : ['t.title', 'u.name', 'u.email'];
      qb.andWhere(`(${fields.map((f) => `${f} ILIKE :search`).join(' OR ')})`, { search: likePattern(q.search) });
    }
    if (q.status) qb.andWhere('t.status = :status', { status: q.status });
    if (q.priority) qb.andWhere('t.priority = :priority', { priority: q.priority });
    if (q.category !== undefined) qb.andWhere('t.category = :category', { category: q.category });
    const total = await qb.clone().getCount();
    const order = ownerId ? 't.createdAt' : 't.updatedAt';
    const rows = await qb
      .select(['t.id AS id', 't.number AS number', 't.title AS title', 't.description AS description', 't.category AS category'])
      .addSelect(['t.status AS status', 't.priority AS priority', 't.createdAt AS "createdAt"', 't.updatedAt AS "updatedAt"'])
      .addSelect(['t.userId AS "userId"', 'u.name AS "userName"', 'u.email AS "userEmail"'])
      .addSelect('(SELECT count(*) FROM ticket_messages m WHERE m.ticket_id = t.id)::int', 'messageCount')
      .addSelect('(SELECT count(*) FROM ticket_attachments a WHERE a.ticket_id = t.id)::int', 'attachmentCount')
      .orderBy(order, 'DESC')
      .addOrderBy('t.number', 'DESC')
      .offset((page - 1) * pageSize)
      .limit(pageSize)
      .getRawMany<TicketSummary & { createdAt: Date; updatedAt: Date }>();
    const items = rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() }));
    return { items, total, page, pageCount: Math.max(1, Math.ceil(total / pageSize)) };
  }

  /** 404, not 403, for someone else's ticket: its existence is not the caller's business. */
  private async findVisible(user: AuthUser, id: string): Promise<Ticket> {
    const ticket = await this.tickets.findOne({ where: { id }, relations: { user: true, messages: true, attachments: true } });
    if (!ticket || (ticket.userId !== user.id && !ADMIN_ROLES.includes(user.role))) throw new NotFoundException(NOT_FOUND);
    return ticket;
  }

  async view(user: AuthUser, id: string): Promise<TicketView> {
    return toView(await this.findVisible(user, id));
  }

  async openAttachment(user: AuthUser, id: string, attachmentId: string): Promise<{ attachment: TicketAttachment; stream: Readable }> {
    const ticket = await this.findVisible(user, id);
    const attachment = ticket.attachments?.find((a) => a.id === attachmentId);
    if (!attachment) throw new NotFoundException('Anexo não encontrado.');
    return { attachment, stream: await this.storage.getStream(attachment.storageKey) };
  }

  /**
   * A reply from either side. The ticket row is locked so a reply cannot slip into a ticket being
   * closed at the same moment. A user's reply puts a ticket that was waiting on them back in the
   * support queue (`open`); a support reply leaves it waiting on the user.
   */
  async addMessage(caller: AuthUser, id: string, content: string, side: TicketAuthor): Promise<TicketMessageView> {
    const author = await this.users.findOneByOrFail({ id: caller.id });
    const { ticket, message } = await this.db.transaction(async (m) => {
      const ticket = await this.lockForChange(m, caller, id, side);
      if (ticket.status === 'closed') throw new ConflictException('Este ticket está fechado e não aceita respostas.');
      const message = await m.save(m.create(TicketMessage, { ticketId: id, author: side, authorId: author.id, authorName: author.name, content }));
      const status: TicketStatus = side === 'admin' ? 'waiting_response' : ticket.status === 'waiting_response' ? 'open' : ticket.status;
      await m.update(Ticket, id, { status });
      return { ticket: { ...ticket, status }, message: messageView(message) };
    });
    await this.announce(ticket.userId, id, message);
    // The other side hears by e-mail too; a mail problem never fails the reply (the outbox keeps it).
    void this.mailOtherSide(ticket, side, author.name, content).catch((err) => this.logger.error({ ticketId: id, err }, 'reply e-mail failed'));
    return message;
  }

  private async mailOtherSide(ticket: Ticket, side: TicketAuthor, authorName: string, content: string): Promise<void> {
    const owner = await this.users.findOneByOrFail({ id: ticket.userId });
    const link = `${this.config.get('publicUrl', { infer: true })}${side === 'admin' ? '/tickets' : '/admin/tickets'}?ticket=${ticket.id}`;
    const to = side === 'admin' ? owner.email : (await this.settings.get('general')).supportEmail;
    const subject = side === 'admin' ? `Resposta ao seu chamado: ${ticket.title}` : `Nova mensagem no chamado: ${ticket.title}`;
    const text = `${authorName} escreveu:\n\n${content}\n\nAbra o chamado: ${link}`;
    const html = `<p><strong>${escapeHtml(authorName)}</strong> escreveu:</p><blockquote>${escapeHtml(content).replace(/\n/g, '<br>')}</blockquote><p><a href="${link}">Abrir o chamado</a></p>`;
    await this.mail.send({ to, subject, text, html, kind: side === 'admin' ? 'ticket-reply-to-user' : 'ticket-reply-to-support' });
  }

  /** Owners may close their ticket or open a closed one again; any other change is support's. */
  async setStatusAsOwner(user: AuthUser, id: string, status: 'open' | 'closed'): Promise<TicketView> {
    await this.db.transaction(async (m) => {
      const ticket = await this.lockForChange(m, user, id, 'user');
      if (status === 'closed' && ticket.status === 'closed') throw new ConflictException('O ticket já está fechado.');
      if (status === 'open' && ticket.status !== 'closed') throw new ConflictException('O ticket já está aberto.');
      await m.update(Ticket, id, { status });
    });
    await this.announce(user.id, id);
    return this.view(user, id);
  }

  async updateAsAdmin(admin: AuthUser, id: string, dto: AdminUpdateTicketDto): Promise<TicketView> {
    if (!dto.status && !dto.priority) throw new BadRequestException('Informe o status ou a prioridade.');
    const ticket = await this.db.transaction(async (m) => {
      const ticket = await this.lockForChange(m, admin, id, 'admin');
      await m.update(Ticket, id, { ...(dto.status && { status: dto.status }), ...(dto.priority && { priority: dto.priority }) });
      return ticket;
    });
    await this.announce(ticket.userId, id);
    return this.view(admin, id);
  }

  /** Owner-only for the user side; any ticket for support. */
  private async lockForChange(m: EntityManager, caller: AuthUser, id: string, side: TicketAuthor): Promise<Ticket> {
    const ticket = await m.findOne(Ticket, { where: { id }, lock: { mode: 'pessimistic_write' } });
    if (!ticket || (side === 'user' && ticket.userId !== caller.id)) throw new NotFoundException(NOT_FOUND);
    return ticket;
  }

  /**
   * Tells the owner's browsers and every admin that the ticket changed. Through the Redis adapter
   * (not `local`), because the change happened on this instance and the sockets may be on another.
   */
  private async announce(ownerId: string, id: string, message?: TicketMessageView): Promise<void> {
    const row = await this.tickets.findOneBy({ id });
    if (!row || !this.gateway.server) return;
    const event: TicketEvent = { ticketId: id, status: row.status, updatedAt: row.updatedAt.toISOString(), ...(message && { message }) };
    this.gateway.server.to(rooms.user(ownerId)).to(rooms.admins).emit(TICKET_EVENT, event);
  }
}

function messageView(m: TicketMessage): TicketMessageView {
  return { id: m.id, author: m.author, authorName: m.authorName, content: m.content, timestamp: m.createdAt.toISOString() };
}

function toView(t: Ticket): TicketView {
  const messages = [...(t.messages ?? [])].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).map(messageView);
  const attachments = [...(t.attachments ?? [])]
    .sort((a, b) => a.position - b.position)
    .map((a) => ({ id: a.id, name: a.name, size: a.size, type: a.contentType }));
  return {
    id: t.id,
    number: t.number,
    title: t.title,
    description: t.description,
    category: t.category,
    status: t.status,
    priority: t.priority,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
    userId: t.userId,
    userName: t.user?.name ?? '',
    userEmail: t.user?.email ?? '',
    messageCount: messages.length,
    attachmentCount: attachments.length,
    messages,
    attachments,
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
