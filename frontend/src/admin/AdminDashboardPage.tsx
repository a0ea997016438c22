import { Link, useNavigate } from 'react-router-dom';
import { formatCentavos, formatDateTime, type TicketStatus } from '@cda/shared';
import { useAdminDashboard, type UserStatus } from '../api/admin';
import { ErrorBanner, StatCard, UserStatusBadge, messageOf } from './AdminUi';
import { TicketStatusBadge } from '../tickets/TicketParts';

/** `/admin`: the platform at a glance, every figure counted by the server from Postgres. */
export function AdminDashboardPage() {
  const { data, error, isLoading } = useAdminDashboard();
  const navigate = useNavigate();
  const n = (v: number) => v.toLocaleString('pt-BR');

  return (
    <div className="admin-page">
      <div className="admin-head">
        <div>
          <h1>Painel Administrativo</h1>
          <p className="muted">Visão geral da plataforma, com dados reais e variação em relação ao mês anterior.</p>
        </div>
      </div>
      {error && <ErrorBanner title="Erro ao carregar o painel" detail={messageOf(error)} />}
      {isLoading && <p className="muted">Carregando...</p>}
      {data && (
        <>
          <section className="admin-stats" aria-label="Indicadores">
            <StatCard label="Total de usuários" value={n(data.totalUsers.value)} change={data.totalUsers.change} accent="blue" />
            <StatCard label="Tickets abertos" value={n(data.openTickets.value)} change={data.openTickets.change} accent="amber" />
            <StatCard label="Receita do mês" value={formatCentavos(data.revenueThisMonth.value)} change={data.revenueThisMonth.change} accent="green" />
            <StatCard label="Análises hoje" value={n(data.analysesToday.value)} change={data.analysesToday.change} accent="purple" />
          </section>
          <div className="admin-columns">
            <section className="card">
              <h2>Tickets recentes</h2>
              {data.recentTickets.length === 0 ? (
                <p className="muted">Nenhum ticket encontrado</p>
              ) : (
                <ul className="admin-list">
                  {data.recentTickets.map((t) => (
                    <li key={t.id}>
                      <button type="button" onClick={() => navigate(`/admin/tickets?ticket=${t.id}`)}>
                        <span className="who">
                          <strong>#{t.number} · {t.title}</strong>
                          <span className="muted small">{t.userName} · {formatDateTime(t.createdAt)}</span>
                        </span>
                        <TicketStatusBadge status={t.status as TicketStatus} />
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section className="card">
              <h2>Usuários recentes</h2>
              {data.recentUsers.length === 0 ? (
                <p className="muted">Nenhum usuário encontrado</p>
              ) : (
                <ul className="admin-list">
                  {data.recentUsers.map((u) => (
                    <li key={u.id}>
                      <button type="button" onClick={() => navigate(`/admin/users?user=${u.id}`)}>
                        <span className="who">
                          <strong>{u.name}</strong>
                          <span className="muted small">{u.email} · {formatDateTime(u.createdAt)}</span>
                        </span>
                        <UserStatusBadge status={u.status as UserStatus} />
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </div>
          <section className="card">
            <h2>Acesso rápido</h2>
            <nav className="quick-links" aria-label="Acesso rápido">
              <Link to="/admin/users">Gerenciar usuários<span>Criar, editar, suspender e exportar</span></Link>
              <Link to="/admin/tickets">Responder tickets<span>Central de suporte</span></Link>
              <Link to="/admin/plans">Planos<span>Preços, limites e recursos</span></Link>
              <Link to="/admin/credits">Créditos<span>Extrato de tokens e concessões</span></Link>
            </nav>
          </section>
        </>
      )}
    </div>
  );
}
