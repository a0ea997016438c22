import { createContext, ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { apiJson, tokenStore } from '../api/client';
import type { Session, User } from '../api/types';

interface AuthState {
  token: string | null;
  user: User | null;
  login(email: string, password: string): Promise<User>;
  register(input: { name: string; email: string; password: string }): Promise<void>;
  logout(): void;
}

const AuthContext = createContext<AuthState | null>(null);
const USER_KEY = 'cda.user';

export function AuthProvider({ children }: { children: ReactNode }) {
  const [token, setToken] = useState<string | null>(() => tokenStore.get());
  const [user, setUser] = useState<User | null>(() => {
    const raw = localStorage.getItem(USER_KEY);
    return raw ? (JSON.parse(raw) as User) : null;
  });

  const logout = useCallback(() => {
    tokenStore.clear();
    localStorage.removeItem(USER_KEY);
    setToken(null);
    setUser(null);
  }, []);

  useEffect(() => {
    window.addEventListener('cda:logout', logout);
    return () => window.removeEventListener('cda:logout', logout);
  }, [logout]);

  const login = useCallback(async (email: string, password: string) => {
    const session = await apiJson<Session>('/auth/login', { method: 'POST', body: JSON.stringify({ email, password }) });
    tokenStore.set(session.token);
    localStorage.setItem(USER_KEY, JSON.stringify(session.user));
    setToken(session.token);
    setUser(session.user);
    return session.user;
  }, []);

  const register = useCallback(async (input: { name: string; email: string; password: string }) => {
    await apiJson<Session>('/auth/register', { method: 'POST', body: JSON.stringify(input) });
  }, []);

  const value = useMemo(() => ({ token, user, login, register, logout }), [token, user, login, register, logout]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth outside AuthProvider');
  return ctx;
}
