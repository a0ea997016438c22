import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsNumber, IsOptional, Max, Min } from 'class-validator';
import { DISCOUNT_DECIMALS, DISCOUNT_MAX, INSTALLMENTS_MAX, INSTALLMENTS_MIN, type DebtorSize } from '@cda/shared';

/** Multipart text fields arrive as strings; @Type turns them into numbers before validation. */
export class CreateAnalysisDto {
  @ApiPropertyOptional({ default: 65, minimum: 0, maximum: DISCOUNT_MAX, description: 'Percent, up to 2 decimals (65.5)' })
  @IsOptional()
  @Type(() => Number)
  @IsNumber({ maxDecimalPlaces: DISCOUNT_DECIMALS, allowNaN: false, allowInfinity: false }, { message: 'O desconto deve ser um número com até 2 casas decimais.' })
  @Min(0, { message: 'O desconto não pode ser negativo.' })
  @Max(DISCOUNT_MAX, { message: 'O desconto não pode passar de 100%.' })
  discount?: number;

  @ApiPropertyOptional({ default: 60, minimum: INSTALLMENTS_MIN, maximum: INSTALLMENTS_MAX })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'O número de parcelas previdenciárias deve ser inteiro.' })
  @Min(INSTALLMENTS_MIN, { message: 'Informe ao menos 1 parcela previdenciária.' })
  @Max(INSTALLMENTS_MAX, { message: 'Número de parcelas previdenciárias acima do permitido.' })
  installmentsSocialSecurity?: number;

  @ApiPropertyOptional({ default: 114, minimum: INSTALLMENTS_MIN, maximum: INSTALLMENTS_MAX })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'O número de parcelas das demais dívidas deve ser inteiro.' })
  @Min(INSTALLMENTS_MIN, { message: 'Informe ao menos 1 parcela para as demais dívidas.' })
  @Max(INSTALLMENTS_MAX, { message: 'Número de parcelas das demais dívidas acima do permitido.' })
  installmentsOther?: number;

  @ApiPropertyOptional({ enum: ['general', 'small'], default: 'general', description: 'small: PF, MEI, ME, EPP and the other groups of Lei 13.988 art. 11' })
  @IsOptional()
  @IsIn(['general', 'small'], { message: 'Porte do devedor inválido.' })
  debtorSize?: DebtorSize;
}
