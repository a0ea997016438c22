/** Typed access to scripts/smtp-capture.js (shared with the Playwright set-up). */
export interface CapturedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  receivedAt: number;
}

export interface SmtpCapture {
  port: number;
  messages: CapturedMail[];
  waitFor(address: string, predicate?: (m: CapturedMail) => boolean, timeoutMs?: number): Promise<CapturedMail>;
  close(): Promise<void>;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports
const capture = require('../../scripts/smtp-capture.js') as { startSmtpCapture(o?: { port?: number; directory?: string }): Promise<SmtpCapture> };

export const startSmtpCapture = capture.startSmtpCapture;

/** The reset link in a password-reset e-mail's text. */
export function resetLinkIn(mail: CapturedMail): URL {
  const m = /(https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(mail.text);
  if (!m) throw new Error(`no reset link in: ${mail.text}`);
  return new URL(m[1]);
}
