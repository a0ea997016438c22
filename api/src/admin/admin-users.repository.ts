import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { AdminUserStatus, RenewalState, UserRole } from '@cda/shared';
import { EFFECTIVE_TOKEN_LIMIT } from '../tokens/tokens.service';
import type { ListUsersQuery } from './dto/admin-users.dto';
import { containsPattern, num, returned } from './admin-sql';

/** One row of the back office's user list, as Postgres answers it (bigints as strings). */
export interface AdminUserRow {
  id: string;
  name: string;
  email: string;
  plan: string;
  plan_name: string;
  role: UserRole;
  status: AdminUserStatus;
  tokens: string;
  credit_tokens: string;
  token_limit: string;
  token_limit_override: string | null;
  plan_token_limit: string;
  whatsapp: string | null;
  phone: string | null;
  company: string | null;
  last_login_at: Date | null;
  created_at: Date;
  plan_expires_at: Date | null;
  renewal: RenewalState | null;
}

/** An export row also carries created_at as text, the keyset cursor (a JS Date drops microseconds). */
export type AdminUserExportRow = AdminUserRow & { cursor_ts: string };

export type UserFilters = Pick<ListUsersQuery, 'search' | 'status' | 'plan'>;

/** The account another one acts on, locked for the transaction. */
export interface TargetRow {
  role: UserRole;
  status: string;
  plan: string;
  email: string;
}

/** The columns an administrator edits directly; undefined leaves a column as it is. */
export interface UserFieldChanges {
  name?: string;
  email?: string;
  status?: string;
  role?: UserRole;
  whatsapp?: string | null;
  phone?: string | null;
  company?: string | null;
}

export interface NewUser {
  email: string;
  name: string;
  passwordHash: string;
  status: string;
  plan: string;
  phone: string | null;
  company: string | null;
  whatsapp: string | null;
}

const SELECT_VIEW = `
  SELECT u.id, u.name, u.email, u.plan, p.name AS plan_name, u.role, u.status, u.tokens, u.credit_tokens,
         ${EFFECTIVE_TOKEN_LIMIT} AS token_limit, u.token_limit_override, p.token_limit AS plan_token_limit, u.whatsapp, u.phone, u.company, u.last_login_at, u.created_at,
         u.plan_expires_at, (SELECT s.renewal FROM subscriptions s WHERE s.user_id = u.id AND s.status = 'active') AS renewal
  FROM users u JOIN plans p ON p.id = u.plan`;

/**
 * The SQL of the back office's user administration (users, plans, their ledger rows). Methods that
 * take `tx` run inside the service's transaction; the rules (who may do what) stay in the service.
 */
