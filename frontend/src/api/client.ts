/** One fetch client: adds the bearer token, turns error bodies into pt-BR messages. */
const TOKEN_KEY = 'cda.token';

/**
 * "Lembrar de mim" keeps the token in localStorage (survives closing the browser); otherwise it lives
 * in sessionStorage and ends with the tab. Reads look in both.
 */
/** Whether the current session was kept with "lembrar de mim". */
const remembered = (): boolean => localStorage.getItem(TOKEN_KEY) !== null;
const clearToken = () => {
  localStorage.removeItem(TOKEN_KEY);
  sessionStorage.removeItem(TOKEN_KEY);
};

export const tokenStore = {
  get: (): string | null => localStorage.getItem(TOKEN_KEY) ?? sessionStorage.getItem(TOKEN_KEY),
  set: (t: string, remember = remembered()) => {
    clearToken();
    (remember ? localStorage : sessionStorage).setItem(TOKEN_KEY, t);
  },
  remembered,
  clear: clearToken,
};

export class ApiError extends Error {
  /** `body` is the server's JSON answer, for errors that carry figures (e.g. a 402's balance and cost). */
  constructor(message: string, readonly status: number, readonly body?: unknown) {
    super(message);
  }
}

const FALLBACK = 'Não foi possível falar com o servidor. Verifique sua conexão e tente novamente.';

/** The pt-BR message of an error answer (Nest sends one text or a list of validation texts). */
export function errorFromBody(body: unknown, status: number): ApiError {
  const m = (body as { message?: string | string[] } | null)?.message;
  const message = Array.isArray(m) ? m.join(' ') : m || FALLBACK;
  return new ApiError(message, status, body);
}

async function errorFrom(res: Response): Promise<ApiError> {
  // A body that is not JSON keeps the generic message.
  return errorFromBody(await res.json().catch(() => null), res.status);
}

/** A 401 on a signed-in call: the session ended on the server (expired, password reset, suspension). */
export function signOutEverywhere() {
  tokenStore.clear();
  window.dispatchEvent(new Event('cda:logout'));
}

export { FALLBACK as CONNECTION_ERROR };

export async function apiFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const token = tokenStore.get();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (init.body && !(init.body instanceof FormData) && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  let res: Response;
  try {
    res = await fetch(`/api${path}`, { ...init, headers });
  } catch {
    throw new ApiError(FALLBACK, 0);
  }
  if (res.status === 401 && token) signOutEverywhere();
  if (!res.ok) throw await errorFrom(res);
  return res;
}

export async function apiJson<T>(path: string, init?: RequestInit): Promise<T> {
  return (await apiFetch(path, init)).json() as Promise<T>;
}

/** SWR fetcher. */
export const fetcher = <T,>(path: string) => apiJson<T>(path);

/**
 * Downloads need the bearer token, so they go through fetch and a temporary object URL. Without a
 * `fileName` the server's Content-Disposition name is used.
 */
export async function downloadFile(path: string, fileName?: string): Promise<void> {
  const res = await apiFetch(path);
  const name = fileName ?? /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? 'download';
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
