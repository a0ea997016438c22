import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { CreatePlanDto, UNLIMITED_TOKENS, UpdatePlanDto } from './dto/admin-plans.dto';
import type { AdminPlanView } from '@cda/shared';
import { num } from './admin-sql';

export const FREE_PLAN_ID = 'free';

/** Column for each editable field; the values go through parameters, never into the SQL text. */
const COLUMNS: Record<keyof UpdatePlanDto, string> = {
  name: 'name',
  description: 'description',
  monthlyPriceCents: 'monthly_price_cents',
  yearlyPriceCents: 'yearly_price_cents',
  tokenLimit: 'token_limit',
  features: 'features',
  color: 'color',
  isActive: 'is_active',
  popular: 'popular',
  sortOrder: 'sort_order',
};

function view(r: Record<string, unknown>): AdminPlanView {
  return {
    id: r.id as string,
    name: r.name as string,
    description: r.description as string,
    monthlyPriceCents: num(r.monthly_price_cents),
    yearlyPriceCents: num(r.yearly_price_cents),
    tokenLimit: num(r.token_limit),
    unlimited: num(r.token_limit) >= UNLIMITED_TOKENS,
    features: r.features as string[],
    isActive: r.is_active as boolean,
    popular: r.popular as boolean,
    color: r.color as string,
    sortOrder: num(r.sort_order),
    subscribers: num(r.subscribers),
    createdAt: r.created_at as Date,
    updatedAt: r.updated_at as Date,
  };
}

const SELECT_VIEW = `SELECT p.*, (SELECT count(*) FROM users u WHERE u.plan = p.id AND u.deleted_at IS NULL) AS subscribers FROM plans p`;

/**
 * Plans live in Postgres; `/api/plans` and checkout read the active ones, so deactivating a plan hides
 * it there at once while its subscribers keep it. Changing a token limit applies to each subscriber at
 * their next monthly renewal.
 */
@Injectable()
export class AdminPlansService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async list(): Promise<AdminPlanView[]> {
    const rows = (await this.db.query(`${SELECT_VIEW} ORDER BY p.sort_order, p.id`)) as Record<string, unknown>[];
    return rows.map(view);
  }

  async get(id: string): Promise<AdminPlanView> {
    const [row] = (await this.db.query(`${SELECT_VIEW} WHERE p.id = $1`, [id])) as Record<string, unknown>[];
    if (!row) throw new NotFoundException('Plano não encontrado.');
    return view(row);
  }

  async create(dto: CreatePlanDto): Promise<AdminPlanView> {
    try {
      await this.db.query(
        `INSERT INTO plans (id, name, description, monthly_price_cents, yearly_price_cents, token_limit, features, is_active, popular, color, sort_order)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, COALESCE($11, (SELECT COALESCE(max(sort_order), 0) + 1 FROM plans)))`,
        [
          dto.id,
          dto.name,
          dto.description ?? '',
          dto.monthlyPriceCents,
          dto.yearlyPriceCents,
          dto.tokenLimit,
          JSON.stringify(dto.features ?? []),
          dto.isActive ?? true,
          dto.popular ?? false,
          dto.color ?? 'gray',
          dto.sortOrder ?? null,
        ],
      );
    } catch (err) {
      if ((err as { code?: string }).code === '23505') throw new ConflictException('Já existe um plano com este identificador.');
      throw err;
    }
    return this.get(dto.id);
  }

  /** Returns the plan and the names of the fields that changed (for the audit log). */
  async update(id: string, dto: UpdatePlanDto): Promise<{ plan: AdminPlanView; changed: string[] }> {
    await this.get(id);
    if (id === FREE_PLAN_ID && dto.isActive === false) throw new BadRequestException('O plano Gratuito não pode ser desativado.');
    const sets: string[] = [];
    const params: unknown[] = [id];
    const changed: string[] = [];
    for (const key of Object.keys(COLUMNS) as (keyof UpdatePlanDto)[]) {
      const value = dto[key];
      if (value === undefined) continue;
      params.push(key === 'features' ? JSON.stringify(value) : value);
      sets.push(`${COLUMNS[key]} = $${params.length}`);
      changed.push(key);
    }
    if (sets.length) await this.db.query(`UPDATE plans SET ${sets.join(', ')}, updated_at = now() WHERE id = $1`, params);
    return { plan: await this.get(id), changed };
  }

  /** Refused for Free, for a plan someone is on, and for a plan that past orders name. */
  async remove(id: string): Promise<AdminPlanView> {
    if (id === FREE_PLAN_ID) throw new BadRequestException('O plano Gratuito não pode ser excluído.');
    return this.db.transaction(async (tx) => {
      const [row] = (await tx.query(`SELECT * FROM plans WHERE id = $1 FOR UPDATE`, [id])) as Record<string, unknown>[];
      if (!row) throw new NotFoundException('Plano não encontrado.');
      // KEY SHARE taken by users pointing at the plan would block a concurrent change of plan, not this count.
      const [{ count }] = (await tx.query(`SELECT count(*) AS count FROM users WHERE plan = $1 AND deleted_at IS NULL`, [id])) as { count: string }[];
      const n = num(count);
      if (n > 0) {
        throw new ConflictException(
          `Não é possível excluir este plano: ${n === 1 ? 'há 1 usuário' : `há ${n} usuários`} com este plano. Mude-os de plano ou desative-o.`,
        );
      }
      // Deleted accounts no longer use a plan; their balance is left as it is, so their ledger still sums to it.
      await tx.query(`UPDATE users SET plan = $2 WHERE plan = $1 AND deleted_at IS NOT NULL`, [id, FREE_PLAN_ID]);
      try {
        await tx.query(`DELETE FROM plans WHERE id = $1`, [id]);
      } catch (err) {
        if ((err as { code?: string }).code === '23503') {
          throw new ConflictException('Não é possível excluir este plano: há pedidos de compra vinculados a ele. Desative-o.');
        }
        throw err;
      }
      return view({ ...row, subscribers: 0 });
    });
  }
}
