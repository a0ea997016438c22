import { IsIn, IsOptional, Matches } from 'class-validator';
import { REPORT_PERIODS, REPORT_TYPES, type ReportPeriod, type ReportType } from '@cda/shared';

export class ReportQueryDto {
  @IsIn(REPORT_TYPES, { message: 'Tipo de relatório inválido.' })
  type: ReportType = 'overview';

  @IsIn(REPORT_PERIODS, { message: 'Período inválido.' })
  period: ReportPeriod = '30d';

  @IsOptional()
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'Data inicial inválida (use AAAA-MM-DD).' })
  from?: string;

  @IsOptional()
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'Data final inválida (use AAAA-MM-DD).' })
  to?: string;
}
