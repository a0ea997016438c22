import {
  AnalysisStatus,
  AnalysisSummary,
  NOT_FEDERAL_LABEL,
  PAYMENT_METHOD_LABELS,
  PaymentMethodKind,
  RESET_TOKEN_TTL_MINUTES,
  SimulationSummary,
  describeFigures,
  formatCentavos,
} from '@cda/shared';

/** The product's e-mails, pt-BR, as text and HTML (names are escaped: they are user input). */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export function layout(paragraphs: string[], action: { label: string; url: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${p}</p>`).join('');
  return `<!doctype html><html lang="pt-BR"><body style="font-family:Arial,sans-serif;color:#1f2937;max-width:560px;margin:auto;padding:24px">
${body}<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#2563eb;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">${action.label}</a></p>
<p style="font-size:12px;color:#6b7280">Se o botão não funcionar, copie e cole este endereço no navegador:<br>${escapeHtml(action.url)}</p>
</body></html>`;
}

export function passwordResetMail(siteName: string, name: string, link: string): MailContent {
  const hello = `Olá, ${name}!`;
  const lines = [
    `Recebemos um pedido para redefinir a senha da sua conta no ${siteName}.`,
    `O link abaixo vale por ${RESET_TOKEN_TTL_MINUTES / 60} hora e pode ser usado uma única vez.`,
  ];
  const ignore = 'Se você não fez este pedido, ignore este e-mail: sua senha continua a mesma.';
  return {
    subject: `Redefinição de senha — ${siteName}`,
    text: [hello, '', ...lines, '', `Redefinir senha: ${link}`, '', ignore].join('\n'),
    html: layout([escapeHtml(hello), ...lines.map(escapeHtml), escapeHtml(ignore)], { label: 'Redefinir senha', url: link }),
  };
}

const count = (n: number) => n.toLocaleString('pt-BR');

/**
 * The simulation as the screen and both workbooks name it (shared vocabulary, issue #24): one line
 * per figure, then the limits applied and the debt outside the federal transação. Money only.
 */
export function simulationLines(s: SimulationSummary): string[] {
  // Analyses simulated before the vocabulary stored only the gross and paid totals.
  if (!('discountGranted' in s)) {
    const old = s as Pick<SimulationSummary, 'gross' | 'toPay'>;
    return [`Valor bruto: ${formatCentavos(old.gross)}`, `Total a pagar: ${formatCentavos(old.toPay)}`];
  }
  const lines = describeFigures(s).map((f) => `${f.label}: ${f.text}`);
  for (const adj of s.adjustments ?? []) lines.push(`Limite aplicado: ${adj.message}`);
  if (s.outside?.count) {
    lines.push(`${NOT_FEDERAL_LABEL}: ${plural(s.outside.count, 'certidão', 'certidões')}, ${formatCentavos(s.outside.total)} (contadas no total, não simuladas).`);
  }
  return lines;
}
const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;

/**
 * The one e-mail of an analysis that ended (not one per file): its totals and a link to its page.
 * Counts and money only, never a debtor's name or a document number (mail passes through third parties).
 */
export function analysisFinishedMail(siteName: string, name: string, a: AnalysisSummary): MailContent {
  const hello = `Olá, ${name}!`;
  const succeeded = a.status === AnalysisStatus.Done;
  const lines: string[] = [];
  if (succeeded) {
    lines.push('Sua análise de CDAs foi concluída. As planilhas já estão disponíveis para download.');
    const unread = a.failedFiles ? ` (${plural(a.failedFiles, 'não pôde ser lido', 'não puderam ser lidos')})` : '';
    lines.push(`Arquivos enviados: ${count(a.fileCount)}${unread}.`);
    lines.push(`Certidões extraídas: ${count(a.certificateCount)}.`);
    if (a.flaggedFieldCount) lines.push(`Campos a conferir: ${count(a.flaggedFieldCount)} (destacados na planilha Base).`);
    if (a.simulation) lines.push('Simulação da transação federal:', ...simulationLines(a.simulation));
    lines.push(`Tokens cobrados: ${count(a.tokensCharged)}.`);
  } else {
    lines.push('Sua análise de CDAs terminou com erro. Os tokens reservados foram estornados.');
    if (a.error) lines.push(`Motivo: ${a.error}`);
    lines.push(`Arquivos enviados: ${count(a.fileCount)}.`);
  }
  const prefs = 'Você pode desligar estes avisos em Configurações da Conta > Notificações.';
  return {
    subject: succeeded ? `Análise concluída — ${siteName}` : `Análise com erro — ${siteName}`,
    text: [hello, '', ...lines, '', `Abrir a análise: ${a.url}`, '', prefs].join('\n'),
    html: layout([escapeHtml(hello), ...lines.map(escapeHtml), escapeHtml(prefs)], { label: 'Abrir a análise', url: a.url }),
  };
}

export interface PaidOrder {
  id: string;
  kind: 'plan' | 'token_pack';
  itemName: string;
  amountCents: number;
  method: PaymentMethodKind;
  installments: number;
  providerPaymentId: string;
}

/** The receipt of an approved payment, or the notice of its refund (transactional: always sent). */
export function orderMail(siteName: string, name: string, order: PaidOrder, event: 'approved' | 'refunded', link: string): MailContent {
  const hello = `Olá, ${name}!`;
  const paidWith = `${PAYMENT_METHOD_LABELS[order.method]}${order.installments > 1 ? ` em ${order.installments}x` : ''}`;
  const lines =
    event === 'approved'
      ? [
          `Recebemos o seu pagamento de ${formatCentavos(order.amountCents)} (${paidWith}) referente a ${order.itemName}.`,
          order.kind === 'plan' ? 'O seu plano já está ativo.' : 'Os tokens já estão disponíveis na sua conta.',
        ]
      : [
          `O pagamento de ${formatCentavos(order.amountCents)} (${paidWith}) referente a ${order.itemName} foi estornado.`,
          'O valor volta pelo mesmo meio de pagamento, nos prazos do Mercado Pago e do seu banco.',
        ];
  const ids = `Pedido ${order.id} · pagamento Mercado Pago ${order.providerPaymentId}`;
  const action = event === 'approved' ? { label: 'Ver comprovante', url: link } : { label: 'Ver meus pagamentos', url: link };
  return {
    subject: event === 'approved' ? `Pagamento confirmado — ${siteName}` : `Pagamento estornado — ${siteName}`,
    text: [hello, '', ...lines, ids, '', `${action.label}: ${link}`].join('\n'),
    html: layout([escapeHtml(hello), ...lines.map(escapeHtml), escapeHtml(ids)], action),
  };
}

/** To the administrator: no worker has announced itself for a while and analyses are waiting. */
export function noWorkerMail(siteName: string, since: string, pending: number): MailContent {
  const when = new Date(since).toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo' });
  const lines = [
    `Nenhum worker do ${siteName} está ativo desde ${when} (horário de Brasília).`,
    `${pending} ${pending === 1 ? 'análise aguarda' : 'análises aguardam'} na fila sem processamento. Os envios continuam sendo aceitos e os usuários veem um aviso de fila.`,
    'Verifique os processos de worker (logs, memória, reinícios). Análises presas em um worker que morreu são encerradas com estorno pela varredura de análises presas.',
  ];
  return {
    subject: `Alerta: nenhum worker ativo — ${siteName}`,
    text: lines.join('\n\n'),
    html: `<!doctype html><html lang="pt-BR"><body style="font-family:Arial,sans-serif;color:#1f2937;max-width:560px;margin:auto;padding:24px">${lines
      .map((l) => `<p style="margin:0 0 16px">${escapeHtml(l)}</p>`)
      .join('')}</body></html>`,
  };
}

/** The link that turns a sign-up request into an account. */
export function signupConfirmMail(siteName: string, name: string, link: string): MailContent {
  const hello = `Olá, ${name}!`;
  const lines = [
    `Recebemos um pedido de cadastro no ${siteName} com este e-mail.`,
    'Para criar sua conta, confirme o endereço pelo link abaixo. Ele vale por 24 horas e pode ser usado uma única vez.',
  ];
  const ignore = 'Se não foi você, ignore este e-mail: nenhuma conta será criada.';
  return {
    subject: `Confirme seu cadastro — ${siteName}`,
    text: [hello, '', ...lines, '', `Confirmar cadastro: ${link}`, '', ignore].join('\n'),
    html: layout([escapeHtml(hello), ...lines.map(escapeHtml), escapeHtml(ignore)], { label: 'Confirmar cadastro', url: link }),
  };
}

/** To the owner of an e-mail someone tried to sign up with: no account is created or changed. */
export function signupAttemptMail(siteName: string, name: string, loginUrl: string, forgotUrl: string): MailContent {
  const hello = `Olá, ${name}!`;
  const lines = [
    `Alguém tentou criar uma conta no ${siteName} com seu e-mail, que já está cadastrado. Nada foi alterado na sua conta.`,
    `Se foi você, entre com sua senha em ${loginUrl} ou, se não se lembra dela, redefina-a em ${forgotUrl}.`,
    'Se não foi você, pode ignorar este aviso.',
  ];
  return {
    subject: `Tentativa de cadastro com seu e-mail — ${siteName}`,
    text: [hello, '', ...lines].join('\n'),
    html: layout([escapeHtml(hello), ...lines.map(escapeHtml)], { label: 'Entrar', url: loginUrl }),
  };
}
