import { DataSource } from 'typeorm';
import { OrderView, addMonths } from '@cda/shared';
import { TokensService } from '../src/tokens/tokens.service';
import { SubscriptionsService } from '../src/payments/subscriptions.service';
import { ClockService } from '../src/payments/clock.service';
import { FakeMercadoPago, fakeCardToken, startFakeMercadoPago } from '../src/payments/fake-mercadopago/server';
import { Stack, registerAdmin, registerUser, startStack, waitUntil } from './harness';

const SECRET = 'whsec-test-subscriptions';
const DAY = 86400_000;
const MIN = 60_000;

/**
 * Plans that end when they are not paid (issue #23). Time moves by passing `now` to the plans job
 * and by the test provider's clock (which charges preapprovals that fell due and sends their
 * webhooks); the API's own clock is moved forward only where an endpoint reads it.
 */
describe('subscriptions: periods, renewal, cancellation and refunds', () => {
  let stack: Stack;
  let fake: FakeMercadoPago;
  let db: DataSource;
  let tokens: TokensService;
  let subs: SubscriptionsService;
  let clock: ClockService;

  beforeAll(async () => {
    fake = await startFakeMercadoPago({ webhookSecret: SECRET, accessToken: 'TEST-token', forceWebhookUrl: true });
    Object.assign(process.env, { MP_BASE_URL: fake.url, MP_ACCESS_TOKEN: 'TEST-token', MP_WEBHOOK_SECRET: SECRET, MP_PUBLIC_KEY: 'TEST-public' });
    stack = await startStack();
    fake.options.webhookUrl = `${stack.baseUrl}/api/payments/webhook`;
    db = stack.app.get(DataSource);
    tokens = stack.app.get(TokensService);
    subs = stack.app.get(SubscriptionsService);
    clock = stack.app.get(ClockService);
  }, 60000);

  afterAll(async () => {
    await stack?.stop();
    await fake?.stop();
    for (const k of ['MP_BASE_URL', 'MP_ACCESS_TOKEN', 'MP_WEBHOOK_SECRET', 'MP_PUBLIC_KEY']) delete process.env[k];
  });

  const auth = (t: string) => ({ Authorization: `Bearer ${t}` });
  const payer = (email: string) => ({ email, fullName: 'Maria da Silva', cpf: '123.456.789-09' });
  const plan = (itemId: string, billingCycle = 'monthly', change?: boolean) => ({ kind: 'plan', itemId, billingCycle, ...(change ? { change } : {}) });

  async function buy(user: { token: string; email: string }, item: object, opts: { recurring?: string; name?: string } = {}): Promise<OrderView> {
    const res = await stack.http
      .post('/api/payments/card')
      .set(auth(user.token))
      .send({
        item,
        payer: payer(user.email),
        token: fakeCardToken(opts.name ?? 'APRO'),
        installments: 1,
        paymentMethodId: 'master',
        ...(opts.recurring ? { recurringToken: fakeCardToken(opts.recurring) } : {}),
      });
    expect(res.status).toBe(201);
    return res.body;
  }

  async function consistent(userId: string): Promise<number> {
    const b = await tokens.balance(userId);
    expect(await tokens.ledgerSum(userId)).toBe(b.tokens);
    expect(b.tokens).toBeGreaterThanOrEqual(0);
    return b.tokens;
  }

  const subOf = async (userId: string) => (await db.query(`SELECT * FROM subscriptions WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1`, [userId]))[0];
  const userRow = async (id: string) => (await db.query(`SELECT plan, tokens::int, credit_tokens::int, plan_expires_at, plan_period_start FROM users WHERE id = $1`, [id]))[0];
  const mailsOf = (email: string, kind: string) => db.query(`SELECT kind, subject, text_body FROM mail_outbox WHERE to_address = $1 AND kind = $2 ORDER BY id`, [email, kind]);
  const renewalOrders = (subId: string) => db.query(`SELECT id, amount_cents, provider_payment_id FROM orders WHERE subscription_id = $1 AND purpose = 'renewal'`, [subId]);

  async function pack(user: { token: string; email: string }) {
    const res = await stack.http
      .post('/api/payments/card')
      .set(auth(user.token))
      .send({ item: { kind: 'token_pack', itemId: 'basic' }, payer: payer(user.email), token: fakeCardToken('APRO'), installments: 1, paymentMethodId: 'master' });
    expect(res.body.status).toBe('approved');
  }

  it('a monthly plan that is not renewed ends at its period end: Free allowance, credits kept, ledger row, e-mail, once', async () => {
    const user = await registerUser(stack);
    await pack(user); // 1M non-expiring credit
    const order = await buy(user, plan('basic'));
    expect(order.status).toBe('approved');
    const sub = await subOf(user.id);
    expect(sub).toMatchObject({ plan_id: 'basic', billing_cycle: 'monthly', status: 'active', renewal: 'manual' });
    const end = new Date(sub.current_period_end);
    expect(end.toISOString()).toBe(addMonths(new Date(sub.current_period_start), 1).toISOString());
    expect(new Date((await userRow(user.id)).plan_expires_at).toISOString()).toBe(end.toISOString());
    expect(await consistent(user.id)).toBe(6_000_000);

    // A minute before the end: still Basic, and no new monthly allowance (the period is not over).
    await subs.runDue(new Date(end.getTime() - MIN));
    expect(await userRow(user.id)).toMatchObject({ plan: 'basic', tokens: 6_000_000 });

    await subs.runDue(new Date(end.getTime() + MIN));
    expect(await userRow(user.id)).toMatchObject({ plan: 'free', tokens: 2_000_000, credit_tokens: 1_000_000, plan_expires_at: null });
    expect(await subOf(user.id)).toMatchObject({ status: 'ended', end_reason: 'expired' });
    const ledger = await db.query(`SELECT type, amount::int, description FROM token_transactions WHERE user_id = $1 ORDER BY id DESC LIMIT 1`, [user.id]);
    expect(ledger).toEqual([{ type: 'renewal', amount: -4_000_000, description: 'Plano Gratuito: saldo ajustado para 1M (fim do plano pago)' }]);
    expect(await consistent(user.id)).toBe(2_000_000);
    const ended = await mailsOf(user.email, 'plan-ended');
    expect(ended).toHaveLength(1);
    expect(ended[0].subject).toBe('Seu plano Básico terminou — CDA Extractor');
    expect(ended[0].text_body).toContain('o período pago terminou sem renovação');

    // The job running again (or late) changes nothing and sends nothing more.
    await subs.runDue(new Date(end.getTime() + 2 * MIN));
    expect(await userRow(user.id)).toMatchObject({ plan: 'free', tokens: 2_000_000 });
    expect(await mailsOf(user.email, 'plan-ended')).toHaveLength(1);
    // Free's allowance then renews monthly as before.
    await subs.runDue(new Date(end.getTime() + 31 * DAY + 2 * MIN));
    expect(await consistent(user.id)).toBe(2_000_000);
  });

  it('a yearly plan renews its monthly allowance inside the paid year only', async () => {
    const user = await registerUser(stack);
    await buy(user, plan('basic', 'yearly'));
    const sub = await subOf(user.id);
    const start = new Date(sub.current_period_start);
    await db.query(`UPDATE users SET tokens = 1000 WHERE id = $1`, [user.id]);
    await db.query(`INSERT INTO token_transactions (user_id, type, amount, description) VALUES ($1, 'settle', -4999000, 'spent in the test')`, [user.id]);
    await subs.runDue(new Date(addMonths(start, 1).getTime() + MIN));
    expect(await userRow(user.id)).toMatchObject({ plan: 'basic', tokens: 5_000_000 });
    // Month 12 starts inside the year; at the year's end the plan ends instead of renewing.
    await subs.runDue(new Date(addMonths(start, 11).getTime() + MIN));
    expect((await userRow(user.id)).plan).toBe('basic');
    await subs.runDue(new Date(addMonths(start, 12).getTime() + MIN));
    expect(await userRow(user.id)).toMatchObject({ plan: 'free', tokens: 1_000_000 });
    expect(await consistent(user.id)).toBe(1_000_000);
  });

  it('reminders go out 7 days and 1 day before an end that will not renew by itself, each once', async () => {
    const user = await registerUser(stack);
    await buy(user, plan('basic'));
    const auto = await registerUser(stack);
    await buy(auto, plan('basic'), { recurring: 'APRO' });
    const end = new Date((await subOf(user.id)).current_period_end);
    const autoEnd = new Date((await subOf(auto.id)).current_period_end);

    await subs.runDue(new Date(end.getTime() - 7 * DAY - MIN));
    expect(await mailsOf(user.email, 'plan-reminder-7')).toHaveLength(0);
    for (const at of [end.getTime() - 7 * DAY + MIN, end.getTime() - 5 * DAY, end.getTime() - 2 * DAY]) await subs.runDue(new Date(at));
    const seven = await mailsOf(user.email, 'plan-reminder-7');
    expect(seven).toHaveLength(1);
    expect(seven[0].subject).toBe('Seu plano Básico vence em 7 dias — CDA Extractor');
    for (const at of [end.getTime() - DAY + MIN, end.getTime() - 12 * 3600_000, end.getTime() - MIN]) await subs.runDue(new Date(at));
    const one = await mailsOf(user.email, 'plan-reminder-1');
    expect(one).toHaveLength(1);
    expect(one[0].subject).toBe('Seu plano Básico vence amanhã — CDA Extractor');
    expect(one[0].text_body).toContain('/profile?tab=plano');
    // The card plan that renews by itself is not reminded.
    await subs.runDue(new Date(autoEnd.getTime() - DAY + MIN));
    expect([...(await mailsOf(auto.email, 'plan-reminder-7')), ...(await mailsOf(auto.email, 'plan-reminder-1'))]).toHaveLength(0);
  });

  it('an approved renewal charge extends the period once, however often its webhooks are replayed', async () => {
    const user = await registerUser(stack);
    const order = await buy(user, plan('basic'), { recurring: 'APRO' });
    const sub = await subOf(user.id);
    expect(sub).toMatchObject({ renewal: 'auto' });
    const pre = fake.preapprovals.get(sub.provider_preapproval_id)!;
    const end = new Date(sub.current_period_end);
    // Charged 3 days before the end, R$ 49,00 a month, on behalf of this subscription.
    expect(pre).toMatchObject({ status: 'authorized', external_reference: sub.id, auto_recurring: { transaction_amount: 49, frequency: 1, frequency_type: 'months' } });
    expect(pre.next_payment_date).toBe(new Date(end.getTime() - 3 * DAY).toISOString());
    expect(fake.requests.find((r) => r.path === '/preapproval' && (r.body as { external_reference?: string }).external_reference === sub.id)!.idempotencyKey).toBe(`subscription:${sub.id}:preapproval`);
    const view = (await stack.http.get('/api/subscription').set(auth(user.token)).expect(200)).body;
    expect(view).toMatchObject({ planId: 'basic', renewal: 'auto', nextChargeCents: 4900, nextChargeAt: pre.next_payment_date, periodEnd: end.toISOString() });

    await fake.advanceClock(new Date(end.getTime() - 3 * DAY + MIN));
    const renewals = await renewalOrders(sub.id);
    expect(renewals).toHaveLength(1);
    expect(renewals[0].amount_cents).toBe(4900);
    const newEnd = addMonths(end, 1);
    expect(new Date((await subOf(user.id)).current_period_end).toISOString()).toBe(newEnd.toISOString());
    expect(new Date((await userRow(user.id)).plan_expires_at).toISOString()).toBe(newEnd.toISOString());

    // Replays of both notifications, at once and later: nothing moves again.
    const charge = [...fake.authorizedPayments.values()].find((a) => a.preapproval_id === pre.id)!;
    const statuses = await Promise.all([
      ...Array.from({ length: 4 }, () => fake.notify('subscription_authorized_payment', String(charge.id), 'updated')),
      ...Array.from({ length: 3 }, () => fake.sendWebhook(charge.payment!.id)),
    ]);
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(await renewalOrders(sub.id)).toHaveLength(1);
    expect(new Date((await subOf(user.id)).current_period_end).toISOString()).toBe(newEnd.toISOString());
    // The purchase's receipt and the renewal's.
    await waitUntil(async () => (await mailsOf(user.email, 'order-approved')).length === 2);

    // At the old end the new month's allowance arrives (inside the paid period), and the plan goes on.
    await subs.runDue(new Date(end.getTime() + MIN));
    expect(await userRow(user.id)).toMatchObject({ plan: 'basic', tokens: 5_000_000 });
    expect(new Date((await userRow(user.id)).plan_period_start).toISOString()).toBe(end.toISOString());
    expect(await consistent(user.id)).toBe(5_000_000);
    expect(order.status).toBe('approved');
  });

  it('a refused renewal is retried by the provider and, when it finally fails, the plan ends at its period end with an e-mail', async () => {
    const user = await registerUser(stack);
    await buy(user, plan('basic'), { recurring: 'APRO' });
    const sub = await subOf(user.id);
    const end = new Date(sub.current_period_end);
    fake.setPreapprovalCard(sub.provider_preapproval_id, 'FUND');

    await fake.advanceClock(new Date(end.getTime() - 3 * DAY + MIN));
    expect(await subOf(user.id)).toMatchObject({ renewal: 'retrying', renewal_failures: 1, status: 'active' });
    await subs.runDue(new Date(end.getTime() - 2 * DAY));
    expect((await userRow(user.id)).plan).toBe('basic');

    // The provider's remaining attempts all fall before the period ends; the last refusal ends the renewal.
    await fake.advanceClock(new Date(end.getTime() - MIN));
    const charges = [...fake.authorizedPayments.values()].filter((a) => a.preapproval_id === sub.provider_preapproval_id);
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ status: 'processed', retry_attempt: 4, payment: { status: 'rejected' } });
    await waitUntil(async () => (await subOf(user.id)).renewal === 'failed');
    expect(await renewalOrders(sub.id)).toHaveLength(0);
    const failed = await mailsOf(user.email, 'renewal-failed');
    expect(failed).toHaveLength(1);
    expect(failed[0].text_body).toContain('R$ 49,00');
    await waitUntil(() => fake.preapprovals.get(sub.provider_preapproval_id)!.status === 'cancelled');

    // Still Basic until the end of what was paid, then Free.
    await subs.runDue(new Date(end.getTime() - MIN));
    expect((await userRow(user.id)).plan).toBe('basic');
    await subs.runDue(new Date(end.getTime() + MIN));
    expect(await userRow(user.id)).toMatchObject({ plan: 'free', tokens: 1_000_000 });
    expect(await subOf(user.id)).toMatchObject({ status: 'ended', end_reason: 'expired' });
    expect(new Date((await subOf(user.id)).ended_at).toISOString()).toBe(end.toISOString());
    const ended = await mailsOf(user.email, 'plan-ended');
    expect(ended).toHaveLength(1);
    expect(ended[0].text_body).toContain('as tentativas de cobrança da renovação no cartão foram recusadas');
    expect(await consistent(user.id)).toBe(1_000_000);
  });

  it('Cancelar renovação stops the provider charging; the plan lasts to its end', async () => {
    const user = await registerUser(stack);
    const other = await registerUser(stack);
    await buy(user, plan('basic'), { recurring: 'APRO' });
    const sub = await subOf(user.id);
    // Someone without a paid plan has nothing to cancel.
    expect((await stack.http.post('/api/subscription/cancel-renewal').set(auth(other.token))).status).toBe(404);
    const view = (await stack.http.post('/api/subscription/cancel-renewal').set(auth(user.token)).expect(200)).body;
    expect(view).toMatchObject({ renewal: 'cancelled', nextChargeAt: null, planId: 'basic' });
    expect(fake.preapprovals.get(sub.provider_preapproval_id)!.status).toBe('cancelled');
    expect((await stack.http.post('/api/subscription/cancel-renewal').set(auth(user.token))).status).toBe(400);
    await fake.advanceClock(new Date(new Date(sub.current_period_end).getTime() + MIN));
    expect(await renewalOrders(sub.id)).toHaveLength(0);
    expect(await mailsOf(user.email, 'renewal-cancelled')).toHaveLength(1);
  });

  it('Cancelar e pedir reembolso within 30 days: full refund through the provider, Free at once, the plan tokens removed', async () => {
    const user = await registerUser(stack);
    await pack(user);
    const order = await buy(user, plan('basic'), { recurring: 'APRO' });
    const sub = await subOf(user.id);
    const view = (await stack.http.get('/api/subscription').set(auth(user.token)).expect(200)).body;
    expect(view.refund).toMatchObject({ kind: 'full', refundCents: 4900, feeCents: 0 });
    expect(await consistent(user.id)).toBe(6_000_000);

    const after = (await stack.http.post('/api/subscription/refund').set(auth(user.token)).expect(200)).body;
    expect(after).toMatchObject({ id: null, planId: 'free' });
    const refundCall = fake.requests.find((r) => r.path === `/v1/payments/${order.providerPaymentId}/refunds`)!;
    expect(refundCall.idempotencyKey).toBe(`order:${order.id}:refund`);
    expect(fake.payments.get(Number(order.providerPaymentId))).toMatchObject({ status: 'refunded', transaction_amount_refunded: 49 });
    expect((await stack.http.get(`/api/orders/${order.id}`).set(auth(user.token))).body.status).toBe('refunded');
    // Free at once: the credit stays, the plan's tokens above Free's allowance are gone.
    expect(await userRow(user.id)).toMatchObject({ plan: 'free', tokens: 2_000_000, credit_tokens: 1_000_000, plan_expires_at: null });
    expect(await subOf(user.id)).toMatchObject({ status: 'ended', end_reason: 'refunded' });
    await waitUntil(() => fake.preapprovals.get(sub.provider_preapproval_id)!.status === 'cancelled');
    expect(await consistent(user.id)).toBe(2_000_000);
    expect((await stack.http.post('/api/subscription/refund').set(auth(user.token))).status).toBe(404);
    await waitUntil(async () => (await mailsOf(user.email, 'plan-refund')).length === 1);
  });

  it('an upgrade is charged its price minus the unused days, pro rata, and takes effect at once', async () => {
    const user = await registerUser(stack);
    await buy(user, plan('basic'), { recurring: 'APRO' });
    const old = await subOf(user.id);
    // A 31-day period with 20 whole days (and 6 hours) left: 4900 × 20 / 31 = 3161,29 → R$ 31,61 of credit;
    // Premium R$ 149,00 − 31,61 = R$ 117,39 now.
    const now = clock.now().getTime();
    await db.query(`UPDATE subscriptions SET current_period_start = $2, current_period_end = $3 WHERE id = $1`, [
      old.id,
      new Date(now - 11 * DAY + 6 * 3600_000 + MIN),
      new Date(now + 20 * DAY + 6 * 3600_000 + MIN),
    ]);
    const options = (await stack.http.get('/api/subscription/options').set(auth(user.token)).expect(200)).body;
    const premium = options.find((o: { planId: string; billingCycle: string }) => o.planId === 'premium' && o.billingCycle === 'monthly');
    expect(premium).toMatchObject({ kind: 'upgrade', priceCents: 14900, quote: { unusedDays: 20, periodDays: 31, creditCents: 3161, chargeCents: 11739 } });
    // A smaller plan is not bought now.
    expect((await stack.http.post('/api/payments/card').set(auth(user.token)).send({
      item: plan('basic', 'yearly', true), payer: payer(user.email), token: fakeCardToken('APRO'), installments: 1, paymentMethodId: 'master',
    })).status).toBe(400);

    const order = await buy(user, plan('premium', 'monthly', true), { recurring: 'APRO' });
    expect(order).toMatchObject({ status: 'approved', amountCents: 11739, itemName: 'Mudança para o Plano Premium - Mensal' });
    expect(fake.payments.get(Number(order.providerPaymentId))!.transaction_amount).toBe(117.39);
    expect(await userRow(user.id)).toMatchObject({ plan: 'premium', tokens: 20_000_000 });
    expect(await db.query(`SELECT status, end_reason FROM subscriptions WHERE id = $1`, [old.id])).toEqual([{ status: 'ended', end_reason: 'changed' }]);
    const current = await subOf(user.id);
    expect(current).toMatchObject({ plan_id: 'premium', renewal: 'auto', status: 'active' });
    expect(fake.preapprovals.get(old.provider_preapproval_id)!.status).toBe('cancelled');
    expect(fake.preapprovals.get(current.provider_preapproval_id)!.auto_recurring.transaction_amount).toBe(149);
    expect(await consistent(user.id)).toBe(20_000_000);
  });

  it('a downgrade takes effect at the next cycle: the renewal is charged the smaller price and the plan changes when the period starts', async () => {
    const user = await registerUser(stack);
    await buy(user, plan('premium'), { recurring: 'APRO' });
    const sub = await subOf(user.id);
    const end = new Date(sub.current_period_end);
    const view = (await stack.http.post('/api/subscription/downgrade').set(auth(user.token)).send({ planId: 'basic', billingCycle: 'monthly' }).expect(200)).body;
    expect(view).toMatchObject({ planId: 'premium', pendingPlanId: 'basic', pendingPlanName: 'Básico', nextChargeCents: 4900 });
    expect(fake.preapprovals.get(sub.provider_preapproval_id)!.auto_recurring.transaction_amount).toBe(49);
    expect((await userRow(user.id)).plan).toBe('premium');

    await fake.advanceClock(new Date(end.getTime() - 3 * DAY + MIN));
    expect(await renewalOrders(sub.id)).toEqual([expect.objectContaining({ amount_cents: 4900 })]);
    // Still Premium (no refund of the difference) until the paid Premium month ends.
    await subs.runDue(new Date(end.getTime() - MIN));
    expect(await userRow(user.id)).toMatchObject({ plan: 'premium', tokens: 20_000_000 });
    await subs.runDue(new Date(end.getTime() + MIN));
    expect(await userRow(user.id)).toMatchObject({ plan: 'basic', tokens: 5_000_000 });
    expect(await subOf(user.id)).toMatchObject({ plan_id: 'basic', pending_plan_id: null, status: 'active' });
    expect(await consistent(user.id)).toBe(5_000_000);
  });

  it('back office: plan, period end and renewal state; an admin extends a period or ends a subscription, audited; reports count them', async () => {
    const user = await registerUser(stack);
    const admin = await registerAdmin(stack);
    await buy(user, plan('basic'), { recurring: 'APRO' });
    const sub = await subOf(user.id);
    expect((await stack.http.post(`/api/admin/users/${user.id}/subscription/extend`).set(auth(user.token)).send({ days: 10 })).status).toBe(403);
    expect((await stack.http.post(`/api/admin/users/${user.id}/subscription/extend`).set(auth(admin.token)).send({ days: 0 })).status).toBe(400);
    const extended = (await stack.http.post(`/api/admin/users/${user.id}/subscription/extend`).set(auth(admin.token)).send({ days: 10 }).expect(200)).body;
    expect(extended.periodEnd).toBe(new Date(new Date(sub.current_period_end).getTime() + 10 * DAY).toISOString());
    expect(new Date((await userRow(user.id)).plan_expires_at).toISOString()).toBe(extended.periodEnd);
    const unknown = await stack.http.get('/api/admin/users/00000000-0000-4000-8000-000000000000/subscription').set(auth(admin.token));
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Usuário não encontrado.');
    const ended = (await stack.http.post(`/api/admin/users/${user.id}/subscription/end`).set(auth(admin.token)).expect(200)).body;
    expect(ended).toMatchObject({ id: null, planId: 'free' });
    expect(await subOf(user.id)).toMatchObject({ status: 'ended', end_reason: 'admin' });
    await waitUntil(() => fake.preapprovals.get(sub.provider_preapproval_id)!.status === 'cancelled');
    const audit = await db.query(`SELECT action FROM audit_log WHERE target = $1 AND action LIKE 'subscription.%' ORDER BY created_at`, [user.id]);
    expect(audit.map((a: { action: string }) => a.action)).toEqual(['subscription.extend', 'subscription.end']);
    expect(await consistent(user.id)).toBe(1_000_000);

    const month = clock.now().toISOString().slice(0, 7);
    const report = (await stack.http.get(`/api/admin/reports/subscriptions?from=${month}&to=${month}`).set(auth(admin.token)).expect(200)).body;
    expect(report).toHaveLength(1);
    expect(report[0].month).toBe(month);
    expect(report[0].newSubscriptions).toBeGreaterThanOrEqual(1);
    expect(report[0].ended).toBeGreaterThanOrEqual(1);
  });

  it('an administrator who sets another plan ends the paid subscription; its preapproval is cancelled and never charged', async () => {
    const user = await registerUser(stack);
    const admin = await registerAdmin(stack);
    await buy(user, plan('basic'), { recurring: 'APRO' });
    const sub = await subOf(user.id);
    await stack.http.put(`/api/admin/users/${user.id}`).set(auth(admin.token)).send({ plan: 'premium' }).expect(200);
    expect(await subOf(user.id)).toMatchObject({ id: sub.id, status: 'ended', renewal: 'ended', end_reason: 'admin-plan' });
    expect((await userRow(user.id)).plan).toBe('premium');
    await subs.runDue();
    expect(fake.preapprovals.get(sub.provider_preapproval_id)!.status).toBe('cancelled');
    await fake.advanceClock(new Date(new Date(sub.current_period_end).getTime() + MIN));
    expect(await renewalOrders(sub.id)).toHaveLength(0);
    await consistent(user.id);
  });

  it('an annual plan cancelled after 30 days is refunded its unused whole months minus 10 % (hand-computed)', async () => {
    const user = await registerUser(stack);
    const order = await buy(user, plan('premium', 'yearly'));
    // 73 days later two calendar months have passed and the third has begun (2 months ≤ 62 days,
    // 3 months ≥ 89 days): 9 whole months unused. 143000 × 9 / 12 = 107250; 10 % fee = 10725;
    // refund R$ 965,25.
    clock.advance(73 * DAY);
    const view = (await stack.http.get('/api/subscription').set(auth(user.token)).expect(200)).body;
    expect(view.refund).toMatchObject({ kind: 'annual_pro_rata', unusedMonths: 9, proRataCents: 107250, feeCents: 10725, refundCents: 96525 });
    await stack.http.post('/api/subscription/refund').set(auth(user.token)).expect(200);
    const call = fake.requests.find((r) => r.path === `/v1/payments/${order.providerPaymentId}/refunds`)!;
    expect(call.body).toEqual({ amount: 965.25 });
    expect(fake.payments.get(Number(order.providerPaymentId))).toMatchObject({ status: 'approved', status_detail: 'partially_refunded', transaction_amount_refunded: 965.25 });
    expect(await db.query(`SELECT status::text, refunded_cents FROM orders WHERE id = $1`, [order.id])).toEqual([{ status: 'approved', refunded_cents: 96525 }]);
    expect(await userRow(user.id)).toMatchObject({ plan: 'free', tokens: 1_000_000 });
    expect(await subOf(user.id)).toMatchObject({ status: 'ended', end_reason: 'cancelled_refund' });
    expect(await db.query(`SELECT type, amount::int FROM token_transactions WHERE order_id = $1 ORDER BY id`, [order.id])).toEqual([
      { type: 'purchase', amount: 19_000_000 },
      { type: 'reversal', amount: -19_000_000 },
    ]);
    expect(await consistent(user.id)).toBe(1_000_000);
    // The provider's webhook for the partial refund moves nothing.
    await fake.sendWebhook(Number(order.providerPaymentId));
    expect(await consistent(user.id)).toBe(1_000_000);
    // A monthly plan after the guarantee gets no refund.
    const monthly = await registerUser(stack);
    await buy(monthly, plan('basic'));
    clock.advance(31 * DAY);
    const res = await stack.http.post('/api/subscription/refund').set(auth(monthly.token));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('O prazo de 30 dias para reembolso terminou. Você pode cancelar a renovação e usar o plano até o fim do período.');
  });
  it('a plan that ended can be reactivated for 90 days (day 89 yes, day 91 no), same plan and cycle at its current price, recorded as a reactivation', async () => {
    const admin = await registerAdmin(stack);
    const early = await registerUser(stack);
    const late = await registerUser(stack);
    await buy(early, plan('basic'));
    await buy(late, plan('basic'));
    const oldSub = await subOf(early.id);
    const end = Math.max(new Date(oldSub.current_period_end).getTime(), new Date((await subOf(late.id)).current_period_end).getTime());
    // While the plan runs there is nothing to reactivate.
    expect((await stack.http.get('/api/subscription').set(auth(early.token)).expect(200)).body.reactivation).toBeNull();

    // The test clock (administrators, test provider only): to the first hour of day 89 after the end.
    const moveTo = async (at: number) => {
      const hours = Math.ceil((at - clock.now().getTime()) / 3600_000);
      const res = await stack.http.post('/api/admin/test-clock').set(auth(admin.token)).send({ hours }).expect(200);
      return new Date(res.body.now).getTime();
    };
    const day89 = await moveTo(end + 89 * DAY);
    expect(day89 - end).toBeGreaterThanOrEqual(89 * DAY);
    expect(day89 - end).toBeLessThan(90 * DAY);
    expect(await subOf(early.id)).toMatchObject({ id: oldSub.id, status: 'ended', end_reason: 'expired' });

    const basicPrice = (await db.query(`SELECT monthly_price_cents FROM plans WHERE id = 'basic'`))[0].monthly_price_cents;
    await db.query(`UPDATE plans SET monthly_price_cents = 5900 WHERE id = 'basic'`);
    try {
      const view = (await stack.http.get('/api/subscription').set(auth(early.token)).expect(200)).body;
      expect(view).toMatchObject({ id: null, planId: 'free' });
      // The current price of the plan (R$ 59,00 now), until exactly 90 days after the end.
      expect(view.reactivation).toEqual({
        planId: 'basic',
        planName: 'Básico',
        billingCycle: 'monthly',
        priceCents: 5900,
        endedAt: new Date(oldSub.current_period_end).toISOString(),
        until: new Date(new Date(oldSub.current_period_end).getTime() + 90 * DAY).toISOString(),
      });

      // Only the same plan and cycle is a reactivation.
      for (const item of [plan('premium'), plan('basic', 'yearly')]) {
        const refused = await stack.http.post('/api/payments/card').set(auth(early.token))
          .send({ item: { ...item, reactivate: true }, payer: payer(early.email), token: fakeCardToken('APRO'), installments: 1, paymentMethodId: 'master' });
        expect(refused.status).toBe(400);
        expect(refused.body.message).toContain('A reativação não está disponível para este plano');
      }

      const order = await buy(early, { ...plan('basic'), reactivate: true });
      expect(order).toMatchObject({ status: 'approved', amountCents: 5900, itemName: 'Reativação: Plano Básico - Mensal' });
      expect(fake.payments.get(Number(order.providerPaymentId))!.transaction_amount).toBe(59);
      const [row] = await db.query(`SELECT purpose, subscription_id FROM orders WHERE id = $1`, [order.id]);
      const newSub = await subOf(early.id);
      expect(row).toEqual({ purpose: 'reactivation', subscription_id: newSub.id });
      expect(newSub).toMatchObject({ plan_id: 'basic', billing_cycle: 'monthly', status: 'active', reactivated_from: oldSub.id });
      expect(await userRow(early.id)).toMatchObject({ plan: 'basic', tokens: 5_000_000 });
      expect(await consistent(early.id)).toBe(5_000_000);
      const audit = await db.query(`SELECT user_id, details FROM audit_log WHERE action = 'subscription.reactivate' AND target = $1`, [newSub.id]);
      expect(audit).toEqual([{ user_id: early.id, details: { orderId: order.id, reactivatedFrom: oldSub.id, planId: 'basic', billingCycle: 'monthly' } }]);
      // On a paid plan again: no offer, and a second reactivation is refused.
      expect((await stack.http.get('/api/subscription').set(auth(early.token)).expect(200)).body.reactivation).toBeNull();
      const again = await stack.http.post('/api/payments/card').set(auth(early.token))
        .send({ item: { ...plan('basic'), reactivate: true }, payer: payer(early.email), token: fakeCardToken('APRO'), installments: 1, paymentMethodId: 'master' });
      expect(again.status).toBe(400);

      // The report tells it from a new subscription (no other test reactivates).
      const month = new Date(day89).toISOString().slice(0, 7);
      const report = (await stack.http.get(`/api/admin/reports/subscriptions?from=${month}&to=${month}`).set(auth(admin.token)).expect(200)).body;
      expect(report[0]).toMatchObject({ month, reactivations: 1 });

      // Day 91: the offer is gone and the checkout refuses it; a plain purchase is still possible.
      const day91 = await moveTo(end + 91 * DAY);
      expect(day91 - end).toBeGreaterThanOrEqual(91 * DAY);
      expect((await stack.http.get('/api/subscription').set(auth(late.token)).expect(200)).body).toMatchObject({ planId: 'free', reactivation: null });
      const lapsed = await stack.http.post('/api/payments/card').set(auth(late.token))
        .send({ item: { ...plan('basic'), reactivate: true }, payer: payer(late.email), token: fakeCardToken('APRO'), installments: 1, paymentMethodId: 'master' });
      expect(lapsed.status).toBe(400);
      expect(await db.query(`SELECT count(*)::int AS n FROM orders WHERE user_id = $1 AND purpose = 'reactivation'`, [late.id])).toEqual([{ n: 0 }]);
      expect(await buy(late, plan('basic'))).toMatchObject({ status: 'approved', amountCents: 5900, itemName: 'Plano Básico - Mensal' });
      expect((await subOf(late.id)).reactivated_from).toBeNull();
    } finally {
      await db.query(`UPDATE plans SET monthly_price_cents = $1 WHERE id = 'basic'`, [basicPrice]);
    }
  });
});
