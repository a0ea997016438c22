import type { User } from '../api/types';

/** A fetch answer with only what the API client reads of it (ok, status, json). */
export const reply = (body: unknown, status = 200) => ({ ok: status < 400, status, json: async () => body }) as Response;

/** A signed-in user: active, free plan, a full balance; a test names only what differs. */
export const aUser = (extra: Partial<User> = {}): User => ({
  id: 'u1',
  email: 'ana@teste.com.br',
  name: 'Ana Lima',
  plan: 'free',
  role: 'user',
  status: 'active',
  tokens: 1_000_000,
  tokensPlan: 1_000_000,
  creditTokens: 0,
  mustChangePassword: false,
  createdAt: '2025-01-01T00:00:00Z',
  ...extra,
});
