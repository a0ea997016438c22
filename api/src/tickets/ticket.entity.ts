import {
  Column,
  CreateDateColumn,
  Entity,
  Generated,
  JoinColumn,
  ManyToOne,
  OneToMany,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import type { TicketAuthor, TicketPriority, TicketStatus } from '@cda/shared';
import { User } from '../users/user.entity';

@Entity('tickets')
export class Ticket {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** Short number people quote to support ("ticket #42"); the uuid stays the key in URLs. */
  @Column({ type: 'int', insert: false, update: false })
  @Generated('increment')
  number: number;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Column({ type: 'varchar', length: 200 })
  title: string;

  @Column({ type: 'text' })
  description: string;

  @Column({ type: 'smallint' })
  category: number;

  @Column({ type: 'varchar', length: 20, default: 'open' })
  status: TicketStatus;

  @Column({ type: 'varchar', length: 10, default: 'medium' })
  priority: TicketPriority;

  @OneToMany(() => TicketMessage, (m) => m.ticket)
  messages?: TicketMessage[];

  @OneToMany(() => TicketAttachment, (a) => a.ticket)
  attachments?: TicketAttachment[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

@Entity('ticket_messages')
export class TicketMessage {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'ticket_id', type: 'uuid' })
  ticketId: string;

  @ManyToOne(() => Ticket, (t) => t.messages, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'ticket_id' })
  ticket?: Ticket;

  @Column({ type: 'varchar', length: 10 })
  author: TicketAuthor;

  @Column({ name: 'author_id', type: 'uuid', nullable: true })
  authorId: string | null;

  /** Kept as written at the time, so the conversation still reads right if the account is renamed. */
  @Column({ name: 'author_name', type: 'varchar', length: 200 })
  authorName: string;

  @Column({ type: 'text' })
  content: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

@Entity('ticket_attachments')
export class TicketAttachment {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'ticket_id', type: 'uuid' })
  ticketId: string;

  @ManyToOne(() => Ticket, (t) => t.attachments, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'ticket_id' })
  ticket?: Ticket;

  @Column({ type: 'int' })
  position: number;

  @Column({ type: 'varchar', length: 255 })
  name: string;

  /** The type found in the file's bytes, not the one the browser claimed. */
  @Column({ name: 'content_type', type: 'varchar', length: 100 })
  contentType: string;

  @Column({ type: 'int' })
  size: number;

  @Column({ name: 'storage_key', type: 'varchar', length: 400 })
  storageKey: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
