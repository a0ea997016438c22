import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from '../App';
import type { AdminUserView } from '@cda/shared';
import { aUser } from '../test/fixtures';

type Row = AdminUserView;

const me = aUser({ id: 'admin-1', email: 'adm@teste.com.br', name: 'Ana Admin', role: 'admin' });
const row = (id: string, name: string, extra: Partial<Row> = {}): Row => ({
  id, name, email: `${id}@teste.com.br`, plan: 'free', planName: 'Gratuito', role: 'user', status: 'active',
  tokens: 1_000_000, tokensPlan: 1_000_000, tokenLimit: 1_000_000, tokenLimitOverridden: false, planTokenLimit: 1_000_000,
  tokensUsed: 250_000, usagePercent: 25, credits: 0, whatsapp: null, phone: null, company: null,
  lastLoginAt: null, createdAt: '2025-01-01T00:00:00Z', planExpiresAt: null, renewal: null, ...extra,
});
const rows = [
  row('root-1', 'Rui Root', { role: 'root' }),
  row('admin-1', 'Ana Admin', { role: 'admin' }),
  row('user-1', 'Caio Cliente', { usagePercent: 100, tokensUsed: 1_200_000 }),
  row('user-2', 'Lia Limite', { tokensPlan: 2_000_000, tokenLimit: 2_000_000, tokenLimitOverridden: true }),
];

const reply = (body: unknown, status = 200) => ({ ok: status < 400, status, json: async () => body, headers: new Headers() }) as Response;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  localStorage.setItem('cda.token', 'token-valido');
  localStorage.setItem('cda.user', JSON.stringify(me));
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (init?.method === 'PUT') return reply({ ...rows[3], ...JSON.parse(String(init.body)) });
    if (url.endsWith('/api/auth/me')) return reply(me);
    if (url.includes('/api/admin/users/stats')) return reply({ total: 3, active: 3, pending: 0, suspended: 0 });
    if (url.includes('/api/admin/users')) return reply({ items: rows, total: 3, page: 1, pageCount: 1 });
    if (url.endsWith('/api/admin/plans'))
      return reply([
        { id: 'free', name: 'Gratuito', isActive: true, tokenLimit: 1_000_000, unlimited: false },
        { id: 'basic', name: 'Básico', isActive: true, tokenLimit: 5_000_000, unlimited: false },
      ]);
    return reply({});
  }) as typeof fetch;
  window.history.pushState({}, '', '/admin/users');
});

const actionsOf = async (name: string) => within(await screen.findByRole('generic', { name: `Ações para ${name}` }));

describe('admin users table, seen by an admin who is not root', () => {
  it('locks what the server would refuse: roots untouchable, no suspending or deleting oneself', async () => {
    render(<App />);
    const root = await actionsOf('Rui Root');
    expect(root.getByRole('button', { name: 'Editar' })).toBeDisabled();
    expect(root.getByRole('button', { name: 'Suspender' })).toBeDisabled();
    expect(root.getByRole('button', { name: 'Excluir' })).toBeDisabled();
    const self = await actionsOf('Ana Admin');
    expect(self.getByRole('button', { name: 'Suspender' })).toBeDisabled();
    expect(self.getByRole('button', { name: 'Excluir' })).toBeDisabled();
    const user = await actionsOf('Caio Cliente');
    for (const b of ['Editar', 'Créditos', 'Suspender', 'Excluir']) expect(user.getByRole('button', { name: b })).toBeEnabled();
    // Usage over the allowance is drawn full, never past 100%.
    expect(screen.getAllByRole('meter', { name: 'Uso de tokens' })[2]).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByText('Root')).toHaveClass('role-root');
  });

  it('shows the role read-only in the edit form (only a root changes roles)', async () => {
    render(<App />);
    fireEvent.click((await actionsOf('Caio Cliente')).getByRole('button', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Usuário' });
    expect(within(dialog).queryByRole('combobox', { name: 'Papel' })).toBeNull();
    expect(within(dialog).getByText(/só um root altera/)).toBeInTheDocument();
  });

  it('edits the token limit: empty means the plan limit, a new plan empties it, only a changed limit is sent', async () => {
    render(<App />);
    const actions = await actionsOf('Lia Limite');
    expect(screen.getAllByText('limite próprio')).toHaveLength(1);
    fireEvent.click(actions.getByRole('button', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Usuário' });
    const input = within(dialog).getByLabelText('Limite de tokens') as HTMLInputElement;
    expect(input.value).toBe('2000000');
    expect(within(dialog).getByText(/Limite próprio desta conta: 2\.000\.000 tokens por mês/)).toBeInTheDocument();
    const save = within(dialog).getByRole('button', { name: 'Salvar Alterações' });

    fireEvent.change(input, { target: { value: '-5' } });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Informe um número inteiro de 0 a 999.999.999.');
    expect(save).toBeDisabled();
    fireEvent.change(input, { target: { value: '' } });
    expect(within(dialog).getByText(/Vazio: vale o limite do plano \(1\.000\.000 tokens por mês\)/)).toBeInTheDocument();

    // Another plan: the field empties and the note says the account's own limit goes.
    fireEvent.change(input, { target: { value: '3000000' } });
    fireEvent.change(within(dialog).getByLabelText('Plano'), { target: { value: 'basic' } });
    expect(input.value).toBe('');
    expect(input.placeholder).toBe('Do plano: 5M');
    expect(within(dialog).getByText(/limite de tokens\s+próprio da conta é removido/)).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Plano'), { target: { value: 'free' } });

    fireEvent.change(input, { target: { value: '' } });
    fireEvent.click(save);
    await screen.findByText(/Usuário Lia Limite atualizado/);
    const put = (global.fetch as jest.Mock).mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(put[1].body)).toEqual({ tokenLimit: null });
  });

  it('keeps Criar Usuário disabled until name and e-mail are filled', async () => {
    render(<App />);
    fireEvent.click(await screen.findByRole('button', { name: 'Novo Usuário' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo Usuário' });
    const create = within(dialog).getByRole('button', { name: 'Criar Usuário' });
    expect(create).toBeDisabled();
    fireEvent.change(within(dialog).getByLabelText('Nome *'), { target: { value: 'Nova' } });
    expect(create).toBeDisabled();
    fireEvent.change(within(dialog).getByLabelText('E-mail *'), { target: { value: 'nova@teste.com.br' } });
    await waitFor(() => expect(create).toBeEnabled());
    fireEvent.change(within(dialog).getByLabelText('Créditos iniciais'), { target: { value: '-3' } });
    expect(create).toBeDisabled();
  });
});
