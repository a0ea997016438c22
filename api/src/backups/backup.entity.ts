import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { bigintToNumber } from '../common/sql-result';

@Entity('backups')
export class Backup {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'storage_key', type: 'varchar', length: 300 })
  storageKey: string;

  @Column({ type: 'varchar', length: 20, default: 'running' })
  status: 'running' | 'done' | 'failed';

  @Column({ type: 'varchar', length: 20 })
  trigger: 'manual' | 'scheduled';

  @Column({ name: 'size_bytes', type: 'bigint', nullable: true, transformer: bigintToNumber })
  sizeBytes: number | null;

  @Column({ type: 'text', nullable: true })
  error: string | null;

  @Column({ name: 'created_by', type: 'uuid', nullable: true })
  createdBy: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt: Date | null;
}
