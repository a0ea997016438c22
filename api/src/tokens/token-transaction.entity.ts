import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { TokenTransactionType } from '@cda/shared';
import { bigintToNumber } from '../common/sql-result';

@Entity('token_transactions')
export class TokenTransaction {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ type: 'enum', enumName: 'token_tx_type', enum: ['reserve', 'settle', 'refund', 'purchase', 'admin_grant', 'bonus', 'renewal', 'reversal'] })
  type: TokenTransactionType;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  amount: number;

  /** The part of `amount` that moved the non-expiring credit bucket. */
  @Column({ name: 'credit_amount', type: 'bigint', default: 0, transformer: bigintToNumber })
  creditAmount: number;

  @Column({ name: 'analysis_id', type: 'uuid', nullable: true })
  analysisId: string | null;

  @Column({ name: 'order_id', type: 'uuid', nullable: true })
  orderId: string | null;

  @Column({ type: 'text', default: '' })
  description: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
