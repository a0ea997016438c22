import { randomBytes } from 'node:crypto';
import { BadRequestException, ConflictException, ForbiddenException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import * as argon2 from 'argon2';
import { displayPhone, formatDateTime, planBalanceDescription, tokenStanding } from '@cda/shared';
import type { AccountMailOutcome, AdminUserView, AppConfig, UserStats } from '@cda/shared';
import type { AuthUser } from '../common/auth';
import { AuditService } from '../audit/audit.service';
import { MailOutcome, MailService } from '../mail/mail.service';
import { RealtimeGateway } from '../realtime/realtime.gateway';
import { SettingsService } from '../settings/settings.service';
import { TokensService } from '../tokens/tokens.service';
import { ADMIN_GRANT_DESCRIPTION, CreateUserDto, ListUsersQuery, TOKEN_LIMIT_DESCRIPTION, UpdateUserDto, UserStatus } from './dto/admin-users.dto';
import { Page, num, page } from './admin-sql';
import { AdminUserRow, AdminUsersRepository, TargetRow, UserFieldChanges, UserFilters } from './admin-users.repository';

const EMAIL_TAKEN = 'Este e-mail já está cadastrado.';
const NOT_FOUND = 'Usuário não encontrado.';
const ROOT_ONLY = 'Apenas um usuário root pode alterar, suspender ou excluir outro root.';
const LAST_ROOT = 'Não é possível remover o último usuário root.';
const ROOT_UNDELETABLE = 'Um usuário root não pode ser excluído.';

/** Rows fetched per round trip while exporting: memory stays flat however many users match. */
const EXPORT_BATCH = 2000;
const STATUS_LABELS: Record<string, string> = { active: 'Ativo', pending: 'Pendente', suspended: 'Suspenso' };
const ROLE_LABELS: Record<string, string> = { user: 'Usuário', admin: 'Administrador', root: 'Root' };
const CSV_HEADER = ['ID', 'Nome', 'E-mail', 'Plano', 'Papel', 'Status', 'Tokens usados', 'Tokens do plano', 'Créditos', 'Saldo', 'WhatsApp', 'Telefone', 'Empresa', 'Último acesso', 'Cadastro'];

/**
 * One `;`-separated field for Excel pt-BR: quoted when it holds the separator, quotes or line breaks,
 * and a leading = + - @ is neutralised so a name cannot run as a spreadsheet formula.
 */
function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const csvLine = (fields: Array<string | number | null>) => `${fields.map(csvField).join(';')}\r\n`;

function view(r: AdminUserRow): AdminUserView {
  const tokens = num(r.tokens);
  const credits = num(r.credit_tokens);
  const limit = num(r.token_limit);
  // The same split of the balance as every other screen (shared tokenStanding): use is of the allowance.
  const standing = tokenStanding({ tokens, creditTokens: credits, allowance: limit });
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    plan: r.plan,
    planName: r.plan_name,
    role: r.role,
    status: r.status,
    tokens,
    tokensPlan: limit,
    tokenLimit: limit,
    tokenLimitOverridden: r.token_limit_override !== null && r.token_limit_override !== undefined,
    planTokenLimit: num(r.plan_token_limit),
    tokensUsed: standing.allowanceUsed,
    usagePercent: limit > 0 ? standing.usedPercent : 0,
    credits,
    whatsapp: r.whatsapp ?? null,
    phone: r.phone ?? null,
    company: r.company ?? null,
    lastLoginAt: r.last_login_at ?? null,
    createdAt: r.created_at,
    planExpiresAt: r.plan_expires_at ?? null,
    renewal: r.renewal ?? null,
  };
}

/** A temporary password that satisfies any password policy the settings allow (length ≥ 20, special characters). */
function temporaryPassword(): string {
  return `${randomBytes(15).toString('base64url')}#7a`;
}

@Injectable()
export class AdminUsersService {
  private readonly logger = new Logger(AdminUsersService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly repo: AdminUsersRepository,
    private readonly tokens: TokensService,
    private readonly audit: AuditService,
    private readonly mail: MailService,
    private readonly settings: SettingsService,
    private readonly config: ConfigService<AppConfig, true>,
    private readonly realtime: RealtimeGateway,
  ) {}

  async list(query: ListUsersQuery): Promise<Page<AdminUserView>> {
    const pageNo = query.page ?? 1;
    const size = query.pageSize ?? 10;
    const { rows, total } = await this.repo.page(query, size, (pageNo - 1) * size);
    return page(rows.map(view), total, pageNo, size);
  }

