import { Controller, Get, Query, StreamableFile, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { AdminGuard, JwtAuthGuard } from '../common/auth';
import { ReportsService } from './reports.service';
import { ReportQueryDto } from './report-query.dto';
import { streamReportWorkbook } from './report-workbook';

@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard, AdminGuard)
@Controller('admin/reports')
export class AdminReportsController {
  constructor(private readonly reports: ReportsService) {}

  @Get()
  get(@Query() q: ReportQueryDto) {
    const { from, to } = this.reports.range(q.period, q.from, q.to);
    return this.reports.report(q.type, q.period, from, to);
  }

  /** The same report as an XLSX download, streamed as it is written. */
  @Get('export')
  async export(@Query() q: ReportQueryDto): Promise<StreamableFile> {
    const { from, to } = this.reports.range(q.period, q.from, q.to);
    const report = await this.reports.report(q.type, q.period, from, to);
    return new StreamableFile(streamReportWorkbook(report), {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      disposition: `attachment; filename="relatorio_${q.type}_${from}_${to}.xlsx"`,
    });
  }
}
