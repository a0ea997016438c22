import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Plans, the token ledger and per-analysis costs. The ledger is the source of truth; users.tokens is
 * a cached balance that constraints keep >= 0, and every change to it happens together with a ledger
 * row in one transaction. users.credit_tokens is the part of the balance that never expires
 * (purchased or granted); the rest is the plan allowance of the current period.
 */
export class Tokens1763900150000 implements MigrationInterface {
  name = 'Tokens1763900150000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE plans (
        id varchar(40) PRIMARY KEY,
        name varchar(80) NOT NULL,
        description text NOT NULL DEFAULT '',
        monthly_price_cents int NOT NULL DEFAULT 0,
        yearly_price_cents int NOT NULL DEFAULT 0,
        token_limit bigint NOT NULL,
        features jsonb NOT NULL DEFAULT '[]',
        is_active boolean NOT NULL DEFAULT true,
        popular boolean NOT NULL DEFAULT false,
        color varchar(20) NOT NULL DEFAULT 'gray',
        sort_order int NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      INSERT INTO plans (id, name, description, monthly_price_cents, yearly_price_cents, token_limit, features, popular, color, sort_order) VALUES
      ('free', 'Gratuito', 'Para conhecer o produto', 0, 0, 1000000,
        '["1.000.000 tokens por mês", "Planilhas de certidões e simulação", "Suporte por e-mail"]', false, 'gray', 1),
      ('basic', 'Básico', 'Para escritórios com poucas execuções', 4900, 47000, 5000000,
        '["5.000.000 tokens por mês", "Planilhas de certidões e simulação", "Histórico completo", "Suporte prioritário"]', true, 'blue', 2),
      ('premium', 'Premium', 'Para equipes com grande volume', 14900, 143000, 20000000,
        '["20.000.000 tokens por mês", "Planilhas de certidões e simulação", "Histórico completo", "Suporte prioritário"]', false, 'purple', 3),
      ('enterprise', 'Enterprise', 'Volume sob medida', 0, 0, 999999999,
        '["Tokens ilimitados", "Atendimento dedicado", "Condições sob contrato"]', false, 'gold', 4)`);

    await q.query(`ALTER TABLE users
      ADD COLUMN credit_tokens bigint NOT NULL DEFAULT 0,
      ADD COLUMN plan_period_start timestamptz NOT NULL DEFAULT now(),
      ADD COLUMN plan_expires_at timestamptz,
      ADD CONSTRAINT users_credit_within_balance CHECK (credit_tokens >= 0 AND credit_tokens <= tokens)`);
    await q.query(`UPDATE users SET plan = 'free' WHERE plan NOT IN (SELECT id FROM plans)`);
    await q.query(`ALTER TABLE users ADD CONSTRAINT users_plan_fk FOREIGN KEY (plan) REFERENCES plans(id)`);

    await q.query(`CREATE TYPE token_tx_type AS ENUM ('reserve', 'settle', 'refund', 'purchase', 'admin_grant', 'bonus', 'renewal')`);
    await q.query(`
      CREATE TABLE token_transactions (
        id bigserial PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        type token_tx_type NOT NULL,
        amount bigint NOT NULL,
        credit_amount bigint NOT NULL DEFAULT 0,
        analysis_id uuid REFERENCES analyses(id) ON DELETE SET NULL,
        order_id uuid,
        description text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX token_tx_user_idx ON token_transactions (user_id, created_at DESC)`);
    await q.query(`CREATE INDEX token_tx_analysis_idx ON token_transactions (analysis_id) WHERE analysis_id IS NOT NULL`);

    // Existing balances and every new account's opening allowance enter the ledger, whatever code path creates the user.
    await q.query(`INSERT INTO token_transactions (user_id, type, amount, credit_amount, description)
      SELECT id, 'renewal', tokens, credit_tokens, 'Saldo inicial' FROM users WHERE tokens > 0`);
    await q.query(`
      CREATE FUNCTION users_opening_balance() RETURNS trigger AS $$
      BEGIN
        IF NEW.tokens > 0 THEN
          INSERT INTO token_transactions (user_id, type, amount, credit_amount, description)
          VALUES (NEW.id, 'renewal', NEW.tokens, NEW.credit_tokens, 'Saldo inicial do plano');
        END IF;
        RETURN NEW;
      END $$ LANGUAGE plpgsql`);
    await q.query(`CREATE TRIGGER users_opening_balance AFTER INSERT ON users FOR EACH ROW EXECUTE FUNCTION users_opening_balance()`);

    await q.query(`ALTER TABLE analyses
      ADD COLUMN tokens_cost bigint NOT NULL DEFAULT 0,
      ADD COLUMN tokens_refunded bigint NOT NULL DEFAULT 0,
      ADD COLUMN settled_at timestamptz`);
    await q.query(`ALTER TABLE analysis_files ADD COLUMN tokens bigint NOT NULL DEFAULT 0`);
    await q.query(`CREATE INDEX analyses_user_status_created_idx ON analyses (user_id, status, created_at DESC)`);
    await q.query(`CREATE INDEX analyses_processing_idx ON analyses (updated_at) WHERE status = 'Processando'`);

    // One settlement for the API and every worker: refunds what was not delivered, exactly once.
    await q.query(`
      CREATE FUNCTION settle_analysis(p_id uuid) RETURNS bigint AS $$
      DECLARE
        a analyses%ROWTYPE;
        refund bigint;
        reserved_credit bigint;
        credit_back bigint;
      BEGIN
        SELECT * INTO a FROM analyses WHERE id = p_id FOR UPDATE;
        IF NOT FOUND OR a.settled_at IS NOT NULL OR a.status = 'Processando' THEN
          RETURN 0;
        END IF;
        IF a.status = 'Erro' THEN
          refund := a.tokens_cost;
        ELSE
          SELECT COALESCE(SUM(tokens), 0) INTO refund FROM analysis_files WHERE analysis_id = p_id AND status <> 'done';
        END IF;
        SELECT COALESCE(-SUM(credit_amount), 0) INTO reserved_credit
          FROM token_transactions WHERE analysis_id = p_id AND type = 'reserve';
        credit_back := LEAST(refund, reserved_credit);
        IF refund > 0 THEN
          UPDATE users SET tokens = tokens + refund, credit_tokens = credit_tokens + credit_back WHERE id = a.user_id;
          INSERT INTO token_transactions (user_id, type, amount, credit_amount, analysis_id, description)
          VALUES (a.user_id, 'refund', refund, credit_back, p_id,
                  CASE WHEN a.status = 'Erro' THEN 'Estorno: análise não concluída' ELSE 'Estorno: arquivos não processados' END);
        END IF;
        INSERT INTO token_transactions (user_id, type, amount, analysis_id, description)
        VALUES (a.user_id, 'settle', 0, p_id, format('Consumo confirmado: %s tokens', a.tokens_cost - refund));
        UPDATE analyses SET tokens_refunded = refund, settled_at = now() WHERE id = p_id;
        RETURN refund;
      END $$ LANGUAGE plpgsql`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION settle_analysis(uuid)`);
    await q.query(`DROP INDEX analyses_processing_idx`);
    await q.query(`DROP INDEX analyses_user_status_created_idx`);
    await q.query(`ALTER TABLE analysis_files DROP COLUMN tokens`);
    await q.query(`ALTER TABLE analyses DROP COLUMN tokens_cost, DROP COLUMN tokens_refunded, DROP COLUMN settled_at`);
    await q.query(`DROP TRIGGER users_opening_balance ON users`);
    await q.query(`DROP FUNCTION users_opening_balance()`);
    await q.query(`DROP TABLE token_transactions`);
    await q.query(`DROP TYPE token_tx_type`);
    await q.query(`ALTER TABLE users DROP CONSTRAINT users_plan_fk, DROP CONSTRAINT users_credit_within_balance,
      DROP COLUMN credit_tokens, DROP COLUMN plan_period_start, DROP COLUMN plan_expires_at`);
    await q.query(`DROP TABLE plans`);
  }
}
