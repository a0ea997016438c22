import { useState } from 'react';
import type { UserRole } from '@cda/shared';
import type { Figure, UserStatus } from '../api/admin';
import './admin.css';

/** A figure card; `change` is the % versus the previous month (none when there is nothing to compare). */
export function StatCard({ label, value, change, accent = 'blue' }: { label: string; value: string; change?: Figure['change']; accent?: string }) {
  let trend = null;
  if (change !== undefined) {
    const cls = change === null || change === 0 ? 'flat' : change > 0 ? 'up' : 'down';
    const text =
      change === null
        ? 'sem base no mês anterior'
        : `${change > 0 ? '▲ +' : change < 0 ? '▼ ' : ''}${change.toLocaleString('pt-BR', { maximumFractionDigits: 1 })}% vs. mês anterior`;
    trend = <span className={`admin-stat-change ${cls}`}>{text}</span>;
  }
  return (
    <div className={`admin-stat accent-${accent}`}>
      <span className="admin-stat-label">{label}</span>
      <span className="admin-stat-value">{value}</span>
      {trend}
    </div>
  );
}

/** The red banner for a failed action; the server's message goes under the screen's own title. */
export function ErrorBanner({ title, detail, onClose }: { title: string; detail?: string; onClose?(): void }) {
  return (
    <div className="alert alert-red admin-banner" role="alert">
      <div>
        <strong>{title}</strong>
        {detail && detail !== title && <div className="small">{detail}</div>}
      </div>
      {onClose && <button type="button" aria-label="Fechar aviso" onClick={onClose}>×</button>}
    </div>
  );
}

/** The outcome of the last action: green for success, the red banner for a failure; both dismissible. */
export type NoticeState = { ok: boolean; title: string; detail?: string } | null;

export function Notice({ notice, onClose }: { notice: NoticeState; onClose(): void }) {
  if (!notice) return null;
  if (!notice.ok) return <ErrorBanner title={notice.title} detail={notice.detail} onClose={onClose} />;
  return (
    <div className="alert alert-green admin-banner" role="status">
      <span>{notice.title}</span>
      <button type="button" aria-label="Fechar aviso" onClick={onClose}>×</button>
    </div>
  );
}

export const STATUS_LABELS: Record<UserStatus, string> = { active: 'Ativo', pending: 'Pendente', suspended: 'Suspenso' };
const STATUS_BADGE: Record<UserStatus, string> = { active: 'badge-green', pending: 'badge-yellow', suspended: 'badge-red' };

export function UserStatusBadge({ status }: { status: UserStatus }) {
  return <span className={`badge ${STATUS_BADGE[status] ?? 'badge-grey'}`}>{STATUS_LABELS[status] ?? status}</span>;
}

export const ROLE_LABELS: Record<UserRole, string> = { user: 'Usuário', admin: 'Administrador', root: 'Root' };

export function RoleLabel({ role }: { role: UserRole }) {
  return <span className={`role role-${role}`}>{ROLE_LABELS[role] ?? role}</span>;
}

/** Plan tokens spent this period; the bar stops at 100% even if the count went past it. */
export function UsageBar({ used, total, percent }: { used: number; total: number; percent: number }) {
  const p = Math.min(100, Math.max(0, percent));
  return (
    <div className="usage" title={`${used.toLocaleString('pt-BR')} de ${total.toLocaleString('pt-BR')} tokens`}>
      <div className={`usage-bar${p >= 100 ? ' full' : p >= 80 ? ' high' : ''}`} role="meter" aria-valuemin={0} aria-valuemax={100} aria-valuenow={p} aria-label="Uso de tokens">
        <span style={{ width: `${p}%` }} />
      </div>
      <small>{p}% usado</small>
    </div>
  );
}

/** Server error text for a banner's detail. */
export const messageOf = (err: unknown) => (err instanceof Error ? err.message : '');

/** Runs a modal's server call with its busy flag and its error banner. */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (err) {
      setError(messageOf(err) || 'Erro inesperado');
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
}
