/**
 * Figures promised by the legal pages. The pages interpolate them and the retention jobs and
 * account deletion compute their cut-offs from them, so what the text says is what the system does.
 */
export const LEGAL = {
  /** Satisfaction guarantee: full refund when asked within this many days of the purchase. */
  guaranteeDays: 30,
  /** Annual plan cancelled after the guarantee: pro rata refund minus this fee. */
  annualCancellationFeePercent: 10,
  /** Business days for the refund to reach the customer, per payment method. */
  refundBusinessDays: {
    card: [5, 10],
    pix: [1, 3],
    transfer: [3, 5],
  },
  /** Data of a cancelled or deleted account is kept this long, then deleted for good. */
  dataRetentionDays: 90,
  /** Within this window a cancelled subscription can be taken up again with the data intact. */
  reactivationDays: 90,
  /** Tax and payment records outlive the account (CTN art. 173 and 174: five years). */
  paymentRecordsYears: 5,
  /** Application access records (Marco Civil da Internet, art. 15: six months). */
  accessLogMonths: 6,
  /** Notice given before a material change to the terms takes effect. */
  termsChangeNoticeDays: 30,
  /** An outage longer than this entitles the customer to a credit or a refund. */
  outageCreditHours: 24,
  supportHours: {
    weekdays: 'segunda a sexta, das 9h às 18h',
    saturday: 'sábado, das 9h às 14h',
  },
  supportAverageReplyHours: 2,
  /** Service level of the cancellation policy: this share of requests resolved within `supportResolvedHours`. */
  supportResolvedPercent: 95,
  supportResolvedHours: 24,
  dpo: {
    title: 'Encarregado pelo Tratamento de Dados Pessoais (DPO)',
    email: 'privacidade@cda.local',
  },
  anpd: {
    name: 'Autoridade Nacional de Proteção de Dados (ANPD)',
    url: 'https://www.gov.br/anpd',
  },
  /** Date of the texts now in force, shown at the top of each page. */
  updatedAt: '2026-11-24',
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Accounts deleted before this instant are past the retention window: their files go now. */
export function dataRetentionCutoff(now: Date): Date {
  return new Date(now.getTime() - LEGAL.dataRetentionDays * DAY_MS);
}

/** The day a deleted account's remaining files and history are deleted. */
export function dataDeletionDueAt(deletedAt: Date): Date {
  return new Date(deletedAt.getTime() + LEGAL.dataRetentionDays * DAY_MS);
}

/** Access records older than this are deleted; calendar months, as the law counts them. */
export function accessLogCutoff(now: Date): Date {
  const d = new Date(now.getTime());
  d.setUTCMonth(d.getUTCMonth() - LEGAL.accessLogMonths);
  return d;
}

/** Payment records of deleted accounts created before this instant are past their legal keep. */
export function paymentRecordsCutoff(now: Date): Date {
  const d = new Date(now.getTime());
  d.setUTCFullYear(d.getUTCFullYear() - LEGAL.paymentRecordsYears);
  return d;
}

const range = ([a, b]: readonly [number, number]) => `${a} a ${b} dias úteis`;

/** The values `{{name}}` placeholders of the legal Markdown texts stand for, written as the text reads them. */
export function legalFigures(): Record<string, string> {
  const [y, m, d] = LEGAL.updatedAt.split('-');
  return {
    guaranteeDays: `${LEGAL.guaranteeDays} dias`,
    annualCancellationFee: `${LEGAL.annualCancellationFeePercent}%`,
    refundCard: range(LEGAL.refundBusinessDays.card),
    refundPix: range(LEGAL.refundBusinessDays.pix),
    refundTransfer: range(LEGAL.refundBusinessDays.transfer),
    dataRetention: `${LEGAL.dataRetentionDays} dias`,
    reactivation: `${LEGAL.reactivationDays} dias`,
    paymentRecords: `${LEGAL.paymentRecordsYears} anos`,
    accessLogs: `${LEGAL.accessLogMonths} meses`,
    termsNotice: `${LEGAL.termsChangeNoticeDays} dias`,
    outageHours: `${LEGAL.outageCreditHours} horas`,
    supportWeekdays: LEGAL.supportHours.weekdays,
    supportSaturday: LEGAL.supportHours.saturday,
    supportReply: `${LEGAL.supportAverageReplyHours} horas`,
    supportResolved: `${LEGAL.supportResolvedPercent}% das solicitações resolvidas em até ${LEGAL.supportResolvedHours} horas`,
    dpoTitle: LEGAL.dpo.title,
    dpoEmail: LEGAL.dpo.email,
    anpdName: LEGAL.anpd.name,
    anpdUrl: LEGAL.anpd.url,
    updatedAt: `${d}/${m}/${y}`,
  };
}

/**
 * Replaces every `{{name}}` with its figure. An unknown name throws: a typo must fail the build's
 * tests, not print braces to a customer.
 */
export function fillLegalText(markdown: string, figures: Record<string, string> = legalFigures()): string {
  return markdown.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => {
    if (!(name in figures)) throw new Error(`Unknown legal figure {{${name}}}`);
    return figures[name];
  });
}
