import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { SWRConfig } from 'swr';
import type { ReactNode } from 'react';
import { formatBytes, formatTokens } from '@cda/shared';
import { DownloadDialog } from './DownloadDialog';
import { InsufficientTokensDialog } from '../payments/InsufficientTokensDialog';
import { planLabel } from '../api/dashboard';
import { SimulatorPage } from './SimulatorPage';
import { HistoryPage } from './HistoryPage';
import type { Analysis } from '../api/types';
import * as uploadApi from '../api/upload';

const reply = (body: unknown, status = 200) => ({ ok: status < 400, status, json: async () => body, blob: async () => new Blob() }) as Response;

const PACKS = [
  { id: 'basic', name: 'Básico', tokens: 1_000_000, priceCents: 1900, popular: false },
  { id: 'premium', name: 'Premium', tokens: 5_000_000, priceCents: 7900, popular: true },
  { id: 'enterprise', name: 'Enterprise', tokens: 10_000_000, priceCents: 14900, popular: false },
];

const analysis = (over: Partial<Analysis> = {}): Analysis => ({
  id: '3f2a9c1e-0000-4000-8000-000000000001', type: 'Extração de CDA', tokens: 2000, status: 'done', statusLabel: 'Concluída', fileCount: 2, processedFiles: 2,
  certificateCount: 3, flaggedFieldCount: 0, params: { discount: 65, installmentsSocialSecurity: 60, installmentsOther: 114 }, error: null,
  workbooks: ['Base_Certidoes_Divida_Ativa.xlsx'], createdAt: '2026-11-22T17:05:00Z', completedAt: null, simulation: null, simulationError: null,
  version: 1, workbooksVersion: 1, editedAt: null, regenerationError: null, ...over,
});

let requests: string[] = [];
function serve(routes: Record<string, unknown>) {
  requests = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    requests.push(url);
    const path = url.replace(/^\/api/, '').split('?')[0];
    const body = typeof routes[path] === 'function' ? (routes[path] as (u: string) => unknown)(url) : routes[path];
    return body === undefined ? reply({ message: 'não encontrado' }, 404) : reply(body);
  }) as typeof fetch;
}

let location = '';
function LocationProbe() {
  const l = useLocation();
  location = `${l.pathname}${l.search}`;
  return null;
}

function mount(ui: ReactNode, path = '/') {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="*" element={<>{ui}<LocationProbe /></>} />
        </Routes>
      </MemoryRouter>
    </SWRConfig>,
  );
}

const dashboard = (tokens: number) => ({
  user: { name: 'Ana' }, analysesCount: 0, tokens, tokensPlan: 1_000_000, creditTokens: 0, planId: 'free', planName: 'Gratuito',
  planExpiresAt: null, recentAnalyses: [], tokensPerPage: 1000,
});

describe('token and size formatting (shared helpers as the screens use them)', () => {
  it.each([[999, '999'], [1_000, '1K'], [250_000, '250K'], [1_000_000, '1M'], [1_500_000, '1,5M'], [20_000_000, '20M']])('%p tokens → %p', (n, text) => {
    expect(formatTokens(n)).toBe(text);
  });
  it.each([[0, '0 Bytes'], [512, '512 Bytes'], [1536, '1,50 KB'], [5 * 1024 * 1024, '5,00 MB'], [3 * 1024 ** 3, '3,00 GB']])('%p bytes → %p', (n, text) => {
    expect(formatBytes(n)).toBe(text);
  });
  it('labels the free plan Gratuito and paid plans by their server name', () => {
    expect(planLabel({ planId: 'free', planName: 'Gratuito' })).toBe('Gratuito');
    expect(planLabel({ planId: 'premium', planName: 'Premium' })).toBe('Premium');
    expect(planLabel(undefined, 'free')).toBe('Gratuito');
    expect(planLabel(undefined, 'premium')).toBe('');
  });
});