  async stats(): Promise<UserStats> {
    return this.repo.countByStatus();
  }

  async get(id: string, tx: EntityManager = this.db.manager): Promise<AdminUserView> {
    const row = await this.repo.findView(id, tx);
    if (!row) throw new NotFoundException(NOT_FOUND);
    return view(row);
  }

  private async assertPlan(tx: EntityManager, planId: string): Promise<void> {
    if (!(await this.repo.planExists(tx, planId))) throw new BadRequestException('Plano inexistente.');
  }

  private async assertEmailFree(tx: EntityManager, email: string, exceptId?: string): Promise<void> {
    if (await this.repo.emailTaken(tx, email, exceptId)) throw new ConflictException(EMAIL_TAKEN);
  }

  /**
   * The account starts with its plan's allowance (the opening-balance trigger writes that ledger row)
   * and, when asked, initial credits granted through the ledger. The password is generated here and
   * only e-mailed (stored hashed; the outbox drops the body once delivered; never logged); until the
   * user changes it, JwtAuthGuard refuses every route but the password change.
   */
  async create(actor: AuthUser, dto: CreateUserDto): Promise<AdminUserView & { mail: AccountMailOutcome }> {
    const plan = dto.plan ?? 'free';
    const password = temporaryPassword();
    const hash = await argon2.hash(password);
    const id = await this.db.transaction(async (tx) => {
      await this.assertPlan(tx, plan);
      await this.assertEmailFree(tx, dto.email);
      try {
        return await this.repo.insert(tx, {
          email: dto.email,
          name: dto.name,
          passwordHash: hash,
          status: dto.status ?? 'active',
          plan,
          phone: dto.phone ?? null,
          company: dto.company || null,
          whatsapp: dto.whatsapp ?? null,
        });
      } catch (err) {
        if ((err as { code?: string }).code === '23505') throw new ConflictException(EMAIL_TAKEN);
        throw err;
      }
    });
    if (dto.credits) await this.tokens.credit(id, dto.credits, 'admin_grant', 'Créditos iniciais adicionados pelo administrador', undefined, actor.id);
    await this.audit.record(actor.id, 'admin.user.create', id, {
      email: dto.email,
      plan,
      status: dto.status ?? 'active',
      credits: dto.credits ?? 0,
    });
    const sent = await this.sendWelcome(dto.email, dto.name, password).catch((err): MailOutcome => {
      this.logger.error({ userId: id, err: String(err) }, 'temporary password e-mail failed');
      return { id: null, status: 'failed', error: String(err) };
    });
    // The password leaves this server only by e-mail; when the SMTP server did not accept the mail,
    // the administrator sees it once (this answer) to hand over another way.
    const mail: AccountMailOutcome =
      sent.status === 'sent'
        ? { status: 'sent' }
        : { status: sent.status === 'duplicate' ? 'failed' : sent.status, temporaryPassword: password, error: sent.error ?? null };
    return { ...(await this.get(id)), mail };
  }

  private async sendWelcome(email: string, name: string, password: string): Promise<MailOutcome> {
    const { siteName } = await this.settings.get('general');
    const url = `${this.config.get('publicUrl', { infer: true })}/login`;
    const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    const text =
      `Olá, ${name}!\n\nUm administrador criou a sua conta no ${siteName}.\n\n` +
      `E-mail: ${email}\nSenha temporária: ${password}\n\n` +
      `Entre em ${url} e troque a senha no primeiro acesso.\n`;
    const html =
      `<p>Olá, ${esc(name)}!</p><p>Um administrador criou a sua conta no ${esc(siteName)}.</p>` +
      `<p>E-mail: <b>${esc(email)}</b><br>Senha temporária: <b>${esc(password)}</b></p>` +
      `<p>Entre em <a href="${esc(url)}">${esc(url)}</a> e troque a senha no primeiro acesso.</p>`;
    return this.mail.send({ to: email, subject: `Sua conta no ${siteName}`, text, html, kind: 'admin-user-created' });
  }

  /** Rules on acting on another account: roots are touched only by roots, and never the last one. */
  private async target(tx: EntityManager, actor: AuthUser, id: string): Promise<TargetRow> {
    const row = await this.repo.lockTarget(tx, id);
    if (!row) throw new NotFoundException(NOT_FOUND);
    if (row.role === 'root' && actor.role !== 'root') throw new ForbiddenException(ROOT_ONLY);
    return row;
  }

