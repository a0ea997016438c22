import { Link } from 'react-router-dom';
import useSWR from 'swr';
import { formatTokens } from '@cda/shared';
import { fetcher } from '../api/client';
import type { Analysis, User } from '../api/types';
import { useAuth } from '../auth/AuthContext';
import { AnalysisList } from '../components/AnalysisList';

interface Dashboard {
  user: User;
  analysesCount: number;
  tokens: number;
  tokensPlan: number;
  planId: string;
  planName: string;
  planExpiresAt: string | null;
  recentAnalyses: Analysis[];
}

/** The account at a glance, from GET /api/dashboard. (The full dashboard of issue 5 builds on this.) */
export function DashboardPage() {
  const { user } = useAuth();
  const { data, error } = useSWR<Dashboard>('/dashboard', fetcher);
  if (error) return <div className="page"><p className="alert alert-red">{(error as Error).message}</p></div>;
  if (!data) return <div className="page"><p className="muted">Carregando dashboard...</p></div>;
  const free = data.planId === 'free';
  return (
    <div className="page">
      <h1>Olá, {user?.name ?? data.user.name}!</h1>
      <div className="stat-grid">
        <div className="card stat" data-testid="stat-analyses">
          <span className="muted small">Extrações realizadas</span>
          <strong>{data.analysesCount.toLocaleString('pt-BR')}</strong>
        </div>
        <div className="card stat" data-testid="stat-tokens">
          <span className="muted small">Tokens restantes</span>
          <strong>{formatTokens(data.tokens)}</strong>
          <span className="muted small">{formatTokens(data.tokensPlan)} total</span>
        </div>
        <div className="card stat" data-testid="stat-plan">
          <span className="muted small">Plano atual</span>
          <strong>{data.planName}</strong>
          <span className="muted small">Ativo</span>
        </div>
        <div className="card stat" data-testid="stat-expiry">
          <span className="muted small">Validade do plano</span>
          <strong>{free || !data.planExpiresAt ? 'Gratuito' : new Date(data.planExpiresAt).toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' })}</strong>
        </div>
      </div>
      <section className="card">
        <div className="row-actions">
          <Link className="button" to="/simulator">Nova extração</Link>
          <Link className="button secondary" to="/plans">Fazer upgrade</Link>
        </div>
      </section>
      <section className="card">
        <h2>Análises recentes</h2>
        <AnalysisList analyses={data.recentAnalyses} />
      </section>
    </div>
  );
}
