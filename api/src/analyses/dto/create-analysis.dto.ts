import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import type { DebtorSize } from '@cda/shared';

/** Multipart text fields arrive as strings; @Type turns them into numbers before validation. */
export class CreateAnalysisDto {
  @ApiPropertyOptional({ default: 65, minimum: 0, maximum: 100 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'O desconto deve ser um número inteiro.' })
  @Min(0, { message: 'O desconto não pode ser negativo.' })
  @Max(100, { message: 'O desconto não pode passar de 100%.' })
  discount?: number;

  @ApiPropertyOptional({ default: 60, minimum: 1, maximum: 200 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'O número de parcelas previdenciárias deve ser inteiro.' })
  @Min(1, { message: 'Informe ao menos 1 parcela previdenciária.' })
  @Max(200, { message: 'Número de parcelas previdenciárias acima do permitido.' })
  installmentsSocialSecurity?: number;

  @ApiPropertyOptional({ default: 114, minimum: 1, maximum: 200 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'O número de parcelas das demais dívidas deve ser inteiro.' })
  @Min(1, { message: 'Informe ao menos 1 parcela para as demais dívidas.' })
  @Max(200, { message: 'Número de parcelas das demais dívidas acima do permitido.' })
  installmentsOther?: number;

  @ApiPropertyOptional({ enum: ['general', 'small'], default: 'general', description: 'small: PF, MEI, ME, EPP and the other groups of Lei 13.988 art. 11' })
  @IsOptional()
  @IsIn(['general', 'small'], { message: 'Porte do devedor inválido.' })
  debtorSize?: DebtorSize;
}