  /** Called with the target's row locked; locks every root so two removals cannot both pass. */
  private async assertNotLastRoot(tx: EntityManager): Promise<void> {
    if ((await this.repo.lockRoots(tx)) <= 1) throw new BadRequestException(LAST_ROOT);
  }

  async update(actor: AuthUser, id: string, dto: UpdateUserDto): Promise<AdminUserView> {
    const changed: Record<string, unknown> = {};
    await this.db.transaction(async (tx) => {
      const before = await this.target(tx, actor, id);
      if (dto.role !== undefined && dto.role !== before.role) {
        if (actor.role !== 'root') throw new ForbiddenException('Apenas um usuário root pode alterar o papel de um usuário.');
        if (before.role === 'root') await this.assertNotLastRoot(tx);
      }
      if (dto.status !== undefined && dto.status !== before.status && dto.status === 'suspended') this.assertCanSuspend(actor, id);
      if (dto.email !== undefined) await this.assertEmailFree(tx, dto.email, id);
      const fields: UserFieldChanges = {};
      const set = <K extends keyof UserFieldChanges>(key: K, value: UserFieldChanges[K], audited: unknown = value) => {
        fields[key] = value;
        changed[key] = audited;
      };
      if (dto.name !== undefined) set('name', dto.name);
      if (dto.email !== undefined) set('email', dto.email);
      if (dto.status !== undefined && dto.status !== before.status) set('status', dto.status);
      // Sessions carry the role they were opened with (the hourly rate limit trusts it): they end.
      const roleChanged = dto.role !== undefined && dto.role !== before.role;
      if (roleChanged) set('role', dto.role);
      if (dto.whatsapp !== undefined) set('whatsapp', dto.whatsapp, true);
      if (dto.phone !== undefined) set('phone', dto.phone, true);
      if (dto.company !== undefined) set('company', dto.company || null, true);
      if (Object.keys(fields).length) {
        try {
          await this.repo.updateFields(tx, id, fields, roleChanged);
        } catch (err) {
          if ((err as { code?: string }).code === '23505') throw new ConflictException(EMAIL_TAKEN);
          throw err;
        }
      }
      if (dto.plan !== undefined && dto.plan !== before.plan) {
        await this.assertPlan(tx, dto.plan);
        await this.changePlan(tx, id, dto.plan);
        changed.plan = dto.plan;
      }
      // After a plan change, so a limit sent with the new plan applies to it.
      if (dto.tokenLimit !== undefined) {
        const limit = await this.setTokenLimit(tx, actor, id, dto.tokenLimit);
        if (limit) changed.tokenLimit = limit;
      }
    });
    if (Object.keys(changed).length) await this.audit.record(actor.id, 'admin.user.update', id, { changed });
    if (changed.role !== undefined || changed.status === 'suspended') this.realtime.disconnectUser(id);
    return this.get(id);
  }

  /**
   * A plan set by an admin takes effect at once, as a paid plan does: the new allowance replaces the
   * unused plan tokens, credits stay, a new period starts, and the difference enters the ledger.
   * The new plan starts from its own limit: a per-user limit set earlier is cleared.
   */
  private async changePlan(tx: EntityManager, id: string, plan: string): Promise<void> {
    const r = await this.repo.changePlan(tx, id, plan);
    // A paid subscription ends with the plan it paid for: nothing renews it any more, and the plans
    // job cancels its preapproval at the provider (stale preapprovals are swept every run), so the
    // card is not charged for a plan the account no longer has.
    await this.repo.endSubscriptionForAdminPlan(tx, id);
    if (r.delta !== 0) {
      await this.repo.recordAllowanceChange(tx, id, r.delta, planBalanceDescription(r.planName, r.allowance, 'alterado pelo administrador'), null);
    }
  }

  /**
   * A per-user allowance (null: back to the plan's). Mid-period the current balance moves by the
   * difference between the new and the old limit, so what was already spent this period stays spent
   * (used 300 of 1,000, limit now 500: 200 left); it never drops below the non-expiring credits. The
   * movement enters the ledger as a plan-allowance entry ('renewal', not a credit: it lapses at the
   * period's end) naming the admin, so the ledger still sums to the balance. Later renewals grant the
   * new limit. Returns null when nothing changed.
   */
  private async setTokenLimit(
    tx: EntityManager,
    actor: AuthUser,
    id: string,
    override: number | null,
  ): Promise<{ from: number; to: number; override: number | null } | null> {
    const r = await this.repo.setTokenLimit(tx, id, override);
    if (r.delta !== 0) await this.repo.recordAllowanceChange(tx, id, r.delta, TOKEN_LIMIT_DESCRIPTION, actor.id);
    if (r.oldOverride === override) return null;
    return { from: r.oldLimit, to: r.newLimit, override };
  }

