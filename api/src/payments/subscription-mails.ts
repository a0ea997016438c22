import { formatCentavos } from '@cda/shared';
import { MailContent, escapeHtml, layout } from '../mail/templates';

/** The plan e-mails of issue #23, pt-BR. Dates arrive formatted (dd/mm/aaaa, Brasília). */

function mail(subject: string, name: string, lines: string[], action: { label: string; url: string }): MailContent {
  const hello = `Olá, ${name}!`;
  return {
    subject,
    text: [hello, '', ...lines, '', `${action.label}: ${action.url}`].join('\n'),
    html: layout([escapeHtml(hello), ...lines.map(escapeHtml)], action),
  };
}

/** 7 or 1 day before an expiry that will not happen by itself: pay again to keep the plan. */
export function planReminderMail(siteName: string, name: string, planName: string, days: number, endsOn: string, renewUrl: string): MailContent {
  const when = days === 1 ? 'amanhã' : `em ${days} dias`;
  return mail(`Seu plano ${planName} vence ${when} — ${siteName}`, name, [
    `O seu plano ${planName} vence ${when}, em ${endsOn}, e não será renovado automaticamente.`,
    'Para continuar com o mesmo plano, renove agora pagando novamente: o novo período começa quando o atual terminar, sem perder nenhum dia.',
    'Se não renovar, a conta volta ao plano Gratuito no vencimento; seus créditos avulsos, o histórico e as planilhas continuam lá.',
  ], { label: 'Renovar', url: renewUrl });
}

/** The plan ended: the account is on Free now. */
export function planEndedMail(siteName: string, name: string, planName: string, endedOn: string, reason: 'expired' | 'failed', renewUrl: string): MailContent {
  const why = reason === 'failed' ? 'as tentativas de cobrança da renovação no cartão foram recusadas' : 'o período pago terminou sem renovação';
  return mail(`Seu plano ${planName} terminou — ${siteName}`, name, [
    `O seu plano ${planName} terminou em ${endedOn}: ${why}.`,
    'A conta voltou ao plano Gratuito, com a franquia mensal do plano Gratuito. Seus créditos avulsos, o histórico e as planilhas continuam disponíveis.',
    'Você pode contratar o plano de novo a qualquer momento.',
  ], { label: 'Renovar', url: renewUrl });
}

/** The provider gave up charging the renewal: the plan ends at the period's end unless paid again. */
export function renewalFailedMail(siteName: string, name: string, planName: string, endsOn: string, amountCents: number, renewUrl: string): MailContent {
  return mail(`Não conseguimos renovar seu plano ${planName} — ${siteName}`, name, [
    `O Mercado Pago recusou todas as tentativas de cobrar ${formatCentavos(amountCents)} no seu cartão para renovar o plano ${planName}.`,
    `O plano continua ativo até ${endsOn} e então a conta volta ao plano Gratuito. Para continuar, renove pagando novamente (cartão ou PIX).`,
  ], { label: 'Renovar', url: renewUrl });
}

/** Cancelling the renewal, a refund, an administrator's change: what happened and until when. */
export function planChangedMail(siteName: string, name: string, subject: string, lines: string[], url: string): MailContent {
  return mail(`${subject} — ${siteName}`, name, lines, { label: 'Ver meu plano', url });
}
