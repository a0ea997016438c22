import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import {
  API_TOKEN_RATE_LIMIT_PER_MINUTE,
  WEBHOOK_ATTEMPTS,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TOLERANCE_S,
} from '@cda/shared';
import { FileAnswer, OPERATIONS, OperationDoc } from './operations';
import * as generatedSchemas from './schemas.generated.json';

type Json = Record<string, any>;

const FILE_TYPES: Record<FileAnswer, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  zip: 'application/zip',
  csv: 'text/csv',
  binary: 'application/octet-stream',
};

const TAGS: [string, string][] = [
  ['analyses', 'API de análises (lote): enviar PDFs, consultar o resultado e baixar as planilhas. Aceita tokens de API.'],
  ['api-tokens', 'Tokens de API pessoais (Perfil → API). Somente com sessão.'],
  ['webhooks', 'Webhooks de conclusão e registro de entregas (Perfil → API). Somente com sessão.'],
  ['auth', 'Cadastro, entrada e dois fatores.'],
  ['profile', 'Minha conta.'],
  ['dashboard', 'Painel do usuário.'],
  ['plans', 'Planos.'],
  ['payments', 'Pagamentos e pedidos (Mercado Pago).'],
  ['tickets', 'Suporte.'],
  ['privacy', 'Meus dados (LGPD).'],
  ['processing', 'Estado do processamento.'],
  ['health', 'Sondas de saúde.'],
  ['telemetry', 'Analytics de uso e relatório de erros do navegador.'],
  ['push', 'Notificações do navegador (Web Push) quando uma análise termina.'],
  ['admin', 'Administração (somente administradores, somente com sessão).'],
];

const DESCRIPTION = `API do CDA Extractor: extração de Certidões de Dívida Ativa e simulação da transação tributária.

## Autenticação
\`Authorization: Bearer <token>\` com a sessão do login ou com um **token de API pessoal** (\`cda_pat_…\`, criado em
Perfil → API). Um token age como o seu dono (plano, saldo, limites), mas só alcança as operações da etiqueta
\`analyses\`: qualquer outra responde 403. Escopos: \`analyses:read\` (consultar e baixar) e \`analyses:write\` (também enviar).
Token revogado ou expirado: 401 na próxima requisição.

## Limites
Cada token tem ${API_TOKEN_RATE_LIMIT_PER_MINUTE} requisições por minuto por padrão (configurável pelo administrador), informadas
nos cabeçalhos \`RateLimit-Limit\`, \`RateLimit-Remaining\`, \`RateLimit-Reset\` e \`RateLimit-Policy\`; além delas, 429 com
\`Retry-After\` (segundos). A conta também tem um limite por hora.

## Envio idempotente
Envie \`Idempotency-Key\` (1 a 255 caracteres visíveis, por exemplo um UUID ou o hash dos arquivos) em \`POST /api/analyses\`.
Repetir o mesmo envio com a mesma chave em até 24 h devolve a análise já criada, sem nova cobrança (\`Idempotent-Replayed: true\`).
A mesma chave com arquivos, nomes ou parâmetros diferentes: 422.

## Webhooks
Ao fim de cada análise, cada webhook ativo da conta recebe um POST JSON (\`WebhookEvent\`) com \`type\` \`analysis.completed\` ou
\`analysis.failed\` e o resumo da análise. Cabeçalhos: \`X-CDA-Event\`, \`X-CDA-Delivery\` (id do evento, igual em cada nova
tentativa: use-o para ignorar duplicatas) e \`${WEBHOOK_SIGNATURE_HEADER}: t=<segundos>,v1=<assinatura>\`.

**Verificação:** calcule HMAC-SHA256 de \`"<t>.<corpo bruto>"\` com o segredo do webhook (\`whsec_…\`), em hexadecimal; compare
com cada \`v1\` em tempo constante; recuse se \`t\` estiver a mais de ${WEBHOOK_TOLERANCE_S} s do seu relógio. Responda 2xx em até
10 s; qualquer outra resposta é tentada de novo (${WEBHOOK_ATTEMPTS} tentativas, intervalos que dobram a partir de 30 s).`;

const errorResponse = (description: string, headers?: Json): Json => ({
  description,
  ...(headers ? { headers } : {}),
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } },
});

const schemaFor = (name: string): Json =>
  name.endsWith('[]') ? { type: 'array', items: { $ref: `#/components/schemas/${name.slice(0, -2)}` } } : { $ref: `#/components/schemas/${name}` };

const RATE_HEADERS: Json = {
  'RateLimit-Limit': { description: 'Requisições permitidas por minuto a este token.', schema: { type: 'integer' } },
  'RateLimit-Remaining': { description: 'Quantas ainda restam na janela atual.', schema: { type: 'integer' } },
  'RateLimit-Reset': { description: 'Segundos até a janela recomeçar.', schema: { type: 'integer' } },
};