describe('DownloadDialog', () => {
  it('lists both workbooks and disables the one the analysis does not have', () => {
    serve({});
    mount(<DownloadDialog analysis={analysis()} onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: /Selecione o arquivo para download — análise #3f2a9c1e/ });
    const entries = within(dialog).getAllByTestId('download-entry');
    expect(entries.map((e) => e.querySelector('strong')?.textContent)).toEqual(['Base_Certidoes_Divida_Ativa.xlsx', 'Simulacao_Classificacao.xlsx']);
    expect(within(dialog).getByRole('button', { name: 'Baixar Base_Certidoes_Divida_Ativa.xlsx' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Baixar Simulacao_Classificacao.xlsx' })).toBeDisabled();
  });

  it('downloads through the authorised endpoint and closes with Escape', async () => {
    serve({ '/analyses/3f2a9c1e-0000-4000-8000-000000000001/files/Base_Certidoes_Divida_Ativa.xlsx': {} });
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:x'), revokeObjectURL: jest.fn() });
    const onClose = jest.fn();
    localStorage.setItem('cda.token', 'tok');
    mount(<DownloadDialog analysis={analysis()} onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Baixar Base_Certidoes_Divida_Ativa.xlsx' }));
    await waitFor(() => expect(requests).toContain('/api/analyses/3f2a9c1e-0000-4000-8000-000000000001/files/Base_Certidoes_Divida_Ativa.xlsx'));
    const init = (global.fetch as jest.Mock).mock.calls[0][1] as RequestInit;
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer tok');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
    localStorage.clear();
  });
});

describe('InsufficientTokensDialog', () => {
  it('shows the usage bar and the server packs, each leading to checkout', async () => {
    serve({ '/token-packs': PACKS });
    mount(<InsufficientTokensDialog tokens={0} tokensPlan={1_000_000} cost={3000} onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Tokens Insuficientes' });
    expect(within(dialog).getByRole('progressbar', { name: 'Uso de tokens do plano' })).toHaveAttribute('aria-valuenow', '100');
    expect(dialog).toHaveTextContent('Esta análise precisa de 3K tokens e seu saldo é de 0.');
    expect(dialog).toHaveTextContent('1M de 1M tokens (100%)');
    const premium = await within(dialog).findByTestId('dialog-pack-premium');
    expect(premium).toHaveTextContent('Premium');
    expect(premium).toHaveTextContent('Popular');
    expect(premium).toHaveTextContent('5M tokens');
    expect(premium).toHaveTextContent('R$ 79,00');
    expect(within(dialog).getByTestId('dialog-pack-basic')).toHaveTextContent('R$ 19,00');
    expect(within(dialog).getByTestId('dialog-pack-enterprise')).toHaveTextContent('10M tokens');
    expect(within(dialog).getByRole('link', { name: 'Ver planos' })).toHaveAttribute('href', '/plans');
    fireEvent.click(within(premium).getByRole('button', { name: 'Comprar' }));
    expect(location).toBe('/checkout');
  });
});

describe('SimulatorPage', () => {
  const pdf = (name: string) => new File(['%PDF-1.4 not really'], name, { type: 'application/pdf' });
  /** What choosing files in the browser's picker does. */
  const choose = async (...files: File[]) => {
    const input = screen.getByTestId('file-input');
    Object.defineProperty(input, 'files', { value: files, configurable: true });
    await act(async () => {
      fireEvent.change(input);
    });
  };

  it('keeps the settings inside the rules while typing and validates them before sending', async () => {
    serve({ '/dashboard': dashboard(1_000_000) });
    mount(<SimulatorPage />);
    const discount = screen.getByLabelText('Desconto pretendido') as HTMLInputElement;
    expect(discount.value).toBe('65');
    expect(discount).toHaveAttribute('maxLength', '6');
    fireEvent.change(discount, { target: { value: '65,555' } });
    expect(discount.value).toBe('65');
    fireEvent.change(discount, { target: { value: '65,55' } });
    expect(discount.value).toBe('65,55');
    fireEvent.change(discount, { target: { value: '101' } });
    expect(discount.value).toBe('65,55');
    const social = screen.getByLabelText('Parcelas previdenciárias') as HTMLInputElement;
    expect(social.value).toBe('60');
    expect((screen.getByLabelText('Parcelas demais débitos') as HTMLInputElement).value).toBe('114');
    expect(screen.getAllByText('Mínimo: 1, Máximo: 180')).toHaveLength(2);
    fireEvent.change(social, { target: { value: '181' } });
    expect(social.value).toBe('60');
    fireEvent.change(social, { target: { value: '' } });
    expect(await screen.findByText(/Tokens restantes:/)).toHaveTextContent('Tokens restantes: 1M');

    await choose(pdf('cda.pdf'));
    await screen.findByText('cda.pdf');
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar Análise' }));
    expect(await screen.findByText('Informe um número inteiro de parcelas entre 1 e 180.')).toBeInTheDocument();
    expect(requests.filter((r) => r.includes('/analyses'))).toHaveLength(0);
  });

  it('drops non-PDFs with a note, lists the PDFs with their sizes and prices them once pages are known', async () => {
    serve({ '/dashboard': dashboard(1_000_000) });
    mount(<SimulatorPage />);
    await screen.findByText(/Tokens restantes/);
    await choose(pdf('a.pdf'), new File(['x'.repeat(2048)], 'notas.txt', { type: 'text/plain' }));
    expect(await screen.findByTestId('rejected-files')).toHaveTextContent('Arquivo ignorado (apenas PDF é aceito): notas.txt');
    const item = screen.getByTestId('selected-file');
    expect(item).toHaveTextContent('a.pdf');
    expect(item).toHaveTextContent('19 Bytes');
    // Not a readable PDF: the cost counts it as one page, as the server will.
    expect(await screen.findByTestId('cost')).toHaveTextContent('Custo desta análise: 1K tokens (1 página)');
    fireEvent.click(screen.getByRole('button', { name: 'Remover a.pdf' }));
    expect(screen.queryByTestId('selected-file')).not.toBeInTheDocument();
  });

  it('tells in the result panel how many fields need checking once the analysis is done', async () => {
    const id = '3f2a9c1e-0000-4000-8000-000000000009';
    serve({ '/dashboard': dashboard(1_000_000), [`/analyses/${id}`]: analysis({ id, flaggedFieldCount: 2 }) });
    const post = jest.spyOn(uploadApi, 'postWithProgress').mockResolvedValue({ id, status: 'processing', fileCount: 2, tokens: 2000 });
    try {
      mount(<SimulatorPage />);
      await screen.findByText(/Tokens restantes/);
      await choose(pdf('cda.pdf'));
      await screen.findByTestId('cost');
      fireEvent.click(screen.getByRole('button', { name: 'Iniciar Análise' }));
      const panel = await screen.findByTestId('analysis-result');
      expect(await within(panel).findByTestId('flagged-fields')).toHaveTextContent(
        '2 campos a conferir: na planilha Base_Certidoes_Divida_Ativa.xlsx, as células destacadas em amarelo mostram o motivo ao passar o mouse.',
      );
      expect(within(panel).getByText(/Análise concluída com sucesso!/)).toBeInTheDocument();
    } finally {
      post.mockRestore();
    }
  });

  it('at zero tokens shows the limit banner and opens the Tokens Insuficientes dialog instead of sending', async () => {
    serve({ '/dashboard': dashboard(0), '/token-packs': PACKS });
    mount(<SimulatorPage />);
    expect(await screen.findByTestId('limit-banner')).toHaveTextContent('Limite de análises atingido');
    expect(screen.queryByText(/Tokens restantes/)).not.toBeInTheDocument();
    await choose(pdf('cda.pdf'));
    await screen.findByTestId('cost');
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar Análise' }));
    expect(await screen.findByRole('dialog', { name: 'Tokens Insuficientes' })).toBeInTheDocument();
    expect(requests.some((r) => r.startsWith('/api/analyses'))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Fechar' }));
    fireEvent.click(screen.getByRole('button', { name: 'Ver Opções' }));
    expect(screen.getByRole('dialog', { name: 'Tokens Insuficientes' })).toBeInTheDocument();
  });

  it('tells the user that analyses are queued while no worker is alive, and says nothing otherwise', async () => {
    serve({ '/dashboard': dashboard(1_000_000), '/processing': { workersAlive: 0, noWorkerSince: '2026-11-24T06:00:00.000Z' } });
    const { unmount } = mount(<SimulatorPage />);
    expect(await screen.findByTestId('queued-notice')).toHaveTextContent('as análises ficam na fila e começam assim que o serviço voltar');
    expect(screen.getByRole('button', { name: 'Iniciar Análise' })).toBeInTheDocument();
    unmount();
    serve({ '/dashboard': dashboard(1_000_000), '/processing': { workersAlive: 2, noWorkerSince: null } });
    mount(<SimulatorPage />);
    await screen.findByText(/Tokens restantes/);
    await waitFor(() => expect(requests.some((r) => r.includes('/processing'))).toBe(true));
    expect(screen.queryByTestId('queued-notice')).not.toBeInTheDocument();
  });
});

describe('HistoryPage', () => {
  const page = (url: string) => {
    const q = new URL(url, 'http://x').searchParams;
    const p = Number(q.get('page'));
    return { items: [analysis({ id: `id-${p}` })], total: 23, page: p, pageCount: 3 };
  };

  it('reads filters and page from the URL, resets to page 1 on a new filter and keeps both in the URL', async () => {
    serve({ '/analyses': page });
    mount(<HistoryPage />, '/history?status=done&page=2');
    expect(await screen.findByTestId('history-total')).toHaveTextContent('23 extrações encontradas');
    expect(requests.at(-1)).toBe('/api/analyses?page=2&pageSize=10&status=done');
    expect(screen.getByTestId('history-page')).toHaveTextContent('Página 2 de 3');
    expect(screen.getByTestId('history-range')).toHaveTextContent('Mostrando 11 a 20 de 23 extrações');
    expect(screen.getByRole('button', { name: 'Página 2' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('2K tokens')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Período'), { target: { value: 'week' } });
    await waitFor(() => expect(location).toBe('/history?status=done&period=week'));
    await waitFor(() => expect(requests.at(-1)).toBe('/api/analyses?page=1&pageSize=10&status=done&period=week'));

    fireEvent.click(await screen.findByRole('button', { name: 'Página 3' }));
    await waitFor(() => expect(location).toBe('/history?status=done&period=week&page=3'));
    expect(await screen.findByTestId('history-range')).toHaveTextContent('Mostrando 21 a 23 de 23 extrações');
  });

  it('shows the empty state and the error banner', async () => {
    serve({ '/analyses': { items: [], total: 0, page: 1, pageCount: 1 } });
    const { unmount } = mount(<HistoryPage />, '/history?period=today');
    expect(await screen.findByText('Nenhuma extração encontrada')).toBeInTheDocument();
    expect(screen.getByText('Tente ajustar os filtros ou realizar uma nova extração')).toBeInTheDocument();
    expect(screen.getByTestId('history-total')).toHaveTextContent('0 extrações encontradas');
    unmount();
    serve({});
    mount(<HistoryPage />, '/history');
    expect(screen.getByText('Carregando histórico...')).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('Erro ao carregar histórico');
  });
});
