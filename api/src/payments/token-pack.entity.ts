import { Column, Entity, PrimaryColumn } from 'typeorm';
import { bigintToNumber } from '../common/sql-result';

/** One-off token packs (no renewal); prices are read from here when an order is created. */
@Entity('token_packs')
export class TokenPack {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id: string;

  @Column({ type: 'varchar', length: 80 })
  name: string;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  tokens: number;

  @Column({ name: 'price_cents', type: 'int' })
  priceCents: number;

  @Column({ type: 'boolean', default: false })
  popular: boolean;

  @Column({ name: 'is_active', type: 'boolean', default: true })
  isActive: boolean;

  @Column({ name: 'sort_order', type: 'int', default: 0 })
  sortOrder: number;
}
