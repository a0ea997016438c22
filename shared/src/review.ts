import type { CertificateRecord, DebtNature, Issuer, WarnedField } from './certificate';
import { formatCentavos, parseBRLToCentavos } from './money';
import { isValidCpf } from './payments';

/**
 * The analysis page's read model (issue #24) and the rules of a correction. One certificate as the
 * API answers it: the stored record plus where it came from and what the review needs.
 */
export interface CertificateView {
  id: string;
  /** 1-based order in the analysis: files in upload order, certificates in extraction order. */
  position: number;
  filePosition: number;
  fileName: string;
  record: CertificateRecord;
  flaggedFieldCount: number;
  /** pt-BR reason it stays out of the federal transação (other sphere, no value), or null when simulated. */
  exclusion: string | null;
  editedAt: string | null;
}

/** One correction, as the analysis page lists them (who, when, old → new, all pt-BR text). */
export interface CertificateEditView {
  id: string;
  certificateId: string;
  field: EditableField;
  fieldLabel: string;
  oldValue: string;
  newValue: string;
  by: string | null;
  at: string;
  version: number;
}

export const NATURE_OPTIONS: ReadonlyArray<{ value: DebtNature; label: string }> = [
  { value: 'previdenciaria', label: 'Previdenciária' },
  { value: 'demais', label: 'Demais' },
];
export const ISSUER_OPTIONS: ReadonlyArray<{ value: Issuer; label: string }> = [
  { value: 'federal', label: 'Federal' },
  { value: 'state', label: 'Estadual' },
  { value: 'municipal', label: 'Municipal' },
];

/** Fields a user can correct on screen; co-debtors and the debt rows stay as extracted (see the Base workbook). */
export const EDITABLE_FIELDS = [
  'registrationNumber', 'issuer', 'issuerName', 'nature', 'debtorName', 'debtorDocument', 'revenueCode', 'revenueDescription',
  'administrativeProcess', 'registrationDate', 'legalBasis', 'status', 'principal', 'fine', 'interest', 'legalCharge', 'total',
  'consolidationDate',
] as const satisfies readonly WarnedField[];
export type EditableField = (typeof EDITABLE_FIELDS)[number];

/** pt-BR names, the same as the Base workbook's headers. */
export const FIELD_LABEL: Record<WarnedField, string> = {
  registrationNumber: 'Nº da inscrição',
  issuer: 'Esfera',
  issuerName: 'Órgão emissor',
  nature: 'Natureza',
  debtorName: 'Devedor',
  debtorDocument: 'CPF/CNPJ',
  coDebtors: 'Corresponsáveis',
  revenueCode: 'Receita',
  revenueDescription: 'Descrição da receita',
  administrativeProcess: 'Processo administrativo',
  registrationDate: 'Data de inscrição',
  legalBasis: 'Fundamento legal',
  status: 'Situação',
  principal: 'Principal',
  fine: 'Multa',
  interest: 'Juros',
  legalCharge: 'Encargo legal',
  total: 'Total',
  consolidationDate: 'Data de consolidação',
  debts: 'Débitos',
};

const MONEY_FIELDS = new Set<EditableField>(['principal', 'fine', 'interest', 'legalCharge', 'total']);
const DATE_FIELDS = new Set<EditableField>(['registrationDate', 'consolidationDate']);

export const isEditableField = (f: string): f is EditableField => (EDITABLE_FIELDS as readonly string[]).includes(f);

