import { createContext, ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { ADMIN_ROLES, TwoFactorChallenge } from '@cda/shared';
import { ApiError, apiJson, tokenStore } from '../api/client';
import type { Session, User } from '../api/types';

export interface RegisterInput {
  name: string;
  email: string;
  whatsapp: string;
  password: string;
}

interface AuthState {
  /** True while a stored session is being checked with the server. */
  loading: boolean;
  token: string | null;
  user: User | null;
  /**
   * Checks the credentials without signing in, so the login screen can ask admins which area to open;
   * an administrator with two-factor authentication gets a challenge for the code instead of a session.
   */
  authenticate(email: string, password: string): Promise<Session | TwoFactorChallenge>;
  /** `area` is the login's Usuário/Administrador choice; it only matters for admins. */
  signIn(session: Session, remember: boolean, area?: Area): void;
  /** Where this user lands from a guest-only page. */
  home: string;
  /** Sends the sign-up; answers the server's "check your e-mail" text (the same for a taken e-mail). */
  register(input: RegisterInput): Promise<string>;
  /** After the profile changes the account (or the password, which comes with a new token). */
  refresh(update: { user?: User; token?: string }): void;
  /** The user signs out (a session the server ended, e.g. expired, is not this: it keeps the way back). */
  logout(): void;
  /** The last session ended by the user's own "Sair": /login then carries no `next` back to the page. */
  signedOut: boolean;
}

const AuthContext = createContext<AuthState | null>(null);
const USER_KEY = 'cda.user';

export type Area = 'user' | 'admin';

export const isAdmin = (user: Pick<User, 'role'> | null | undefined) => !!user && ADMIN_ROLES.includes(user.role);

/** Where an account still on an admin-issued temporary password is held until it sets its own. */
export const CHANGE_PASSWORD_PATH = '/change-password';

/**
 * Admins and root go to /admin unless they chose the user area at login; everyone else to /dashboard.
 * A temporary password comes first: the server refuses everything else until it is changed.
 */
export const homeFor = (user: User, area: Area = 'admin') =>
  user.mustChangePassword ? CHANGE_PASSWORD_PATH : isAdmin(user) && area === 'admin' ? '/admin' : '/dashboard';

function looksLikeUser(v: unknown): v is User {
  const u = v as Partial<User> | null;
  return !!u && typeof u === 'object' && typeof u.id === 'string' && typeof u.email === 'string' && typeof u.role === 'string';
}

/** The stored session, or nothing: anything unreadable or half-written is cleared rather than trusted. */
function readStoredSession(): { token: string; user: User } | null {
  const token = tokenStore.get();
  const raw = localStorage.getItem(USER_KEY) ?? sessionStorage.getItem(USER_KEY);
  try {
    const user: unknown = raw ? JSON.parse(raw) : null;
    if (token && looksLikeUser(user)) return { token, user };
  } catch {
    /* corrupt JSON: cleared below */
  }
  if (token || raw) clearStored();
  return null;
}

function storeUser(user: User, remember: boolean) {
  localStorage.removeItem(USER_KEY);
  sessionStorage.removeItem(USER_KEY);
  (remember ? localStorage : sessionStorage).setItem(USER_KEY, JSON.stringify(user));
}

function clearStored() {
  tokenStore.clear();
  localStorage.removeItem(USER_KEY);
  sessionStorage.removeItem(USER_KEY);
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [initial] = useState(readStoredSession);
  const [token, setToken] = useState<string | null>(initial?.token ?? null);
  const [user, setUser] = useState<User | null>(initial?.user ?? null);
  const [loading, setLoading] = useState(initial !== null);
  const [area, setArea] = useState<Area>('admin');

  const [signedOut, setSignedOut] = useState(false);

  const endSession = useCallback(() => {
    clearStored();
    setToken(null);
    setUser(null);
  }, []);

  const logout = useCallback(() => {
    setSignedOut(true);
    endSession();
  }, [endSession]);

  // A request refused for an expired or revoked session: the guard sends the user to sign in again and back.
  useEffect(() => {
    window.addEventListener('cda:logout', endSession);
    return () => window.removeEventListener('cda:logout', endSession);
  }, [endSession]);

  // The stored user may be stale (role, plan, suspension): the server's answer wins.
  useEffect(() => {
    if (!initial) return;
    let live = true;
    apiJson<User>('/auth/me')
      .then((fresh) => {
        if (!live) return;
        storeUser(fresh, tokenStore.remembered());
        setUser(fresh);
      })
      .catch((err: unknown) => {
        // 401 already signed out through the client; maintenance or a network blip keeps the session.
        if (live && err instanceof ApiError && err.status === 401) endSession();
      })
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [initial, endSession]);

  const authenticate = useCallback(
    (email: string, password: string) =>
      apiJson<Session | TwoFactorChallenge>('/auth/login', { method: 'POST', body: JSON.stringify({ email, password }) }),
    [],
  );

  const signIn = useCallback((session: Session, remember: boolean, chosen: Area = 'admin') => {
    setArea(chosen);
    setSignedOut(false);
    tokenStore.set(session.token, remember);
    storeUser(session.user, remember);
    setToken(session.token);
    setUser(session.user);
  }, []);

  const refresh = useCallback((update: { user?: User; token?: string }) => {
    const remember = tokenStore.remembered();
    if (update.token) {
      tokenStore.set(update.token, remember);
      setToken(update.token);
    }
    if (update.user) {
      storeUser(update.user, remember);
      setUser(update.user);
    }
  }, []);

  const register = useCallback(async (input: RegisterInput) => {
    const res = await apiJson<{ message: string }>('/auth/register', { method: 'POST', body: JSON.stringify(input) });
    return res.message;
  }, []);

  const home = user ? homeFor(user, area) : '/login';
  const value = useMemo(
    () => ({ loading, token, user, home, authenticate, signIn, register, refresh, logout, signedOut }),
    [loading, token, user, home, authenticate, signIn, register, refresh, logout, signedOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth outside AuthProvider');
  return ctx;
}
