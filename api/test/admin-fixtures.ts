import { DataSource } from 'typeorm';
import { Stack, registerAdmin } from './harness';

export const as = (t: string) => ({ Authorization: `Bearer ${t}` });

/** A registered user promoted to root, logged in again so the session reflects it. */
export async function registerRoot(stack: Stack): Promise<{ token: string; id: string; email: string }> {
  const admin = await registerAdmin(stack);
  await stack.app.get(DataSource).query(`UPDATE users SET role = 'root' WHERE id = $1`, [admin.id]);
  const res = await stack.http.post('/api/auth/login').send({ email: admin.email, password: 'senha-forte-1' }).expect(200);
  return { ...admin, token: res.body.token };
}

/** The ledger is the source of truth: its sum must equal the cached balance. */
export async function ledgerMatches(db: DataSource, userId: string): Promise<{ tokens: number; ledger: number }> {
  const [r] = await db.query(
    `SELECT u.tokens, (SELECT COALESCE(sum(amount), 0) FROM token_transactions WHERE user_id = u.id) AS ledger FROM users u WHERE u.id = $1`,
    [userId],
  );
  return { tokens: Number(r.tokens), ledger: Number(r.ledger) };
}

let n = 0;
/** A user row inserted directly (no e-mail, no session), for list and figure fixtures. */
export async function insertUser(
  db: DataSource,
  fields: { name: string; email?: string; status?: string; plan?: string; role?: string; createdAt?: string },
): Promise<string> {
  const email = fields.email ?? `fixture-${process.pid}-${Date.now()}-${++n}@teste.com.br`;
  const [row] = await db.query(
    `INSERT INTO users (email, name, password_hash, role, status, plan, tokens, created_at)
     VALUES ($1, $2, 'x', $3::user_role, $4, $5::varchar, (SELECT token_limit FROM plans WHERE id = $5::varchar), COALESCE($6::timestamptz, now())) RETURNING id`,
    [email, fields.name, fields.role ?? 'user', fields.status ?? 'active', fields.plan ?? 'free', fields.createdAt ?? null],
  );
  return row.id;
}
