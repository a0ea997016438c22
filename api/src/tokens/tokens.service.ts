import { HttpException, HttpStatus, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';

export interface Balance {
  /** Everything the user can spend now. */
  tokens: number;
  /** Purchased or granted tokens, which never expire. */
  creditTokens: number;
  /** The allowance per period: the account's own limit when an admin set one, else the plan's. */
  tokensPlan: number;
  planId: string;
  planName: string;
  periodStart: Date;
  planExpiresAt: Date | null;
}

/**
 * The allowance per period of user `u` on plan `p`: an admin's per-user limit wins over the plan's.
 * Every query that grants or shows the allowance reads it through this expression.
 */
export const EFFECTIVE_TOKEN_LIMIT = 'COALESCE(u.token_limit_override, p.token_limit)';

/** TypeORM's postgres driver answers UPDATE … RETURNING with [rows, affectedCount]. */
function returned<T>(result: unknown): T[] {
  return (Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result) as T[];
}

export class InsufficientTokensException extends HttpException {
  constructor(balance: number, cost: number) {
    super({ statusCode: 402, message: 'Tokens insuficientes', balance, cost }, HttpStatus.PAYMENT_REQUIRED);
  }
}

/**
 * Every balance change goes through here (or through settle_analysis in SQL): the cached balance
 * and its ledger row are written in one transaction, and the row lock on the user serialises
 * concurrent spends.
 */
@Injectable()
export class TokensService {
  private readonly logger = new Logger(TokensService.name);

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Throws 402 when the balance plainly does not cover the cost: a check without a lock, so a
   * refused upload stores nothing; `reserve` decides under the row lock.
   */
  async assertCovers(userId: string, cost: number): Promise<void> {
    const [row] = await this.db.query(`SELECT tokens FROM users WHERE id = $1`, [userId]);
    if (row && Number(row.tokens) < cost) throw new InsufficientTokensException(Number(row.tokens), cost);
  }

  /**
   * Spends plan tokens first, then credits. Throws 402 when the balance does not cover the cost.
   * NO KEY UPDATE, not UPDATE: the analysis row inserted in the same transaction holds a KEY SHARE
   * lock on the user through its foreign key, and FOR UPDATE would deadlock concurrent uploads.
   */
  async reserve(tx: EntityManager, userId: string, cost: number, analysisId: string): Promise<number> {
    const rows = returned<{ tokens: string; credit_used: string }>(await tx.query(
      `WITH old AS (SELECT tokens, credit_tokens FROM users WHERE id = $1 FOR NO KEY UPDATE)
       UPDATE users u SET tokens = u.tokens - $2, credit_tokens = LEAST(u.credit_tokens, u.tokens - $2)
       FROM old WHERE u.id = $1 AND old.tokens >= $2
       RETURNING u.tokens, old.credit_tokens - u.credit_tokens AS credit_used`,
      [userId, cost],
    ));
    if (!rows.length) {
      const [{ tokens }] = await tx.query(`SELECT tokens FROM users WHERE id = $1`, [userId]);
      throw new InsufficientTokensException(Number(tokens), cost);
    }
    await tx.query(
      `INSERT INTO token_transactions (user_id, type, amount, credit_amount, analysis_id, description)
       VALUES ($1, 'reserve', $2, $3, $4, 'Reserva para análise')`,
      [userId, -cost, -Number(rows[0].credit_used), analysisId],
    );
    return Number(rows[0].tokens);
  }

  /**
   * Refunds what the analysis did not deliver; safe to call any number of times. The rule lives in
   * SQL (settle_analysis, migrations Tokens and AnalysisStatusCodes) because workers settle too,
   * inside their own transaction, without the API:
   * - it acts once: only on an analysis that has ended (status `done` or `error`) and is not yet
   *   settled (`settled_at` null), under a row lock, so the API and any worker racing to end the same
   *   analysis settle it exactly once;
   * - `error`: the whole reserved cost comes back; `done`: the tokens of the files not processed
   *   (`analysis_files.status <> 'done'`) come back, the rest is consumed;
   * - the refund returns non-expiring credit first, up to what the reservation took from credit, the
   *   rest to the plan allowance; it is written as a `refund` ledger row, then a `settle` row records
   *   the consumption, and `tokens_refunded` / `settled_at` are set on the analysis;
   * - it returns the tokens refunded (0 for a running, missing or already settled analysis).
   *
   * Example: 2,000 tokens, 1,500 of them credit. Three files of 600 are reserved (1,800): the 500 of
   * allowance first, then 1,300 of credit, leaving 200. One file fails and the analysis ends `done`:
   * 600 come back, all to credit (600 ≤ 1,300): 800 tokens, 800 credit; the `settle` row says 1,200
   * consumed. Ended `error`, all 1,800 come back (1,300 credit, 500 allowance): 2,000, 1,500 credit.
   * The same rule in TypeScript is `settlement()` (./settlement.ts); test/settlement-cases.ts holds
   * hand-computed cases that both it (settlement.spec.ts) and this function (settlement.e2e-spec.ts) pass.
   */
  async settle(analysisId: string, tx: EntityManager = this.db.manager): Promise<number> {
    const [{ settle_analysis }] = await tx.query(`SELECT settle_analysis($1)`, [analysisId]);
    return Number(settle_analysis);
  }

  /** Adds non-expiring tokens (purchase, admin grant, bonus). A negative admin grant may not overdraw. */
  async credit(userId: string, amount: number, type: 'purchase' | 'admin_grant' | 'bonus', description: string, orderId?: string, actorId?: string): Promise<number> {
    return this.db.transaction(async (tx) => {
      const rows = returned<{ tokens: string }>(await tx.query(
        `UPDATE users SET tokens = tokens + $2, credit_tokens = GREATEST(0, LEAST(credit_tokens + $2, tokens + $2))
         WHERE id = $1 AND tokens + $2 >= 0 RETURNING tokens`,
        [userId, amount],
      ));
      if (!rows.length) throw new InsufficientTokensException(0, -amount);
      await tx.query(
        `INSERT INTO token_transactions (user_id, type, amount, credit_amount, order_id, description, actor_id) VALUES ($1, $2, $3, $3, $4, $5, $6)`,
        [userId, type, amount, orderId ?? null, description, actorId ?? null],
      );
      return Number(rows[0].tokens);
    });
  }

  /** 404 for an id no account has (an admin may type any UUID into a back-office route). */
  async balance(userId: string): Promise<Balance> {
    const [r] = await this.db.query(
      `SELECT u.tokens, u.credit_tokens, u.plan_period_start, u.plan_expires_at, p.id AS plan_id, p.name AS plan_name, ${EFFECTIVE_TOKEN_LIMIT} AS token_limit
       FROM users u JOIN plans p ON p.id = u.plan WHERE u.id = $1`,
      [userId],
    );
    if (!r) throw new NotFoundException('Usuário não encontrado.');
    return {
      tokens: Number(r.tokens),
      creditTokens: Number(r.credit_tokens),
      tokensPlan: Number(r.token_limit),
      planId: r.plan_id,
      planName: r.plan_name,
      periodStart: r.plan_period_start,
      planExpiresAt: r.plan_expires_at,
    };
  }

  async ledgerSum(userId: string): Promise<number> {
    const [{ sum }] = await this.db.query(`SELECT COALESCE(SUM(amount), 0) AS sum FROM token_transactions WHERE user_id = $1`, [userId]);
    return Number(sum);
  }

  /**
   * Starts a new month for every account whose month is over and whose plan still runs (Free, a plan
   * set by an administrator, or a paid period that goes on): unused plan tokens lapse, the
   * allowance (the admin's per-user limit if any, else the plan's) is granted afresh, credits stay. Returns how many accounts were renewed.
   */
  async renewDueAllowances(now = new Date()): Promise<number> {
    // At 100k accounts falling due together (a test clock moved forward, a job that did not run for
    // a month) the sweep must stay a few seconds. So: the due accounts are found by one range read of
    // users_live_period_start_idx (the 27-day bound is what the index can use: a month is at least 28
    // days, less an hour across a DST change), then renewed 500 at a time by id, the due rule checked
    // again under the row lock, ledger rows written by the same statement. (A LIMIT 500 query re-run
    // per batch re-read every account still due each time, and a round trip per ledger row added more.)
    const due = `u.deleted_at IS NULL AND u.plan_period_start <= $1::timestamptz - interval '27 days'
      AND u.plan_period_start + interval '1 month' <= $1
      -- A paid plan's allowance renews only inside its paid period; its end is the plans job's.
      AND (u.plan_expires_at IS NULL OR u.plan_period_start + interval '1 month' < u.plan_expires_at)`;
    const PASS = 20_000;
    const BATCH = 500;
    let renewed = 0;
    for (;;) {
      const ids = ((await this.db.query(`SELECT u.id FROM users u WHERE ${due} LIMIT ${PASS}`, [now])) as { id: string }[]).map((r) => r.id);
      let renewedInPass = 0;
      for (let i = 0; i < ids.length; i += BATCH) {
        const rows = await this.db.query(
          `WITH due AS (
             SELECT u.id, u.tokens AS old_tokens FROM users u WHERE u.id = ANY($2::uuid[]) AND ${due} FOR UPDATE SKIP LOCKED
           ), renewed AS (
             UPDATE users u SET
               tokens = u.credit_tokens + ${EFFECTIVE_TOKEN_LIMIT},
               plan_period_start = u.plan_period_start
                 + interval '1 month' * GREATEST(1, floor(extract(epoch FROM ($1 - u.plan_period_start)) / extract(epoch FROM interval '1 month'))::int)
             FROM due, plans p
             WHERE u.id = due.id AND p.id = u.plan
             RETURNING u.id, u.tokens - due.old_tokens AS delta
           )
           INSERT INTO token_transactions (user_id, type, amount, description)
           SELECT id, 'renewal', delta, 'Renovação mensal do plano' FROM renewed
           RETURNING user_id`,
          [now, ids.slice(i, i + BATCH)],
        );
        renewedInPass += returned<{ user_id: string }>(rows).length;
      }
      renewed += renewedInPass;
      // More may be due beyond this pass; stop when none was left or the rest is locked by others.
      if (ids.length < PASS || !renewedInPass) break;
    }
    if (renewed) this.logger.log({ renewed }, 'plan allowances renewed');
    return renewed;
  }
}
