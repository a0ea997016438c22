import useSWR from 'swr';
import { API_TOKEN_SCOPE_LABELS, type ApiTokenView } from '@cda/shared';
import { apiJson, fetcher } from '../api/client';
import type { AdminUser } from '../api/admin';
import { Dialog } from '../components/Dialog';
import { ErrorBanner, useAction } from './AdminUi';

const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'short' }) : '—';

/** A user's personal API tokens, as the back office sees them (never the secret); each revocation is audited. */
export function UserApiTokensModal({ user, onClose }: { user: AdminUser; onClose(): void }) {
  const { data: tokens, error: loadError, mutate } = useSWR<ApiTokenView[]>(`/admin/users/${user.id}/api-tokens`, fetcher);
  const { busy, error, run } = useAction();

  const revoke = (t: ApiTokenView) =>
    run(async () => {
      await apiJson(`/admin/api-tokens/${t.id}`, { method: 'DELETE' });
      await mutate();
    });

  return (
    <Dialog title={`Tokens de API de ${user.name}`} onClose={onClose} wide>
      {(error || loadError) && <ErrorBanner title="Erro nos tokens de API" detail={error ?? (loadError as Error).message} />}
      {!tokens && !loadError && <p className="muted">Carregando...</p>}
      {tokens?.length === 0 && <p className="muted">Este usuário não criou tokens de API.</p>}
      {tokens && tokens.length > 0 && (
        <table className="table" aria-label="Tokens de API do usuário">
          <thead>
            <tr><th>Nome</th><th>Token</th><th>Permissão</th><th>Criado</th><th>Expira</th><th>Último uso</th><th /></tr>
          </thead>
          <tbody>
            {tokens.map((t) => (
              <tr key={t.id}>
                <td>{t.name}</td>
                <td><code>{t.displayPrefix}…</code></td>
                <td>{API_TOKEN_SCOPE_LABELS[t.scopes.includes('analyses:write') ? 'analyses:write' : 'analyses:read']}</td>
                <td>{when(t.createdAt)}</td>
                <td>{t.expiresAt ? when(t.expiresAt) : 'Nunca'}</td>
                <td>{t.lastUsedAt ? when(t.lastUsedAt) : 'Nunca usado'}</td>
                <td>
                  {t.revokedAt ? (
                    <span className="badge badge-grey">Revogado {when(t.revokedAt)}</span>
                  ) : (
                    <button type="button" className="button secondary" disabled={busy} onClick={() => void revoke(t)}>Revogar</button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="muted small">A revogação vale na próxima requisição do token e fica registrada na auditoria.</p>
    </Dialog>
  );
}
