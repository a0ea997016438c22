import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { MailStatus } from '@cda/shared';

export type { MailStatus };

/** Every e-mail the product sends; see the Accounts migration for what each status means. */
@Entity('mail_outbox')
export class MailOutboxEntry {
  /** bigserial, kept as the string Postgres returns. */
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ type: 'varchar', length: 40 })
  kind: string;

  @Column({ name: 'dedupe_key', type: 'varchar', length: 200, nullable: true })
  dedupeKey: string | null;

  @Column({ name: 'to_address', type: 'varchar', length: 254 })
  to: string;

  @Column({ type: 'varchar', length: 300 })
  subject: string;

  @Column({ name: 'text_body', type: 'text', nullable: true })
  text: string | null;

  @Column({ name: 'html_body', type: 'text', nullable: true })
  html: string | null;

  @Column({ type: 'varchar', length: 20, default: 'pending' })
  status: MailStatus;

  @Column({ type: 'text', nullable: true })
  error: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true })
  sentAt: Date | null;

  @Column({ type: 'int', default: 0 })
  attempts: number;

  @Column({ name: 'last_attempt_at', type: 'timestamptz', nullable: true })
  lastAttemptAt: Date | null;
}
