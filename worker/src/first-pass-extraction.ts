import { CertificateRecord, FileExtraction } from '@cda/shared';

/**
 * Interim extractor for the walking skeleton: text via pdf-parse and the first PGFN inscription
 * number found by a simple pattern. The full engine (worker/src/extraction) replaces it.
 */
const INSCRIPTION = /\b(\d{2})\s?(\d)\s?(\d{2})\s?(\d{6})-?(\d{2})\b/;

export async function extractFirstPass(data: Buffer, fileName: string): Promise<FileExtraction> {
  // Loaded lazily: pdfjs is heavy and only this step needs it.
  const { PDFParse } = await import('pdf-parse');
  const parser = new PDFParse({ data: new Uint8Array(data) });
  let text: string;
  try {
    text = (await parser.getText()).text;
  } catch (err) {
    const reason = /password/i.test(String(err)) ? 'PDF protegido por senha' : 'Arquivo PDF corrompido ou ilegível';
    return { file: fileName, certificates: [], error: reason };
  } finally {
    await parser.destroy().catch(() => undefined);
  }
  const m = INSCRIPTION.exec(text);
  if (!m) return { file: fileName, certificates: [], error: 'Documento não reconhecido como CDA' };
  const record: CertificateRecord = {
    registrationNumber: m.slice(1, 6).join(''),
    issuer: 'federal',
    issuerName: 'PGFN',
    nature: 'demais',
    debtorName: '',
    debtorDocument: '',
    coDebtors: [],
    revenueCode: '',
    revenueDescription: '',
    administrativeProcess: '',
    registrationDate: null,
    legalBasis: '',
    status: '',
    principal: 0,
    fine: 0,
    interest: 0,
    legalCharge: 0,
    total: 0,
    consolidationDate: null,
    debts: [],
    pages: [1],
    warnings: [],
  };
  return { file: fileName, certificates: [record], error: null };
}