/** Mod-11 check digit of the CNPJ with `weights`; alphanumeric characters count as ASCII − 48. */
function mod11(chars: string, weights: number[]): number {
  const sum = weights.reduce((acc, w, i) => acc + (chars.charCodeAt(i) - 48) * w, 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** Numeric and alphanumeric CNPJ (IN RFB 2.229/2024): twelve characters 0-9/A-Z, two check digits. */
export function isValidCnpj(value: string): boolean {
  if (!/^[0-9A-Z]{12}\d{2}$/.test(value) || /^(\d)\1{13}$/.test(value)) return false;
  const d1 = mod11(value, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const d2 = mod11(value, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return value.endsWith(`${d1}${d2}`);
}

/**
 * The T the simulation takes for a record: the printed total or the sum of its parts, whichever is
 * larger (an excess printed over the parts is kept, never discounted); 0 for unreadable values.
 */
export function certificateTotal(r: Pick<CertificateRecord, 'principal' | 'fine' | 'interest' | 'legalCharge' | 'total'>): number {
  const parts = [r.principal, r.fine, r.interest, r.legalCharge, r.total];
  if (parts.some((v) => !Number.isSafeInteger(v) || v < 0)) return 0;
  return Math.max(r.total, r.principal + r.fine + r.interest + r.legalCharge);
}

/** `12345678000195` → `12.345.678/0001-95`, `52998224725` → `529.982.247-25`; anything else as it is. */
export function formatDocument(value: string): string {
  let m = /^(\d{3})(\d{3})(\d{3})(\d{2})$/.exec(value);
  if (m) return `${m[1]}.${m[2]}.${m[3]}-${m[4]}`;
  m = /^([0-9A-Z]{2})([0-9A-Z]{3})([0-9A-Z]{3})([0-9A-Z]{4})(\d{2})$/.exec(value);
  if (m) return `${m[1]}.${m[2]}.${m[3]}/${m[4]}-${m[5]}`;
  return value;
}

/** `80 6 19 123456-78` for PGFN numbers, `37.123.456-7` for DEBCAD; other issuers keep their own form (as the workbooks print them). */
export function formatRegistrationNumber(n: string): string {
  let m = /^(\d{2})(\d)(\d{2})(\d{6})(\d{2})$/.exec(n);
  if (m) return `${m[1]} ${m[2]} ${m[3]} ${m[4]}-${m[5]}`;
  m = /^(\d{2})(\d{3})(\d{3})(\d)$/.exec(n);
  if (m) return `${m[1]}.${m[2]}.${m[3]}-${m[4]}`;
  return n;
}

/** `NNNNN.NNNNNN/AAAA-DD` for the 17-digit federal process number. */
export function formatProcess(digits: string): string {
  const m = /^(\d{5})(\d{6})(\d{4})(\d{2})$/.exec(digits);
  return m ? `${m[1]}.${m[2]}/${m[3]}-${m[4]}` : digits;
}

/** `2025-10-31` → `31/10/2025`. */
export function formatIsoDate(iso: string | null): string {
  const m = iso ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso) : null;
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
}

export type EditResult = { ok: true; value: CertificateRecord[EditableField] } | { ok: false; error: string };

const fail = (error: string): EditResult => ({ ok: false, error });
const MAX_TEXT = 500;

/**
 * A correction as typed (pt-BR text) → the record's value, with the checks the extraction applies:
 * CPF/CNPJ check digits, money as `1.234,56`, real calendar dates as dd/mm/aaaa, a known nature.
 */
export function parseFieldEdit(field: EditableField, text: string): EditResult {
  const raw = text.trim();
  const label = FIELD_LABEL[field];
  if (MONEY_FIELDS.has(field)) {
    const centavos = parseBRLToCentavos(raw);
    if (centavos === null) return fail(`${label}: valor inválido. Use o formato 1.234,56.`);
    if (centavos < 0) return fail(`${label}: o valor não pode ser negativo.`);
    if (!Number.isSafeInteger(centavos)) return fail(`${label}: valor grande demais.`);
    return { ok: true, value: centavos };
  }
  if (DATE_FIELDS.has(field)) {
    if (raw === '') return { ok: true, value: null };
    const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(raw);
    const date = m ? new Date(Date.UTC(Number(m[3]), Number(m[2]) - 1, Number(m[1]))) : null;
    if (!m || !date || date.getUTCDate() !== Number(m[1]) || date.getUTCMonth() !== Number(m[2]) - 1 || Number(m[3]) < 1900) {
      return fail(`${label}: data inválida. Use o formato dd/mm/aaaa.`);
    }
    return { ok: true, value: `${m[3]}-${m[2]}-${m[1]}` };
  }
  switch (field) {
    case 'debtorDocument': {
      const value = raw.toUpperCase().replace(/[.\-/\s]/g, '');
      if (/^\d{11}$/.test(value)) return isValidCpf(value) ? { ok: true, value } : fail('CPF inválido: dígitos verificadores não conferem.');
      if (/^[0-9A-Z]{12}\d{2}$/.test(value)) return isValidCnpj(value) ? { ok: true, value } : fail('CNPJ inválido: dígitos verificadores não conferem.');
      return fail('Informe um CPF (11 dígitos) ou CNPJ (14 caracteres).');
    }
    case 'nature': {
      const option = NATURE_OPTIONS.find((o) => o.value === raw || o.label.toLowerCase() === raw.toLowerCase());
      return option ? { ok: true, value: option.value } : fail('Natureza inválida: escolha Previdenciária ou Demais.');
    }
    case 'issuer': {
      const option = ISSUER_OPTIONS.find((o) => o.value === raw || o.label.toLowerCase() === raw.toLowerCase());
      return option ? { ok: true, value: option.value } : fail('Esfera inválida: escolha Federal, Estadual ou Municipal.');
    }
    case 'registrationNumber': {
      // Separators as printed (`80 6 19 123456-78`, `37.123.456-7`); municipal `N/AAAA` keeps its slash.
      const value = raw.replace(/[\s.\-]/g, '');
      return /^\d{1,20}(\/\d{4})?$/.test(value) ? { ok: true, value } : fail('Nº da inscrição inválido: use apenas dígitos (e a barra do ano, se houver).');
    }
    case 'administrativeProcess': {
      const value = raw.replace(/\D/g, '');
      return raw === '' || /^\d{5,25}$/.test(value) ? { ok: true, value } : fail('Processo administrativo inválido: informe os dígitos do número.');
    }
    case 'debtorName':
      if (raw === '') return fail('Informe o nome do devedor.');
      return raw.length > MAX_TEXT ? fail(`${label}: texto longo demais.`) : { ok: true, value: raw.toUpperCase() };
    case 'status':
      return raw.length > MAX_TEXT ? fail(`${label}: texto longo demais.`) : { ok: true, value: raw.toUpperCase() };
    default:
      return raw.length > MAX_TEXT ? fail(`${label}: texto longo demais.`) : { ok: true, value: raw };
  }
}

/** A field's value as the analysis page shows it and the edit form starts from. */
export function formatFieldValue(field: WarnedField, record: CertificateRecord): string {
  const v = record[field];
  if (MONEY_FIELDS.has(field as EditableField)) return formatCentavos(v as number).replace(/^R\$\s/, '');
  if (DATE_FIELDS.has(field as EditableField)) return formatIsoDate(v as string | null);
  switch (field) {
    case 'debtorDocument': return formatDocument(record.debtorDocument);
    case 'registrationNumber': return formatRegistrationNumber(record.registrationNumber);
    case 'administrativeProcess': return formatProcess(record.administrativeProcess);
    case 'nature': return NATURE_OPTIONS.find((o) => o.value === record.nature)?.label ?? record.nature;
    case 'issuer': return ISSUER_OPTIONS.find((o) => o.value === record.issuer)?.label ?? record.issuer;
    case 'coDebtors': return record.coDebtors.map((c) => `${c.name} – ${formatDocument(c.document)}`).join('; ');
    case 'debts': return `${record.debts.length}`;
    default: return String(v ?? '');
  }
}

/** Text for the history's search box: digits-only input searches documents and inscriptions by prefix. */
export function searchDigits(q: string): string | null {
  const digits = q.replace(/[\s.\-/]/g, '');
  return /^[0-9A-Za-z]*\d[0-9A-Za-z]*$/.test(digits) && /^\d/.test(digits) && digits.length >= 3 ? digits.toUpperCase() : null;
}
