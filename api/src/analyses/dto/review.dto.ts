import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsNumber, IsObject, IsOptional, Max, Min } from 'class-validator';
import { DISCOUNT_DECIMALS, DISCOUNT_MAX, INSTALLMENTS_MAX, INSTALLMENTS_MIN, type Capag, type DebtorSize, type EntryBase } from '@cda/shared';

/** Field → the value as typed on screen (pt-BR text: `1.234,56`, `31/10/2025`, `12.345.678/0001-95`). */
export class CorrectCertificateDto {
  @ApiProperty({ example: { debtorDocument: '12.345.678/0001-95', total: '186.000,00' } })
  @IsObject({ message: 'Envie os campos a corrigir.' })
  changes: Record<string, string>;
}

/**
 * A re-simulation: any of the simulator's inputs; what is left out keeps the analysis' value. The
 * bounds are the form's (1–180 months); the legal limits are applied by the simulation, which says
 * what it capped instead of refusing.
 */
export class ResimulateDto {
  @ApiPropertyOptional({ minimum: 0, maximum: DISCOUNT_MAX })
  @IsOptional()
  @Type(() => Number)
  @IsNumber({ maxDecimalPlaces: DISCOUNT_DECIMALS, allowNaN: false, allowInfinity: false }, { message: 'O desconto deve ser um número com até 2 casas decimais.' })
  @Min(0, { message: 'O desconto não pode ser negativo.' })
  @Max(DISCOUNT_MAX, { message: 'O desconto não pode passar de 100%.' })
  discount?: number;

  @ApiPropertyOptional({ minimum: INSTALLMENTS_MIN, maximum: INSTALLMENTS_MAX })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'O número de parcelas previdenciárias deve ser inteiro.' })
  @Min(INSTALLMENTS_MIN, { message: 'Informe ao menos 1 parcela previdenciária.' })
  @Max(INSTALLMENTS_MAX, { message: 'Número de parcelas previdenciárias acima do permitido.' })
  installmentsSocialSecurity?: number;

  @ApiPropertyOptional({ minimum: INSTALLMENTS_MIN, maximum: INSTALLMENTS_MAX })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'O número de parcelas das demais dívidas deve ser inteiro.' })
  @Min(INSTALLMENTS_MIN, { message: 'Informe ao menos 1 parcela para as demais dívidas.' })
  @Max(INSTALLMENTS_MAX, { message: 'Número de parcelas das demais dívidas acima do permitido.' })
  installmentsOther?: number;

  @ApiPropertyOptional({ enum: ['general', 'small', 'mei'] })
  @IsOptional()
  @IsIn(['general', 'small', 'mei'], { message: 'Porte do devedor inválido.' })
  debtorSize?: DebtorSize;

  @ApiPropertyOptional({ enum: ['A', 'B', 'C', 'D'] })
  @IsOptional()
  @IsIn(['A', 'B', 'C', 'D'], { message: 'CAPAG inválida: use A, B, C ou D.' })
  capag?: Capag;

  @ApiPropertyOptional({ enum: ['gross', 'discounted'] })
  @IsOptional()
  @IsIn(['gross', 'discounted'], { message: 'Base da entrada inválida.' })
  entryBase?: EntryBase;

  @ApiPropertyOptional({ minimum: 1, maximum: 24 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'Os meses de entrada devem ser um número inteiro.' })
  @Min(1, { message: 'A entrada tem ao menos 1 mês.' })
  @Max(24, { message: 'Meses de entrada acima do permitido.' })
  entryMonths?: number;
}
