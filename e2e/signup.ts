import { E2E_PORTS } from './playwright.config';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { readCapturedMail } = require('../scripts/smtp-capture.js') as {
  readCapturedMail(dir: string, to: string, predicate?: (m: { subject: string }) => boolean, timeoutMs?: number): Promise<{ subject: string; text: string }>;
};

// Through the web server's /api proxy, as the browser does (also when E2E_BASE_URL points elsewhere).
const WEB = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${E2E_PORTS.web}`;

export interface Session {
  token: string;
  user: { id: string; email: string; name: string; [key: string]: unknown };
}

/** The link of the newest sign-up confirmation e-mail to `email`, as the captured SMTP server received it. */
export async function confirmationLink(email: string): Promise<string> {
  const mail = await readCapturedMail(process.env.E2E_MAIL_DIR!, email, (m) => m.subject.startsWith('Confirme seu cadastro'));
  const link = /(https?:\/\/\S+\/confirm-email\?token=[A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  if (!link) throw new Error(`no confirmation link in: ${mail.text}`);
  return link;
}

/**
 * A sign-up as a person makes it: the request (202), then the e-mailed link, which creates the account
 * and answers its session.
 */
export async function signUp(data: { name: string; email: string; whatsapp: string; password: string }): Promise<Session> {
  const post = async (route: string, body: unknown, status: number) => {
    const res = await fetch(`${WEB}/api${route}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    if (res.status !== status) throw new Error(`${route}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  await post('/auth/register', data, 202);
  const token = new URL(await confirmationLink(data.email)).searchParams.get('token');
  return post('/auth/confirm-email', { token }, 201) as Promise<Session>;
}
