/*
 * A real SMTP server on loopback that keeps what it receives: the product sends through nodemailer
 * exactly as in production and the message that arrived can be read. Tests read it in memory, or as
 * JSON in `directory` from another process (Playwright); `npm start` adds a small web inbox
 * (startMailCatcher) so every e-mail of the product can be read on a fresh machine.
 */
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const { SMTPServer } = require('smtp-server');
const { simpleParser } = require('mailparser');

/**
 * @typedef {{ to: string[], from: string, subject: string, text: string, html: string, receivedAt: number }} CapturedMail
 * @param {{ port?: number, directory?: string }} [options]
 */
async function startSmtpCapture({ port = 0, directory, keep = Infinity } = {}) {
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
          // A long-running catcher keeps only the newest messages in memory.
          if (messages.length > keep) messages.splice(0, messages.length - keep);
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

const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

/** The inbox page: newest first; a message opens with its text and its HTML in a sandboxed frame. */
function inboxPage(messages, selected) {
  const rows = messages
    .map((m, i) => ({ m, i }))
    .reverse()
    .map(({ m, i }) => `<li${i === selected ? ' class="on"' : ''}><a href="/?m=${i}"><b>${esc(m.subject || '(sem assunto)')}</b><span>${esc(m.to.join(', '))}</span><time>${esc(new Date(m.receivedAt).toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo' }))}</time></a></li>`)
    .join('');
  const m = messages[selected];
  const detail = m
    ? `<article><h2>${esc(m.subject)}</h2><p class="meta">De: ${esc(m.from)}<br>Para: ${esc(m.to.join(', '))}</p>` +
      (m.html ? `<iframe title="Versão HTML" sandbox src="/messages/${selected}/html"></iframe>` : '') +
      `<h3>Texto</h3><pre>${esc(m.text)}</pre></article>`
    : '<article><p class="meta">Selecione uma mensagem.</p></article>';
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Caixa de e-mails local — CDA Extractor</title>
<meta http-equiv="refresh" content="${m ? 3600 : 5}">
<style>body{font-family:system-ui,Arial,sans-serif;margin:0;color:#1f2937}header{background:#1e3a8a;color:#fff;padding:12px 20px}
header p{margin:4px 0 0;font-size:13px;opacity:.85}main{display:grid;grid-template-columns:minmax(260px,1fr) 2fr;min-height:calc(100vh - 70px)}
ul{list-style:none;margin:0;padding:0;border-right:1px solid #e5e7eb;overflow:auto}li a{display:grid;padding:10px 16px;border-bottom:1px solid #f3f4f6;color:inherit;text-decoration:none}
li a span,li a time{font-size:12px;color:#6b7280}li.on a,li a:hover{background:#eff6ff}article{padding:16px 24px}.meta{color:#6b7280;font-size:14px}
iframe{width:100%;height:360px;border:1px solid #e5e7eb;border-radius:6px}pre{white-space:pre-wrap;background:#f9fafb;padding:12px;border-radius:6px}</style></head>
<body><header><strong>Caixa de e-mails local</strong><p>Tudo o que o CDA Extractor envia nesta máquina chega aqui; nada sai para a internet. ${messages.length} mensagem(ns).</p></header>
<main><ul aria-label="Mensagens">${rows || '<li><a>Nenhuma mensagem ainda.</a></li>'}</ul>${detail}</main></body></html>`;
}

/**
 * `npm start`'s mail catcher: the capture SMTP server plus a web inbox on loopback. The inbox has no
 * sign-in (loopback only) and shows HTML bodies in a sandboxed frame with scripts off.
 */
async function startMailCatcher({ smtpPort = 0, webPort = 0, directory } = {}) {
  const smtp = await startSmtpCapture({ port: smtpPort, directory, keep: 500 });
  const web = http.createServer((req, res) => {
    const url = new URL(req.url || '/', 'http://catcher');
    const send = (status, type, body, extra = {}) => {
      res.writeHead(status, { 'Content-Type': type, 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-store', ...extra });
      res.end(body);
    };
    const one = /^\/messages\/(\d+)(\/html)?$/.exec(url.pathname);
    if (req.method !== 'GET') return send(405, 'text/plain', 'method not allowed');
    if (url.pathname === '/') {
      const m = Number(url.searchParams.get('m'));
      const selected = Number.isInteger(m) && smtp.messages[m] ? m : smtp.messages.length - 1;
      return send(200, 'text/html; charset=utf-8', inboxPage(smtp.messages, selected), { 'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-src 'self'" });
    }
    if (url.pathname === '/messages') return send(200, 'application/json', JSON.stringify(smtp.messages.map((m, id) => ({ id, ...m }))));
    if (one && smtp.messages[Number(one[1])]) {
      const m = smtp.messages[Number(one[1])];
      // The sandbox CSP keeps a mail's HTML from running scripts even when opened directly.
      if (one[2]) return send(200, 'text/html; charset=utf-8', m.html || '', { 'Content-Security-Policy': "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:" });
      return send(200, 'application/json', JSON.stringify({ id: Number(one[1]), ...m }));
    }
    return send(404, 'text/plain', 'not found');
  });
  await new Promise((resolve, reject) => {
    web.once('error', reject);
    web.listen(webPort, '127.0.0.1', resolve);
  });
  const inboxUrl = `http://127.0.0.1:${web.address().port}`;
  return {
    ...smtp,
    smtpPort: smtp.port,
    inboxUrl,
    close: async () => {
      await new Promise((resolve) => web.close(resolve));
      await smtp.close();
    },
  };
}

module.exports = { startSmtpCapture, startMailCatcher, readCapturedMail };
