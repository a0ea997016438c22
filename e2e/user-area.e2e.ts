import { APIRequestContext, Page, expect, test } from '@playwright/test';
import { Client } from 'pg';
import { makeCdaPdf, sampleCertificate } from '../scripts/cda-pdf';
import { holdAnalysesQueue } from './queue';
import { shot } from './shot';
import { signUp } from './signup';

/** The user area (shell, dashboard, simulator, history, plans) in Chromium at desktop and phone widths. */

const VIEWPORTS = [
  { name: 'desktop', size: { width: 1280, height: 800 } },
  { name: 'mobile', size: { width: 390, height: 844 } },
] as const;


interface Session {
  token: string;
  user: { id: string; name: string };
}

let seq = 0;
async function register(request: APIRequestContext, name = 'Joana Prado'): Promise<Session> {
  const email = `area-${process.pid}-${Date.now()}-${++seq}@teste.com.br`;
  return (await signUp({ name, email, whatsapp: '11987654321', password: 'senha-forte-1' })) as unknown as Session;
}

/** Signed in as `s` without going through the login screen (that journey has its own tests). */
async function signIn(page: Page, s: Session) {
  await page.addInitScript(
    ([token, user]) => {
      if (!sessionStorage.getItem('e2e-signed')) {
        localStorage.setItem('cda.token', token);
        localStorage.setItem('cda.user', user);
        sessionStorage.setItem('e2e-signed', '1');
      }
    },
    [s.token, JSON.stringify(s.user)],
  );
}

const pdf = (n: number, certificates = 1) =>
  makeCdaPdf(Array.from({ length: certificates }, (_, i) => sampleCertificate(n * 10 + i + 1, { number: String(8061900000000 + n * 10 + i) })));

/** An upload from outside the page (another tab or device, as far as the screen knows). */
async function upload(s: Session, files: Array<{ name: string; buffer: Buffer }>) {
  // Playwright's multipart option takes one value per field, so several files go through FormData.
  const form = new FormData();
  files.forEach((f) => form.append('files', new Blob([new Uint8Array(f.buffer)], { type: 'application/pdf' }), f.name));
  const res = await fetch(`${baseURL}/api/analyses`, { method: 'POST', headers: { Authorization: `Bearer ${s.token}` }, body: form });
  expect(res.status).toBe(202);
  return (await res.json()) as { id: string };
}

let baseURL = '';

async function waitFinal(request: APIRequestContext, s: Session, id: string) {
  await expect
    .poll(async () => (await (await request.get(`/api/analyses/${id}`, { headers: { Authorization: `Bearer ${s.token}` } })).json()).status, { timeout: 30_000 })
    .not.toBe('processing');
}

