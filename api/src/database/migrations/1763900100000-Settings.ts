import { MigrationInterface, QueryRunner } from 'typeorm';

export class Settings1763900100000 implements MigrationInterface {
  name = 'Settings1763900100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE settings (
        section varchar(40) PRIMARY KEY,
        value jsonb NOT NULL,
        updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE settings`);
  }
}
