import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { FieldWarnings } from '@cda/shared';
import { bigintToNumber } from '../common/sql-result';
import { Analysis } from './analysis.entity';

@Entity('analysis_files')
export class AnalysisFile {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'analysis_id', type: 'uuid' })
  analysisId: string;

  @ManyToOne(() => Analysis, (a) => a.files, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'analysis_id' })
  analysis: Analysis;

  @Column({ type: 'int' })
  position: number;

  @Column({ type: 'varchar', length: 255 })
  name: string;

  @Column({ name: 'size_bytes', type: 'bigint', transformer: bigintToNumber })
  sizeBytes: number;

  @Column({ type: 'int', default: 0 })
  pages: number;

  @Column({ name: 'storage_key', type: 'varchar', length: 500, select: false })
  storageKey: string;

  @Column({ type: 'varchar', length: 20, default: 'pending' })
  status: string;

  @Column({ type: 'text', nullable: true })
  error: string | null;

  @Column({ name: 'certificate_count', type: 'int', default: 0 })
  certificateCount: number;

  /** Each certificate's per-field warnings, in extraction order (AnalysisFileView). */
  @Column({ name: 'field_warnings', type: 'jsonb', default: () => "'[]'" })
  fieldWarnings: FieldWarnings[];

  @Column({ type: 'bigint', default: 0, transformer: bigintToNumber })
  tokens: number;
}
