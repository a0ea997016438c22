import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { bigintToNumber } from '../common/sql-result';

@Entity('plans')
export class Plan {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id: string;

  @Column({ type: 'varchar', length: 80 })
  name: string;

  @Column({ type: 'text', default: '' })
  description: string;

  @Column({ name: 'monthly_price_cents', type: 'int', default: 0 })
  monthlyPriceCents: number;

  @Column({ name: 'yearly_price_cents', type: 'int', default: 0 })
  yearlyPriceCents: number;

  @Column({ name: 'token_limit', type: 'bigint', transformer: bigintToNumber })
  tokenLimit: number;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  features: string[];

  @Column({ name: 'is_active', type: 'boolean', default: true })
  isActive: boolean;

  @Column({ type: 'boolean', default: false })
  popular: boolean;

  @Column({ type: 'varchar', length: 20, default: 'gray' })
  color: string;

  @Column({ name: 'sort_order', type: 'int', default: 0 })
  sortOrder: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