async function sql(text: string, values: unknown[]) {
  const db = new Client({ connectionString: process.env.E2E_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/cda_e2e' });
  await db.connect();
  try {
    await db.query(text, values);
  } finally {
    await db.end();
  }
}

/** Opens the sidebar first on phones, where it is a drawer. */
async function navigate(page: Page, mobile: boolean, link: string) {
  if (mobile) await page.getByRole('button', { name: 'Abrir menu' }).click();
  await page.getByRole('navigation').getByRole('link', { name: link, exact: true }).click();
}

for (const vp of VIEWPORTS) {
  const mobile = vp.name === 'mobile';
  test.describe(`user area (${vp.name})`, () => {
    test.use({ viewport: vp.size });
    test.beforeEach(({ baseURL: b }) => {
      baseURL = b!;
    });

    test('shell: name, Gratuito, links, no admin button for a user, logout to /login', async ({ page, request }) => {
      const s = await register(request, 'Renata Alves');
      await signIn(page, s);
      await page.goto('/dashboard');
      await expect(page.locator('.shell-header')).toContainText('Renata Alves');
      await expect(page.getByTestId('header-plan')).toHaveText('Gratuito');
      if (mobile) {
        await expect(page.getByRole('link', { name: 'Simulador' })).not.toBeInViewport();
        await page.getByRole('button', { name: 'Abrir menu' }).click();
      }
      const nav = page.getByRole('navigation');
      for (const label of ['Dashboard', 'Simulador', 'Histórico', 'Suporte', 'Planos', 'Perfil']) {
        await expect(nav.getByRole('link', { name: label, exact: true })).toBeInViewport();
      }
      await expect(nav.getByRole('link', { name: 'Suporte' })).toHaveAttribute('href', '/tickets');
      await expect(page.getByRole('link', { name: 'Painel Admin' })).toHaveCount(0);
      await shot(page, `shell-${vp.name}`);
      await page.getByRole('button', { name: 'Sair' }).click();
      await expect(page).toHaveURL(/\/login$/);

      // A paid plan shows its name from the server; admins get the admin button.
      await sql(`UPDATE users SET plan = 'premium', role = 'admin' WHERE id = $1`, [s.user.id]);
      const me = await request.get('/api/auth/me', { headers: { Authorization: `Bearer ${s.token}` } });
      expect(me.status()).toBe(200);
      const login = await request.post('/api/auth/login', { data: { email: (await me.json()).email, password: 'senha-forte-1' } });
      expect(login.status()).toBe(200);
      const again = await login.json();
      await page.evaluate(([t, u]) => { localStorage.setItem('cda.token', t); localStorage.setItem('cda.user', u); }, [again.token, JSON.stringify(again.user)]);
      await page.goto('/dashboard');
      await expect(page.getByTestId('header-plan')).toHaveText('Premium');
      if (mobile) await page.getByRole('button', { name: 'Abrir menu' }).click();
      await expect(page.getByRole('link', { name: 'Painel Admin' })).toBeVisible();
    });

    test("dashboard: cards, quick actions, an upload's badge turns Concluída without reload, download dialog", async ({ page, request }) => {
      const s = await register(request, 'Carlos Menezes');
      await signIn(page, s);
      await page.goto('/dashboard?payment=pending');
      await expect(page.getByRole('heading', { name: 'Olá, Carlos Menezes!' })).toBeVisible();
      await expect(page.getByTestId('payment-banner')).toContainText('Pagamento em análise');
      await expect(page.getByTestId('stat-analyses')).toContainText('Extrações realizadas0');
      await expect(page.getByTestId('stat-tokens')).toContainText('Tokens restantes1M1M total');
      await expect(page.getByTestId('stat-plan')).toContainText('Plano atualGratuitoAtivo');
      await expect(page.getByTestId('stat-expiry')).toContainText('Gratuito');
      await expect(page.getByText('Nenhuma análise realizada ainda')).toBeVisible();
      for (const [name, href] of [['Nova extração', '/simulator'], ['Ver histórico', '/history'], ['Fazer upgrade', '/plans']]) {
        await expect(page.getByRole('link', { name })).toHaveAttribute('href', href);
      }
      await shot(page, `dashboard-empty-${vp.name}`);

      let navigations = 0;
      page.on('framenavigated', (f) => f === page.mainFrame() && navigations++);
      const seen: string[] = [];
      await page.exposeFunction('__badge', (t: string) => seen.push(t));
      const files = await Promise.all(Array.from({ length: 6 }, async (_, i) => ({ name: `cda-${i + 1}.pdf`, buffer: await pdf(i + 1, 2) })));
      // Held until the page is watching the badge, so the running state is seen whatever the machine's speed.
      const release = await holdAnalysesQueue();
      const item = await (async () => {
        const { id } = await upload(s, files);
        const listed = page.locator(`[data-analysis-id="${id}"]`);
        await expect(listed).toBeVisible();
        await listed.getByTestId('status-badge').evaluate((el) => {
          (window as unknown as { __badge(t: string): void }).__badge(el.textContent ?? '');
          new MutationObserver(() => (window as unknown as { __badge(t: string): void }).__badge(el.textContent ?? '')).observe(el, { childList: true, characterData: true, subtree: true });
        });
        await expect(listed).toContainText('6 arquivos');
        return listed;
      })().finally(release);
      await expect(item.getByTestId('status-badge')).toHaveText('Concluída', { timeout: 40_000 });
      await expect(item.getByTestId('status-badge')).toHaveClass(/badge-green/);
      expect(navigations).toBe(0);
      expect(seen[0]).toBe('Processando');
      await expect(page.getByTestId('stat-analyses')).toContainText('Extrações realizadas1');
      await expect(page.getByTestId('stat-tokens')).toContainText('988K');

      await item.getByRole('button', { name: 'Baixar' }).click();
      const dialog = page.getByRole('dialog', { name: /^Selecione o arquivo para download — análise #/ });
      await expect(dialog).toBeVisible();
      await shot(page, `download-dialog-${vp.name}`);
      for (const name of ['Base_Certidoes_Divida_Ativa.xlsx', 'Simulacao_Classificacao.xlsx']) {
        const download = page.waitForEvent('download');
        await dialog.getByRole('button', { name: `Baixar ${name}` }).click();
        expect((await download).suggestedFilename()).toBe(name);
      }
      await dialog.getByRole('button', { name: 'Fechar' }).click();
      await expect(dialog).toHaveCount(0);
      await shot(page, `dashboard-live-${vp.name}`);
    });

    test('simulator: non-PDF note, sizes, cost, settings, upload progress, live progress and workbooks', async ({ page, request }) => {
      const s = await register(request, 'Paula Rocha');
      await signIn(page, s);
      await page.goto('/dashboard');
      await navigate(page, mobile, 'Simulador');
      await expect(page.getByRole('heading', { name: 'Extrator de Dados de CDA' })).toBeVisible();
      await expect(page.getByText('Tokens restantes: 1M')).toBeVisible();
      await expect(page.getByText(/Proteção de dados \(LGPD\)/)).toBeVisible();
      const a = await pdf(1, 3);
      await page.getByTestId('file-input').setInputFiles([
        { name: 'cda-varias.pdf', mimeType: 'application/pdf', buffer: a },
        { name: 'cda-unica.pdf', mimeType: 'application/pdf', buffer: await pdf(2) },
        { name: 'planilha.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: Buffer.from('PK') },
      ]);
      await expect(page.getByTestId('rejected-files')).toHaveText('Arquivo ignorado (apenas PDF é aceito): planilha.xlsx');
      await expect(page.getByTestId('selected-file')).toHaveCount(2);
      await expect(page.getByTestId('selected-file').first()).toContainText(/cda-varias\.pdf3 páginas[\d,]+ KB/);
      await expect(page.getByTestId('cost')).toHaveText('Custo desta análise: 4K tokens (4 páginas)');
      const discount = page.getByLabel('Desconto pretendido');
      await expect(discount).toHaveValue('65');
      await discount.fill('');
      await discount.pressSequentially('70,555');
      await expect(discount).toHaveValue('70,55');
      await expect(page.getByText('Mínimo: 1, Máximo: 180')).toHaveCount(2);
      await page.getByLabel('Parcelas demais débitos').fill('');
      await page.getByRole('button', { name: 'Iniciar Análise' }).click();
      await expect(page.getByText('Informe um número inteiro de parcelas entre 1 e 180.')).toBeVisible();
      await page.getByLabel('Parcelas demais débitos').fill('120');
      await shot(page, `simulator-ready-${vp.name}`);

      let navigations = 0;
      page.on('framenavigated', (f) => f === page.mainFrame() && navigations++);
      await page.getByRole('button', { name: 'Iniciar Análise' }).click();
      await expect(page.getByRole('button', { name: 'Analisando...' })).toBeVisible();
      const result = page.getByTestId('analysis-result');
      await expect(result.getByTestId('status-badge')).toHaveText('Concluída', { timeout: 30_000 });
      await expect(page.getByRole('button', { name: 'Iniciar Análise' })).toBeVisible();
      await expect(result).toContainText('4 certidões extraídas de 2 arquivos · 4K tokens usados.');
      await expect(result.getByRole('button', { name: 'Baixar Base_Certidoes_Divida_Ativa.xlsx' })).toBeEnabled();
      await expect(result.getByRole('button', { name: 'Baixar Simulacao_Classificacao.xlsx' })).toBeEnabled();
      await expect(page.getByText('Tokens restantes: 996K')).toBeVisible();
      expect(navigations).toBe(0);
      const id = await result.getAttribute('data-analysis-id');
      const saved = await (await request.get(`/api/analyses/${id}`, { headers: { Authorization: `Bearer ${s.token}` } })).json();
      expect(saved.params).toMatchObject({ discount: 70.55, installmentsSocialSecurity: 60, installmentsOther: 120 });
      const download = page.waitForEvent('download');
      await result.getByRole('button', { name: 'Baixar Simulacao_Classificacao.xlsx' }).click();
      expect((await download).suggestedFilename()).toBe('Simulacao_Classificacao.xlsx');
      await shot(page, `simulator-done-${vp.name}`);

      // A new selection clears the previous result.
      await page.getByTestId('file-input').setInputFiles({ name: 'outra.pdf', mimeType: 'application/pdf', buffer: await pdf(3) });
      await expect(result).toHaveCount(0);
    });

    test('simulator: the live progress counts files, and a broken file is listed as failed', async ({ page, request }) => {
      const s = await register(request, 'Tiago Souza');
      await signIn(page, s);
      await page.goto('/simulator');
      const files = await Promise.all(Array.from({ length: 7 }, async (_, i) => ({ name: `lote-${i + 1}.pdf`, mimeType: 'application/pdf', buffer: await pdf(i + 10, 8) })));
      files.push({ name: 'corrompido.pdf', mimeType: 'application/pdf', buffer: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(4000, 0x41)]) });
      await page.getByTestId('file-input').setInputFiles(files);
      await expect(page.getByTestId('cost')).toContainText('Custo desta análise: 57K tokens (57 páginas)');
      const progressSeen: string[] = [];
      await page.exposeFunction('__progress', (t: string) => progressSeen.push(t));
      await page.evaluate(() => {
        new MutationObserver(() => {
          const el = document.querySelector('[data-testid="analysis-progress"]');
          const up = document.querySelector('[data-testid="upload-progress"]');
          if (el) (window as unknown as { __progress(t: string): void }).__progress(el.textContent ?? '');
          if (up) (window as unknown as { __progress(t: string): void }).__progress(up.textContent ?? '');
        }).observe(document.body, { childList: true, subtree: true, characterData: true });
      });
      // Held until the page follows the analysis, so each file's step is pushed to a page already listening.
      const release = await holdAnalysesQueue();
      const result = page.getByTestId('analysis-result');
      try {
        await page.getByRole('button', { name: 'Iniciar Análise' }).click();
        await expect(result.getByTestId('analysis-progress')).toHaveText('0/8 arquivos');
      } finally {
        await release();
      }
      await expect(result.getByTestId('status-badge')).not.toHaveText('Processando', { timeout: 40_000 });
      await expect(result.getByTestId('file-failures')).toContainText('corrompido.pdf:');
      expect(progressSeen.some((t) => /^Enviando arquivos\.\.\. \d+%$/.test(t))).toBe(true);
      // A count between the first and the last file: the page moved with the worker, not just at the end.
      expect(progressSeen.some((t) => /^[1-7]\/8 arquivos$/.test(t))).toBe(true);
      await shot(page, `simulator-failures-${vp.name}`);
    });

    test('simulator at zero tokens: limit banner, Tokens Insuficientes dialog with the packs, checkout', async ({ page, request }) => {
      const s = await register(request, 'Sem Saldo');
      await sql(`UPDATE users SET tokens = 0 WHERE id = $1`, [s.user.id]);
      await signIn(page, s);
      await page.goto('/simulator');
      await expect(page.getByTestId('limit-banner')).toContainText('Limite de análises atingido');
      await expect(page.getByText(/Tokens restantes/)).toHaveCount(0);
      await page.getByTestId('file-input').setInputFiles({ name: 'cda.pdf', mimeType: 'application/pdf', buffer: await pdf(4) });
      await page.getByRole('button', { name: 'Iniciar Análise' }).click();
      const dialog = page.getByRole('dialog', { name: 'Tokens Insuficientes' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
      await expect(dialog.getByTestId('dialog-pack-basic')).toContainText(/Básico1M tokensR\$ 19,00/);
      await expect(dialog.getByTestId('dialog-pack-premium')).toContainText(/PremiumPopular5M tokensR\$ 79,00/);
      await expect(dialog.getByTestId('dialog-pack-enterprise')).toContainText(/Enterprise10M tokensR\$ 149,00/);
      await expect(dialog.getByRole('link', { name: 'Ver planos' })).toHaveAttribute('href', '/plans');
      await shot(page, `tokens-dialog-${vp.name}`);
      await dialog.getByRole('button', { name: 'Fechar' }).click();
      await page.getByRole('button', { name: 'Ver Opções' }).click();
      await dialog.getByTestId('dialog-pack-premium').getByRole('button', { name: 'Comprar' }).click();
      await expect(page).toHaveURL(/\/checkout$/);
      await expect(page.getByText('R$ 79,00').first()).toBeVisible();
    });

    test('history: server filters and pages kept in the URL, back button, empty state, download dialog', async ({ page, request }) => {
      const s = await register(request, 'Helena Dias');
      const ids: string[] = [];
      for (let i = 0; i < 11; i++) ids.push((await upload(s, [{ name: `h${i}.pdf`, buffer: await pdf(20 + i) }])).id);
      const broken = await upload(s, [{ name: 'ruim.pdf', buffer: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(4000, 0x41)]) }]);
      for (const id of [...ids, broken.id]) await waitFinal(request, s, id);
      await signIn(page, s);
      await page.goto('/dashboard');
      await navigate(page, mobile, 'Histórico');
      await expect(page.getByRole('heading', { name: 'Histórico de Extrações' })).toBeVisible();
      await expect(page.getByTestId('history-total')).toHaveText('12 extrações encontradas');
      await expect(page.getByTestId('history-page')).toHaveText('Página 1 de 2');
      await expect(page.getByTestId('history-range')).toHaveText('Mostrando 1 a 10 de 12 extrações');
      const first = page.getByTestId('analysis-item').first();
      await expect(first).toContainText('Extração de CDA');
      await expect(first).toContainText(/\d\d\/\d\d\/\d{4} \d\d:\d\d/);
      await expect(first).toContainText('1 arquivo');
      await expect(first).toContainText(/\d+K? tokens/);
      await shot(page, `history-${vp.name}`);

      await page.getByRole('button', { name: 'Próximo' }).click();
      await expect(page).toHaveURL(/\/history\?page=2$/);
      await expect(page.getByTestId('history-range')).toHaveText('Mostrando 11 a 12 de 12 extrações');
      await page.goBack();
      await expect(page).toHaveURL(/\/history$/);
      await expect(page.getByTestId('history-range')).toHaveText('Mostrando 1 a 10 de 12 extrações');
      await page.goForward();
      await expect(page.getByTestId('history-page')).toHaveText('Página 2 de 2');

      await page.getByLabel('Status').selectOption('Concluída');
      await expect(page).toHaveURL(/\/history\?status=done$/);
      await expect(page.getByTestId('history-page')).toHaveText('Página 1 de 2');
      const finished = await (await request.get('/api/analyses?status=done', { headers: { Authorization: `Bearer ${s.token}` } })).json();
      await expect(page.getByTestId('history-total')).toHaveText(`${finished.total} extrações encontradas`);

      await page.getByLabel('Período').selectOption('today');
      await expect(page).toHaveURL(/status=done&period=today$/);
      await page.getByRole('button', { name: 'Baixar' }).first().click();
      const dialog = page.getByRole('dialog');
      const download = page.waitForEvent('download');
      await dialog.getByRole('button', { name: 'Baixar Base_Certidoes_Divida_Ativa.xlsx' }).click();
      expect((await download).suggestedFilename()).toBe('Base_Certidoes_Divida_Ativa.xlsx');
      await dialog.getByRole('button', { name: 'Fechar' }).click();

      await page.goto('/history?status=processing');
      await expect(page.getByText('Nenhuma extração encontrada')).toBeVisible();
      await expect(page.getByText('Tente ajustar os filtros ou realizar uma nova extração')).toBeVisible();
      await expect(page.getByTestId('history-total')).toHaveText('0 extrações encontradas');
      await shot(page, `history-empty-${vp.name}`);

      // An upload from another device is listed at once while it runs, and leaves this filtered list when it ends.
      const file = { name: 'nova.pdf', buffer: await pdf(40) };
      const release = await holdAnalysesQueue();
      const row = await (async () => {
        const { id } = await upload(s, [file]);
        const listed = page.locator(`[data-analysis-id="${id}"]`);
        await expect(listed.getByTestId('status-badge')).toHaveText('Processando');
        await expect(page.getByTestId('history-total')).toHaveText('1 extração encontrada');
        return listed;
      })().finally(release);
      await expect(row).toHaveCount(0, { timeout: 30_000 });
    });

    test('plans: server plans, current plan box, buttons, sales e-mail from settings, FAQ', async ({ page, request }) => {
      const s = await register(request, 'Bruno Lima');
      await signIn(page, s);
      await page.goto('/dashboard');
      await navigate(page, mobile, 'Planos');
      const contact = await (await request.get('/api/plans/contact')).json();
      const plans = await (await request.get('/api/plans')).json();
      expect(plans.map((p: { name: string }) => p.name)).toEqual(['Gratuito', 'Básico', 'Premium', 'Enterprise']);
      await expect(page.getByTestId('current-plan')).toHaveText('Gratuito');
      await expect(page.getByText('0 de 1M tokens do plano usados (0%)')).toBeVisible();
      await expect(page.getByTestId('plan-basic')).toContainText('Mais Popular');
      await expect(page.getByTestId('plan-basic')).toContainText('R$ 49,00/mês');
      await expect(page.getByTestId('plan-free').getByRole('button', { name: 'Plano Atual' })).toBeDisabled();
      await expect(page.getByTestId('plan-enterprise').getByRole('link', { name: 'Falar com Vendas' })).toHaveAttribute(
        'href',
        `mailto:${contact.salesEmail}?subject=${encodeURIComponent(`Plano Enterprise - ${contact.siteName}`)}`,
      );
      await page.getByRole('group', { name: 'Cobrança' }).getByRole('button', { name: /Anual/ }).click();
      await expect(page.getByTestId('plan-premium')).toContainText('R$ 1.430,00/ano');
      for (const q of ['Posso cancelar a qualquer momento?', 'O que acontece se eu exceder meus tokens?', 'Há desconto no pagamento anual?', 'Meus arquivos ficam armazenados?']) {
        await expect(page.getByRole('heading', { name: q })).toBeVisible();
      }
      await shot(page, `plans-${vp.name}`);
      await page.getByTestId('plan-basic').getByRole('button', { name: 'Escolher Plano' }).click();
      await expect(page).toHaveURL(/\/checkout$/);
      await expect(page.getByText('Plano Básico', { exact: true })).toBeVisible();
    });
  });
}
