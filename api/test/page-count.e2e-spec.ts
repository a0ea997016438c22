import { SettingsService } from '../src/settings/settings.service';
import { TokensService } from '../src/tokens/tokens.service';
import { Stack, makeCdaPdf, registerUser, sampleCertificate, startStack, waitForFinal } from './harness';
import { as } from './admin-fixtures';

/*
 * One page count for pricing and processing: the API counts with the worker's reader (pdf.js), so a
 * file cannot be charged for fewer pages than the worker reads. The hostile files are built here from
 * a generated three-page CDA by same-length byte edits, so the cross-reference offsets stay valid.
 */
const latin1 = (b: Buffer) => b.toString('latin1');

/** Every page's `/Type /Page` blanked: pdf-lib, which priced uploads before, counted 0 pages (charged as 1). */
function blankPageTypes(pdf: Buffer): Buffer {
  const edited = latin1(pdf).replace(/\/Type \/Page(?!s)/g, (m) => ' '.repeat(m.length));
  return Buffer.from(edited, 'latin1');
}

/** The page tree's last kid replaced by the tree itself: a cycle (pdf-lib overflowed its stack on it). */
function pageTreeCycle(pdf: Buffer): Buffer {
  const s = latin1(pdf);
  const m = /(\d+) 0 obj\s*<<\s*\/Type \/Pages\s*\/Count \d+\s*\/Kids \[([^\]]*)\]/.exec(s)!;
  const kids = m[2].split(/(?<=R)\s+/);
  const last = kids[kids.length - 1];
  const self = `${m[1]} 0 R`.padEnd(last.length, ' ');
  return Buffer.from(s.slice(0, m.index) + m[0].replace(`${last}]`, `${self}]`) + s.slice(m.index + m[0].length), 'latin1');
}

describe('pages paid for are the pages read', () => {
  let stack: Stack;
  let tokens: TokensService;
  let threePages: Buffer;

  beforeAll(async () => {
    stack = await startStack();
    await stack.startWorker();
    tokens = stack.app.get(TokensService);
    await stack.app.get(SettingsService).update('system', { tokensPerPage: 1000 }, null);
    threePages = await makeCdaPdf([sampleCertificate(1, { pages: 2 })]);
  }, 60000);

  afterAll(async () => {
    await stack?.stop();
  });

  it('charges a file with every /Type /Page blanked for the pages the worker reads', async () => {
    const hostile = blankPageTypes(threePages);
    expect(hostile.length).toBe(threePages.length);
    expect(latin1(hostile)).not.toMatch(/\/Type \/Page(?!s)/);
    const user = await registerUser(stack);
    const before = (await tokens.balance(user.id)).tokens;

    const res = await stack.http.post('/api/analyses').set(as(user.token)).attach('files', hostile, 'sem-tipo.pdf').expect(202);
    const reserved = before - (await tokens.balance(user.id)).tokens;
    expect(reserved).toBe(3000);

    const final = await waitForFinal(stack, user.token, res.body.id);
    expect(final.status).toBe('done');
    expect(final.files![0]).toMatchObject({ pages: 3, status: 'done', certificateCount: 1 });
    // Read and kept: nothing refunded.
    expect(before - (await tokens.balance(user.id)).tokens).toBe(3000);
    expect(await tokens.ledgerSum(user.id)).toBe((await tokens.balance(user.id)).tokens);
  });

  it('answers at once for a page-tree cycle, and the worker refuses the file in pt-BR and refunds it', async () => {
    const hostile = pageTreeCycle(threePages);
    expect(hostile.length).toBe(threePages.length);
    const user = await registerUser(stack);
    const before = (await tokens.balance(user.id)).tokens;

    const started = Date.now();
    const res = await stack.http.post('/api/analyses').set(as(user.token)).attach('files', hostile, 'ciclo.pdf').expect(202);
    expect(Date.now() - started).toBeLessThan(5000);
    // pdf.js walks the tree, stops at the cycle and counts the pages it found: the price it reads at.
    expect(before - (await tokens.balance(user.id)).tokens).toBe(3000);

    const final = await waitForFinal(stack, user.token, res.body.id);
    expect(final.status).toBe('error');
    expect(final.files![0]).toMatchObject({ pages: 3, status: 'error', error: 'Arquivo PDF corrompido ou ilegível' });
    expect((await tokens.balance(user.id)).tokens).toBe(before);
    expect(await tokens.ledgerSum(user.id)).toBe(before);
  });
});
