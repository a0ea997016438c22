import { Column, CreateDateColumn, Entity, OneToMany, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { AnalysisParams, AnalysisStatus } from '@cda/shared';
import { AnalysisFile } from './analysis-file.entity';
import { bigintToNumber } from '../common/sql-result';

@Entity('analyses')
export class Analysis {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ type: 'varchar', length: 20 })
  status: AnalysisStatus;

  @Column({ name: 'file_count', type: 'int' })
  fileCount: number;

  @Column({ name: 'processed_files', type: 'int', default: 0 })
  processedFiles: number;

  @Column({ name: 'certificate_count', type: 'int', default: 0 })
  certificateCount: number;

  /** Fields of the extracted certificates that need checking (countFlaggedFields), set when it finishes. */
  @Column({ name: 'flagged_field_count', type: 'int', default: 0 })
  flaggedFieldCount: number;

  @Column({ type: 'jsonb' })
  params: AnalysisParams;

  @Column({ type: 'text', nullable: true })
  error: string | null;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  workbooks: string[];

  @Column({ type: 'jsonb', nullable: true })
  summary: Record<string, unknown> | null;

  @OneToMany(() => AnalysisFile, (f) => f.analysis)
  files: AnalysisFile[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;

  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt: Date | null;

  @Column({ name: 'tokens_cost', type: 'bigint', default: 0, transformer: bigintToNumber })
  tokensCost: number;

  @Column({ name: 'tokens_refunded', type: 'bigint', default: 0, transformer: bigintToNumber })
  tokensRefunded: number;

  @Column({ name: 'settled_at', type: 'timestamptz', nullable: true })
  settledAt: Date | null;

  /** 1 as extracted; each correction or re-simulation asks for the next (migration AnalysisReview). */
  @Column({ type: 'int', default: 1 })
  version: number;

  /** The version whose workbooks are stored; below `version` while the worker regenerates. */
  @Column({ name: 'workbooks_version', type: 'int', default: 1 })
  workbooksVersion: number;

  @Column({ name: 'edited_at', type: 'timestamptz', nullable: true })
  editedAt: Date | null;

  @Column({ name: 'regeneration_error', type: 'text', nullable: true })
  regenerationError: string | null;
}
