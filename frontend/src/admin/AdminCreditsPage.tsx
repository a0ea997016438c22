import { FormEvent, useEffect, useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { CreditTransactionView, formatDateTime } from '@cda/shared';
import { fetcher } from '../api/client';
import type { Page } from '../api/types';
import { USERS_KEY, adminApi, query, useCredits, type AdminUser } from '../api/admin';
import { Dialog } from '../components/Dialog';
import { Field } from '../components/forms/Fields';
import { Pagination } from '../components/Pagination';
import { ErrorBanner, Notice, NoticeState, messageOf, useAction } from './AdminUi';
import { useDebounced } from '../components/useListControls';
import { RefundDialog } from './RefundDialog';

const TYPE_LABELS: Record<string, string> = {
  purchase: 'Compra',
  bonus: 'Bônus',
  refund: 'Reembolso',
  admin_grant: 'Concessão',
  reversal: 'Estorno',
  renewal: 'Renovação',
  reserve: 'Reserva',
  settle: 'Acerto',
};
const TYPE_BADGE: Record<string, string> = { purchase: 'badge-blue', bonus: 'badge-green', refund: 'badge-yellow', admin_grant: 'badge-green', reversal: 'badge-red' };
const STATUS_LABELS = { completed: 'Concluída', pending: 'Pendente', failed: 'Falhou' } as const;

/** `/admin/credits`: the token ledger (credit movements by default) and grants with a reason. */
export function AdminCreditsPage() {
  const [search, setSearch] = useState('');
  const [type, setType] = useState('');
  const [page, setPage] = useState(1);
  const [granting, setGranting] = useState(false);
  const [refunding, setRefunding] = useState<CreditTransactionView | null>(null);
  const [notice, setNotice] = useState<NoticeState>(null);
  const term = useDebounced(search.trim());
  const { data, error } = useCredits(query({ search: term, type, page }));
  const { mutate } = useSWRConfig();

  useEffect(() => setPage(1), [term, type]);
  /** A grant or a refund changed balances: close its dialog, say so, refetch the ledger and the users. */
  const finished = (close: () => void) => (message: string) => {
    close();
    setNotice({ ok: true, title: message });
    void mutate((key) => typeof key === 'string' && (key.startsWith('/admin/credits') || key.startsWith(USERS_KEY)));
  };
  useEffect(() => {
    if (data && page > data.pageCount) setPage(data.pageCount);
  }, [data, page]);

  return (
    <div className="admin-page">
      <div className="admin-head">
        <div>
          <h1>Gerenciar Créditos</h1>
          <p className="muted">Extrato de tokens de todos os usuários: compras, bônus, reembolsos, estornos e concessões.</p>
        </div>
        <div className="admin-head-actions">
          <button type="button" className="button" onClick={() => setGranting(true)}>Conceder Créditos</button>
        </div>
      </div>
      <Notice notice={notice} onClose={() => setNotice(null)} />
      {error && <ErrorBanner title="Erro ao carregar transações" detail={messageOf(error)} />}
      <section className="card">
        <div className="admin-filters">
          <input type="search" placeholder="Buscar por usuário, e-mail ou descrição..." aria-label="Buscar transações" value={search} onChange={(e) => setSearch(e.target.value)} />
          <select aria-label="Tipo" value={type} onChange={(e) => setType(e.target.value)}>
            <option value="">Movimentos de crédito</option>
            <option value="purchase">Compras</option>
            <option value="bonus">Bônus</option>
            <option value="refund">Reembolsos</option>
            <option value="admin_grant">Concessões do administrador</option>
            <option value="reversal">Estornos</option>
            <option value="all">Todo o extrato (inclui análises e renovações)</option>
          </select>
        </div>
        {!data && !error && <p className="muted">Carregando...</p>}
        {data && data.items.length === 0 && <p className="muted empty">Nenhuma transação encontrada</p>}
        {data && data.items.length > 0 && (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th>Usuário</th>
                  <th>Tipo</th>
                  <th className="num">Quantidade</th>
                  <th>Descrição</th>
                  <th>Data</th>
                  <th>Status</th>
                  <th>Ações</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((t) => (
                  <tr key={t.id}>
                    <td><div className="who"><strong>{t.userName}</strong><span>{t.userEmail}</span></div></td>
                    <td><span className={`badge ${TYPE_BADGE[t.type] ?? 'badge-grey'}`}>{TYPE_LABELS[t.type] ?? t.type}</span></td>
                    <td className={`num ${t.amount >= 0 ? 'amount-positive' : 'amount-negative'}`}>{t.amount > 0 ? '+' : ''}{t.amount.toLocaleString('pt-BR')}</td>
                    <td>
                      {t.description}
                      {t.grantedBy && <div className="muted small">por {t.grantedBy.name}</div>}
                    </td>
                    <td className="small nowrap">{formatDateTime(t.createdAt)}</td>
                    <td><span className="badge badge-green">{STATUS_LABELS[t.status] ?? t.status}</span></td>
                    <td>
                      {t.type === 'purchase' && t.order?.status === 'approved' && (
                        <div className="actions">
                          <button type="button" className="danger" onClick={() => setRefunding(t)}>Estornar pagamento</button>
                        </div>
                      )}
                      {t.type === 'purchase' && t.order?.status === 'refunded' && <span className="muted small">Pagamento estornado</span>}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {data && <Pagination page={page} pageCount={data.pageCount} onChange={setPage} />}
      </section>
      {refunding && (
        <RefundDialog
          order={refunding.order!}
          buyer={refunding.userName}
          paidAt={refunding.createdAt}
          what={refunding.description}
          onClose={() => setRefunding(null)}
          onDone={finished(() => setRefunding(null))}
        />
      )}
      {granting && (
        <GrantModal
          onClose={() => setGranting(false)}
          onDone={finished(() => setGranting(false))}
        />
      )}
    </div>
  );
}

/** Picks a user by name or e-mail from the server's search (accounts are too many for a select). */
function UserPicker({ value, onChange }: { value: AdminUser | null; onChange(u: AdminUser | null): void }) {
  const [text, setText] = useState('');
  const term = useDebounced(text.trim());
  const { data } = useSWR<Page<AdminUser>>(!value && term.length >= 2 ? `${USERS_KEY}${query({ search: term, pageSize: 8 })}` : null, fetcher);
  if (value) {
    return (
      <div className="chosen">
        <span><strong>{value.name}</strong> <span className="muted small">{value.email}</span></span>
        <button type="button" className="link" onClick={() => onChange(null)}>Trocar</button>
      </div>
    );
  }
  return (
    <div className="user-picker">
      <input type="search" placeholder="Digite nome ou e-mail..." aria-label="Usuário" value={text} onChange={(e) => setText(e.target.value)} autoFocus />
      {data && term.length >= 2 && (
        <ul role="listbox">
          {data.items.length === 0 && <li className="muted small" style={{ padding: '.45rem .5rem' }}>Nenhum usuário encontrado</li>}
          {data.items.map((u) => (
            <li key={u.id}>
              <button type="button" role="option" aria-selected={false} onClick={() => onChange(u)}>
                <strong>{u.name}</strong> <span className="muted small">{u.email}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function GrantModal({ onClose, onDone }: { onClose(): void; onDone(message: string): void }) {
  const [user, setUser] = useState<AdminUser | null>(null);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const { busy, error, run } = useAction();
  const n = Number(amount);
  const badAmount = amount.trim() !== '' && (!Number.isInteger(n) || n <= 0);
  const ready = !!user && amount.trim() !== '' && !badAmount && reason.trim() !== '';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!ready) return;
    await run(async () => {
      const saved = await adminApi.grant(user!.id, n, reason.trim());
      onDone(`${n.toLocaleString('pt-BR')} créditos concedidos a ${saved.name}. Saldo: ${saved.tokens.toLocaleString('pt-BR')} tokens.`);
    });
  };

  return (
    <Dialog
      title="Conceder Créditos"
      onClose={onClose}
      actions={<button type="submit" form="grant-form" className="button" disabled={busy || !ready}>{busy ? 'Concedendo...' : 'Conceder'}</button>}
    >
      {error && <ErrorBanner title="Erro ao adicionar créditos" detail={error} />}
      <form id="grant-form" className="admin-form" onSubmit={submit} noValidate>
        <div className="field full">
          <span>Usuário *</span>
          <UserPicker value={user} onChange={setUser} />
        </div>
        <Field label="Quantidade *" error={badAmount ? 'Informe um número inteiro maior que zero.' : undefined}>
          <input type="number" min={1} step={1} value={amount} onChange={(e) => setAmount(e.target.value)} />
        </Field>
        <div className="full">
          <Field label="Motivo *"><textarea rows={2} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} placeholder="Ex.: compensação pela indisponibilidade de 12/11" /></Field>
        </div>
      </form>
    </Dialog>
  );
}
