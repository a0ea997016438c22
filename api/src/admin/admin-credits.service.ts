import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { CREDIT_TYPES, ListCreditsQuery } from './dto/admin-credits.dto';
import type { CreditTransactionView, OrderStatus, PaymentMethodKind } from '@cda/shared';
import { Page, containsPattern, num, page } from './admin-sql';

/** The token ledger for the credits screen. Grants go through AdminUsersService.addCredits. */
@Injectable()
export class AdminCreditsService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async list(query: ListCreditsQuery): Promise<Page<CreditTransactionView>> {
    const pageNo = query.page ?? 1;
    const size = query.pageSize ?? 10;
    const conds: string[] = [];
    const params: unknown[] = [];
    if (query.type !== 'all') {
      params.push(query.type ? [query.type] : [...CREDIT_TYPES]);
      conds.push(`t.type::text = ANY($${params.length})`);
    }
    if (query.userId) {
      params.push(query.userId);
      conds.push(`t.user_id = $${params.length}`);
    }
    if (query.search) {
      params.push(containsPattern(query.search));
      const p = `$${params.length}`;
      conds.push(`(lower(u.name) LIKE ${p} OR lower(u.email) LIKE ${p} OR lower(t.description) LIKE ${p})`);
    }
    const where = conds.length ? `WHERE ${conds.join(' AND ')}` : '';
    const from = `FROM token_transactions t JOIN users u ON u.id = t.user_id`;
    const [{ count }] = (await this.db.query(`SELECT count(*) AS count ${from} ${where}`, params)) as { count: string }[];
    const rows = (await this.db.query(
      `SELECT t.id, t.user_id, u.name, u.email, t.type, t.amount, t.description, t.created_at, t.actor_id, a.name AS actor_name,
         o.id AS order_id, o.status AS order_status, o.amount_cents, o.method
       ${from} LEFT JOIN users a ON a.id = t.actor_id LEFT JOIN orders o ON o.id = t.order_id ${where}
       ORDER BY t.created_at DESC, t.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, size, (pageNo - 1) * size],
    )) as Record<string, unknown>[];
    return page(
      rows.map((r) => ({
        id: String(r.id),
        userId: r.user_id as string,
        userName: r.name as string,
        userEmail: r.email as string,
        type: r.type as string,
        amount: num(r.amount),
        description: r.description as string,
        createdAt: r.created_at as Date,
        grantedBy: r.actor_id ? { id: r.actor_id as string, name: r.actor_name as string } : null,
        order: r.order_id
          ? { id: r.order_id as string, status: r.order_status as OrderStatus, amountCents: num(r.amount_cents), method: r.method as PaymentMethodKind }
          : null,
        status: 'completed' as const,
      })),
      num(count),
      pageNo,
      size,
    );
  }
}
