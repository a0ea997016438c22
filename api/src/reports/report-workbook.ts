import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { REPORT_PERIOD_LABELS, REPORT_TYPE_LABELS, Report, ReportUnit, sheetNameFor } from '@cda/shared';

const FORMATS: Record<ReportUnit, string> = {
  count: '#,##0',
  tokens: '#,##0',
  cents: '"R$" #,##0.00',
  percent: '0.0"%"',
  ms: '#,##0',
};

/** Money is written in reais (the sheet's currency format), everything else as computed. */
const cell = (v: string | number | null, unit?: ReportUnit) => (typeof v === 'number' && unit === 'cents' ? v / 100 : v);
const unitSuffix = (u: ReportUnit) => (u === 'ms' ? ' (ms)' : u === 'percent' ? ' (%)' : u === 'cents' ? ' (R$)' : '');

/**
 * Streams the report as XLSX: a "Resumo" sheet with the period and the cards, then one sheet per
 * chart holding exactly the rows the chart draws. Rows are committed as written, so memory stays flat.
 */
export function streamReportWorkbook(report: Report): PassThrough {
  const out = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  wb.creator = 'CDA Extractor';
  wb.created = new Date(report.generatedAt);
  void (async () => {
    const summary = wb.addWorksheet('Resumo');
    summary.columns = [{ width: 34 }, { width: 22 }];
    summary.addRow([`Relatório: ${REPORT_TYPE_LABELS[report.type]}`]).font = { bold: true, size: 14 };
    summary.addRow(['Período', `${REPORT_PERIOD_LABELS[report.period]} (${br(report.from)} a ${br(report.to)})`]);
    summary.addRow(['Gerado em', new Date(report.generatedAt).toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo' })]);
    summary.addRow([]);
    summary.addRow(['Indicador', 'Valor']).font = { bold: true };
    for (const c of report.cards) {
      const row = summary.addRow([c.label + unitSuffix(c.unit), cell(c.value, c.unit)]);
      row.getCell(2).numFmt = FORMATS[c.unit];
      row.commit();
    }
    summary.commit();
    const used = new Set<string>(['Resumo']);
    for (const chart of report.charts) {
      const ws = wb.addWorksheet(sheetNameFor(chart.title, used));
      ws.columns = [
        { header: chart.x.label, key: chart.x.key, width: chart.x.isDate ? 14 : 26 },
        ...chart.series.map((s) => ({ header: s.label + unitSuffix(s.unit), key: s.key, width: 20 })),
      ];
      ws.getRow(1).font = { bold: true };
      for (const r of chart.rows) {
        const row = ws.addRow([
          chart.x.isDate ? new Date(`${r[chart.x.key]}T00:00:00Z`) : r[chart.x.key],
          ...chart.series.map((s) => cell(r[s.key] ?? null, s.unit)),
        ]);
        if (chart.x.isDate) row.getCell(1).numFmt = 'dd/mm/yyyy';
        chart.series.forEach((s, i) => (row.getCell(i + 2).numFmt = FORMATS[s.unit]));
        row.commit();
      }
      ws.commit();
    }
    await wb.commit();
  })().catch((err: Error) => out.destroy(err));
  return out;
}

function br(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y}`;
}

