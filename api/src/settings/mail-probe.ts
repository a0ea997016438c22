/** What the SMTP server answered to a test message (its reply line, or why it could not be reached). */
export interface SmtpProbe {
  ok: boolean;
  to: string;
  response: string;
  messageId?: string;
}

/**
 * The settings screen's "send a test e-mail" needs the mail sender, which itself reads the e-mail
 * settings. So the settings controller depends on this abstract class (also the injection token) and
 * MailModule provides it with `useExisting: MailService`: settings/ does not import mail/.
 */
export abstract class MailProbe {
  /** Sends one message with the saved e-mail settings and reports what the SMTP server answered. */
  abstract sendTest(to: string): Promise<SmtpProbe>;
}
