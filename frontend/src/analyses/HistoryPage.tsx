import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ANALYSIS_STATUS_LABELS, AnalysisStatus, pageBounds, plural } from '@cda/shared';
import { useAnalyses } from '../api/hooks';
import { AnalysisList } from './AnalysisList';
import { Pagination } from '../components/Pagination';
import '../components/user-area.css';

export const HISTORY_PAGE_SIZE = 10;

const STATUSES: Array<[value: string, label: string]> = [
  ['', 'Todos'],
  ...[AnalysisStatus.Done, AnalysisStatus.Processing, AnalysisStatus.Error].map((s): [string, string] => [s, ANALYSIS_STATUS_LABELS[s]]),
];

const PERIODS: Array<[value: string, label: string]> = [
  ['', 'Todos'],
  ['today', 'Hoje'],
  ['week', 'Última semana'],
  ['month', 'Último mês'],
];

const known = (options: Array<[string, string]>, value: string | null) => (options.some(([v]) => v === value) ? value! : '');

/**
 * Every analysis of the account, filtered and paged by the server. Filters and page live in the URL
 * (`?status=&period=&page=`), so a link reproduces the view and the back button walks through it.
 */
export function HistoryPage() {
  const [params, setParams] = useSearchParams();
  const status = known(STATUSES, params.get('status'));
  const period = known(PERIODS, params.get('period'));
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const q = (params.get('q') ?? '').slice(0, 100);
  const [typed, setTyped] = useState(q);

  const query = new URLSearchParams({ page: String(page), pageSize: String(HISTORY_PAGE_SIZE) });
  if (status) query.set('status', status);
  if (period) query.set('period', period);
  if (q) query.set('q', q);
  const { data, error, isLoading } = useAnalyses(query.toString());

  const update = (changes: Record<string, string>, replace = false) => {
    const next = new URLSearchParams(params);
    Object.entries(changes).forEach(([k, v]) => (v && v !== '1' ? next.set(k, v) : next.delete(k)));
    setParams(next, { replace });
  };
  // A new filter shows its first page.
  const setFilter = (name: 'status' | 'period' | 'q', value: string) => update({ [name]: value, page: '1' });
  // The search runs on the server; typing waits for a pause so each key press is not a request.
  useEffect(() => {
    if (typed.trim() === q) return;
    const timer = setTimeout(() => setFilter('q', typed.trim()), 350);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed]);

  // A shared link can outlive its page (analyses removed by the retention rules): show the last one.
  const beyond = !!data && data.total > 0 && page > data.pageCount;
  useEffect(() => {
    if (beyond && data) update({ page: String(data.pageCount) }, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [beyond]);

  const total = data?.total ?? 0;
  const pageCount = data?.pageCount ?? 1;
  const { from, to } = pageBounds(page, HISTORY_PAGE_SIZE, total);

  return (
    <div className="page">
      <h1>Histórico de Extrações</h1>
      <section className="card">
        <div className="filters" role="group" aria-label="Filtros">
          <label className="search-box">
            Buscar
            <input
              type="search"
              value={typed}
              maxLength={100}
              placeholder="Devedor, CPF/CNPJ ou nº da inscrição"
              onChange={(e) => setTyped(e.target.value)}
              onKeyDown={(e) => e.key === 'Enter' && setFilter('q', typed.trim())}
              data-testid="history-search"
            />
          </label>
          <label>
            Status
            <select value={status} onChange={(e) => setFilter('status', e.target.value)}>
              {STATUSES.map(([v, label]) => <option key={v} value={v}>{label}</option>)}
            </select>
          </label>
          <label>
            Período
            <select value={period} onChange={(e) => setFilter('period', e.target.value)}>
              {PERIODS.map(([v, label]) => <option key={v} value={v}>{label}</option>)}
            </select>
          </label>
        </div>

        {error && <p className="alert alert-red" role="alert">Erro ao carregar histórico: {(error as Error).message}</p>}
        {isLoading && !data && <p className="muted">Carregando histórico...</p>}

        {data && (
          <>
            <div className="list-meta">
              <strong data-testid="history-total">{plural(total, 'extração encontrada', 'extrações encontradas')}</strong>
              {total > 0 && <span className="muted" data-testid="history-page">Página {Math.min(page, pageCount)} de {pageCount}</span>}
            </div>
            <AnalysisList
              analyses={data.items}
              showTokens
              empty={
                <div className="empty">
                  <p><strong>Nenhuma extração encontrada</strong></p>
                  <p className="muted">Tente ajustar os filtros ou realizar uma nova extração</p>
                  <Link className="button" to="/simulator">Nova extração</Link>
                </div>
              }
            />
            {total > 0 && (
              <p className="muted small" data-testid="history-range">
                Mostrando {from} a {to} de {plural(total, 'extração', 'extrações')}
              </p>
            )}
            <Pagination page={page} pageCount={pageCount} onChange={(p) => update({ page: String(p) })} />
          </>
        )}
      </section>
    </div>
  );
}
