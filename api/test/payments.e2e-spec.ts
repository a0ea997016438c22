import { Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ORDER_STATUS_EVENT, OrderStatusEvent, OrderView } from '@cda/shared';
import { TokensService } from '../src/tokens/tokens.service';
import { OrdersService } from '../src/payments/orders.service';
import { FakeMercadoPago, fakeCardToken, signWebhook, startFakeMercadoPago } from '../src/payments/fake-mercadopago/server';
import { Stack, connectSocket, metricValue, metricsAuth, registerAdmin, registerUser, startStack, waitUntil } from './harness';

const SECRET = 'whsec-test-payments';
const CPF = '12345678909';

describe('payments through Mercado Pago (fake provider over HTTP)', () => {
  let stack: Stack;
  let fake: FakeMercadoPago;
  let db: DataSource;
  let tokens: TokensService;
  let orders: OrdersService;

  beforeAll(async () => {
    fake = await startFakeMercadoPago({ webhookSecret: SECRET, accessToken: 'TEST-token', publicKey: 'TEST-public', forceWebhookUrl: true });
    Object.assign(process.env, { MP_BASE_URL: fake.url, MP_ACCESS_TOKEN: 'TEST-token', MP_WEBHOOK_SECRET: SECRET, MP_PUBLIC_KEY: 'TEST-public' });
    stack = await startStack();
    fake.options.webhookUrl = `${stack.baseUrl}/api/payments/webhook`;
    db = stack.app.get(DataSource);
    tokens = stack.app.get(TokensService);
    orders = stack.app.get(OrdersService);
  }, 60000);

  afterAll(async () => {
    await stack?.stop();
    await fake?.stop();
    for (const k of ['MP_BASE_URL', 'MP_ACCESS_TOKEN', 'MP_WEBHOOK_SECRET', 'MP_PUBLIC_KEY']) delete process.env[k];
  });

  const auth = (t: string) => ({ Authorization: `Bearer ${t}` });
  const payer = (email: string) => ({ email, fullName: 'Maria da Silva', cpf: '123.456.789-09' });
  const pack = (id = 'premium') => ({ kind: 'token_pack', itemId: id });

  async function consistent(userId: string): Promise<number> {
    const b = await tokens.balance(userId);
    expect(await tokens.ledgerSum(userId)).toBe(b.tokens);
    return b.tokens;
  }

  function payCard(user: { token: string; email: string }, name: string, item: object = pack(), installments = 1) {
    return stack.http
      .post('/api/payments/card')
      .set(auth(user.token))
      .send({ item, payer: payer(user.email), token: fakeCardToken(name), installments, paymentMethodId: 'master', issuerId: '24' });
  }

  async function payPix(user: { token: string; email: string }, item: object = pack('basic')): Promise<OrderView> {
    const res = await stack.http.post('/api/payments/pix').set(auth(user.token)).send({ item, payer: payer(user.email) }).expect(201);
    return res.body;
  }

  /** Waits until the fake has delivered every webhook it owes the app (they go out just after each answer). */
  async function settled(paymentId: string | null, count = 1) {
    const deadline = Date.now() + 5000;
    while (fake.deliveries.filter((d) => String(d.paymentId) === paymentId).length < count) {
      if (Date.now() > deadline) throw new Error(`webhook for ${paymentId} not delivered`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  const purchases = async (orderId: string) =>
    (await db.query(`SELECT type, amount::int FROM token_transactions WHERE order_id = $1 ORDER BY id`, [orderId])) as { type: string; amount: number }[];

  it('lists the packs and the checkout configuration', async () => {
    const packs = (await stack.http.get('/api/token-packs').expect(200)).body;
    expect(packs).toEqual([
      { id: 'basic', name: 'Básico', tokens: 1_000_000, priceCents: 1900, popular: false },
      { id: 'premium', name: 'Premium', tokens: 5_000_000, priceCents: 7900, popular: true },
      { id: 'enterprise', name: 'Enterprise', tokens: 10_000_000, priceCents: 14900, popular: false },
    ]);
    const config = (await stack.http.get('/api/payments/config').expect(200)).body;
    expect(config).toEqual({
      publicKey: 'TEST-public',
      testMode: true,
      testProvider: true,
      cardSdkUrl: `${fake.url}/js/v2`,
      methods: { card: true, pix: true, boleto: false },
    });
  });

  it.each([
    ['APRO', 'approved', 'accredited', null],
    ['CONT', 'pending', 'pending_contingency', null],
    ['FUND', 'rejected', 'cc_rejected_insufficient_amount', 'Cartão sem limite suficiente'],
    ['SECU', 'rejected', 'cc_rejected_bad_filled_security_code', 'Código de segurança inválido'],
    ['EXPI', 'rejected', 'cc_rejected_bad_filled_date', 'Data de validade inválida'],
    ['CARD', 'rejected', 'cc_rejected_bad_filled_card_number', 'Número do cartão inválido'],
    ['BLAC', 'rejected', 'cc_rejected_blacklist', 'Cartão bloqueado pelo banco'],
    ['LOCK', 'rejected', 'cc_rejected_card_disabled', 'Cartão bloqueado pelo banco'],
    ['OTHE', 'rejected', 'cc_rejected_other_reason', 'Não foi possível processar o pagamento'],
    ['CALL', 'rejected', 'cc_rejected_call_for_authorize', 'Não foi possível processar o pagamento'],
    ['FORM', 'rejected', 'cc_rejected_bad_filled_other', 'Não foi possível processar o pagamento'],
  ])('card as %s ends %s (%s) and credits only when approved', async (name, status, detail, reason) => {
    const user = await registerUser(stack);
    const res = await payCard(user, name);
    expect(res.status).toBe(201);
    const order: OrderView = res.body;
    expect(order).toMatchObject({ status, statusDetail: detail, reason, amountCents: 7900, itemName: 'Pacote Premium de tokens', method: 'card' });
    // The card response and the provider's own webhook both arrive; only one may count.
    await settled(order.providerPaymentId);
    const again = (await stack.http.get(`/api/orders/${order.id}`).set(auth(user.token)).expect(200)).body;
    expect(again.status).toBe(status);
    expect(await consistent(user.id)).toBe(status === 'approved' ? 6_000_000 : 1_000_000);
    expect((await purchases(order.id)).filter((r) => r.type === 'purchase')).toHaveLength(status === 'approved' ? 1 : 0);
  });

  it('prices on the server, sends one idempotency key per order, and limits instalments', async () => {
    const user = await registerUser(stack);
    // The client cannot name a price: the field is refused, and the catalogue's price is charged.
    const priced = await stack.http
      .post('/api/payments/card')
      .set(auth(user.token))
      .send({ item: pack(), payer: payer(user.email), token: fakeCardToken('APRO'), installments: 3, paymentMethodId: 'master', amount: 1 });
    expect(priced.status).toBe(400);
    const ok = (await payCard(user, 'APRO', pack(), 3).expect(201)).body as OrderView;
    expect(ok.amountCents).toBe(7900);
    const created = fake.requests.filter((r) => r.path === '/v1/payments' && (r.body as { external_reference?: string }).external_reference === ok.id);
    expect(created).toHaveLength(1);
    expect(created[0].idempotencyKey).toBe(`order:${ok.id}:card`);
    expect(created[0].body).toMatchObject({ transaction_amount: 79, installments: 3, payer: { identification: { type: 'CPF', number: CPF } } });

    const yearly = await payCard(user, 'APRO', { kind: 'plan', itemId: 'premium', billingCycle: 'yearly' }, 2);
    expect(yearly.status).toBe(400);
    expect(yearly.body.message).toBe('Número de parcelas inválido (máximo 1).');
    const badCpf = await stack.http
      .post('/api/payments/pix')
      .set(auth(user.token))
      .send({ item: pack(), payer: { ...payer(user.email), cpf: '123.456.789-00' } });
    expect(badCpf.status).toBe(400);
    expect(badCpf.body.message).toBe('CPF inválido');
    const free = await payCard(user, 'APRO', { kind: 'plan', itemId: 'free', billingCycle: 'monthly' });
    expect(free.status).toBe(404);
    expect(free.body.message).toBe('Plano não encontrado');
  });

  it('activates a yearly Premium plan: plan, 20M allowance, period of one year', async () => {
    const user = await registerUser(stack);
    const order = (await payCard(user, 'APRO', { kind: 'plan', itemId: 'premium', billingCycle: 'yearly' }).expect(201)).body as OrderView;
    expect(order).toMatchObject({ status: 'approved', amountCents: 143000, itemName: 'Plano Premium - Anual', billingCycle: 'yearly' });
    await settled(order.providerPaymentId);
    const b = await tokens.balance(user.id);
    expect(b).toMatchObject({ planId: 'premium', tokens: 20_000_000, tokensPlan: 20_000_000 });
    const days = (new Date(b.planExpiresAt!).getTime() - Date.now()) / 86400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThan(367);
    expect(await consistent(user.id)).toBe(20_000_000);
    // The ledger says what the amount (+19M over the Free balance) did, not just the item bought.
    const [entry] = await db.query(`SELECT amount::int, description FROM token_transactions WHERE order_id = $1`, [order.id]);
    expect(entry).toEqual({ amount: 19_000_000, description: 'Plano Premium: saldo ajustado para 20M (compra anual)' });
  });

  it('PIX: QR data and 30-minute expiry; the approval webhook credits and is pushed over socket.io', async () => {
    const user = await registerUser(stack);
    const socket = await connectSocket(stack, user.token);
    try {
      const order = await payPix(user);
      expect(order).toMatchObject({ status: 'pending', statusDetail: 'pending_waiting_transfer', method: 'pix', amountCents: 1900 });
      expect(order.pix!.qrCode).toMatch(/^000201/);
      expect(Buffer.from(order.pix!.qrCodeBase64, 'base64').subarray(1, 4).toString()).toBe('PNG');
      const minutes = (new Date(order.pix!.expiresAt).getTime() - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(29);
      expect(minutes).toBeLessThanOrEqual(30);
      const sent = fake.requests.find((r) => (r.body as { external_reference?: string })?.external_reference === order.id)!;
      expect(sent.body).toMatchObject({ payment_method_id: 'pix', transaction_amount: 19, payer: { first_name: 'Maria', last_name: 'da Silva' } });
      expect((sent.body as { date_of_expiration: string }).date_of_expiration).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}-03:00$/);
      await settled(order.providerPaymentId);
      expect(await consistent(user.id)).toBe(1_000_000);

      const pushed = new Promise<OrderStatusEvent>((resolve) => socket.on(ORDER_STATUS_EVENT, (e: OrderStatusEvent) => e.status === 'approved' && resolve(e)));
      await fake.approve(Number(order.providerPaymentId));
      expect(await pushed).toEqual({ id: order.id, status: 'approved', statusDetail: 'accredited' });
      expect((await stack.http.get(`/api/orders/${order.id}`).set(auth(user.token)).expect(200)).body.status).toBe('approved');
      expect(await consistent(user.id)).toBe(2_000_000);
      expect(await purchases(order.id)).toEqual([{ type: 'purchase', amount: 1_000_000 }]);
    } finally {
      socket.disconnect();
    }
  });

  it('PIX that expires unpaid ends cancelled and credits nothing', async () => {
    const user = await registerUser(stack);
    const order = await payPix(user);
    await fake.expire(Number(order.providerPaymentId));
    const view = (await stack.http.get(`/api/orders/${order.id}`).set(auth(user.token)).expect(200)).body;
    expect(view).toMatchObject({ status: 'cancelled', statusDetail: 'expired' });
    // A late approval after expiry cannot happen at the provider; if it did, a cancelled order stays closed.
    expect(await consistent(user.id)).toBe(1_000_000);
  });

  it('refuses webhooks without a valid signature and changes nothing', async () => {
    const user = await registerUser(stack);
    const order = await payPix(user);
    const id = order.providerPaymentId!;
    // Let the fake's own (genuine) creation webhook land first; then only forged ones follow.
    await settled(id);
    fake.payments.get(Number(id))!.status = 'approved';
    const send = (headers: Record<string, string>) =>
      stack.http.post(`/api/payments/webhook?data.id=${id}&type=payment`).set(headers).send({ type: 'payment', action: 'payment.updated', data: { id } });
    expect((await send({ 'x-signature': signWebhook('wrong-secret', id, 'req-1'), 'x-request-id': 'req-1' })).status).toBe(401);
    expect((await send({})).status).toBe(401);
    // Signed for another payment id: the manifest does not match.
    expect((await send({ 'x-signature': signWebhook(SECRET, '999', 'req-2'), 'x-request-id': 'req-2' })).status).toBe(401);
    expect((await stack.http.get(`/api/orders/${order.id}`).set(auth(user.token))).body.status).toBe('pending');
    expect(await consistent(user.id)).toBe(1_000_000);
  });

  it('credits once when the same approval webhook arrives 5 times at once', async () => {
    const user = await registerUser(stack);
    const order = await payPix(user, pack('enterprise'));
    await settled(order.providerPaymentId);
    Object.assign(fake.payments.get(Number(order.providerPaymentId))!, { status: 'approved', status_detail: 'accredited' });
    const statuses = await Promise.all(Array.from({ length: 5 }, () => fake.sendWebhook(Number(order.providerPaymentId))));
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    expect(await purchases(order.id)).toEqual([{ type: 'purchase', amount: 10_000_000 }]);
    expect(await consistent(user.id)).toBe(11_000_000);
    // A stale "created" notification delivered late (out of order) changes nothing either.
    expect(await fake.sendWebhook(Number(order.providerPaymentId), 'payment.created')).toBe(200);
    expect(await consistent(user.id)).toBe(11_000_000);
  });

  it('refuses and logs a payment whose amount does not match the order', async () => {
    const user = await registerUser(stack);
    const order = await payPix(user);
    await settled(order.providerPaymentId);
    const errors = jest.spyOn(Logger.prototype, 'error');
    Object.assign(fake.payments.get(Number(order.providerPaymentId))!, { status: 'approved', transaction_amount: 0.01 });
    expect(await fake.sendWebhook(Number(order.providerPaymentId))).toBe(422);
    expect(errors).toHaveBeenCalledWith(expect.objectContaining({ orderId: order.id, mismatch: ['amount 1 != 1900'] }), 'payment does not match its order; refused');
    errors.mockRestore();
    expect((await stack.http.get(`/api/orders/${order.id}`).set(auth(user.token))).body.status).toBe('pending');
    expect(await consistent(user.id)).toBe(1_000_000);
    expect(metricValue((await stack.http.get('/api/metrics').set(metricsAuth())).text, 'cda_payments_total', { status: 'mismatch' })).toBeGreaterThanOrEqual(1);
  });

  it('refund by an admin reverses the credit once, even when the refund webhook follows', async () => {
    const user = await registerUser(stack);
    const admin = await registerAdmin(stack);
    const order = (await payCard(user, 'APRO', pack('basic')).expect(201)).body as OrderView;
    await settled(order.providerPaymentId);
    expect(await consistent(user.id)).toBe(2_000_000);

    const list = (await stack.http.get(`/api/admin/orders?status=approved&email=${encodeURIComponent(user.email)}`).set(auth(admin.token)).expect(200)).body;
    expect(list.items.map((o: OrderView) => o.id)).toEqual([order.id]);
    expect((await stack.http.get('/api/admin/orders').set(auth(user.token))).status).toBe(403);

    const refunded = (await stack.http.post(`/api/admin/orders/${order.id}/refund`).set(auth(admin.token)).expect(200)).body;
    expect(refunded).toMatchObject({ status: 'refunded', statusDetail: 'refunded' });
    expect(fake.requests.find((r) => r.path === `/v1/payments/${order.providerPaymentId}/refunds`)!.idempotencyKey).toBe(`order:${order.id}:refund`);
    await settled(order.providerPaymentId, 2);
    expect(await purchases(order.id)).toEqual([
      { type: 'purchase', amount: 1_000_000 },
      { type: 'reversal', amount: -1_000_000 },
    ]);
    expect(await consistent(user.id)).toBe(1_000_000);
    expect((await stack.http.post(`/api/admin/orders/${order.id}/refund`).set(auth(admin.token))).status).toBe(400);

    // The buyer got the receipt and then the refund notice, each once, at the account's address.
    const orderMails = () => db.query(`SELECT kind, to_address, subject, text_body FROM mail_outbox WHERE dedupe_key LIKE $1 ORDER BY id`, [`order-%:${order.id}`]);
    await waitUntil(async () => (await orderMails()).length === 2);
    const mails = await orderMails();
    expect(mails.map((m: { kind: string; to_address: string; subject: string }) => [m.kind, m.to_address, m.subject])).toEqual([
      ['order-approved', user.email, 'Pagamento confirmado — CDA Extractor'],
      ['order-refunded', user.email, 'Pagamento estornado — CDA Extractor'],
    ]);
    expect(mails[0].text_body).toContain('Recebemos o seu pagamento de R$ 19,00 (Cartão de crédito) referente a Pacote Básico de tokens.');
    expect(mails[0].text_body).toContain(`/payment/success?order=${order.id}`);
    expect(mails[1].text_body).toContain('foi estornado');
  });

  it('a refunded plan falls back to the free plan with a compensating ledger entry', async () => {
    const user = await registerUser(stack);
    const admin = await registerAdmin(stack);
    const order = (await payCard(user, 'APRO', { kind: 'plan', itemId: 'basic', billingCycle: 'monthly' }).expect(201)).body as OrderView;
    await settled(order.providerPaymentId);
    expect((await tokens.balance(user.id)).planId).toBe('basic');
    await stack.http.post(`/api/admin/orders/${order.id}/refund`).set(auth(admin.token)).expect(200);
    const b = await tokens.balance(user.id);
    expect(b).toMatchObject({ planId: 'free', tokens: 1_000_000, planExpiresAt: null });
    expect(await consistent(user.id)).toBe(1_000_000);
  });

  it("an admin's per-user token limit survives buying the same plan again; another plan or a refund clears it", async () => {
    const user = await registerUser(stack);
    const admin = await registerAdmin(stack);
    const override = async () => (await db.query(`SELECT token_limit_override FROM users WHERE id = $1`, [user.id]))[0].token_limit_override;
    await stack.http.put(`/api/admin/users/${user.id}`).set(auth(admin.token)).send({ plan: 'basic', tokenLimit: 7_000_000 }).expect(200);
    const again = (await payCard(user, 'APRO', { kind: 'plan', itemId: 'basic', billingCycle: 'monthly' }).expect(201)).body as OrderView;
    await settled(again.providerPaymentId);
    expect(await tokens.balance(user.id)).toMatchObject({ planId: 'basic', tokensPlan: 7_000_000, tokens: 7_000_000 });
    expect(await override()).toBe('7000000');

    const premium = (await payCard(user, 'APRO', { kind: 'plan', itemId: 'premium', billingCycle: 'monthly' }).expect(201)).body as OrderView;
    await settled(premium.providerPaymentId);
    expect(await tokens.balance(user.id)).toMatchObject({ planId: 'premium', tokensPlan: 20_000_000, tokens: 20_000_000 });
    expect(await override()).toBeNull();

    await stack.http.put(`/api/admin/users/${user.id}`).set(auth(admin.token)).send({ tokenLimit: 3_000_000 }).expect(200);
    expect(await consistent(user.id)).toBe(3_000_000);
    await stack.http.post(`/api/admin/orders/${premium.id}/refund`).set(auth(admin.token)).expect(200);
    expect(await tokens.balance(user.id)).toMatchObject({ planId: 'free', tokensPlan: 1_000_000, tokens: 1_000_000 });
    expect(await override()).toBeNull();
    expect(await consistent(user.id)).toBe(1_000_000);
  });

  it('provider down: pt-BR error, nothing faked or credited, and the user can retry', async () => {
    const user = await registerUser(stack);
    fake.down = true;
    try {
      const pix = await stack.http.post('/api/payments/pix').set(auth(user.token)).send({ item: pack(), payer: payer(user.email) });
      expect(pix.status).toBe(502);
      expect(pix.body.message).toBe('Erro ao criar pagamento PIX');
      const card = await payCard(user, 'APRO');
      expect(card.status).toBe(502);
      expect(card.body.message).toBe('Erro ao processar pagamento');
      const mine = (await stack.http.get('/api/orders').set(auth(user.token)).expect(200)).body;
      expect(mine.items.map((o: OrderView) => [o.status, o.statusDetail])).toEqual([
        ['cancelled', 'provider_error'],
        ['cancelled', 'provider_error'],
      ]);
      expect(await consistent(user.id)).toBe(1_000_000);
    } finally {
      fake.down = false;
    }
    expect((await payCard(user, 'APRO')).body.status).toBe('approved');
  });

  /** Webhooks sent while this runs never reach the app, as when the provider's notifications are lost. */
  async function withWebhooksLost<T>(run: () => Promise<T>): Promise<T> {
    const target = fake.options.webhookUrl;
    fake.options.webhookUrl = 'http://127.0.0.1:9/lost';
    try {
      return await run();
    } finally {
      fake.options.webhookUrl = target;
    }
  }
  const orderStatus = async (id: string) => (await db.query(`SELECT status, status_detail FROM orders WHERE id = $1`, [id]))[0];
  /** The job as it would run once the orders' webhooks are overdue. */
  const reconcileLater = () => orders.reconcile(new Date(Date.now() + 11 * 60_000));

  it('the reconcile job recovers lost webhooks: a paid PIX is credited once, an expired one is closed', async () => {
    const user = await registerUser(stack);
    const paid = await payPix(user);
    const expired = await payPix(user, pack('premium'));
    await settled(paid.providerPaymentId);
    await settled(expired.providerPaymentId);
    await withWebhooksLost(async () => {
      await fake.approve(Number(paid.providerPaymentId));
      await fake.expire(Number(expired.providerPaymentId));
    });
    expect(await orderStatus(paid.id)).toEqual({ status: 'pending', status_detail: 'pending_waiting_transfer' });
    // Not yet overdue: nothing asked.
    const asked = fake.requests.length;
    await orders.reconcile();
    expect(fake.requests.slice(asked).filter((r) => r.path.endsWith(`/${paid.providerPaymentId}`))).toEqual([]);

    await reconcileLater();
    expect(await orderStatus(paid.id)).toEqual({ status: 'approved', status_detail: 'accredited' });
    expect(await orderStatus(expired.id)).toEqual({ status: 'cancelled', status_detail: 'expired' });
    const view = (await stack.http.get(`/api/orders/${expired.id}`).set(auth(user.token)).expect(200)).body;
    expect(view.reason).toBe('O prazo para pagar o PIX terminou sem pagamento');
    await reconcileLater();
    expect(await purchases(paid.id)).toEqual([{ type: 'purchase', amount: 1_000_000 }]);
    expect(await purchases(expired.id)).toEqual([]);
    expect(await consistent(user.id)).toBe(2_000_000);
  });

  it('support asks Mercado Pago about one order at once: a PIX paid while its webhook was lost is credited', async () => {
    const user = await registerUser(stack);
    const admin = await registerAdmin(stack);
    const order = await payPix(user);
    await settled(order.providerPaymentId);
    await withWebhooksLost(() => fake.approve(Number(order.providerPaymentId)));
    expect((await stack.http.post(`/api/admin/orders/${order.id}/sync`).set(auth(user.token))).status).toBe(403);
    const synced = (await stack.http.post(`/api/admin/orders/${order.id}/sync`).set(auth(admin.token)).expect(200)).body;
    expect(synced).toMatchObject({ id: order.id, status: 'approved', statusDetail: 'accredited' });
    expect(await purchases(order.id)).toEqual([{ type: 'purchase', amount: 1_000_000 }]);
    // Asking again changes nothing.
    await stack.http.post(`/api/admin/orders/${order.id}/sync`).set(auth(admin.token)).expect(200);
    expect(await purchases(order.id)).toEqual([{ type: 'purchase', amount: 1_000_000 }]);
    const [audit] = await db.query(`SELECT user_id, details FROM audit_log WHERE action = 'order.sync' AND target = $1 ORDER BY id LIMIT 1`, [order.id]);
    expect(audit).toMatchObject({ user_id: admin.id, details: { before: 'pending' } });
    fake.down = true;
    try {
      const down = await stack.http.post(`/api/admin/orders/${order.id}/sync`).set(auth(admin.token)).expect(502);
      expect(down.body.message).toBe('Não foi possível consultar o Mercado Pago agora. Tente novamente em instantes.');
    } finally {
      fake.down = false;
    }
  });

  it('an order whose payment was never created is closed after an hour; a late approval is still honoured', async () => {
    const user = await registerUser(stack);
    const [{ id }] = await db.query(
      `INSERT INTO orders (user_id, kind, pack_id, item_name, tokens, amount_cents, method, status, payer_email, created_at)
       VALUES ($1, 'token_pack', 'basic', 'Pacote Básico de tokens', 1000000, 1900, 'pix', 'pending', $2, now() - interval '61 minutes') RETURNING id`,
      [user.id, user.email],
    );
    await orders.reconcile();
    expect(await orderStatus(id)).toEqual({ status: 'cancelled', status_detail: 'provider_error' });
    // The request had reached the provider after all (the API stopped before hearing back), and the PIX is paid.
    const created = await fetch(`${fake.url}/v1/payments`, {
      method: 'POST',
      headers: { Authorization: 'Bearer TEST-token', 'Content-Type': 'application/json', 'X-Idempotency-Key': `order:${id}:pix` },
      body: JSON.stringify({ transaction_amount: 19, payment_method_id: 'pix', external_reference: id, description: 'Pacote Básico de tokens' }),
    });
    const payment = (await created.json()) as { id: number };
    await fake.approve(payment.id);
    expect(await orderStatus(id)).toEqual({ status: 'approved', status_detail: 'accredited' });
    expect(await purchases(id)).toEqual([{ type: 'purchase', amount: 1_000_000 }]);
    expect(await consistent(user.id)).toBe(2_000_000);
  });

  it('deleting an account cancels its unpaid PIX at the provider; one paid anyway is refunded to the payer, not credited', async () => {
    // Deleted by the holder, PIX still open: the job cancels it at the provider.
    const holder = await registerUser(stack);
    const open = await payPix(holder);
    await settled(open.providerPaymentId);
    await stack.http.post('/api/privacy/delete-account').set(auth(holder.token)).send({ password: 'senha-forte-1' }).expect(200);
    expect(await orderStatus(open.id)).toEqual({ status: 'cancelled', status_detail: 'account_deleted' });
    await orders.reconcile();
    const cancel = fake.requests.find((r) => r.method === 'PUT' && r.path === `/v1/payments/${open.providerPaymentId}`);
    expect(cancel?.body).toEqual({ status: 'cancelled' });
    expect(fake.payments.get(Number(open.providerPaymentId))!.status).toBe('cancelled');
    expect(await purchases(open.id)).toEqual([]);

    // Deleted by an administrator while a PIX was open, then paid: the money goes back.
    const admin = await registerAdmin(stack);
    const late = await registerUser(stack);
    const paidLate = await payPix(late);
    await settled(paidLate.providerPaymentId);
    await stack.http.delete(`/api/admin/users/${late.id}`).set(auth(admin.token)).expect(200);
    await fake.approve(Number(paidLate.providerPaymentId));
    await settled(paidLate.providerPaymentId, 3);
    expect(fake.payments.get(Number(paidLate.providerPaymentId))).toMatchObject({ status: 'refunded', transaction_amount_refunded: 19 });
    expect(await orderStatus(paidLate.id)).toEqual({ status: 'refunded', status_detail: 'refunded' });
    expect(await purchases(paidLate.id)).toEqual([]);
    expect(await tokens.ledgerSum(late.id)).toBe((await tokens.balance(late.id)).tokens);
    expect((await tokens.balance(late.id)).tokens).toBe(1_000_000);
    // Later notifications and job runs change nothing and refund nothing twice.
    await fake.sendWebhook(Number(paidLate.providerPaymentId));
    await reconcileLater();
    expect(fake.requests.filter((r) => r.path === `/v1/payments/${paidLate.providerPaymentId}/refunds`)).toHaveLength(1);
    // No receipt nor refund notice to an account that no longer exists.
    expect(await db.query(`SELECT 1 FROM mail_outbox WHERE dedupe_key LIKE $1`, [`order-%:${paidLate.id}`])).toEqual([]);
    expect(await orderStatus(paidLate.id)).toEqual({ status: 'refunded', status_detail: 'refunded' });
  });

  it("hides another user's order", async () => {
    const owner = await registerUser(stack);
    const other = await registerUser(stack);
    const order = await payPix(owner);
    expect((await stack.http.get(`/api/orders/${order.id}`).set(auth(other.token))).status).toBe(404);
    expect((await stack.http.get(`/api/orders/${order.id}`)).status).toBe(401);
  });

  it('the public view of an order (result pages without sign-in) shows the purchase and its outcome, nothing about the payer', async () => {
    const owner = await registerUser(stack);
    const rejected = (await payCard(owner, 'FUND').expect(201)).body as OrderView;
    const pub = await stack.http.get(`/api/orders/${rejected.id}/public`).expect(200);
    expect(pub.body).toEqual({
      id: rejected.id,
      kind: 'token_pack',
      itemId: 'premium',
      itemName: rejected.itemName,
      billingCycle: null,
      tokens: rejected.tokens,
      amountCents: rejected.amountCents,
      method: 'card',
      installments: 1,
      status: 'rejected',
      statusDetail: 'cc_rejected_insufficient_amount',
      reason: rejected.reason,
      approvedAt: null,
      createdAt: rejected.createdAt,
      updatedAt: expect.any(String),
    });
    expect(pub.body.reason).toBeTruthy();
    expect(JSON.stringify(pub.body)).not.toContain(owner.email);
    const pix = await payPix(owner);
    const pubPix = (await stack.http.get(`/api/orders/${pix.id}/public`).expect(200)).body;
    expect(pubPix).not.toHaveProperty('pix');
    expect(pubPix).not.toHaveProperty('payerEmail');
    expect(pubPix).not.toHaveProperty('providerPaymentId');
    await stack.http.get('/api/orders/00000000-0000-4000-8000-000000000000/public').expect(404);
    await stack.http.get('/api/orders/nao-e-um-id/public').expect(404);
  });

  it("the test provider's card tokenizer (the SDK stand-in's endpoints): checks the card, issues single-use tokens whose holder name decides", async () => {
    const sdk = await fetch(`${fake.url}/js/v2`);
    expect(sdk.headers.get('content-type')).toContain('javascript');
    expect(await sdk.text()).toContain('MercadoPago.prototype.createCardToken');
    const tokenize = (card: Record<string, unknown>, publicKey = 'TEST-public') =>
      fetch(`${fake.url}/v1/card_tokens?public_key=${publicKey}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(card) });
    const good = { card_number: '5031433215406351', cardholder: { name: 'APRO', identification: { type: 'CPF', number: '12345678909' } }, expiration_month: 11, expiration_year: 2030, security_code: '123' };
    expect((await tokenize(good, 'outra-chave')).status).toBe(401);
    const bad = await tokenize({ ...good, card_number: '5031433215406352', security_code: '12', expiration_month: 13 });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { cause: { code: string }[] }).cause.map((c: { code: string }) => c.code)).toEqual(['E301', '325', 'E302']);
    const methods = (await (await fetch(`${fake.url}/v1/payment_methods/search?public_key=TEST-public&bins=50314332`)).json()) as { results: unknown[] };
    expect(methods.results[0]).toMatchObject({ id: 'master', issuer: { id: 24 } });

    const user = await registerUser(stack);
    const pay = (token: string) =>
      stack.http.post('/api/payments/card').set(auth(user.token)).send({ item: pack(), payer: payer(user.email), token, installments: 1, paymentMethodId: 'master', issuerId: '24' });
    const token = ((await (await tokenize(good)).json()) as { id: string }).id;
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    const order = (await pay(token).expect(201)).body as OrderView;
    expect(order).toMatchObject({ status: 'approved', statusDetail: 'accredited' });
    await settled(order.providerPaymentId);
    // Used once: a second payment with it is refused by the provider and nothing is credited.
    const reused = await pay(token);
    expect(reused.status).toBeGreaterThanOrEqual(400);
    const cont = ((await (await tokenize({ ...good, cardholder: { name: 'CONT' } })).json()) as { id: string }).id;
    expect((await pay(cont).expect(201)).body).toMatchObject({ status: 'pending', statusDetail: 'pending_contingency' });
    expect(await consistent(user.id)).toBe(6_000_000);
  });
});
