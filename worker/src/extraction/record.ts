import type { CertificateRecord, DebtRow } from '@cda/shared';
import { formatCentavos } from '@cda/shared';
import { classifyNature } from './classify';
import { type SegmentFields, rowFrom, splitRevenue } from './engine';
import type { LayoutRule } from './layouts';
import { documentLabel, normalizeStatus, repairIssuerNameOcr, repairNameOcr, parseDate, parseDocument, parseMoney, repairLegalBasisOcr, upperText } from './normalize';

export const OCR_WARNING = 'Extraído por OCR; confira os valores';

/** A speck read as punctuation before a value's first word; no field starts with one. */
const OCR_LEADING_SPECK = /^[.,:;'`]\s*(?=\p{L})/u;

const FIELD_NAMES_PT: Record<string, string> = {
  registration: 'número da inscrição',
  debtorName: 'nome do devedor',
  debtorDocument: 'CPF/CNPJ do devedor',
  total: 'valor total',
};

/**
 * Turns the raw strings of one certificate into the record, running every check the document
 * allows; each failure is a pt-BR warning on the record and the value is left as read.
 */
type Printed = Record<'principal' | 'fine' | 'interest', number | null>;

/**
 * A row that lost one value to OCR is rebuilt only when the printed totals pin it down: the
 * missing cell must make every column add up, and exactly one position may do so.
 */
function repairPartialRows(seg: SegmentFields, printed: Printed, warnings: string[]): DebtRow[] {
  const rows = [...seg.table.rows];
  const partial = seg.table.partial;
  if (!partial.length) return rows;
  const complete = partial.length === 1 && (['principal', 'fine', 'interest'] as const).every((c) => printed[c] !== null);
  if (complete) {
    const p = partial[0];
    const fits: DebtRow[] = [];
    for (let k = 0; k <= p.values.length; k++) {
      const col = p.columns[k];
      if (col === 'other') continue;
      const others = rows.reduce((s, r) => s + r[col], 0);
      const values = [...p.values.slice(0, k), printed[col]! - others, ...p.values.slice(k)];
      const candidate = rowFrom(p.row, values, p.columns);
      const all = [...rows, candidate];
      if (values[k] > 0 && (['principal', 'fine', 'interest'] as const).every((c) => all.reduce((s, r) => s + r[c], 0) === printed[c])) fits.push(candidate);
    }
    if (fits.length === 1) {
      rows.splice(p.at, 0, fits[0]);
      warnings.push(`Linha da tabela de débitos (${p.row.period}) com valor ilegível, reconstituído pelo total impresso; confira`);
      return rows;
    }
  }
  for (const p of partial) warnings.push(`Linha da tabela de débitos (${p.row.period}) com valor ilegível; linha ignorada`);
  return rows;
}

export function buildRecord(seg: SegmentFields, layout: LayoutRule, pages: number[], ocr: boolean): CertificateRecord {
  const warnings: string[] = [];
  const v = seg.values;
  const repairs: string[] = [...seg.table.repairs];

  const money = (slot: 'principal' | 'fine' | 'interest' | 'legalCharge' | 'total') => {
    const raw = v[slot];
    if (!raw) return null;
    const p = parseMoney(raw);
    if (!p) {
      warnings.push(`Valor ilegível em ${slot === 'total' ? 'total' : slot}: "${raw}"`);
      return null;
    }
    if (p.repairedFrom) repairs.push(p.repairedFrom);
    return p.value;
  };
  const date = (slot: 'registrationDate' | 'consolidationDate', label: string) => {
    const raw = v[slot];
    if (!raw) return null;
    const d = parseDate(raw);
    if (!d) warnings.push(`Data inválida em ${label}: "${raw}"`);
    else if (d.repairedFrom) warnings.push(`Data de ${label} corrigida de OCR ("${d.repairedFrom}" → ${d.value}); confira`);
    return d?.value ?? null;
  };

  const rows = repairPartialRows(seg, { principal: money('principal'), fine: money('fine'), interest: money('interest') }, warnings);
  const sum = (k: 'principal' | 'fine' | 'interest') => rows.reduce((s, r) => s + r[k], 0);
  const printedOrTable = (slot: 'principal' | 'fine' | 'interest') => money(slot) ?? seg.table.printed[slot] ?? null;
  const principal = printedOrTable('principal');
  const fine = printedOrTable('fine');
  const interest = printedOrTable('interest');
  const legalCharge = money('legalCharge');
  const total = money('total');

  let checksPass = true;
  if (rows.length) {
    const parts = [
      ['principal', principal, sum('principal')],
      ['multa', fine, sum('fine')],
      ['juros', interest, sum('interest')],
    ] as const;
    for (const [name, printed, summed] of parts) {
      if (printed !== null && printed !== summed) {
        checksPass = false;
        warnings.push(`Soma das linhas da tabela de débitos (${name} ${formatCentavos(summed)}) difere do valor impresso (${formatCentavos(printed)})`);
      }
    }
  }
  if (total !== null) {
    const parts = (principal ?? 0) + (fine ?? 0) + (interest ?? 0) + (legalCharge ?? 0);
    if (parts !== total) {
      checksPass = false;
      warnings.push(`Total impresso (${formatCentavos(total)}) difere de principal + multa + juros + encargo (${formatCentavos(parts)})`);
    }
  } else warnings.push('Valor total não encontrado');
  if (repairs.length && !checksPass) warnings.push(`Valores corrigidos de OCR sem confirmação pelos totais: ${repairs.map((r) => `"${r}"`).join(', ')}`);

  const registration = seg.registration ?? '';
  if (!registration) warnings.push(`Campo não encontrado: ${FIELD_NAMES_PT.registration}`);
  if (v.registration && /[A-Za-z]/.test(v.registration)) warnings.push(`Número da inscrição corrigido de OCR ("${v.registration}" → ${registration}); confira`);

  let debtorDocument = '';
  if (v.debtorDocument) {
    const d = parseDocument(v.debtorDocument);
    if (!d) warnings.push(`CPF/CNPJ do devedor ilegível: "${v.debtorDocument}"`);
    else {
      debtorDocument = d.digits;
      if (!d.valid) warnings.push(`${documentLabel(d.kind)} do devedor com dígito verificador inválido (${v.debtorDocument})`);
    }
  } else warnings.push(`Campo não encontrado: ${FIELD_NAMES_PT.debtorDocument}`);
  if (!v.debtorName) warnings.push(`Campo não encontrado: ${FIELD_NAMES_PT.debtorName}`);
  warnings.push(...seg.warnings, ...seg.table.warnings, ...seg.coDebtors.warnings);

  const revenue = v.revenue ? splitRevenue(v.revenue) : { code: '', description: '' };
  const revenueCode = v.revenueCode ? v.revenueCode.replace(/\s/g, '') : revenue.code;
  const revenueDescription = v.revenueDescription ? upperText(v.revenueDescription) : revenue.description;

  if (ocr) warnings.unshift(OCR_WARNING);
  // A comma or colon after a name is OCR or layout residue; "S.A." and "LTDA." keep their dots.
  const debtorName = upperText(v.debtorName ?? '').replace(/\s*[,;:]+$/, '');
  return {
    registrationNumber: registration,
    issuer: layout.issuer,
    // OCR reads the hyphen of "PROCURADORIA-GERAL" as a dot or comma; no issuer name has one between letters.
    issuerName: ocr ? repairIssuerNameOcr(seg.issuerName.replace(/(\p{L})[.,](\p{L})/gu, '$1-$2')) : seg.issuerName,
    nature: classifyNature(layout, registration, `${revenueCode} ${revenueDescription}`),
    debtorName: ocr ? repairNameOcr(debtorName) : debtorName,
    debtorDocument,
    coDebtors: seg.coDebtors.list,
    revenueCode,
    revenueDescription,
    administrativeProcess: v.administrativeProcess ? v.administrativeProcess.replace(/\D/g, '') : '',
    registrationDate: date('registrationDate', 'inscrição'),
    legalBasis: v.legalBasis ? (ocr ? repairLegalBasisOcr(v.legalBasis.replace(OCR_LEADING_SPECK, '')) : v.legalBasis) : '',
    status: v.status ? normalizeStatus(v.status, ocr) : '',
    principal: principal ?? 0,
    fine: fine ?? 0,
    interest: interest ?? 0,
    legalCharge: legalCharge ?? 0,
    total: total ?? 0,
    consolidationDate: date('consolidationDate', 'consolidação'),
    debts: rows,
    pages,
    warnings,
  };
}
