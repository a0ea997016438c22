/**
 * The contract of every operation, by its operationId (`<Controller>_<method>`): a pt-BR summary, the
 * schema of its success answer (a name from contract.ts, or a file type) and the errors beyond the ones
 * document.ts derives (401/429 for signed-in routes, 403 for the back office, 400 for input, 404 for ids).
 * Kept in one table rather than on each handler so the whole contract reads in one place; the contract lint
 * (scripts/openapi-lint.sh, part of `npm test`) fails for an operation missing here.
 */
export type FileAnswer = 'xlsx' | 'zip' | 'csv' | 'binary';

export interface OperationDoc {
  summary: string;
  description?: string;
  /** Success answer: a schema name from contract.ts (`X[]` for a list), a file, or `none` (204). */
  response: string | { file: FileAnswer } | 'none';
  /** Error statuses beyond the derived ones, with what they mean here. */
  errors?: Record<number, string>;
  /** Public route (no session needed). */
  public?: boolean;
}

const BATCH = 'Aceita sessão ou token de API pessoal (`Authorization: Bearer cda_pat_…`).';

export const OPERATIONS: Record<string, OperationDoc> = {
  // ── Batch API (analyses) ──
  AnalysesController_create: {
    summary: 'Enviar PDFs de CDAs para análise',
    description:
      `${BATCH} Escopo \`analyses:write\`. Envie os PDFs no campo \`files\` (multipart) e, opcionalmente, os parâmetros da simulação. ` +
      'O custo em tokens é reservado no envio; arquivos que falham são estornados ao fim. Com o cabeçalho `Idempotency-Key`, ' +
      'repetir o mesmo envio (mesmos arquivos, nomes e parâmetros) em até 24 h devolve a análise já criada, sem nova cobrança ' +
      '(`Idempotent-Replayed: true`); a mesma chave com outro envio recebe 422.',
    response: 'AnalysisAccepted',
    errors: {
      402: 'Tokens insuficientes para o envio (o corpo traz o custo e o saldo).',
      413: 'Um arquivo passa do tamanho máximo.',
      409: 'Outro envio com a mesma Idempotency-Key ainda está em andamento.',
      422: 'A Idempotency-Key já foi usada com outro envio.',
      503: 'Servidor reiniciando ou fila indisponível; nada foi cobrado.',
    },
  },
  AnalysesController_list: { summary: 'Listar análises (histórico)', description: `${BATCH} Escopo \`analyses:read\`. Paginada, mais recentes primeiro.`, response: 'AnalysisPage' },
  AnalysesController_get: {
    summary: 'Consultar uma análise: situação, resultado por arquivo e certidões com campos e avisos',
    description:
      `${BATCH} Escopo \`analyses:read\`. Consulte até \`status\` deixar de ser \`Processando\` (ou espere o webhook). ` +
      '`files` traz o resultado de cada arquivo; `certificates`, cada certidão extraída com todos os campos (`record`) e os avisos por campo.',
    response: 'AnalysisView',
  },
  AnalysesController_correct: {
    summary: 'Corrigir campos de uma certidão (gera nova versão das planilhas)',
    description: 'Somente com sessão. Gratuito; as planilhas da nova versão são regeneradas pelo worker.',
    response: 'ReviewOutcome',
  },
  AnalysesController_resimulate: { summary: 'Simular de novo com outros parâmetros', description: 'Somente com sessão. Gratuito.', response: 'ReviewOutcome' },
  AnalysesController_download: {
    summary: 'Baixar uma planilha da análise',
    description: `${BATCH} Escopo \`analyses:read\`. Nomes em \`workbooks\` da análise: \`Base_Certidoes_Divida_Ativa.xlsx\` e \`Simulacao_Classificacao.xlsx\`.`,
    response: { file: 'xlsx' },
  },

  // ── Perfil → API ──
  ApiTokensController_list: { summary: 'Listar meus tokens de API (sem o segredo)', response: 'ApiTokenView[]' },
  ApiTokensController_create: { summary: 'Criar um token de API (mostrado uma única vez)', response: 'CreatedApiToken' },
  ApiTokensController_revoke: { summary: 'Revogar um token de API (vale na próxima requisição)', response: 'ApiTokenView' },
  WebhooksController_list: { summary: 'Listar meus webhooks', response: 'WebhookEndpointView[]' },
  WebhooksController_create: {
    summary: 'Cadastrar um webhook (o segredo é mostrado uma única vez)',
    description:
      'Eventos `analysis.completed` e `analysis.failed`, com o resumo da análise (`WebhookEvent`). Cada entrega leva ' +
      '`X-CDA-Signature: t=<segundos>,v1=<HMAC-SHA256 em hex de "<t>.<corpo bruto>" com o segredo>`; verifique com comparação ' +
      'em tempo constante e recuse `t` a mais de 5 minutos do relógio. Endereços privados ou locais são recusados.',
    response: 'CreatedWebhookEndpoint',
  },
  WebhooksController_deliveries: { summary: 'Registro de entregas dos webhooks (código, tempo, tentativa)', response: 'WebhookDeliveryView[]' },
  WebhooksController_update: { summary: 'Ativar ou desativar um webhook', response: 'WebhookEndpointView' },
  WebhooksController_remove: { summary: 'Remover um webhook e o seu registro de entregas', response: 'none' },
  WebhooksController_test: { summary: 'Enviar um evento de teste assinado agora', response: 'WebhookDeliveryView' },

  // ── Authentication ──
  AuthController_policy: { summary: 'Regras de senha e se o cadastro está aberto', response: 'AuthPolicy', public: true },
  AuthController_register: {
    summary: 'Pedir cadastro (envia o e-mail de confirmação)',
    description: 'A mesma resposta para um e-mail novo ou já cadastrado; enquanto o servidor não consegue enviar e-mails, a mensagem diz que o link não pôde ser enviado.',
    response: 'MessageAnswer',
    public: true,
    errors: { 403: 'Cadastro desativado.' },
  },
  AuthController_confirmEmail: { summary: 'Confirmar o e-mail e criar a conta', response: 'Session', public: true },
  AuthController_login: { summary: 'Entrar com e-mail e senha', response: 'LoginAnswer', public: true, errors: { 401: 'E-mail ou senha inválidos.', 403: 'Conta suspensa.' } },
  AuthController_verifyTwoFactor: { summary: 'Concluir a entrada com o código de dois fatores', response: 'Session', public: true, errors: { 401: 'Código ou desafio inválido.' } },
  AuthController_setupTwoFactor: { summary: 'Iniciar o cadastro do autenticador (QR code)', response: 'TwoFactorSetup', public: true, errors: { 401: 'Desafio inválido ou expirado.' } },
  AuthController_enableTwoFactor: { summary: 'Ativar a autenticação em dois fatores', response: 'TwoFactorEnabled', public: true, errors: { 401: 'Código ou desafio inválido.' } },
  AuthController_forgotPassword: {
    summary: 'Pedir o link de redefinição de senha',
    description: 'A mesma resposta exista ou não a conta; `delivery` diz apenas se o servidor consegue enviar e-mails agora (SMTP configurado e respondendo).',
    response: 'ForgotPasswordAnswer',
    public: true,
  },
  AuthController_resetPassword: { summary: 'Redefinir a senha com o link recebido', response: 'MessageAnswer', public: true },
  AuthController_me: { summary: 'Quem sou eu (usuário da sessão)', response: 'PublicUser' },

  // ── User area ──
  DashboardController_get: { summary: 'Painel do usuário: saldo, plano e análises recentes', response: 'UserDashboard' },
  ProcessingController_status: { summary: 'Se há workers processando a fila', response: 'ProcessingStatus' },
  ProfileController_get: { summary: 'Ler meu perfil', response: 'Profile' },
  ProfileController_update: { summary: 'Atualizar meu perfil', response: 'Profile', errors: { 409: 'E-mail já usado por outra conta.' } },
  ProfileController_changePassword: { summary: 'Trocar minha senha (encerra as outras sessões)', response: 'Session' },
  ProfileController_notifications: { summary: 'Salvar minhas preferências de notificação', response: 'NotificationPreferences' },
  PrivacyController_export: { summary: 'Baixar meus dados (LGPD) em ZIP', response: { file: 'zip' } },
  PrivacyController_deleteAccount: { summary: 'Excluir minha conta', response: 'AccountDeletion' },
  PlansController_list: { summary: 'Planos disponíveis', response: 'Plan[]', public: true },
  PlansController_contact: { summary: 'Contato de vendas', response: 'SalesContact', public: true },
  TicketsController_list: { summary: 'Listar meus tickets de suporte', response: 'TicketPage' },
  TicketsController_create: { summary: 'Abrir um ticket de suporte (com anexos)', response: 'TicketView' },
  TicketsController_get: { summary: 'Ler um ticket e suas mensagens', response: 'TicketView' },
  TicketsController_reply: { summary: 'Responder um ticket', response: 'TicketMessageView' },
  TicketsController_setStatus: { summary: 'Fechar ou reabrir meu ticket', response: 'TicketView' },
  TicketsController_download: { summary: 'Baixar um anexo de ticket', response: { file: 'binary' } },

  // ── Payments ──
  PaymentsController_packs: { summary: 'Pacotes de tokens à venda', response: 'TokenPackView[]', public: true },
  PaymentsController_config: { summary: 'Configuração do checkout (chave pública, meios, modo de teste)', response: 'PaymentConfigView', public: true },
  PaymentsController_card: { summary: 'Pagar com cartão', response: 'OrderView', errors: { 502: 'Provedor de pagamento indisponível.' } },
  PaymentsController_pix: { summary: 'Pagar com Pix', response: 'OrderView', errors: { 502: 'Provedor de pagamento indisponível.' } },
  PaymentsController_webhook: {
    summary: 'Notificação do Mercado Pago',
    description: 'Chamada pelo provedor de pagamentos, autenticada pela assinatura `x-signature`.',
    response: 'PaymentNotificationAck',
    public: true,
    errors: { 401: 'Assinatura inválida.', 502: 'Provedor indisponível (o provedor reenviará).' },
  },
  PaymentsController_mine: { summary: 'Meus pedidos', response: 'OrderPage' },
  PaymentsController_one: { summary: 'Ler um pedido', response: 'OrderView' },
  PaymentsController_publicView: {
    summary: 'Situação pública de um pedido (páginas de resultado do pagamento)',
    description: 'Pelo id do pedido: produto, valor, situação e motivo. Nenhum dado do pagador, nem id do pagamento, nem código PIX.',
    response: 'PublicOrderView',
    public: true,
  },


  // ── Telemetry ──
  TelemetryController_config: { summary: 'Configuração de analytics e relatório de erros do navegador', response: 'ClientTelemetryConfig', public: true },
  TelemetryController_event: { summary: 'Registrar um evento de uso (sem dados pessoais)', response: 'none', public: true },

  // ── Back office ──
  // ── Push ──
  PushController_key: { summary: 'Chave pública VAPID para inscrever o navegador em notificações', response: 'PushKey' },
  PushController_subscribe: { summary: 'Inscrever este navegador (PushSubscription) para o aviso de análise concluída', response: 'none' },
  PushController_unsubscribe: { summary: 'Cancelar a inscrição de um navegador', response: 'none' },

  AdminErrorReportingController_test: { summary: 'Enviar um erro de teste ao serviço de relatório de erros', response: 'ErrorReportTest' },
  AdminDashboardController_get: { summary: 'Painel administrativo', response: 'AdminDashboard' },
  AdminUsersController_list: { summary: 'Listar usuários', response: 'AdminUserPage' },
  AdminUsersController_stats: { summary: 'Números dos usuários', response: 'UserStats' },
  AdminUsersController_export: { summary: 'Exportar usuários (CSV)', response: { file: 'csv' } },
  AdminUsersController_get: { summary: 'Ler um usuário', response: 'AdminUserView' },
  AdminUsersController_create: {
    summary: 'Criar um usuário',
    description: 'A senha temporária vai por e-mail; se o servidor SMTP não aceitar a mensagem, `mail.temporaryPassword` a traz, uma única vez, para o administrador.',
    response: 'AdminUserCreated',
    errors: { 409: 'E-mail já cadastrado.' },
  },
  AdminUsersController_update: { summary: 'Alterar um usuário', response: 'AdminUserView', errors: { 409: 'E-mail já cadastrado.' } },
  AdminUsersController_remove: { summary: 'Excluir um usuário', response: 'UserDeleted' },
  AdminUsersController_suspend: { summary: 'Suspender um usuário', response: 'AdminUserView' },
  AdminUsersController_reactivate: { summary: 'Reativar um usuário', response: 'AdminUserView' },
  AdminUsersController_addCredits: { summary: 'Adicionar créditos a um usuário', response: 'AdminUserView' },
  AdminApiTokensController_list: { summary: 'Listar os tokens de API de um usuário', response: 'ApiTokenView[]' },
  AdminApiTokensController_revoke: { summary: 'Revogar o token de API de um usuário (auditado)', response: 'ApiTokenView' },
  AdminPlansController_list: { summary: 'Listar planos (administração)', response: 'AdminPlanView[]' },
  AdminPlansController_create: { summary: 'Criar um plano', response: 'AdminPlanView' },
  AdminPlansController_update: { summary: 'Alterar um plano', response: 'AdminPlanView' },
  AdminPlansController_remove: { summary: 'Excluir um plano', response: 'AdminPlanView', errors: { 409: 'Plano em uso.' } },
  AdminCreditsController_list: { summary: 'Histórico de créditos concedidos', response: 'CreditTransactionPage' },
  AdminCreditsController_grant: { summary: 'Conceder créditos', response: 'AdminUserView' },
  AdminOrdersController_list: { summary: 'Listar pedidos', response: 'OrderPage' },
  AdminOrdersController_refund: { summary: 'Estornar um pedido', response: 'OrderView', errors: { 409: 'Pedido não pode ser estornado.', 502: 'Provedor de pagamento indisponível.' } },
  SubscriptionController_mine: { summary: 'Meu plano: período, renovação, próxima cobrança, reembolso possível e reativação oferecida', response: 'SubscriptionView' },
  SubscriptionController_options: { summary: 'Planos para mudança (upgrade com crédito pro rata, downgrade no próximo ciclo)', response: 'PlanChangeOption[]' },
  SubscriptionController_cancelRenewal: { summary: 'Cancelar a renovação automática', response: 'SubscriptionView', errors: { 502: 'Provedor de pagamento indisponível.' } },
  SubscriptionController_downgrade: { summary: 'Agendar um plano menor para o próximo ciclo', response: 'SubscriptionView', errors: { 502: 'Provedor de pagamento indisponível.' } },
  SubscriptionController_refund: { summary: 'Cancelar e pedir reembolso', response: 'SubscriptionView', errors: { 502: 'Provedor de pagamento indisponível.' } },
  AdminSubscriptionsController_one: { summary: 'Assinatura de um usuário', response: 'SubscriptionView' },
  AdminSubscriptionsController_end: { summary: 'Encerrar a assinatura de um usuário (auditado)', response: 'SubscriptionView' },
  AdminSubscriptionsController_extend: { summary: 'Estender o período pago de um usuário (auditado)', response: 'SubscriptionView' },
  AdminSubscriptionsController_report: { summary: 'Assinaturas por mês: novas, reativações, renovações, cancelamentos e churn', response: 'SubscriptionMonthRow[]' },
  AdminSubscriptionsController_testClock: { summary: 'Relógio de teste (só com o provedor de teste)', response: 'TestClockState' },
  AdminSubscriptionsController_advance: { summary: 'Avançar o relógio de teste e rodar as regras de plano (só em modo de teste)', response: 'TestClockRun' },
  AdminOrdersController_sync: { summary: 'Sincronizar um pedido com o provedor', response: 'OrderView', errors: { 502: 'Provedor de pagamento indisponível.' } },
  AdminReportsController_get: { summary: 'Relatório com indicadores e gráficos', response: 'Report' },
  AdminReportsController_export: { summary: 'Exportar o relatório (planilha)', response: { file: 'xlsx' } },
  AdminSettingsController_testEmail: { summary: 'Enviar um e-mail de teste com as configurações salvas', response: 'SmtpProbe', errors: { 502: 'O servidor SMTP recusou ou não respondeu.' } },
  AdminSettingsController_all: { summary: 'Ler todas as configurações', response: 'Settings' },
  AdminSettingsController_one: { summary: 'Ler uma seção das configurações', response: 'SettingsSectionValues' },
  AdminSettingsController_update: { summary: 'Salvar uma seção das configurações', response: 'SettingsSectionValues' },
  AdminBackupsController_list: { summary: 'Listar backups', response: 'Backup[]' },
  AdminBackupsController_create: { summary: 'Iniciar um backup agora', response: 'Backup' },
  AdminBackupsController_download: { summary: 'Baixar um backup', response: { file: 'binary' } },
  AdminMailController_list: { summary: 'E-mails enviados, na fila, com falha (resposta do servidor) ou não enviados', response: 'MailOutboxPage' },
  AdminMailController_status: { summary: 'Envio de e-mails: SMTP configurado, respondendo, caixa local', response: 'MailDeliveryStatus' },
  AdminMailController_resend: {
    summary: 'Reenviar um e-mail não entregue',
    description: 'Só para e-mails com falha ou não enviados cujo corpo ainda está guardado; dois pedidos ao mesmo tempo enviam uma vez.',
    response: 'MailOutboxItem',
    errors: { 409: 'Já enviado, ou sendo reenviado agora.' },
  },
  AdminQueuesController_overview: { summary: 'Filas e workers', response: 'QueuesOverview' },
  AdminQueuesController_failed: { summary: 'Jobs com falha de uma fila', response: 'FailedJobPage' },
  AdminQueuesController_retry: { summary: 'Reenfileirar um job com falha', response: 'none' },
  AdminQueuesController_pause: { summary: 'Pausar uma fila', response: 'none' },
  AdminQueuesController_resume: { summary: 'Retomar uma fila', response: 'none' },
  AdminTicketsController_list: { summary: 'Listar todos os tickets', response: 'TicketPage' },
  AdminTicketsController_get: { summary: 'Ler um ticket (administração)', response: 'TicketView' },
  AdminTicketsController_update: { summary: 'Alterar situação, prioridade ou responsável de um ticket', response: 'TicketView' },
  AdminTicketsController_reply: { summary: 'Responder um ticket como suporte', response: 'TicketMessageView' },
};
