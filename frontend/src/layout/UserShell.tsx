import { ReactNode, useEffect, useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import { isAdmin, useAuth } from '../auth/AuthContext';
import { useAnalysisEvents } from '../realtime/useAnalysisEvents';
import { refreshPushSubscription } from '../push';
import { planLabel, useDashboardData } from '../api/dashboard';
import './shell.css';

const LINKS: Array<[to: string, label: string]> = [
  ['/dashboard', 'Dashboard'],
  ['/simulator', 'Simulador'],
  ['/history', 'Histórico'],
  ['/tickets', 'Suporte'],
  ['/plans', 'Planos'],
  ['/profile', 'Perfil'],
];

/** The user area: sidebar (a drawer below 768 px) and a header with the user's name and plan. */
export function UserShell({ children }: { children: ReactNode }) {
  const { user, token, logout } = useAuth();
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  // The plan's display name lives in the plan table; the dashboard answer carries it (and is shared by the screens).
  const { data: dashboard } = useDashboardData();
  useAnalysisEvents(token);
  // A browser that already allowed notifications stays subscribed for when no tab is open.
  useEffect(() => {
    if (token) void refreshPushSubscription().catch(() => undefined);
  }, [token]);
  const signOut = () => {
    logout();
    navigate('/login', { replace: true });
  };
  return (
    <div className={`shell${open ? ' drawer-open' : ''}`}>
      <aside className="sidebar" aria-label="Menu principal">
        <strong className="brand">CDA Extractor</strong>
        <nav onClick={() => setOpen(false)}>
          {LINKS.map(([to, label]) => (
            <NavLink key={to} to={to}>{label}</NavLink>
          ))}
        </nav>
        {isAdmin(user) && <Link className="button secondary" to="/admin">Painel Admin</Link>}
        <button type="button" className="link sidebar-logout" onClick={signOut}>Sair</button>
      </aside>
      {open && <div className="drawer-backdrop" onClick={() => setOpen(false)} />}
      <div className="shell-main">
        <header className="shell-header">
          <button type="button" className="menu-toggle" aria-label="Abrir menu" onClick={() => setOpen((o) => !o)}>☰</button>
          <span className="shell-user">{user?.name}</span>
          {planLabel(dashboard, user?.plan) && <span className="badge badge-blue" data-testid="header-plan">{planLabel(dashboard, user?.plan)}</span>}
        </header>
        {children}
      </div>
    </div>
  );
}
