import type { CertificateRecord, DebtNature } from '../certificate';
import { formatCentavos, formatPercent } from '../money';
import { entryMonthsCap, isSmallDebtor, minimumInstallmentFor } from './rules';
import { mulDivHalfUp, percentOf, splitInstallments } from './centavos';
import { exclusionReason, NATURE_LABEL, statusWarnings } from './eligibility';
import {
  Adjustment,
  CashFlowMonth,
  CertificateSimulation,
  DEFAULT_SIMULATION_SETTINGS,
  NotEligible,
  ResolvedParams,
  SimulationParams,
  SimulationResult,
  SimulationSettings,
  SimulationTotals,
} from './types';

const NATURES: readonly DebtNature[] = ['previdenciaria', 'demais'];

function assertPercent(name: string, value: number): void {
  if (!Number.isFinite(value) || value < 0 || value > 100) throw new RangeError(`${name} must be within 0–100`);
}

function assertCount(name: string, value: number): void {
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer`);
}

export function resolveSettings(settings: Partial<SimulationSettings> = {}): SimulationSettings {
  const s = { ...DEFAULT_SIMULATION_SETTINGS, ...settings };
  assertPercent('entryPercent', s.entryPercent);
  assertPercent('discountCapGeneral', s.discountCapGeneral);
  assertPercent('discountCapSmall', s.discountCapSmall);
  for (const k of ['entryMonths', 'termCapSocialSecurity', 'termCapGeneral', 'termCapSmall'] as const) assertCount(k, s[k]);
  if (!Number.isSafeInteger(s.minimumInstallment) || s.minimumInstallment < 0) {
    throw new RangeError('minimumInstallment must be non-negative integer centavos');
  }
  if (s.entryBase !== 'gross' && s.entryBase !== 'discounted') throw new RangeError('entryBase must be gross or discounted');
  return s;
}

const SIZE_WHO: Record<ResolvedParams['debtorSize'], string> = {
  general: 'devedor em geral',
  small: 'pequeno porte',
  mei: 'MEI',
};

/**
 * The inputs after defaults and the legal limits. A request over a limit is simulated at the limit
 * and the change is listed in `adjustments` (issue #24: the screen shows each next to its figure).
 */
export function resolveParams(params: SimulationParams, settings: SimulationSettings): ResolvedParams {
  assertPercent('discount', params.discount);
  assertCount('installmentsSocialSecurity', params.installmentsSocialSecurity);
  assertCount('installmentsOther', params.installmentsOther);
  if (params.entryMonths !== undefined) assertCount('entryMonths', params.entryMonths);
  const debtorSize = params.debtorSize ?? 'general';
  const small = isSmallDebtor(debtorSize);
  const capag = params.capag ?? null;
  const noDiscount = capag === 'A' || capag === 'B';
  const discountCap = noDiscount ? 0 : small ? settings.discountCapSmall : settings.discountCapGeneral;
  const discountApplied = Math.min(params.discount, discountCap);
  const termCaps: Record<DebtNature, number> = {
    // The 60-month limit is constitutional (CF 195 §11): small debtors do not get more.
    previdenciaria: settings.termCapSocialSecurity,
    demais: small ? settings.termCapSmall : settings.termCapGeneral,
  };
  const installmentsRequested = { previdenciaria: params.installmentsSocialSecurity, demais: params.installmentsOther };
  const installments = {
    previdenciaria: Math.min(installmentsRequested.previdenciaria, termCaps.previdenciaria),
    demais: Math.min(installmentsRequested.demais, termCaps.demais),
  };
  // Up to 6 months, 12 for small debtors, unless the admin's edital allows more.
  const monthsCap = Math.max(entryMonthsCap(debtorSize), settings.entryMonths);
  const entryMonthsRequested = params.entryMonths ?? settings.entryMonths;
  const entryMonths = Math.min(entryMonthsRequested, monthsCap);

  const adjustments: Adjustment[] = [];
  const who = SIZE_WHO[debtorSize];
  if (discountApplied < params.discount) {
    adjustments.push({
      param: 'discount', requested: params.discount, applied: discountApplied,
      message: noDiscount
        ? `Desconto pedido de ${formatPercent(params.discount)} não se aplica com CAPAG ${capag}: simulado sem desconto (Portaria PGFN 6.757/2022, art. 24).`
        : `Desconto pedido de ${formatPercent(params.discount)} acima do limite legal de ${formatPercent(discountCap)} (${who}): simulado com ${formatPercent(discountApplied)}.`,
    });
  }
  const natureText: Record<DebtNature, [AdjustedParamName, string, string]> = {
    previdenciaria: ['installmentsSocialSecurity', 'Previdenciárias', 'CF, art. 195, §11'],
    demais: ['installmentsOther', 'Demais débitos', small ? 'Lei 13.988/2020, art. 11, §3º' : 'Lei 13.988/2020, art. 11, §2º, III'],
  };
  for (const nature of NATURES) {
    if (installments[nature] >= installmentsRequested[nature]) continue;
    const [param, label, basis] = natureText[nature];
    adjustments.push({
      param, requested: installmentsRequested[nature], applied: installments[nature],
      message: `${label}: ${installmentsRequested[nature]} parcelas acima do limite de ${termCaps[nature]} meses (${basis}): simulado com ${installments[nature]}.`,
    });
  }
  if (entryMonths < entryMonthsRequested) {
    adjustments.push({
      param: 'entryMonths', requested: entryMonthsRequested, applied: entryMonths,
      message: `Entrada em ${entryMonthsRequested} meses acima do limite de ${monthsCap} meses (${who}): simulada em ${entryMonths}.`,
    });
  }
  return {
    debtorSize,
    capag,
    entryBase: params.entryBase ?? settings.entryBase,
    discountRequested: params.discount,
    discountCap,
    discountApplied,
    installmentsRequested,
    installments,
    termCaps,
    entryMonthsRequested,
    entryMonthsCap: monthsCap,
    entryMonths,
    minimumInstallment: minimumInstallmentFor(debtorSize, settings.minimumInstallment),
    adjustments,
  };
}

type AdjustedParamName = Adjustment['param'];

function totalWarning(printed: number, sum: number): string[] {
  if (printed === 0 || printed === sum) return [];
  return printed > sum
    ? [`Total impresso (${formatCentavos(printed)}) maior que a soma dos componentes (${formatCentavos(sum)}): a diferença foi tratada como não descontável.`]
    : [`Total impresso (${formatCentavos(printed)}) menor que a soma dos componentes (${formatCentavos(sum)}): a simulação usa a soma.`];
}

function simulateCertificate(
  record: CertificateRecord,
  params: ResolvedParams,
  settings: SimulationSettings,
): CertificateSimulation {
  const discountable = record.fine + record.interest + record.legalCharge;
  const sum = record.principal + discountable;
  // An excess of the printed total over its parts is of unknown kind, so it is never discounted.
  const total = Math.max(sum, record.total);
  const discount = Math.min(percentOf(total, params.discountApplied), discountable);
  const amountToPay = total - discount;

  let entry: number;
  let balance: number;
  if (params.entryBase === 'gross') {
    entry = percentOf(total, settings.entryPercent);
    // The discount reaches the balance pro rata (docs/domain.md §5); rounding up never takes from the principal.
    balance = mulDivHalfUp(total - entry, amountToPay, total);
  } else {
    entry = percentOf(amountToPay, settings.entryPercent);
    balance = amountToPay - entry;
  }

  const months = params.installments[record.nature];
  const entryMonths = Math.min(params.entryMonths, months);
  const balanceMonths = months - entryMonths;
  const entrySplit = splitInstallments(entry, entryMonths);
  const balanceSplit = balanceMonths > 0 ? splitInstallments(balance, balanceMonths) : { regular: 0, last: 0 };
  const entryLastInstallment = entrySplit.last + (balanceMonths === 0 ? balance : 0);

  const schedule: number[] = [];
  for (let m = 1; m <= months; m += 1) {
    if (m < entryMonths) schedule.push(entrySplit.regular);
    else if (m === entryMonths) schedule.push(entryLastInstallment);
    else if (m < months) schedule.push(balanceSplit.regular);
    else schedule.push(balanceSplit.last);
  }

  const totalPaid = entry + balance;
  const saving = total - totalPaid;
  const warnings = [...statusWarnings(record.status), ...totalWarning(record.total, sum)];
  const smallest = Math.min(...schedule.filter((v) => v > 0));
  if (Number.isFinite(smallest) && smallest < params.minimumInstallment) {
    warnings.push(`Parcela de ${formatCentavos(smallest)} abaixo do mínimo de ${formatCentavos(params.minimumInstallment)}: reduza o número de parcelas.`);
  }

  return {
    record,
    total,
    principal: record.principal,
    discountable,
    discount,
    amountToPay,
    entry,
    entryMonths,
    entryInstallment: entrySplit.regular,
    entryLastInstallment,
    balance,
    balanceMonths,
    balanceInstallment: balanceSplit.regular,
    balanceLastInstallment: balanceSplit.last,
    months,
    totalPaid,
    saving,
    savingRate: total === 0 ? 0 : saving / total,
    schedule,
    warnings,
  };
}

function emptyTotals(): SimulationTotals {
  return { count: 0, principal: 0, discountable: 0, total: 0, discount: 0, amountToPay: 0, entry: 0, balance: 0, totalPaid: 0, saving: 0 };
}

const SUMMED = ['principal', 'discountable', 'total', 'discount', 'amountToPay', 'entry', 'balance', 'totalPaid', 'saving'] as const;

function addTo(totals: SimulationTotals, c: CertificateSimulation): void {
  totals.count += 1;
  for (const k of SUMMED) totals[k] += c[k];
}

function runWarnings(params: ResolvedParams, present: Set<DebtNature>): string[] {
  const warnings = params.adjustments.map((a) => a.message);
  for (const nature of NATURES) {
    if (!present.has(nature)) continue;
    const n = params.installments[nature];
    if (n <= params.entryMonths) {
      warnings.push(
        `${NATURE_LABEL[nature]}: ${n} parcela(s) não comportam ${params.entryMonths} meses de entrada e o saldo; a entrada foi dividida em ${n} mês(es) e o saldo pago junto com a última parcela.`,
      );
    }
  }
  return warnings;
}

/**
 * Simulates the federal transação tributária by adesão (Lei 13.988/2020) for the extracted certificates,
 * following the rules of issue 14 and docs/domain.md §4–§5. Pure and exact: money is integer centavos, rounding
 * is half-up. Throws RangeError on out-of-range params or settings; bad records are listed as not eligible.
 */
export function simulate(
  records: CertificateRecord[],
  params: SimulationParams,
  settings: Partial<SimulationSettings> = {},
): SimulationResult {
  const resolvedSettings = resolveSettings(settings);
  const resolved = resolveParams(params, resolvedSettings);
  const certificates: CertificateSimulation[] = [];
  const notEligible: NotEligible[] = [];
  for (const record of records) {
    const reason = exclusionReason(record);
    if (reason) notEligible.push({ record, reason });
    else certificates.push(simulateCertificate(record, resolved, resolvedSettings));
  }

  const totals = { previdenciaria: emptyTotals(), demais: emptyTotals(), overall: emptyTotals() };
  const months = Math.max(0, ...certificates.map((c) => c.months));
  const cashFlow: CashFlowMonth[] = Array.from({ length: months }, (_, i) => ({ month: i + 1, previdenciaria: 0, demais: 0, total: 0 }));
  for (const c of certificates) {
    addTo(totals[c.record.nature], c);
    addTo(totals.overall, c);
    c.schedule.forEach((amount, i) => {
      cashFlow[i][c.record.nature] += amount;
      cashFlow[i].total += amount;
    });
  }

  const present = new Set(certificates.map((c) => c.record.nature));
  return {
    params: resolved,
    settings: resolvedSettings,
    certificates,
    notEligible,
    totals,
    cashFlow,
    warnings: runWarnings(resolved, present),
  };
}
