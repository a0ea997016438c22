import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { ANALYSIS_STATUSES, AnalysisStatus } from '@cda/shared';

export const PERIODS = ['today', 'week', 'month'] as const;
export type Period = (typeof PERIODS)[number];

export class ListAnalysesDto {
  @ApiPropertyOptional({ enum: ANALYSIS_STATUSES })
  @IsOptional()
  @IsIn(ANALYSIS_STATUSES, { message: 'Status inválido.' })
  status?: AnalysisStatus;

  @ApiPropertyOptional({ enum: PERIODS })
  @IsOptional()
  @IsIn(PERIODS, { message: 'Período inválido.' })
  period?: Period;

  @ApiPropertyOptional({ description: 'Debtor name (part of it), CPF/CNPJ or inscription number (its first digits)' })
  @IsOptional()
  @IsString()
  @MaxLength(100, { message: 'Busca longa demais.' })
  q?: string;

  @ApiPropertyOptional({ default: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  page?: number;

  @ApiPropertyOptional({ default: 10, maximum: 50 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(50)
  pageSize?: number;
}
