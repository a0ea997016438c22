import { DataSource } from 'typeorm';
import { TokensService } from '../src/tokens/tokens.service';
import { settlement } from '../src/tokens/settlement';
import { insertUser } from './admin-fixtures';
import { SETTLEMENT_CASES } from './settlement-cases';
import { Stack, startStack } from './harness';

/**
 * settle_analysis (the SQL that runs in the API and in the workers) against the hand-computed cases
 * the TypeScript statement of the rule passes (settlement.spec.ts): same refund, same split between
 * credit and allowance, same ledger rows, and only once.
 */
describe('settle_analysis agrees with the documented rule', () => {
  let stack: Stack;
  let db: DataSource;
  let tokens: TokensService;

  beforeAll(async () => {
    stack = await startStack();
    db = stack.app.get(DataSource);
    tokens = stack.app.get(TokensService);
  }, 60000);

  afterAll(async () => {
    await stack?.stop();
  });

  const balance = async (userId: string) => {
    const [u] = await db.query(`SELECT tokens::int, credit_tokens::int AS credit FROM users WHERE id = $1`, [userId]);
    return { tokens: u.tokens, credit: u.credit };
  };

  it.each(SETTLEMENT_CASES.map((c) => [c.name, c] as const))('%s', async (_, c) => {
    const userId = await insertUser(db, { name: 'Liquidação' });
    await db.query(`UPDATE users SET tokens = $2, credit_tokens = $3 WHERE id = $1`, [userId, c.before.tokens, c.before.credit]);
    const cost = c.files.reduce((sum, f) => sum + f.tokens, 0);
    const [{ id }] = await db.query(
      `INSERT INTO analyses (user_id, status, file_count, params, tokens_cost) VALUES ($1, 'processing', $2, '{}', $3) RETURNING id`,
      [userId, c.files.length, cost],
    );
    await db.transaction((tx) => tokens.reserve(tx, userId, cost, id));
    const [{ credit }] = await db.query(`SELECT -credit_amount::int AS credit FROM token_transactions WHERE analysis_id = $1 AND type = 'reserve'`, [id]);
    expect(credit).toBe(c.reservedCredit);
    for (const [i, f] of c.files.entries()) {
      await db.query(
        `INSERT INTO analysis_files (analysis_id, position, name, size_bytes, pages, storage_key, status, tokens) VALUES ($1, $2, 'f.pdf', 1000, 1, 'k', $3, $4)`,
        [id, i + 1, f.status, f.tokens],
      );
    }
    if (c.status !== 'processing') await db.query(`UPDATE analyses SET status = $2, completed_at = now() WHERE id = $1`, [id, c.status]);

    expect(await tokens.settle(id)).toBe(c.expected?.refund ?? 0);
    expect(await balance(userId)).toEqual(c.after);
    const rows = await db.query(
      `SELECT type, amount::int, credit_amount::int, description FROM token_transactions WHERE analysis_id = $1 AND type <> 'reserve' ORDER BY id`,
      [id],
    );
    const [a] = await db.query(`SELECT tokens_refunded::int AS refunded, settled_at IS NOT NULL AS settled FROM analyses WHERE id = $1`, [id]);
    if (!c.expected) {
      expect(rows).toEqual([]);
      expect(a).toEqual({ refunded: 0, settled: false });
    } else {
      const settle = { type: 'settle', amount: 0, credit_amount: 0, description: `Consumo confirmado: ${c.expected.consumed} tokens` };
      const refund = { type: 'refund', amount: c.expected.refund, credit_amount: c.expected.creditBack, description: expect.stringMatching(/^Estorno: /) };
      expect(rows).toEqual(c.expected.refund > 0 ? [refund, settle] : [settle]);
      expect(a).toEqual({ refunded: c.expected.refund, settled: true });
    }
    // The TypeScript statement of the rule reads the same rows and says the same.
    const files = await db.query(`SELECT tokens::int, status FROM analysis_files WHERE analysis_id = $1`, [id]);
    expect(settlement({ status: c.status, settled: false, tokensCost: cost, files, reservedCredit: credit })).toEqual(c.expected);

    // Exactly once: a second settlement (a worker and the API racing) changes nothing.
    expect(await tokens.settle(id)).toBe(0);
    expect(await balance(userId)).toEqual(c.after);
  });
});
