import { ReactNode, useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/AuthContext';
import { NO_WORKER_ADMIN_NOTICE, formatDateTime } from '@cda/shared';
import { useAnalysisEvents } from '../realtime/useAnalysisEvents';
import { useProcessingStatus } from '../api/hooks';
import { useMailStatus } from '../api/admin';
import '../admin/admin-mail.css';
import './shell.css';

const LINKS: Array<[to: string, label: string]> = [
  ['/admin', 'Dashboard'],
  ['/admin/users', 'Usuários'],
  ['/admin/tickets', 'Tickets'],
  ['/admin/plans', 'Planos'],
  ['/admin/credits', 'Créditos'],
  ['/admin/orders', 'Pedidos'],
  ['/admin/emails', 'E-mails'],
  ['/admin/reports', 'Relatórios'],
  ['/admin/settings', 'Configurações'],
  ['/admin/queues', 'Filas'],
];

/** The back office: dark sidebar, header `Administrador`. */
export function AdminShell({ children }: { children: ReactNode }) {
  const { user, token, logout } = useAuth();
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  // As the user area does: straight to /login (the guard would too, without a `next`, after "Sair").
  const signOut = () => {
    logout();
    navigate('/login', { replace: true });
  };
  useAnalysisEvents(token);
  const { data: processing } = useProcessingStatus(!!token);
  const { data: mail } = useMailStatus();
  return (
    <div className={`shell shell-admin${open ? ' drawer-open' : ''}`}>
      <aside className="sidebar" aria-label="Menu administrativo">
        <strong className="brand">CDA Extractor</strong>
        <nav onClick={() => setOpen(false)}>
          {LINKS.map(([to, label]) => (
            <NavLink key={to} to={to} end={to === '/admin'}>{label}</NavLink>
          ))}
        </nav>
        <Link className="admin-user-view" to="/dashboard">Visão de Usuário</Link>
        <button type="button" className="admin-logout" onClick={signOut}>Sair</button>
      </aside>
      {open && <div className="drawer-backdrop" onClick={() => setOpen(false)} />}
      <div className="shell-main">
        <header className="shell-header">
          <button type="button" className="menu-toggle" aria-label="Abrir menu" onClick={() => setOpen((o) => !o)}>☰</button>
          <strong>Administrador</strong>
          <span className="shell-user">
            {user?.name} <span className={`admin-role admin-role-${user?.role}`}>{user?.role === 'root' ? 'Root' : 'Admin'}</span>
          </span>
        </header>
        {processing && processing.workersAlive === 0 && (
          <div className="alert alert-red shell-banner" role="alert" data-testid="no-worker-banner">
            <span>
              <strong>{NO_WORKER_ADMIN_NOTICE}</strong>
              {processing.noWorkerSince && ` Desde ${formatDateTime(processing.noWorkerSince)}.`}
            </span>
            <Link className="button" to="/admin/queues">Ver filas</Link>
          </div>
        )}
        {mail && (!mail.configured || mail.reachable === false) && (
          <div className="alert alert-yellow shell-banner" role="alert" data-testid="smtp-banner">
            <span>
              <strong>{mail.configured ? 'O servidor SMTP não responde: os e-mails não estão saindo.' : 'SMTP não configurado: nenhum e-mail está sendo enviado.'}</strong>{' '}
              Redefinições de senha, senhas temporárias e avisos ficam em E-mails até que o envio funcione.
              {mail.configured && mail.reply && <span className="small"> Resposta: {mail.reply}</span>}
            </span>
            <Link className="button" to="/admin/emails">Ver e-mails</Link>
          </div>
        )}
        {children}
      </div>
    </div>
  );
}
