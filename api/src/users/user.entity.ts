import { Column, CreateDateColumn, DeleteDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { NotificationPreferences, UserRole } from '@cda/shared';
import { bigintToNumber } from '../common/sql-result';

@Entity('users')
export class User {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ name: 'password_hash', type: 'varchar', length: 255, select: false })
  passwordHash: string;

  @Column({ type: 'enum', enum: ['user', 'admin', 'root'], enumName: 'user_role', default: 'user' })
  role: UserRole;

  @Column({ type: 'varchar', length: 20, default: 'active' })
  status: string;

  @Column({ type: 'varchar', length: 40, default: 'free' })
  plan: string;

  @Column({ type: 'bigint', default: 0, transformer: bigintToNumber })
  tokens: number;

  @Column({ name: 'last_login_at', type: 'timestamptz', nullable: true })
  lastLoginAt: Date | null;

  /** Digits only, with area code. */
  @Column({ type: 'varchar', length: 11, nullable: true })
  whatsapp: string | null;

  /** Digits only, with area code. */
  @Column({ type: 'varchar', length: 11, nullable: true })
  phone: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  company: string | null;

  @Column({ type: 'varchar', length: 120, nullable: true })
  position: string | null;

  /** Carried in every token; bumping it (password change or reset) ends every older session. */
  @Column({ name: 'session_version', type: 'int', default: 0 })
  sessionVersion: number;

  @Column({ name: 'notification_prefs', type: 'jsonb' })
  notificationPrefs: NotificationPreferences;

  /** Set on accounts an admin created: every route but the password change is refused until then. */
  @Column({ name: 'must_change_password', type: 'boolean', default: false })
  mustChangePassword: boolean;

  /** Soft delete by an admin: repository and query-builder reads skip these rows on their own. */
  @DeleteDateColumn({ name: 'deleted_at', type: 'timestamptz', nullable: true, select: false })
  deletedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
