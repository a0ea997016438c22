/*
 * A real SMTP server on loopback that keeps what it receives, for tests: the product sends through
 * nodemailer exactly as in production and the test reads the message that arrived. Each message is
 * also written as JSON to `directory` when given, so a test in another process (Playwright) can read it.
 */
const fs = require('node:fs');
const path = require('node:path');
const { SMTPServer } = require('smtp-server');
const { simpleParser } = require('mailparser');

/**
 * @typedef {{ to: string[], from: string, subject: string, text: string, html: string, receivedAt: number }} CapturedMail
 * @param {{ port?: number, directory?: string }} [options]
 */
async function startSmtpCapture({ port = 0, directory } = {}) {
  /** @type {CapturedMail[]} */
  const messages = [];
  const waiters = [];
  if (directory) fs.mkdirSync(directory, { recursive: true });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          const mail = {
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            subject: parsed.subject || '',
            text: parsed.text || '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            receivedAt: Date.now(),
          };
          messages.push(mail);
          if (directory) fs.writeFileSync(path.join(directory, `${mail.receivedAt}-${messages.length}.json`), JSON.stringify(mail));
          for (const w of waiters.splice(0)) w();
          callback();
        },
        (err) => callback(err),
      );
    },
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    port: server.server.address().port,
    messages,
    /** Resolves with the first message to `address` matching `predicate`, waiting up to `timeoutMs`. */
    async waitFor(address, predicate = () => true, timeoutMs = 15000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find((m) => m.to.includes(address.toLowerCase()) && predicate(m));
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no e-mail to ${address} within ${timeoutMs} ms (got ${messages.length} others)`);
        await new Promise((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => { clearTimeout(timer); resolve(); });
        });
      }
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** For another process: polls `directory` for a message to `address` matching `predicate`. */
async function readCapturedMail(directory, address, predicate = () => true, timeoutMs = 15000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = fs.existsSync(directory) ? fs.readdirSync(directory).sort() : [];
    for (const f of files) {
      const mail = JSON.parse(fs.readFileSync(path.join(directory, f), 'utf8'));
      if (mail.to.includes(address.toLowerCase()) && predicate(mail)) return mail;
    }
    if (Date.now() > deadline) throw new Error(`no e-mail to ${address} in ${directory} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

module.exports = { startSmtpCapture, readCapturedMail };
