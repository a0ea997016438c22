import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min, MinLength } from 'class-validator';
import { BILLING_CYCLES, BillingCycle } from '@cda/shared';
import { CardPaymentDto } from './payments.dto';

export class SubscriptionCardPaymentDto extends CardPaymentDto {
  /**
   * A second token of the same card, for the preapproval that renews a monthly plan (Mercado Pago's
   * card tokens are single-use). Without it the plan renews by paying again.
   */
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  recurringToken?: string;
}

export class PlanChangeDto {
  @IsString()
  @Matches(/^[a-z0-9_-]{1,40}$/, { message: 'Plano inválido.' })
  planId: string;

  @IsIn(BILLING_CYCLES, { message: 'Escolha a cobrança mensal ou anual.' })
  billingCycle: BillingCycle;
}

export class ExtendPeriodDto {
  @Type(() => Number)
  @IsInt({ message: 'Informe um número inteiro de dias.' })
  @Min(1, { message: 'Informe de 1 a 366 dias.' })
  @Max(366, { message: 'Informe de 1 a 366 dias.' })
  days: number;
}

export class TestClockDto {
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(800)
  @IsOptional()
  days?: number;

  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(24 * 800)
  @IsOptional()
  hours?: number;
}

export class SubscriptionReportQueryDto {
  @Matches(/^\d{4}-\d{2}$/, { message: 'Use AAAA-MM.' })
  from: string;

  @Matches(/^\d{4}-\d{2}$/, { message: 'Use AAAA-MM.' })
  to: string;
}
