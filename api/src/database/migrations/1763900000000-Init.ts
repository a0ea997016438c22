import { MigrationInterface, QueryRunner } from 'typeorm';

export class Init1763900000000 implements MigrationInterface {
  name = 'Init1763900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pgcrypto`);
    await q.query(`CREATE TYPE user_role AS ENUM ('user', 'admin', 'root')`);
    await q.query(`
      CREATE TABLE users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email varchar(254) NOT NULL,
        name varchar(200) NOT NULL,
        password_hash varchar(255) NOT NULL,
        role user_role NOT NULL DEFAULT 'user',
        status varchar(20) NOT NULL DEFAULT 'active',
        plan varchar(40) NOT NULL DEFAULT 'free',
        tokens bigint NOT NULL DEFAULT 0 CHECK (tokens >= 0),
        last_login_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // E-mail uniqueness is case-insensitive: users type their address in any case.
    await q.query(`CREATE UNIQUE INDEX users_email_lower_uq ON users (lower(email))`);
    await q.query(`
      CREATE TABLE analyses (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        status varchar(20) NOT NULL,
        file_count int NOT NULL,
        processed_files int NOT NULL DEFAULT 0,
        certificate_count int NOT NULL DEFAULT 0,
        params jsonb NOT NULL,
        error text,
        workbooks text[] NOT NULL DEFAULT '{}',
        summary jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        completed_at timestamptz
      )`);
    await q.query(`CREATE INDEX analyses_user_created_idx ON analyses (user_id, created_at DESC)`);
    await q.query(`
      CREATE TABLE analysis_files (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        analysis_id uuid NOT NULL REFERENCES analyses(id) ON DELETE CASCADE,
        position int NOT NULL,
        name varchar(255) NOT NULL,
        size_bytes bigint NOT NULL,
        pages int NOT NULL DEFAULT 0,
        storage_key varchar(500) NOT NULL,
        status varchar(20) NOT NULL DEFAULT 'pending',
        error text,
        certificate_count int NOT NULL DEFAULT 0,
        UNIQUE (analysis_id, position)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE analysis_files`);
    await q.query(`DROP TABLE analyses`);
    await q.query(`DROP TABLE users`);
    await q.query(`DROP TYPE user_role`);
  }
}
