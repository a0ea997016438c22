import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { RENEWAL_STATE_LABELS, formatDateTime, formatPhone, formatPlanDate } from '@cda/shared';
import { apiJson } from '../api/client';
import { USERS_KEY, adminApi, exportUsers, query, useAdminPlans, useAdminUsers, useUserStats, type AdminUser, type UserStatus } from '../api/admin';
import { useAuth } from '../auth/AuthContext';
import { Pagination } from '../components/Pagination';
import { ErrorBanner, Notice, NoticeState, RoleLabel, STATUS_LABELS, StatCard, UsageBar, UserStatusBadge, messageOf } from './AdminUi';
import { useDebounced } from '../components/useListControls';
import { AddCreditsModal, DeleteUserModal, EditUserModal, NewUserModal, SuspendUserModal } from './UserModals';
import { UserApiTokensModal } from './UserApiTokensModal';

type Modal = { kind: 'new' } | { kind: 'edit' | 'credits' | 'delete' | 'suspend' | 'api-tokens'; user: AdminUser } | null;

/** `/admin/users`: every account, filtered on the server, 10 per page; `?user=ID` opens that account. */
export function AdminUsersPage() {
  const { user: me } = useAuth();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('all');
  const [plan, setPlan] = useState('all');
  const [page, setPage] = useState(1);
  const [modal, setModal] = useState<Modal>(null);
  const [banner, setBanner] = useState<NoticeState>(null);
  const [exporting, setExporting] = useState(false);
  const term = useDebounced(search.trim());
  const filters = query({ search: term, status, plan });
  const list = useAdminUsers(query({ search: term, status, plan, page }));
  const stats = useUserStats();
  const plans = useAdminPlans().data ?? [];
  const { mutate } = useSWRConfig();

  useEffect(() => setPage(1), [term, status, plan]);
  // After a deletion (or any change) the last page may be gone: step back to the new last one.
  useEffect(() => {
    if (list.data && page > list.data.pageCount) setPage(list.data.pageCount);
  }, [list.data, page]);
  // The dashboard links here with ?user=ID: open that account.
  const linked = params.get('user');
  useEffect(() => {
    if (!linked) return;
    apiJson<AdminUser>(`${USERS_KEY}/${encodeURIComponent(linked)}`)
      .then((u) => setModal({ kind: 'edit', user: u }))
      .catch((err) => setBanner({ ok: false, title: 'Erro ao carregar usuários', detail: messageOf(err) }));
  }, [linked]);

  const closeModal = () => {
    setModal(null);
    if (linked) setParams({}, { replace: true });
  };
  /** Every users key (list pages and stats) is stale after a change. */
  const refresh = () => mutate((key) => typeof key === 'string' && key.startsWith(USERS_KEY));
  const done = (message: string) => {
    closeModal();
    setBanner({ ok: true, title: message });
    void refresh();
    void mutate('/admin/plans');
  };

  const toggle = async (u: AdminUser) => {
    try {
      await adminApi.setStatus(u.id, u.status !== 'suspended');
      setBanner({ ok: true, title: u.status === 'suspended' ? `${u.name} reativado.` : `${u.name} suspenso.` });
      void refresh();
    } catch (err) {
      setBanner({ ok: false, title: 'Erro ao alterar status do usuário', detail: messageOf(err) });
    }
  };

  const doExport = async () => {
    setExporting(true);
    try {
      await exportUsers(filters);
    } catch (err) {
      setBanner({ ok: false, title: 'Erro ao exportar usuários', detail: messageOf(err) });
    } finally {
      setExporting(false);
    }
  };

  const isRoot = me?.role === 'root';
  const n = (v: number | undefined) => (v ?? 0).toLocaleString('pt-BR');
  const data = list.data;

  return (
    <div className="admin-page">
      <div className="admin-head">
        <div>
          <h1>Gerenciar Usuários</h1>
          <p className="muted">Contas, planos, créditos e acesso.</p>
        </div>
        <div className="admin-head-actions">
          <button type="button" className="button ghost" onClick={doExport} disabled={exporting}>{exporting ? 'Exportando...' : 'Exportar CSV'}</button>
          <button type="button" className="button" onClick={() => setModal({ kind: 'new' })}>Novo Usuário</button>
        </div>
      </div>

      <section className="admin-stats" aria-label="Resumo de usuários">
        <StatCard label="Total" value={n(stats.data?.total)} accent="blue" />
        <StatCard label="Ativos" value={n(stats.data?.active)} accent="green" />
        <StatCard label="Pendentes" value={n(stats.data?.pending)} accent="amber" />
        <StatCard label="Suspensos" value={n(stats.data?.suspended)} accent="red" />
      </section>

      <Notice notice={banner} onClose={() => setBanner(null)} />
      {list.error && <ErrorBanner title="Erro ao carregar usuários" detail={messageOf(list.error)} />}

      <section className="card">
        <div className="admin-filters">
          <input type="search" placeholder="Buscar por nome, e-mail ou ID..." aria-label="Buscar usuários" value={search} onChange={(e) => setSearch(e.target.value)} />
          <select aria-label="Status" value={status} onChange={(e) => setStatus(e.target.value)}>
            <option value="all">Todos os status</option>
            {(Object.keys(STATUS_LABELS) as UserStatus[]).map((s) => <option key={s} value={s}>{STATUS_LABELS[s]}</option>)}
          </select>
          <select aria-label="Plano" value={plan} onChange={(e) => setPlan(e.target.value)}>
            <option value="all">Todos os planos</option>
            {plans.map((p) => <option key={p.id} value={p.id}>{p.name}</option>)}
          </select>
        </div>

        {!data && !list.error && <p className="muted">Carregando...</p>}
        {data && data.items.length === 0 && <p className="muted empty">Nenhum usuário encontrado</p>}
        {data && data.items.length > 0 && (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th>Usuário</th>
                  <th>Plano</th>
                  <th>Uso</th>
                  <th className="num">Créditos</th>
                  <th>Papel</th>
                  <th>Status</th>
                  <th>Último acesso</th>
                  <th className="num">Ações</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((u) => {
                  const self = u.id === me?.id;
                  const guarded = u.role === 'root' && !isRoot;
                  return (
                    <tr key={u.id}>
                      <td>
                        <div className="who">
                          <strong>{u.name}</strong>
                          <span title={u.email}>{u.email}</span>
                          {(u.whatsapp || u.phone) && (
                            <span className="muted small" data-testid="user-contact">
                              {u.whatsapp ? `WhatsApp ${formatPhone(u.whatsapp)}` : `Tel. ${formatPhone(u.phone)}`}
                            </span>
                          )}
                        </div>
                      </td>
                      <td>
                        {u.planName}
                        {u.planExpiresAt && (
                          <small className="muted" style={{ display: 'block' }} data-testid="user-plan-period">
                            até {formatPlanDate(u.planExpiresAt)}{u.renewal ? ` · ${RENEWAL_STATE_LABELS[u.renewal]}` : ''}
                          </small>
                        )}
                      </td>
                      <td>
                        <UsageBar used={u.tokensUsed} total={u.tokenLimit} percent={u.usagePercent} />
                        {u.tokenLimitOverridden && <small className="muted" title={`Limite próprio da conta: ${n(u.tokenLimit)} tokens (plano: ${n(u.planTokenLimit)})`}>limite próprio</small>}
                      </td>
                      <td className="num">{n(u.credits)}</td>
                      <td><RoleLabel role={u.role} /></td>
                      <td><UserStatusBadge status={u.status} /></td>
                      <td className="small when">{u.lastLoginAt ? formatDateTime(u.lastLoginAt) : <span className="muted">Nunca</span>}</td>
                      <td>
                        <div className="actions" aria-label={`Ações para ${u.name}`}>
                          <button type="button" disabled={guarded} onClick={() => setModal({ kind: 'edit', user: u })}>Editar</button>
                          <button type="button" className="ok" onClick={() => setModal({ kind: 'credits', user: u })}>Créditos</button>
                          <button type="button" onClick={() => setModal({ kind: 'api-tokens', user: u })}>Tokens de API</button>
                          {u.status === 'suspended' ? (
                            <button type="button" className="ok" disabled={guarded} onClick={() => void toggle(u)}>Reativar</button>
                          ) : (
                            <button type="button" className="warn" disabled={guarded || self} onClick={() => setModal({ kind: 'suspend', user: u })}>Suspender</button>
                          )}
                          <button
                            type="button"
                            className="danger"
                            disabled={self || u.role === 'root'}
                            title={u.role === 'root' ? 'Um usuário root não pode ser excluído' : self ? 'Você não pode excluir a sua própria conta' : undefined}
                            onClick={() => setModal({ kind: 'delete', user: u })}
                          >
                            Excluir
                          </button>
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        {data && <Pagination page={page} pageCount={data.pageCount} onChange={setPage} />}
        {data && data.total > 0 && (
          <p className="muted small">{data.total.toLocaleString('pt-BR')} {data.total === 1 ? 'usuário' : 'usuários'}</p>
        )}
      </section>

      {modal?.kind === 'new' && <NewUserModal plans={plans} onClose={closeModal} onDone={done} />}
      {modal?.kind === 'edit' && me && <EditUserModal user={modal.user} plans={plans} actorRole={me.role} onClose={closeModal} onDone={done} />}
      {modal?.kind === 'credits' && <AddCreditsModal user={modal.user} onClose={closeModal} onDone={done} />}
      {modal?.kind === 'api-tokens' && <UserApiTokensModal user={modal.user} onClose={closeModal} />}
      {modal?.kind === 'delete' && <DeleteUserModal user={modal.user} onClose={closeModal} onDone={done} />}
      {modal?.kind === 'suspend' && <SuspendUserModal user={modal.user} onClose={closeModal} onDone={done} />}
    </div>
  );
}
