import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { BillingCycle, OrderKind, OrderStatus, PaymentMethodKind } from '@cda/shared';
import { bigintToNumber } from '../common/sql-result';

export interface PixData {
  qrCode: string;
  qrCodeBase64: string;
  ticketUrl: string | null;
  expiresAt: string;
}

/** One purchase attempt. Status changes go through OrdersService's compare-and-set, never through save(). */
@Entity('orders')
export class Order {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ type: 'varchar', length: 20 })
  kind: OrderKind;

  @Column({ name: 'plan_id', type: 'varchar', length: 40, nullable: true })
  planId: string | null;

  @Column({ name: 'pack_id', type: 'varchar', length: 40, nullable: true })
  packId: string | null;

  @Column({ name: 'billing_cycle', type: 'varchar', length: 10, nullable: true })
  billingCycle: BillingCycle | null;

  @Column({ name: 'item_name', type: 'varchar', length: 120 })
  itemName: string;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  tokens: number;

  @Column({ name: 'amount_cents', type: 'int' })
  amountCents: number;

  @Column({ type: 'varchar', length: 10 })
  method: PaymentMethodKind;

  @Column({ type: 'int', default: 1 })
  installments: number;

  @Column({ type: 'enum', enumName: 'order_status', enum: ['pending', 'approved', 'rejected', 'cancelled', 'refunded'], default: 'pending' })
  status: OrderStatus;

  @Column({ name: 'status_detail', type: 'varchar', length: 80, nullable: true })
  statusDetail: string | null;

  @Column({ name: 'provider_payment_id', type: 'varchar', length: 40, nullable: true, unique: true })
  providerPaymentId: string | null;

  @Column({ name: 'payer_email', type: 'varchar', length: 254 })
  payerEmail: string;

  @Column({ type: 'jsonb', nullable: true })
  pix: PixData | null;

  /** What the order paid for: a purchase, a renewal charged by the provider, an upgrade (pro rata), or a plan taken up again within LEGAL.reactivationDays. */
  @Column({ type: 'varchar', length: 12, default: 'purchase' })
  purpose: 'purchase' | 'renewal' | 'upgrade' | 'reactivation';

  @Column({ name: 'subscription_id', type: 'uuid', nullable: true })
  subscriptionId: string | null;

  /** Refunded so far (a pro-rata refund of an annual plan leaves the order approved). */
  @Column({ name: 'refunded_cents', type: 'int', default: 0 })
  refundedCents: number;

  @Column({ name: 'approved_at', type: 'timestamptz', nullable: true })
  approvedAt: Date | null;

  @Column({ name: 'refunded_at', type: 'timestamptz', nullable: true })
  refundedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
