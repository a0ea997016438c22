import { Type } from 'class-transformer';
import { IsBoolean, IsEmail, IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min, MinLength, ValidateNested } from 'class-validator';
import { BILLING_CYCLES, BillingCycle, ORDER_KINDS, ORDER_STATUSES, OrderKind, OrderStatus, PAYMENT_METHODS, PaymentMethodKind } from '@cda/shared';

export class PurchaseItemDto {
  @IsIn(ORDER_KINDS, { message: 'Tipo de compra inválido.' })
  kind: OrderKind;

  @IsString()
  @MaxLength(40)
  itemId: string;

  @IsOptional()
  @IsIn(BILLING_CYCLES, { message: 'Escolha a cobrança mensal ou anual.' })
  billingCycle?: BillingCycle;

  /** An upgrade of the running plan, priced pro rata by the server. */
  @IsOptional()
  @IsBoolean()
  change?: boolean;

  /**
   * Takes up the account's last plan again (same plan and cycle, current price) within the
   * cancellation policy's reactivation window; refused outside it. Recorded as a reactivation.
   */
  @IsOptional()
  @IsBoolean()
  reactivate?: boolean;
}

export class PayerDto {
  @IsEmail({}, { message: 'Informe um e-mail válido.' })
  @MaxLength(254)
  email: string;

  @IsString()
  @MinLength(3, { message: 'Informe o nome completo.' })
  @MaxLength(200)
  fullName: string;

  /** Digits or the masked 000.000.000-00; check digits are verified by the service. */
  @IsString()
  @Matches(/^[\d.\-\s]{11,14}$/, { message: 'CPF inválido' })
  cpf: string;
}

export class PixPaymentDto {
  @ValidateNested()
  @Type(() => PurchaseItemDto)
  item: PurchaseItemDto;

  @ValidateNested()
  @Type(() => PayerDto)
  payer: PayerDto;
}

export class CardPaymentDto extends PixPaymentDto {
  /** The card token made in the browser by Mercado Pago's SDK; card data never reaches us. */
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  token: string;

  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(12)
  installments: number;

  @IsString()
  @MaxLength(40)
  paymentMethodId: string;

  @IsOptional()
  @IsString()
  @MaxLength(40)
  issuerId?: string;
}

export class OrdersQueryDto {
  @IsOptional()
  @IsIn(ORDER_STATUSES)
  status?: OrderStatus;

  @IsOptional()
  @IsIn(ORDER_KINDS)
  kind?: OrderKind;

  @IsOptional()
  @IsIn(PAYMENT_METHODS)
  method?: PaymentMethodKind;

  @IsOptional()
  @IsString()
  @MaxLength(254)
  email?: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  page = 1;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  pageSize = 20;
}
