import { act, render, screen, waitFor } from '@testing-library/react';
import { App } from '../App';
import type { User } from '../api/types';
import { aUser, reply } from '../test/fixtures';

const person = (role: User['role']) => aUser({ role });

/** The server's answers: /auth/me says who the stored token belongs to; everything else is empty. */
function serve(me: User | null, gate?: Promise<void>) {
  global.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.endsWith('/api/auth/me')) {
      await gate;
      return me ? reply(me) : reply({ message: 'Sessão expirada ou inválida. Entre novamente.' }, 401);
    }
    if (url.endsWith('/api/auth/policy')) return reply({ minPasswordLength: 6, requireSpecialChars: false, registrationEnabled: true });
    if (url.endsWith('/api/dashboard')) {
      return reply({ user: me, analysesCount: 0, tokens: 1_000_000, tokensPlan: 1_000_000, planId: 'free', planName: 'Gratuito', planExpiresAt: null, recentAnalyses: [] });
    }
    if (url.endsWith('/api/admin/dashboard')) {
      const zero = { value: 0, change: null };
      return reply({ totalUsers: zero, openTickets: zero, revenueThisMonth: zero, analysesToday: zero, sources: { tickets: true, payments: true }, recentTickets: [], recentUsers: [] });
    }
    if (url.endsWith('/public')) {
      // The public view of an order: no payer data.
      return reply({ id: 'o1', kind: 'plan', itemId: 'basic', itemName: 'Plano Basic - Mensal', billingCycle: 'monthly', tokens: 5_000_000, amountCents: 4900, method: 'card', installments: 1, status: 'approved', statusDetail: 'accredited', reason: null, approvedAt: '2026-01-01T12:00:00Z', createdAt: '2026-01-01T12:00:00Z', updatedAt: '2026-01-01T12:00:00Z' });
    }
    return reply({ items: [], total: 0, page: 1, pageCount: 1 });
  }) as typeof fetch;
}

function open(path: string, stored?: { token: string; user: string }) {
  localStorage.clear();
  sessionStorage.clear();
  if (stored) {
    localStorage.setItem('cda.token', stored.token);
    localStorage.setItem('cda.user', stored.user);
  }
  window.history.pushState({}, '', path);
  render(<App />);
}

const signedInAs = (role: User['role']) => ({ token: 'token-valido', user: JSON.stringify(person(role)) });

describe('route guards', () => {
  it('sends guests from / and unknown paths to /login', async () => {
    serve(null);
    open('/qualquer-coisa');
    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
  });

  it('sends guests away from user and admin pages', async () => {
    serve(null);
    open('/admin');
    await screen.findByRole('button', { name: 'Entrar' });
    expect(window.location.pathname).toBe('/login');
  });

  it('shows a spinner while the stored session is checked, then sends a non-admin from /admin to /dashboard', async () => {
    let release!: () => void;
    serve(person('user'), new Promise<void>((r) => (release = r)));
    open('/admin', signedInAs('user'));
    expect(screen.getByRole('status', { name: 'Carregando' })).toBeInTheDocument();
    await act(async () => release());
    expect(await screen.findByRole('heading', { name: 'Olá, Ana Lima!' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/dashboard');
  });

  it('sends a signed-in admin from guest-only pages to /admin', async () => {
    serve(person('root'));
    open('/register', signedInAs('root'));
    expect(await screen.findByRole('heading', { name: 'Painel Administrativo' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/admin');
  });

  it('follows the server when the stored role is stale', async () => {
    serve(person('user'));
    open('/admin', signedInAs('admin'));
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard'));
  });

  it('holds an account on a temporary password at /change-password, wherever it goes', async () => {
    const temporary = { ...person('user'), mustChangePassword: true };
    serve(temporary);
    open('/dashboard', { token: 'token-valido', user: JSON.stringify(temporary) });
    expect(await screen.findByRole('heading', { name: 'Troque sua senha' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/change-password');
  });

  it('sends everyone else away from /change-password', async () => {
    serve(person('user'));
    open('/change-password', signedInAs('user'));
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard'));
  });

  it('sends a guest to /login with the page as `next`', async () => {
    serve(null);
    open('/tickets?ticket=42');
    await screen.findByRole('button', { name: 'Entrar' });
    expect(`${window.location.pathname}${window.location.search}`).toBe('/login?next=%2Ftickets%3Fticket%3D42');
  });

  it('after sign-in, lands a user on a same-origin `next`', async () => {
    serve(person('user'));
    open('/login?next=%2Fhistory%3Fpage%3D2', signedInAs('user'));
    await waitFor(() => expect(`${window.location.pathname}${window.location.search}`).toBe('/history?page=2'));
  });

  it.each(['//evil.example', 'https://evil.example/', '/\\evil.example'])('ignores the foreign `next` %s and goes home', async (next) => {
    serve(person('user'));
    open(`/login?next=${encodeURIComponent(next)}`, signedInAs('user'));
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard'));
    expect(window.location.host).toBe('localhost');
  });

  it('opens the payment result pages without signing in', async () => {
    serve(null);
    open('/payment/success?order=o1');
    expect(await screen.findByRole('heading', { name: 'Pagamento Confirmado!' })).toBeInTheDocument();
    expect(screen.getByTestId('result-item')).toHaveTextContent('Plano Basic - Mensal');
    expect(window.location.pathname).toBe('/payment/success');
    expect((global.fetch as jest.Mock).mock.calls.map(([u]) => String(u))).toContain('/api/orders/o1/public');
  });

  it('clears corrupt stored session data', async () => {
    serve(null);
    open('/dashboard', { token: 'lixo', user: '{quebrado' });
    await screen.findByRole('button', { name: 'Entrar' });
    expect(localStorage.getItem('cda.token')).toBeNull();
    expect(localStorage.getItem('cda.user')).toBeNull();
  });
});