  private assertCanSuspend(actor: AuthUser, id: string): void {
    if (actor.id === id) throw new BadRequestException('Você não pode suspender a sua própria conta.');
  }

  /** A suspended account's tokens stop working at its next request (the token check reads the status). */
  async setStatus(actor: AuthUser, id: string, status: Extract<UserStatus, 'active' | 'suspended'>): Promise<AdminUserView> {
    await this.db.transaction(async (tx) => {
      const before = await this.target(tx, actor, id);
      if (status === 'suspended') this.assertCanSuspend(actor, id);
      if (before.status !== status) await this.repo.setStatus(tx, id, status);
    });
    await this.audit.record(actor.id, status === 'suspended' ? 'admin.user.suspend' : 'admin.user.reactivate', id);
    if (status === 'suspended') this.realtime.disconnectUser(id);
    return this.get(id);
  }

  async addCredits(actor: AuthUser, id: string, amount: number, description = ADMIN_GRANT_DESCRIPTION): Promise<AdminUserView> {
    if (!(await this.repo.exists(id))) throw new NotFoundException(NOT_FOUND);
    const balance = await this.tokens.credit(id, amount, 'admin_grant', description || ADMIN_GRANT_DESCRIPTION, undefined, actor.id);
    await this.audit.record(actor.id, 'admin.user.credit', id, { amount, description: description || ADMIN_GRANT_DESCRIPTION, balance });
    return this.get(id);
  }

  /**
   * Soft delete: the row stays (ledger, orders, analyses and tickets keep their owner for accounting
   * and audit) with `deleted_at` set; every session ends (the session version moves), the account
   * disappears from lists, logins and searches, and its e-mail may sign up again. Roots are never
   * deleted (demote first), nor is one's own account.
   */
  async remove(actor: AuthUser, id: string): Promise<{ deleted: true }> {
    if (actor.id === id) throw new BadRequestException('Você não pode excluir a sua própria conta.');
    const email = await this.db.transaction(async (tx) => {
      const before = await this.target(tx, actor, id);
      if (before.role === 'root') throw new BadRequestException(ROOT_UNDELETABLE);
      await this.repo.softDelete(tx, id);
      return before.email;
    });
    await this.audit.record(actor.id, 'admin.user.delete', id, { email });
    this.realtime.disconnectUser(id);
    return { deleted: true };
  }

  /** `usuarios_AAAA-MM-DD.csv`, dated in Brasília time like everything the admin reads. */
  exportFileName(now = new Date()): string {
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
    return `usuarios_${day}.csv`;
  }

  /**
   * The filtered list as CSV text chunks (BOM and header first), in the list's order, read in keyset
   * batches so neither the database nor this process holds the whole result. The cursor keeps
   * created_at as text: a JS Date would drop the microseconds and skip or repeat rows.
   */
  async *exportCsv(filters: UserFilters): AsyncGenerator<string> {
    yield `\uFEFF${csvLine(CSV_HEADER)}`;
    let cursor: { ts: string; id: string } | null = null;
    for (;;) {
      const rows = await this.repo.exportBatch(filters, cursor, EXPORT_BATCH);
      if (!rows.length) return;
      let chunk = '';
      for (const r of rows) {
        const u = view(r);
        chunk += csvLine([
          u.id, u.name, u.email, u.planName, ROLE_LABELS[u.role] ?? u.role, STATUS_LABELS[u.status] ?? u.status,
          u.tokensUsed, u.tokensPlan, u.credits, u.tokens, displayPhone(u.whatsapp) || null, displayPhone(u.phone) || null, u.company,
          u.lastLoginAt ? formatDateTime(u.lastLoginAt) : null, formatDateTime(u.createdAt),
        ]);
      }
      yield chunk;
      if (rows.length < EXPORT_BATCH) return;
      const last = rows[rows.length - 1];
      cursor = { ts: last.cursor_ts, id: last.id };
    }
  }
}
