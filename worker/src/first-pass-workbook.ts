import ExcelJS from 'exceljs';
import { FileExtraction } from '@cda/shared';

export interface FileSummary {
  name: string;
  pages: number;
  extraction: FileExtraction;
}

/** Interim Base workbook: one row per certificate. The workbook issue replaces it with the full design. */
export async function buildFirstPassBaseWorkbook(files: FileSummary[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Certidões', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { header: 'Arquivo', key: 'file', width: 40 },
    { header: 'Páginas', key: 'pages', width: 10 },
    { header: 'Nº Inscrição', key: 'number', width: 20 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const f of files) {
    for (const c of f.extraction.certificates) sheet.addRow({ file: f.name, pages: f.pages, number: c.registrationNumber });
  }
  const files2 = wb.addWorksheet('Arquivos');
  files2.columns = [
    { header: 'Arquivo', key: 'file', width: 40 },
    { header: 'Páginas', key: 'pages', width: 10 },
    { header: 'Certidões', key: 'count', width: 12 },
    { header: 'Erro', key: 'error', width: 50 },
  ];
  files2.getRow(1).font = { bold: true };
  for (const f of files) {
    files2.addRow({ file: f.name, pages: f.pages, count: f.extraction.certificates.length, error: f.extraction.error ?? '' });
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
