import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsNumber, IsOptional, Max, Min } from 'class-validator';
import { DISCOUNT_DECIMALS, DISCOUNT_MAX, INSTALLMENTS_MAX, INSTALLMENTS_MIN, type Capag, type DebtorSize, type EntryBase } from '@cda/shared';

const OMITTED = 'Omitted: DEFAULT_ANALYSIS_PARAMS on a new analysis; the analysis\' own value on a re-simulation.';

/**
 * The simulator's inputs, validated once for the upload form and the re-simulation. Multipart text
 * fields arrive as strings; @Type turns them into numbers before validation.
 */
export class SimulationInputsDto {
  @ApiPropertyOptional({ minimum: 0, maximum: DISCOUNT_MAX, description: `Percent, up to 2 decimals (65.5). ${OMITTED}` })
  @IsOptional()
  @Type(() => Number)
  @IsNumber({ maxDecimalPlaces: DISCOUNT_DECIMALS, allowNaN: false, allowInfinity: false }, { message: 'O desconto deve ser um número com até 2 casas decimais.' })
  @Min(0, { message: 'O desconto não pode ser negativo.' })
  @Max(DISCOUNT_MAX, { message: 'O desconto não pode passar de 100%.' })
  discount?: number;

  @ApiPropertyOptional({ minimum: INSTALLMENTS_MIN, maximum: INSTALLMENTS_MAX, description: OMITTED })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'O número de parcelas previdenciárias deve ser inteiro.' })
  @Min(INSTALLMENTS_MIN, { message: 'Informe ao menos 1 parcela previdenciária.' })
  @Max(INSTALLMENTS_MAX, { message: 'Número de parcelas previdenciárias acima do permitido.' })
  installmentsSocialSecurity?: number;

  @ApiPropertyOptional({ minimum: INSTALLMENTS_MIN, maximum: INSTALLMENTS_MAX, description: OMITTED })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'O número de parcelas das demais dívidas deve ser inteiro.' })
  @Min(INSTALLMENTS_MIN, { message: 'Informe ao menos 1 parcela para as demais dívidas.' })
  @Max(INSTALLMENTS_MAX, { message: 'Número de parcelas das demais dívidas acima do permitido.' })
  installmentsOther?: number;

  @ApiPropertyOptional({ enum: ['general', 'small', 'mei'], description: 'small: PF, ME, EPP and the other groups of Lei 13.988 art. 11; mei: small with the R$ 25 minimum instalment' })
  @IsOptional()
  @IsIn(['general', 'small', 'mei'], { message: 'Porte do devedor inválido.' })
  debtorSize?: DebtorSize;

  @ApiPropertyOptional({ enum: ['A', 'B', 'C', 'D'], description: 'CAPAG rating; A and B get no discount. Omitted: C/D assumed.' })
  @IsOptional()
  @IsIn(['A', 'B', 'C', 'D'], { message: 'CAPAG inválida: use A, B, C ou D.' })
  capag?: Capag;

  @ApiPropertyOptional({ enum: ['gross', 'discounted'], description: "Entry on the gross or the discounted total; omitted: the edital's setting." })
  @IsOptional()
  @IsIn(['gross', 'discounted'], { message: 'Base da entrada inválida.' })
  entryBase?: EntryBase;

  @ApiPropertyOptional({ minimum: 1, maximum: 24, description: 'Entry months; capped at 6, or 12 for small debtors.' })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'Os meses de entrada devem ser um número inteiro.' })
  @Min(1, { message: 'A entrada tem ao menos 1 mês.' })
  @Max(24, { message: 'Meses de entrada acima do permitido.' })
  entryMonths?: number;
}

/** A new analysis: a field left out takes DEFAULT_ANALYSIS_PARAMS (shared), the one place the defaults are written. */
export class CreateAnalysisDto extends SimulationInputsDto {}
