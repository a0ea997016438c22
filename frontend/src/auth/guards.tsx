import { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { CHANGE_PASSWORD_PATH, isAdmin, useAuth } from './AuthContext';

/** Shown instead of any route while the stored session is checked. */
export function Spinner() {
  return (
    <div className="spinner-page" role="status" aria-label="Carregando">
      <span className="spinner" />
    </div>
  );
}

/** /login, /register, /forgot-password, /reset-password: a signed-in user is sent to their area. */
export function GuestOnly() {
  const { loading, user, home } = useAuth();
  if (loading) return <Spinner />;
  return user ? <Navigate to={home} replace /> : <Outlet />;
}

/** The user area: guests go to /login. `layout` wraps the pages (the user shell). */
export function RequireUser({ layout }: { layout?: (page: ReactNode) => ReactNode }) {
  const { loading, user } = useAuth();
  if (loading) return <Spinner />;
  if (!user) return <Navigate to="/login" replace />;
  if (user.mustChangePassword) return <Navigate to={CHANGE_PASSWORD_PATH} replace />;
  return <>{layout ? layout(<Outlet />) : <Outlet />}</>;
}

/**
 * /admin/**: guests go to /login, signed-in non-admins to /dashboard. The role is the server's (it
 * came with the session and is refreshed from /auth/me), and every /api/admin call is checked again
 * on the server, so this only spares users a screen they could not use.
 */
export function RequireAdmin({ layout }: { layout?: (page: ReactNode) => ReactNode }) {
  const { loading, user } = useAuth();
  if (loading) return <Spinner />;
  if (!user) return <Navigate to="/login" replace />;
  if (user.mustChangePassword) return <Navigate to={CHANGE_PASSWORD_PATH} replace />;
  if (!isAdmin(user)) return <Navigate to="/dashboard" replace />;
  return <>{layout ? layout(<Outlet />) : <Outlet />}</>;
}