/** Examples of the batch API, as a law firm's script sees them. */
const ANALYSIS_ID = '3f6d2a0e-5b1c-4c8e-9a7f-2d4b6e8f0a1c';
const EXAMPLES: Record<string, { request?: Json; response: unknown }> = {
  AnalysesController_create: {
    request: { files: ['execucao-001.pdf', 'execucao-002.pdf'], discount: 65 },
    response: { id: ANALYSIS_ID, status: 'processing', fileCount: 2, tokens: 5000 },
  },
  AnalysesController_get: {
    response: {
      id: ANALYSIS_ID,
      type: 'analysis',
      status: 'done',
      statusLabel: 'Concluída',
      createdAt: '2026-11-24T12:00:00.000Z',
      completedAt: '2026-11-24T12:00:41.000Z',
      fileCount: 2,
      processedFiles: 2,
      certificateCount: 3,
      flaggedFieldCount: 1,
      tokens: 5000,
      params: { discount: 65, installmentsSocialSecurity: 60, installmentsOther: 114 },
      error: null,
      workbooks: ['Base_Certidoes_Divida_Ativa.xlsx', 'Simulacao_Classificacao.xlsx'],
      // An analysis with no simulation (say, no federal debt); most finished ones carry its figures (SimulationSummary).
      simulation: null,
      simulationError: null,
      version: 1,
      workbooksVersion: 1,
      editedAt: null,
      regenerationError: null,
      files: [
        { position: 1, name: 'execucao-001.pdf', pages: 2, status: 'done', error: null, certificateCount: 1, fieldWarnings: [{}] },
        { position: 2, name: 'execucao-002.pdf', pages: 3, status: 'done', error: null, certificateCount: 2, fieldWarnings: [{}, { debtorDocument: 'Dígito verificador do CNPJ não confere.' }] },
      ],
    },
  },
  ApiTokensController_create: {
    request: { name: 'Sistema de processos', scopes: ['analyses:write'], expiresAt: '2027-06-30T23:59:59-03:00' },
    response: {
      id: '0b7d5c1e-2f4a-4e6b-8c9d-1a2b3c4d5e6f',
      name: 'Sistema de processos',
      scopes: ['analyses:write'],
      displayPrefix: 'cda_pat_Xk3b9Q',
      createdAt: '2026-11-24T12:00:00.000Z',
      expiresAt: '2027-07-01T02:59:59.000Z',
      lastUsedAt: null,
      revokedAt: null,
      token: 'cda_pat_Xk3b9Q…(mostrado só agora)',
    },
  },
  WebhooksController_create: {
    request: { url: 'https://sistema.escritorio.com.br/webhooks/cda', description: 'Sistema de processos', events: ['analysis.completed', 'analysis.failed'] },
    response: {
      id: '5e4d3c2b-1a09-4f8e-9d7c-6b5a49382716',
      url: 'https://sistema.escritorio.com.br/webhooks/cda',
      description: 'Sistema de processos',
      events: ['analysis.completed', 'analysis.failed'],
      active: true,
      createdAt: '2026-11-24T12:00:00.000Z',
      secretPrefix: 'whsec_4fQz',
      secret: 'whsec_4fQz…(mostrado só agora)',
    },
  },
};

/**
 * The OpenAPI document of the running app, made a contract: every operation gets its pt-BR summary,
 * the schema of its success answer (generated from the TypeScript types, contract.ts) and its error
 * answers; the batch API gets its headers and examples. Operations missing from operations.ts are left
 * bare, which the contract lint refuses.
 */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const builder = new DocumentBuilder()
    .setTitle('CDA Extractor API')
    .setVersion('0.1.0')
    .setDescription(DESCRIPTION)
    .setLicense('Proprietária', '/terms-of-service')
    .addServer('/', 'Esta instalação')
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'Sessão (JWT do login) ou token de API pessoal (cda_pat_…).' });
  for (const [name, description] of TAGS) builder.addTag(name, description);
  const doc = SwaggerModule.createDocument(app, builder.build());
  const generated = ((generatedSchemas as unknown as { default?: Json }).default ?? generatedSchemas) as Json;
  doc.components = { ...doc.components, schemas: { ...generated, ...(doc.components?.schemas ?? {}) } };

  for (const [path, item] of Object.entries(doc.paths)) {
    // Probes are for the orchestrator and the balancer (deploy/), not part of the product's contract.
    if (path.startsWith('/api/health')) {
      delete doc.paths[path];
      continue;
    }
    for (const [method, op] of Object.entries(item as Json)) {
      const entry = OPERATIONS[op.operationId as string];
      if (entry) describe(path, method, op, entry);
    }
  }
  (doc as Json)['x-webhooks'] = {
    'analysis.completed': webhookOperation('Análise concluída', 'Enviado quando uma análise termina com as planilhas prontas.'),
    'analysis.failed': webhookOperation('Análise com erro', 'Enviado quando uma análise termina com erro (tokens estornados).'),
  };
  return doc;
}

