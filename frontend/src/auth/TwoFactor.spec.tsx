import { fireEvent, render, screen } from '@testing-library/react';
import { App } from '../App';
import { aUser, reply } from '../test/fixtures';

const root = aUser({ id: 'r1', email: 'root@teste.com.br', name: 'Rosa Root', role: 'root', tokens: 0, tokensPlan: 0 });
const QR = 'data:image/png;base64,iVBORw0KGgo=';

let posts: { url: string; body: Record<string, unknown> }[] = [];
function serve(routes: Record<string, (body: Record<string, unknown>) => Response>) {
  posts = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const path = url.replace(/^\/api/, '');
    if (init?.method === 'POST') {
      const body = JSON.parse(String(init.body));
      posts.push({ url: path, body });
      if (routes[path]) return routes[path](body);
    }
    if (path === '/auth/policy') return reply({ minPasswordLength: 6, requireSpecialChars: false, registrationEnabled: true });
    return reply({ items: [], total: 0, page: 1, pageCount: 1 });
  }) as typeof fetch;
}

async function logInWithPassword() {
  localStorage.clear();
  sessionStorage.clear();
  window.history.pushState({}, '', '/login');
  render(<App />);
  fireEvent.input(await screen.findByLabelText('E-mail'), { target: { value: root.email } });
  fireEvent.input(screen.getByLabelText('Senha'), { target: { value: 'senha-forte-1' } });
  fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
}

describe('two-factor login for administrators', () => {
  it('asks for the code after the password and signs in only with it', async () => {
    serve({
      '/auth/login': () => reply({ twoFactor: 'verify', challenge: 'desafio-1' }),
      '/auth/2fa/verify': (b) => (b.code === '123456' ? reply({ token: 't', user: root }) : reply({ message: 'Código inválido. Use o código de 6 dígitos do aplicativo autenticador ou um código de recuperação.' }, 401)),
    });
    await logInWithPassword();
    expect(await screen.findByRole('heading', { name: 'Verificação em duas etapas' })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Código de verificação'), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Código inválido.');
    fireEvent.change(screen.getByLabelText('Código de verificação'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    // Then the usual choice of area for an administrator.
    expect(await screen.findByRole('heading', { name: 'Olá, Rosa Root' })).toBeInTheDocument();
    expect(posts.filter((p) => p.url === '/auth/2fa/verify').map((p) => p.body)).toEqual([
      { challenge: 'desafio-1', code: '000000' },
      { challenge: 'desafio-1', code: '123456' },
    ]);
  });

  it('sends an administrator without 2FA to enrolment: QR code, first code, recovery codes shown once', async () => {
    const codes = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);
    serve({
      '/auth/login': () => reply({ twoFactor: 'enroll', challenge: 'desafio-2' }),
      '/auth/2fa/setup': () => reply({ secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/x', qrDataUrl: QR }),
      '/auth/2fa/enable': () => reply({ token: 't', user: root, recoveryCodes: codes }),
    });
    await logInWithPassword();
    expect(await screen.findByRole('heading', { name: 'Ative a verificação em duas etapas' })).toBeInTheDocument();
    expect(await screen.findByAltText('QR code para o aplicativo autenticador')).toHaveAttribute('src', QR);
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    fireEvent.change(screen.getByLabelText('Código do aplicativo'), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ativar e entrar' }));
    expect(await screen.findByRole('heading', { name: 'Códigos de recuperação' })).toBeInTheDocument();
    expect(screen.getByTestId('recovery-codes').querySelectorAll('li')).toHaveLength(10);
    fireEvent.click(screen.getByRole('button', { name: 'Guardei os códigos, continuar' }));
    expect(await screen.findByRole('heading', { name: 'Olá, Rosa Root' })).toBeInTheDocument();
    expect(posts.filter((p) => p.url === '/auth/2fa/setup')).toHaveLength(1);
  });
});
