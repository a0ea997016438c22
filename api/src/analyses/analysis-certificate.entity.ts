import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { CertificateRecord } from '@cda/shared';
import { bigintToNumber } from '../common/sql-result';

/** One extracted certificate as the worker stored it (migration AnalysisReview); corrections rewrite `record`. */
@Entity('analysis_certificates')
export class AnalysisCertificate {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'analysis_id', type: 'uuid' })
  analysisId: string;

  @Column({ name: 'file_position', type: 'int' })
  filePosition: number;

  @Column({ name: 'file_index', type: 'int' })
  fileIndex: number;

  @Column({ type: 'jsonb' })
  record: CertificateRecord;

  @Column({ name: 'debtor_name', type: 'text', default: '' })
  debtorName: string;

  @Column({ name: 'debtor_document', type: 'varchar', length: 20, default: '' })
  debtorDocument: string;

  @Column({ name: 'registration_number', type: 'varchar', length: 40, default: '' })
  registrationNumber: string;

  @Column({ type: 'varchar', length: 12 })
  issuer: string;

  @Column({ type: 'bigint', default: 0, transformer: bigintToNumber })
  total: number;

  @Column({ name: 'edited_at', type: 'timestamptz', nullable: true })
  editedAt: Date | null;
}

/** A correction: who changed which field of which certificate, from what to what, in which version. */
@Entity('analysis_certificate_edits')
export class CertificateEdit {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ name: 'certificate_id', type: 'uuid' })
  certificateId: string;

  @Column({ name: 'analysis_id', type: 'uuid' })
  analysisId: string;

  @Column({ name: 'user_id', type: 'uuid', nullable: true })
  userId: string | null;

  @Column({ type: 'varchar', length: 40 })
  field: string;

  @Column({ name: 'old_value', type: 'jsonb', nullable: true })
  oldValue: unknown;

  @Column({ name: 'new_value', type: 'jsonb', nullable: true })
  newValue: unknown;

  @Column({ type: 'int' })
  version: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
