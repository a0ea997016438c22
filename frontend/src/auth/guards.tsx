import { ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router-dom';
import { loginPathFor, safeNextPath } from '@cda/shared';
import { CHANGE_PASSWORD_PATH, isAdmin, useAuth } from './AuthContext';

/**
 * /login?next=<this page>: after signing in, the guest lands where the link pointed. Not after the
 * user's own "Sair" (the page they left is no destination for whoever signs in next).
 */
function ToLogin() {
  const { signedOut } = useAuth();
  const { pathname, search, hash } = useLocation();
  return <Navigate to={signedOut ? '/login' : loginPathFor(`${pathname}${search}${hash}`)} replace />;
}

/** Shown instead of any route while the stored session is checked. */
export function Spinner() {
  return (
    <div className="spinner-page" role="status" aria-label="Carregando">
      <span className="spinner" />
    </div>
  );
}

/**
 * /login, /register, /forgot-password, /confirm-email: a signed-in user is sent on, to `?next=` when it
 * is a path of this site (safeNextPath refuses anything a browser could read as another origin), else
 * to their area. A required password change comes first.
 */
export function GuestOnly() {
  const { loading, user, home } = useAuth();
  const [params] = useSearchParams();
  if (loading) return <Spinner />;
  if (!user) return <Outlet />;
  const next = user.mustChangePassword ? null : safeNextPath(params.get('next'));
  return <Navigate to={next ?? home} replace />;
}

/**
 * Pages anyone may open (the payment results): with the user's layout when signed in, bare otherwise.
 * A user who must change the password is not kept from them (they show no account data).
 */
export function PublicOrUser({ layout }: { layout?: (page: ReactNode) => ReactNode }) {
  const { loading, user } = useAuth();
  if (loading) return <Spinner />;
  return <>{user && !user.mustChangePassword && layout ? layout(<Outlet />) : <Outlet />}</>;
}

/** The user area: guests go to /login (and come back after). `layout` wraps the pages (the user shell). */
export function RequireUser({ layout }: { layout?: (page: ReactNode) => ReactNode }) {
  const { loading, user } = useAuth();
  if (loading) return <Spinner />;
  if (!user) return <ToLogin />;
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
  if (!user) return <ToLogin />;
  if (user.mustChangePassword) return <Navigate to={CHANGE_PASSWORD_PATH} replace />;
  if (!isAdmin(user)) return <Navigate to="/dashboard" replace />;
  return <>{layout ? layout(<Outlet />) : <Outlet />}</>;
}
