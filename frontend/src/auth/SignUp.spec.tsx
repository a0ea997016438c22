import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { SIGNUP_CHECK_EMAIL } from '@cda/shared';
import { App } from '../App';
import { aUser, reply } from '../test/fixtures';

const ana = aUser();

let posts: { url: string; body: unknown }[] = [];
function serve(confirm: () => Response) {
  posts = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (init?.method === 'POST') posts.push({ url, body: JSON.parse(String(init.body)) });
    if (url.endsWith('/api/auth/policy')) return reply({ minPasswordLength: 6, requireSpecialChars: false, registrationEnabled: true });
    // The server answers a new and a taken e-mail alike.
    if (url.endsWith('/api/auth/register')) return reply({ message: SIGNUP_CHECK_EMAIL }, 202);
    if (url.endsWith('/api/auth/confirm-email')) return confirm();
    if (url.endsWith('/api/auth/me')) return reply(ana);
    if (url.endsWith('/api/dashboard')) {
      return reply({ user: ana, analysesCount: 0, tokens: 1_000_000, tokensPlan: 1_000_000, planId: 'free', planName: 'Gratuito', planExpiresAt: null, recentAnalyses: [] });
    }
    return reply({ items: [], total: 0, page: 1, pageCount: 1 });
  }) as typeof fetch;
}

function open(path: string) {
  localStorage.clear();
  sessionStorage.clear();
  window.history.pushState({}, '', path);
  render(<App />);
}

describe('sign-up by e-mail confirmation', () => {
  it('after sending, tells the person to check their e-mail (the same whatever the e-mail)', async () => {
    serve(() => reply({}, 500));
    open('/register');
    fireEvent.input(await screen.findByLabelText('Nome completo'), { target: { value: 'Ana Lima' } });
    fireEvent.input(screen.getByLabelText('E-mail'), { target: { value: 'ana@teste.com.br' } });
    fireEvent.change(screen.getByLabelText('WhatsApp'), { target: { value: '(11) 98765-4321' } });
    fireEvent.input(screen.getByLabelText('Senha'), { target: { value: 'senha-forte-1' } });
    fireEvent.input(screen.getByLabelText('Confirmar senha'), { target: { value: 'senha-forte-1' } });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect(await screen.findByRole('heading', { name: 'Verifique seu e-mail' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(SIGNUP_CHECK_EMAIL);
    expect(screen.getByText('ana@teste.com.br')).toBeInTheDocument();
    expect(posts).toEqual([{ url: '/api/auth/register', body: { name: 'Ana Lima', email: 'ana@teste.com.br', whatsapp: '11987654321', password: 'senha-forte-1' } }]);
  });

  it('the e-mailed link creates the account once and signs in', async () => {
    serve(() => reply({ token: 'jwt-novo', user: ana }, 201));
    open('/confirm-email?token=abcdefghijklmnopqrstuvwxyz012345');
    expect(await screen.findByRole('heading', { name: 'Olá, Ana Lima!' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/dashboard');
    expect(posts.filter((p) => p.url.endsWith('/confirm-email'))).toEqual([{ url: '/api/auth/confirm-email', body: { token: 'abcdefghijklmnopqrstuvwxyz012345' } }]);
  });

  it('a spent or expired link says so in pt-BR', async () => {
    serve(() => reply({ message: 'Link de confirmação inválido ou expirado. Faça o cadastro novamente.' }, 400));
    open('/confirm-email?token=abcdefghijklmnopqrstuvwxyz012345');
    expect(await screen.findByRole('alert')).toHaveTextContent('Link de confirmação inválido ou expirado. Faça o cadastro novamente.');
    await waitFor(() => expect(window.location.pathname).toBe('/confirm-email'));
  });
});
