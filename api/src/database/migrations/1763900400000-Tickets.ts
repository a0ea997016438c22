import { MigrationInterface, QueryRunner } from 'typeorm';

export class Tickets1763900400000 implements MigrationInterface {
  name = 'Tickets1763900400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE tickets (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        number serial NOT NULL UNIQUE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        title varchar(200) NOT NULL CHECK (btrim(title) <> ''),
        description text NOT NULL CHECK (btrim(description) <> ''),
        category smallint NOT NULL DEFAULT 0 CHECK (category BETWEEN 0 AND 4),
        status varchar(20) NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'in_progress', 'waiting_response', 'closed')),
        priority varchar(10) NOT NULL DEFAULT 'medium' CHECK (priority IN ('low', 'medium', 'high')),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // The user's list pages by creation date; the admin list by last activity.
    await q.query(`CREATE INDEX tickets_user_created_idx ON tickets (user_id, created_at DESC)`);
    await q.query(`CREATE INDEX tickets_updated_idx ON tickets (updated_at DESC)`);
    await q.query(`
      CREATE TABLE ticket_messages (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        ticket_id uuid NOT NULL REFERENCES tickets(id) ON DELETE CASCADE,
        author varchar(10) NOT NULL CHECK (author IN ('user', 'admin')),
        author_id uuid REFERENCES users(id) ON DELETE SET NULL,
        author_name varchar(200) NOT NULL,
        content text NOT NULL CHECK (btrim(content) <> ''),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX ticket_messages_ticket_idx ON ticket_messages (ticket_id, created_at)`);
    await q.query(`
      CREATE TABLE ticket_attachments (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        ticket_id uuid NOT NULL REFERENCES tickets(id) ON DELETE CASCADE,
        position int NOT NULL,
        name varchar(255) NOT NULL,
        content_type varchar(100) NOT NULL,
        size int NOT NULL CHECK (size > 0),
        storage_key varchar(400) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (ticket_id, position)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE ticket_attachments`);
    await q.query(`DROP TABLE ticket_messages`);
    await q.query(`DROP TABLE tickets`);
  }
}
