import { MigrationInterface, QueryRunner } from 'typeorm';

export class Backups1763900350000 implements MigrationInterface {
  name = 'Backups1763900350000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE backups (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        storage_key varchar(300) NOT NULL,
        status varchar(20) NOT NULL DEFAULT 'running',
        trigger varchar(20) NOT NULL,
        size_bytes bigint,
        error text,
        created_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz
      )`);
    await q.query(`CREATE INDEX backups_created_idx ON backups (created_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE backups`);
  }
}
