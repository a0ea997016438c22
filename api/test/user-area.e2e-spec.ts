import { Stack, makeCdaPdf, registerAdmin, registerUser, sampleCertificate, startStack, waitForFinal } from './harness';

/** What the user-area screens read beyond the pipeline: pricing inputs, sales contact, settings limits. */
describe('user area endpoints', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack();
    await stack.startWorker();
  }, 60000);

  afterAll(async () => {
    await stack?.stop();
  });

  const upload = async (token: string, fields: Record<string, string>) => {
    const req = stack.http
      .post('/api/analyses')
      .set('Authorization', `Bearer ${token}`)
      .attach('files', await makeCdaPdf([sampleCertificate(1, { number: '8061912345678' })]), 'cda.pdf');
    Object.entries(fields).forEach(([k, v]) => req.field(k, v));
    return req;
  };

  it('the dashboard carries the price per page the simulator uses', async () => {
    const alice = await registerUser(stack, 'Alice');
    const res = await stack.http.get('/api/dashboard').set('Authorization', `Bearer ${alice.token}`).expect(200);
    expect(res.body).toMatchObject({ tokensPerPage: 1000, planId: 'free', planName: 'Gratuito', tokens: 1_000_000, recentAnalyses: [] });
  });

  it('the sales contact follows the support e-mail of the settings', async () => {
    const before = await stack.http.get('/api/plans/contact').expect(200);
    expect(before.body).toEqual({ salesEmail: 'suporte@cda.local', siteName: 'CDA Extractor' });
    const admin = await registerAdmin(stack);
    await stack.http.put('/api/admin/settings/general').set('Authorization', `Bearer ${admin.token}`).send({ supportEmail: 'vendas@empresa.com.br' }).expect(200);
    const after = await stack.http.get('/api/plans/contact').expect(200);
    expect(after.body.salesEmail).toBe('vendas@empresa.com.br');
  });

  it('accepts a discount with two decimals and refuses what the simulator screen refuses', async () => {
    const bob = await registerUser(stack, 'Bob');
    const ok = await upload(bob.token, { discount: '65.5', installmentsSocialSecurity: '180', installmentsOther: '1' });
    expect(ok.status).toBe(202);
    const done = await waitForFinal(stack, bob.token, ok.body.id);
    expect(done.params).toMatchObject({ discount: 65.5, installmentsSocialSecurity: 180, installmentsOther: 1 });
    expect(done.status).toBe('done');

    const threeDecimals = await upload(bob.token, { discount: '65.555' });
    expect(threeDecimals.status).toBe(400);
    expect(threeDecimals.body.message).toContain('O desconto deve ser um número com até 2 casas decimais.');
    const tooMany = await upload(bob.token, { installmentsOther: '181' });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toContain('Número de parcelas das demais dívidas acima do permitido.');
    const overHundred = await upload(bob.token, { discount: '100.01' });
    expect(overHundred.status).toBe(400);
    expect(overHundred.body.message).toContain('O desconto não pode passar de 100%.');
  }, 60000);
});
