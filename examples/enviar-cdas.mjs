#!/usr/bin/env node
// Envia os PDFs de uma pasta ao CDA Extractor, espera o fim da análise (webhook ou consulta periódica)
// e baixa as duas planilhas. Node 20 ou mais novo, sem dependências.
//
//   CDA_API_URL=https://cda.exemplo.com.br CDA_TOKEN=cda_pat_... node enviar-cdas.mjs ./pdfs ./resultado
//
// Para esperar pelo webhook em vez de consultar: cadastre em Perfil → API um webhook apontando para
// esta máquina (https://…:CDA_WEBHOOK_PORT/) e defina CDA_WEBHOOK_PORT e CDA_WEBHOOK_SECRET (whsec_…).
// A consulta periódica continua como rede de segurança (a cada CDA_POLL_SECONDS, padrão 30 com webhook).
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';

const api = required('CDA_API_URL').replace(/\/+$/, '');
const token = required('CDA_TOKEN');
const [dir, out = './resultado'] = process.argv.slice(2);
if (!dir) fail('Uso: node enviar-cdas.mjs <pasta-com-pdfs> [pasta-de-saida]');
const auth = { Authorization: `Bearer ${token}` };

const names = (await readdir(dir)).filter((n) => n.toLowerCase().endsWith('.pdf')).sort();
if (!names.length) fail(`Nenhum PDF em ${dir}`);
const form = new FormData();
const key = createHash('sha256');
for (const name of names) {
  const bytes = await readFile(path.join(dir, name));
  form.append('files', new Blob([bytes], { type: 'application/pdf' }), name);
  key.update(name).update(createHash('sha256').update(bytes).digest());
}

// Waiting for the webhook starts before the upload, so an analysis that ends at once is not missed.
const webhook = process.env.CDA_WEBHOOK_PORT ? listenForWebhook(Number(process.env.CDA_WEBHOOK_PORT), required('CDA_WEBHOOK_SECRET')) : null;

// The same folder sent again (a retry, a re-run) carries the same key: the API answers the analysis it already made, charging nothing.
const created = await call('POST', '/api/analyses', { body: form, headers: { 'Idempotency-Key': key.digest('hex') } });
console.log(`Análise ${created.id}: ${names.length} arquivo(s), ${created.tokens} tokens reservados.`);

const pollMs = 1000 * Number(process.env.CDA_POLL_SECONDS ?? (webhook ? 30 : 5));
let view;
for (;;) {
  view = await call('GET', `/api/analyses/${created.id}`);
  if (view.status !== 'processing') break;
  const event = webhook ? await webhook.next(created.id, pollMs) : await sleep(pollMs);
  if (event) console.log(`Webhook recebido: ${event.type}`);
}
webhook?.close();

for (const f of view.files) console.log(`  ${f.name}: ${f.status === 'done' ? `${f.certificateCount} certidão(ões)` : `erro – ${f.error}`}`);
if (view.status !== 'done') fail(`A análise terminou com erro: ${view.error ?? 'sem detalhes'}`, 2);
await mkdir(out, { recursive: true });
for (const workbook of view.workbooks) {
  const res = await fetch(`${api}/api/analyses/${created.id}/files/${encodeURIComponent(workbook)}`, { headers: auth });
  if (!res.ok) fail(`Download de ${workbook}: HTTP ${res.status}`);
  await writeFile(path.join(out, workbook), Buffer.from(await res.arrayBuffer()));
  console.log(`Baixado: ${path.join(out, workbook)}`);
}

/** A JSON call, retried on 429 (after Retry-After) and 5xx: the Idempotency-Key makes retrying the upload safe. */
async function call(method, route, { body, headers = {} } = {}) {
  for (let attempt = 1; ; attempt++) {
    const res = await fetch(`${api}${route}`, { method, body, headers: { ...auth, ...headers } });
    if (res.ok) return res.json();
    const retriable = res.status === 429 || res.status >= 500;
    if (!retriable || attempt >= 4) fail(`${method} ${route}: HTTP ${res.status} ${await res.text()}`);
    await sleep(1000 * Number(res.headers.get('retry-after') ?? 2 ** attempt));
  }
}

/**
 * A receiver for completion events, verifying X-CDA-Signature as the README says: HMAC-SHA256 of
 * "<t>.<raw body>" with the secret, compared in constant time, timestamp within 5 minutes.
 */
function listenForWebhook(port, secret) {
  const events = [];
  let wake = () => {};
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      if (!verify(String(req.headers['x-cda-signature'] ?? ''), raw)) {
        res.writeHead(401).end();
        return;
      }
      res.writeHead(204).end();
      events.push(JSON.parse(raw));
      wake();
    });
  }).listen(port);
  const verify = (header, raw) => {
    const t = /(?:^|,)t=(\d+)/.exec(header)?.[1];
    const v1 = [...header.matchAll(/(?:^|,)v1=([0-9a-f]{64})/g)].map((m) => Buffer.from(m[1], 'hex'));
    if (!t || !v1.length || Math.abs(Date.now() / 1000 - Number(t)) > 300) return false;
    const expected = createHmac('sha256', secret).update(`${t}.${raw}`).digest();
    return v1.some((s) => timingSafeEqual(s, expected));
  };
  return {
    /** The first event for `analysisId`, or null after `ms` (then the caller polls once). */
    next(analysisId, ms) {
      return new Promise((resolve) => {
        const pick = () => {
          const i = events.findIndex((e) => e.data?.analysis?.id === analysisId);
          if (i < 0) return false;
          clearTimeout(timer);
          resolve(events.splice(i, 1)[0]);
          return true;
        };
        const timer = setTimeout(() => resolve(null), ms);
        wake = pick;
        pick();
      });
    },
    close: () => server.close(),
  };
}

function required(name) {
  return process.env[name] || fail(`Defina ${name}`);
}
function sleep(ms) {
  return new Promise((r) => setTimeout(() => r(null), ms));
}
function fail(message, code = 1) {
  console.error(message);
  process.exit(code);
}