function webhookOperation(summary: string, description: string): Json {
  return {
    post: {
      summary,
      description,
      operationId: `webhook_${summary.replace(/\W+/g, '_')}`,
      parameters: [
        { name: WEBHOOK_SIGNATURE_HEADER, in: 'header', required: true, description: '`t=<segundos>,v1=<HMAC-SHA256 hex de "<t>.<corpo bruto>">`', schema: { type: 'string' } },
        { name: 'X-CDA-Delivery', in: 'header', required: true, description: 'Id do evento (o mesmo em cada nova tentativa).', schema: { type: 'string', format: 'uuid' } },
      ],
      tags: ['webhooks'],
      security: [],
      requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/WebhookEvent' } } } },
      responses: {
        '2XX': { description: 'Qualquer 2xx confirma a entrega; o corpo da resposta é ignorado.' },
        '4XX': { description: 'Qualquer resposta fora de 2xx (ou nenhuma em 10 s) é tentada de novo com intervalos crescentes.' },
      },
    },
  };
}

function describe(path: string, method: string, op: Json, entry: OperationDoc): void {
  op.summary = entry.summary;
  if (entry.description) op.description = entry.description;
  op.responses ??= {};
  const success = Object.keys(op.responses).find((s) => /^2\d\d$/.test(s)) ?? (method === 'post' ? '201' : '200');
  if (entry.response === 'none') {
    delete op.responses[success];
    op.responses['204'] = { description: 'Feito; sem corpo.' };
  } else {
    const content =
      typeof entry.response === 'string'
        ? { 'application/json': { schema: schemaFor(entry.response) } }
        : { [FILE_TYPES[entry.response.file]]: { schema: { type: 'string', format: 'binary' } } };
    op.responses[success] = { ...(op.responses[success] ?? {}), description: op.responses[success]?.description || 'Sucesso.', content };
  }

  const batch = path.startsWith('/api/analyses');
  const params: Json[] = op.parameters ?? [];
  const takesInput = !!op.requestBody || params.some((p) => p.in === 'query' || p.in === 'header');
  const errors: Record<string, Json> = {};
  if (takesInput || params.some((p) => p.in === 'path')) errors['400'] = errorResponse('Dados inválidos (mensagens em pt-BR por campo).');
  if (entry.public) {
    op.security = [];
    errors['429'] = errorResponse('Limite de requisições por hora deste endereço excedido; aguarde `Retry-After` segundos.', {
      'Retry-After': { description: 'Segundos até poder tentar de novo.', schema: { type: 'integer' } },
    });
  } else {
    // Every signed-in route takes the bearer scheme, whether or not its controller says @ApiBearerAuth.
    op.security ??= [{ bearer: [] }];
    errors['401'] = errorResponse('Sem sessão ou token válido (expirado, revogado ou inexistente).');
    errors['403'] = errorResponse(
      batch
        ? 'O token não tem o escopo necessário, ou a conta ainda usa a senha temporária.'
        : 'Não permitido: tokens de API não alcançam esta operação' + (path.startsWith('/api/admin') ? '; somente administradores.' : '.'),
    );
    errors['429'] = errorResponse('Limite de requisições excedido; aguarde `Retry-After` segundos.', {
      'Retry-After': { description: 'Segundos até poder tentar de novo.', schema: { type: 'integer' } },
    });
  }
  if (params.some((p) => p.in === 'path')) errors['404'] = errorResponse('Não encontrado (ou de outra conta).');
  for (const [status, description] of Object.entries(entry.errors ?? {})) errors[status] = errorResponse(description);
  for (const [status, response] of Object.entries(errors)) op.responses[status] ??= response;
  for (const [status, response] of Object.entries(errors)) {
    // Nest's own placeholders (description only) give way to the typed error.
    if (!op.responses[status].content) op.responses[status] = response;
  }
  if (batch) {
    op.responses[success].headers = { ...(op.responses[success].headers ?? {}), ...RATE_HEADERS };
  }

  const example = EXAMPLES[op.operationId];
  if (example && op.responses[success]?.content?.['application/json']) op.responses[success].content['application/json'].example = example.response;
  if (op.operationId === 'AnalysesController_create') {
    op.parameters = [
      ...params,
      {
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description: 'Torna o envio repetível sem nova cobrança (24 h).',
        schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' },
        example: 'lote-2026-11-24-001',
      },
    ];
    op.responses[success].headers['Idempotent-Replayed'] = { description: '`true` quando a resposta é a de um envio anterior com a mesma chave.', schema: { type: 'string', enum: ['true'] } };
    const multipart = op.requestBody?.content?.['multipart/form-data'];
    if (multipart) {
      multipart.schema = {
        allOf: [
          multipart.schema,
          {
            type: 'object',
            required: ['files'],
            properties: { files: { type: 'array', description: 'Os PDFs (campo repetido, um por arquivo).', items: { type: 'string', format: 'binary' } } },
          },
        ],
      };
      multipart.example = example?.request;
    }
  } else if (example?.request && op.requestBody?.content?.['application/json']) {
    op.requestBody.content['application/json'].example = example.request;
  }
}

/** Operations of the app that operations.ts does not describe (the lint's complaint, spelled out). */
export function undocumentedOperations(doc: OpenAPIObject): string[] {
  return Object.values(doc.paths).flatMap((item) =>
    Object.values(item as Json)
      .map((op) => op.operationId as string)
      .filter((id) => id && !OPERATIONS[id]),
  );
}