@Injectable()
export class AdminUsersRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** WHERE clause and parameters shared by the list and the export. */
  private filters(f: UserFilters): { where: string; params: unknown[] } {
    const conds: string[] = ['u.deleted_at IS NULL'];
    const params: unknown[] = [];
    if (f.search) {
      params.push(containsPattern(f.search));
      const byText = `lower(u.name) LIKE $${params.length} OR lower(u.email) LIKE $${params.length}`;
      // An id is matched from its start (the admin pastes all or part of it).
      if (/^[0-9a-f-]{4,36}$/i.test(f.search)) {
        params.push(`${f.search.toLowerCase()}%`);
        conds.push(`(${byText} OR u.id::text LIKE $${params.length})`);
      } else conds.push(`(${byText})`);
    }
    if (f.status) {
      params.push(f.status);
      conds.push(`u.status = $${params.length}`);
    }
    if (f.plan && f.plan !== 'all') {
      params.push(f.plan);
      conds.push(`u.plan = $${params.length}`);
    }
    return { where: `WHERE ${conds.join(' AND ')}`, params };
  }

  /** One page of the filtered list, newest first, and how many rows match in all. */
  async page(f: UserFilters, limit: number, offset: number): Promise<{ rows: AdminUserRow[]; total: number }> {
    const { where, params } = this.filters(f);
    const [{ count }] = (await this.db.query(`SELECT count(*) AS count FROM users u ${where}`, params)) as { count: string }[];
    const rows = (await this.db.query(
      `${SELECT_VIEW} ${where} ORDER BY u.created_at DESC, u.id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, limit, offset],
    )) as AdminUserRow[];
    return { rows, total: num(count) };
  }

  /** The next `limit` rows of the filtered list after `cursor` (the last row of the previous batch), in the list's order. */
  async exportBatch(f: UserFilters, cursor: { ts: string; id: string } | null, limit: number): Promise<AdminUserExportRow[]> {
    const { where, params } = this.filters(f);
    let keyset = '';
    if (cursor) {
      params.push(cursor.ts, cursor.id);
      const ts = `$${params.length - 1}::timestamptz`;
      keyset = ` AND (u.created_at < ${ts} OR (u.created_at = ${ts} AND u.id > $${params.length}::uuid))`;
    }
    params.push(limit);
    return (await this.db.query(
      `${SELECT_VIEW.replace('SELECT ', 'SELECT u.created_at::text AS cursor_ts, ')} ${where}${keyset}
       ORDER BY u.created_at DESC, u.id LIMIT $${params.length}`,
      params,
    )) as AdminUserExportRow[];
  }

  async countByStatus(): Promise<{ total: number; active: number; pending: number; suspended: number }> {
    const [r] = (await this.db.query(
      `SELECT count(*) AS total,
              count(*) FILTER (WHERE status = 'active') AS active,
              count(*) FILTER (WHERE status = 'pending') AS pending,
              count(*) FILTER (WHERE status = 'suspended') AS suspended
       FROM users WHERE deleted_at IS NULL`,
    )) as Record<'total' | 'active' | 'pending' | 'suspended', string>[];
    return { total: num(r.total), active: num(r.active), pending: num(r.pending), suspended: num(r.suspended) };
  }

  /** A live (not deleted) account as the list shows it; null when there is none. */
  async findView(id: string, tx: EntityManager = this.db.manager): Promise<AdminUserRow | null> {
    const [row] = (await tx.query(`${SELECT_VIEW} WHERE u.id = $1 AND u.deleted_at IS NULL`, [id])) as AdminUserRow[];
    return row ?? null;
  }

  async exists(id: string): Promise<boolean> {
    const [row] = (await this.db.query(`SELECT 1 FROM users WHERE id = $1 AND deleted_at IS NULL`, [id])) as unknown[];
    return row !== undefined;
  }

  async planExists(tx: EntityManager, planId: string): Promise<boolean> {
    const [row] = (await tx.query(`SELECT 1 FROM plans WHERE id = $1`, [planId])) as unknown[];
    return row !== undefined;
  }

  /** Whether a live account other than `exceptId` uses this e-mail (compared without case). */
  async emailTaken(tx: EntityManager, email: string, exceptId?: string): Promise<boolean> {
    const [row] = (await tx.query(
      `SELECT 1 FROM users WHERE lower(email) = lower($1) AND deleted_at IS NULL AND id <> COALESCE($2::uuid, '00000000-0000-0000-0000-000000000000')`,
      [email, exceptId ?? null],
    )) as unknown[];
    return row !== undefined;
  }

  /**
   * A new account with its plan's allowance as balance, marked to change its password. The
   * opening-balance trigger writes the ledger row. A taken e-mail fails with Postgres' 23505.
   */
  async insert(tx: EntityManager, u: NewUser): Promise<string> {
    const [row] = (await tx.query(
      `INSERT INTO users (email, name, password_hash, role, status, plan, tokens, phone, company, must_change_password, whatsapp)
       VALUES ($1, $2, $3, 'user', $4, $5::varchar, (SELECT token_limit FROM plans WHERE id = $5::varchar), $6, $7, true, $8) RETURNING id`,
      [u.email, u.name, u.passwordHash, u.status, u.plan, u.phone, u.company, u.whatsapp],
    )) as { id: string }[];
    return row.id;
  }

  /** Locks a live account's row for the transaction; null when there is none. */
  async lockTarget(tx: EntityManager, id: string): Promise<TargetRow | null> {
    const [row] = (await tx.query(`SELECT role, status, plan, email FROM users WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`, [id])) as TargetRow[];
    return row ?? null;
  }

  /** Locks every live root (so two removals cannot both pass) and tells how many there are. */
  async lockRoots(tx: EntityManager): Promise<number> {
    const roots = (await tx.query(`SELECT id FROM users WHERE role = 'root' AND deleted_at IS NULL FOR UPDATE`)) as unknown[];
    return roots.length;
  }

  /**
   * Writes the given columns; `endSessions` moves the session version so every open session ends.
   * A taken e-mail fails with Postgres' 23505.
   */
  async updateFields(tx: EntityManager, id: string, changes: UserFieldChanges, endSessions: boolean): Promise<void> {
    const sets: string[] = [];
    const params: unknown[] = [id];
    for (const [column, value] of Object.entries(changes)) {
      if (value === undefined) continue;
      params.push(value);
      sets.push(`${column} = $${params.length}`);
    }
    if (endSessions) sets.push('session_version = session_version + 1');
    if (!sets.length) return;
    await tx.query(`UPDATE users SET ${sets.join(', ')}, updated_at = now() WHERE id = $1`, params);
  }

  async setStatus(tx: EntityManager, id: string, status: string): Promise<void> {
    await tx.query(`UPDATE users SET status = $2, updated_at = now() WHERE id = $1`, [id, status]);
  }

  /** Marks the account deleted and ends its sessions; the row stays. */
  async softDelete(tx: EntityManager, id: string): Promise<void> {
    await tx.query(`UPDATE users SET deleted_at = now(), session_version = session_version + 1, updated_at = now() WHERE id = $1`, [id]);
  }

  /**
   * Puts the account on `plan` from now: credits plus the plan's allowance, a new period, no expiry,
   * no per-user limit. Answers the balance's movement and the plan's allowance and name.
   */
  async changePlan(tx: EntityManager, id: string, plan: string): Promise<{ delta: number; allowance: number; planName: string }> {
    const [r] = returned<{ delta: string; allowance: string; plan_name: string }>(await tx.query(
      `WITH old AS (SELECT tokens FROM users WHERE id = $1 FOR UPDATE)
       UPDATE users u SET plan = $2, tokens = u.credit_tokens + p.token_limit, plan_period_start = now(), plan_expires_at = NULL, token_limit_override = NULL
       FROM old, plans p WHERE u.id = $1 AND p.id = $2
       RETURNING (u.tokens - old.tokens)::text AS delta, p.token_limit::text AS allowance, p.name AS plan_name`,
      [id, plan],
    ));
    return { delta: Number(r.delta), allowance: Number(r.allowance), planName: r.plan_name };
  }

  /** Ends the account's active paid subscription because an administrator set another plan. */
  async endSubscriptionForAdminPlan(tx: EntityManager, id: string): Promise<void> {
    await tx.query(
      `UPDATE subscriptions SET status = 'ended', renewal = 'ended', ended_at = now(), end_reason = 'admin-plan', updated_at = now()
       WHERE user_id = $1 AND status = 'active'`,
      [id],
    );
  }

  /**
   * Sets (or with null clears) the per-user allowance and moves the balance by the difference between
   * the new and the old limit, never below the account's credits. Answers the movement, both limits
   * and the override that was there before.
   */
  async setTokenLimit(
    tx: EntityManager,
    id: string,
    override: number | null,
  ): Promise<{ delta: number; oldLimit: number; newLimit: number; oldOverride: number | null }> {
    const [r] = returned<{ delta: string; old_limit: string; new_limit: string; old_override: string | null }>(await tx.query(
      `WITH old AS (
         SELECT u.tokens, u.token_limit_override, ${EFFECTIVE_TOKEN_LIMIT} AS lim
         FROM users u JOIN plans p ON p.id = u.plan WHERE u.id = $1 FOR UPDATE OF u
       )
       UPDATE users u SET token_limit_override = $2::bigint,
         tokens = GREATEST(LEAST(u.tokens, u.credit_tokens), u.tokens + (COALESCE($2::bigint, p.token_limit) - old.lim)),
         updated_at = now()
       FROM old, plans p WHERE u.id = $1 AND p.id = u.plan
       RETURNING (u.tokens - old.tokens)::text AS delta, old.lim::text AS old_limit,
         ${EFFECTIVE_TOKEN_LIMIT}::text AS new_limit, old.token_limit_override::text AS old_override`,
      [id, override],
    ));
    return { delta: Number(r.delta), oldLimit: Number(r.old_limit), newLimit: Number(r.new_limit), oldOverride: r.old_override === null ? null : Number(r.old_override) };
  }

  /** A plan-allowance ledger row ('renewal': it lapses at the period's end, unlike credits), naming the admin when one acted. */
  async recordAllowanceChange(tx: EntityManager, id: string, amount: number, description: string, actorId: string | null): Promise<void> {
    await tx.query(
      `INSERT INTO token_transactions (user_id, type, amount, credit_amount, description, actor_id) VALUES ($1, 'renewal', $2, 0, $3, $4)`,
      [id, amount, description, actorId],
    );
  }
}
