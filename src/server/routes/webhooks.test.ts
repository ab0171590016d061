import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { backends } from '../testing/databases.js';
import { startTestServer, TestClient, type TestServer } from '../testing/test-server.js';
import { latestMail, signUpVerifiedUser } from '../testing/accounts.js';
import { creditLedger, emailOutbox, paymentEvents, planGrants, profiles } from '../db/schema.js';
import { reserveCredits } from '../services/credits/ledger.js';
import { runBillingMaintenance } from '../services/billing/billing-maintenance.js';
import { startFakeStripeApi } from '../testing/fake-stripe-api.js';
import { checkoutSessionCompleted, invoiceEvent, newTestSub, signatureFor, stripeEnv, subscriptionEvent, type TestSub } from '../testing/stripe-events.js';

const DAY = 24 * 3600 * 1000;

/** Stripe mode at the HTTP boundary: signed deliveries to POST /api/webhooks/stripe, a clock the test moves. */
describe.each(backends)('Stripe webhooks on %s', (backend) => {
  let server: TestServer;
  let stripeApi: Awaited<ReturnType<typeof startFakeStripeApi>>;
  let now = new Date('2026-11-22T10:00:00Z');
  const clock = () => new Date(now);

  beforeAll(async () => {
    stripeApi = await startFakeStripeApi();
    server = await startTestServer({
      backend,
      clock,
      env: {
        WORKERS: '0',
        RATE_LIMIT_SIGN_UP: '1000/60',
        RATE_LIMIT_SIGN_IN: '1000/60',
        RATE_LIMIT_PASSWORD_RESET: '1000/60',
        STRIPE_API_URL: stripeApi.url,
        ...stripeEnv,
      },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await stripeApi?.close();
  });

  async function deliver(event: object, opts: { at?: Date; secret?: string; signature?: string } = {}) {
    const payload = JSON.stringify(event, null, 2);
    const signature = opts.signature ?? signatureFor(payload, opts.at ?? now, opts.secret);
    const res = await fetch(`${server.url}/api/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature, 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
      body: payload,
    });
    return { status: res.status, body: (await res.json()) as any };
  }

  const profileOf = async (userId: string) => (await server.deps.db.select().from(profiles).where(eq(profiles.userId, userId)))[0];
  const grantOf = async (sub: TestSub) => (await server.deps.db.select().from(planGrants).where(eq(planGrants.stripeSubscriptionId, sub.subscription)))[0];
  const mailCount = async (to: string, template: string) =>
    (
      await server.deps.db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.template, template)))
    ).length;

  /** A signed-up user who completed a Professional checkout: the session and its first invoice, as Stripe sends them. */
  async function subscribedUser(plan: 'basic' | 'professional' | 'business' = 'professional') {
    const client = new TestClient(server.url);
    const u = await signUpVerifiedUser(client, server.deps);
    const sub = newTestSub(u.userId, plan);
    const invoice = `in_test_first_${u.userId.slice(0, 8)}`;
    const periodStart = new Date(now);
    const periodEnd = new Date(now.getTime() + 30 * DAY);
    const amount = { basic: 1200, professional: 2900, business: 4900 }[plan];
    expect((await deliver(checkoutSessionCompleted(sub, now, invoice, amount))).status).toBe(200);
    expect((await deliver(invoiceEvent('invoice.paid', sub, now, { invoice, amount, periodStart, periodEnd, reason: 'subscription_create' }))).status).toBe(
      200,
    );
    return { client, ...u, sub, periodEnd };
  }

  it('rejects a delivery with a wrong signature: 400 and nothing recorded', async () => {
    const u = await signUpVerifiedUser(new TestClient(server.url), server.deps);
    const event = checkoutSessionCompleted(newTestSub(u.userId, 'business'), now, 'in_test_forged', 4900);
    const forged = await deliver(event, { secret: 'whsec_not_the_real_one' });
    expect(forged.status).toBe(400);
    expect(forged.body.error.code).toBe('INVALID_WEBHOOK');
    const tampered = await deliver(
      { ...event, data: { object: { ...event.data.object, amount_total: 1 } } },
      { signature: signatureFor(JSON.stringify(event, null, 2), now) },
    );
    expect(tampered.status).toBe(400);
    const missing = await fetch(`${server.url}/api/webhooks/stripe`, { method: 'POST', body: JSON.stringify(event) });
    expect(missing.status).toBe(400);
    expect(await server.deps.db.select().from(paymentEvents).where(eq(paymentEvents.id, event.id))).toEqual([]);
    expect((await profileOf(u.userId)).subscriptionStatus).toBe('free');
  });

  it('rejects a stale timestamp (a captured delivery sent again later): 400', async () => {
    const u = await signUpVerifiedUser(new TestClient(server.url), server.deps);
    const event = checkoutSessionCompleted(newTestSub(u.userId, 'business'), now, 'in_test_stale', 4900);
    const stale = await deliver(event, { at: new Date(now.getTime() - 10 * 60 * 1000) });
    expect(stale.status).toBe(400);
    expect(stale.body.error.message).toMatch(/tolerance/i);
    expect((await profileOf(u.userId)).subscriptionStatus).toBe('free');
  });

  it('checkout completed and first invoice: the plan, its credits once, and the e-mails', async () => {
    const { client, userId, email, sub } = await subscribedUser('professional');
    const p = await profileOf(userId);
    expect([p.subscriptionStatus, p.creditsRemaining]).toEqual(['professional', 500]);
    // the session and its first invoice are one payment: one reset in the ledger
    const resets = await server.deps.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, userId), eq(creditLedger.reason, 'plan_change')));
    expect(resets.map((r) => [r.delta, r.balanceAfter])).toEqual([[496, 500]]);
    expect(await grantOf(sub)).toMatchObject({ source: 'stripe', tier: 'pro', status: 'active', stripeCustomerId: sub.customer });
    const confirmed = await latestMail(server.deps, email, 'subscription-confirmed');
    expect(confirmed.text).toContain('Professional');
    expect(confirmed.text).toContain('€29.00');
    expect(confirmed.text).toContain('500');
    // a purchase is one e-mail: the first invoice adds no "payment received" to the confirmation
    expect(await mailCount(email, 'payment-received')).toBe(0);
    const check = await client.json('/api/check-subscription', { method: 'POST' });
    expect(check.body).toEqual({ subscribed: true, subscription_tier: 'professional' });
    const billing = await client.json('/api/billing');
    expect(billing.body).toMatchObject({ mode: 'stripe', can_manage: true, upgrade_options: ['business'], credits_remaining: 500, monthly_credits: 500 });
  });

  it('a replayed event changes nothing', async () => {
    const { userId, email, sub } = await subscribedUser('basic');
    const renewal = invoiceEvent('invoice.paid', sub, now, { amount: 1200, periodStart: now, periodEnd: new Date(now.getTime() + 30 * DAY) });
    expect((await deliver(renewal)).body).toEqual({ received: true, duplicate: false });
    await reserveCredits(server.deps.db, userId, 50);
    const mails = await mailCount(email, 'payment-received');
    const replay = await deliver(renewal);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual({ received: true, duplicate: true });
    expect((await profileOf(userId)).creditsRemaining).toBe(150);
    expect(await mailCount(email, 'payment-received')).toBe(mails);
  });

  it('a billing cycle (invoice paid) resets credits to the allowance', async () => {
    const { userId, sub, periodEnd } = await subscribedUser('basic');
    await reserveCredits(server.deps.db, userId, 120);
    const next = new Date(periodEnd.getTime() + 30 * DAY);
    await deliver(invoiceEvent('invoice.paid', sub, now, { amount: 1200, periodStart: periodEnd, periodEnd: next }));
    const p = await profileOf(userId);
    expect(p.creditsRemaining).toBe(200);
    expect(p.creditsResetAt?.toISOString()).toBe(next.toISOString());
    expect((await grantOf(sub)).currentPeriodEnd?.toISOString()).toBe(next.toISOString());
  });

  it('a plan change (subscription updated) switches the plan and resets credits', async () => {
    const { userId, client, sub, periodEnd } = await subscribedUser('professional');
    await reserveCredits(server.deps.db, userId, 300);
    const upgraded = { ...sub, plan: 'business' as const };
    const res = await deliver(subscriptionEvent('customer.subscription.updated', upgraded, now, { periodStart: now, periodEnd, previous: { items: {} } }));
    expect(res.status).toBe(200);
    const p = await profileOf(userId);
    expect([p.subscriptionStatus, p.creditsRemaining]).toEqual(['business', 1000]);
    expect((await client.json('/api/check-subscription')).body).toEqual({ subscribed: true, subscription_tier: 'business' });
    // an update that changes nothing about the plan leaves the balance alone
    await reserveCredits(server.deps.db, userId, 10);
    await deliver(subscriptionEvent('customer.subscription.updated', upgraded, now, { periodStart: now, periodEnd }));
    expect((await profileOf(userId)).creditsRemaining).toBe(990);
  });

  it('a failed payment marks the subscription past due and mails the customer, access kept', async () => {
    const { userId, email, sub, periodEnd } = await subscribedUser('professional');
    const retry = new Date(periodEnd.getTime() + 3 * DAY);
    const res = await deliver(
      invoiceEvent('invoice.payment_failed', sub, now, {
        amount: 2900,
        periodStart: periodEnd,
        periodEnd: new Date(periodEnd.getTime() + 30 * DAY),
        nextAttempt: retry,
      }),
    );
    expect(res.status).toBe(200);
    expect((await grantOf(sub)).status).toBe('past_due');
    expect((await profileOf(userId)).subscriptionStatus).toBe('professional');
    const mail = await latestMail(server.deps, email, 'payment-failed');
    expect(mail.text).toContain('€29.00');
    expect(mail.text).toContain('25 December 2026');
  });

  it('cancellation keeps access until the period ends, reactivation before it, free after it', async () => {
    const { userId, email, client, sub, periodEnd } = await subscribedUser('professional');
    // cancelled in the portal: cancel_at_period_end
    await deliver(
      subscriptionEvent('customer.subscription.updated', sub, now, {
        cancelAtPeriodEnd: true,
        periodStart: now,
        periodEnd,
        previous: { cancel_at_period_end: false },
      }),
    );
    expect((await profileOf(userId)).subscriptionStatus).toBe('professional');
    expect((await latestMail(server.deps, email, 'subscription-cancelled')).text).toContain('22 December 2026');
    expect((await client.json('/api/billing')).body.subscription).toMatchObject({ cancel_at_period_end: true, current_period_end: periodEnd.toISOString() });
    // reactivated before the end date
    await deliver(subscriptionEvent('customer.subscription.updated', sub, now, { cancelAtPeriodEnd: false, periodStart: now, periodEnd }));
    expect((await grantOf(sub)).cancelAtPeriodEnd).toBe(false);
    // cancelled again, and this time Stripe ends it early (deleted while the period still runs): access stays
    await deliver(subscriptionEvent('customer.subscription.updated', sub, now, { cancelAtPeriodEnd: true, periodStart: now, periodEnd }));
    await reserveCredits(server.deps.db, userId, 100);
    now = new Date(now.getTime() + 10 * DAY);
    await deliver(
      subscriptionEvent('customer.subscription.deleted', sub, now, {
        status: 'canceled',
        cancelAtPeriodEnd: true,
        periodStart: new Date(now.getTime() - 10 * DAY),
        periodEnd,
      }),
    );
    expect((await profileOf(userId)).subscriptionStatus).toBe('professional');
    expect((await client.json('/api/check-subscription')).body.subscribed).toBe(true);
    await runBillingMaintenance(server.deps);
    expect((await profileOf(userId)).creditsRemaining).toBe(400);
    // the end date passes: back to free with the free allowance
    now = new Date(periodEnd.getTime() + 60 * 1000);
    await runBillingMaintenance(server.deps);
    const p = await profileOf(userId);
    expect([p.subscriptionStatus, p.creditsRemaining]).toEqual(['free', 4]);
    expect((await grantOf(sub)).status).toBe('expired');
    expect((await client.json('/api/check-subscription')).body).toEqual({ subscribed: false, subscription_tier: 'free' });
  });

  it('records events it does not act on once, and answers 200', async () => {
    const event = {
      id: 'evt_test_unrelated',
      object: 'event',
      api_version: '2025-10-29.clover',
      created: Math.floor(now.getTime() / 1000),
      type: 'customer.created',
      data: { object: { id: 'cus_x', object: 'customer' } },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    };
    expect((await deliver(event)).body).toEqual({ received: true, duplicate: false });
    expect((await deliver(event)).body).toEqual({ received: true, duplicate: true });
  });

  it('shows no user another user’s checkout and only their own billing', async () => {
    const a = await subscribedUser('business');
    const b = new TestClient(server.url);
    await signUpVerifiedUser(b, server.deps);
    const theirs = await b.json('/api/billing');
    expect(theirs.body).toMatchObject({ subscription_status: 'free', subscription: null, can_manage: false, credits_remaining: 4 });
    const [row] = await server.deps.db.select().from(planGrants).where(eq(planGrants.userId, a.userId));
    expect(row).toBeDefined();
    expect((await b.json('/api/billing/checkout/cs_test_anything')).status).toBe(404);
    const portal = await b.json('/api/billing/portal', { method: 'POST' });
    expect(portal.status).toBe(404);
  });
  it('creates a subscription-mode Checkout Session with the customer’s business details, and a portal session', async () => {
    const client = new TestClient(server.url);
    const u = await signUpVerifiedUser(client, server.deps);
    const res = await client.json('/api/billing/checkout', {
      method: 'POST',
      json: {
        plan: 'business',
        businessInfo: {
          isBusiness: true,
          companyName: 'Atelier Sud SARL',
          vatId: 'FR40303265045',
          businessType: 'corporation',
          industry: 'retail',
          country: 'FR',
        },
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_fake_/);
    const customer = stripeApi.calls.find((c) => c.path === '/v1/customers')!;
    expect(customer.form).toMatchObject({
      email: u.email,
      name: 'Atelier Sud SARL',
      'address[country]': 'FR',
      'tax_id_data[0][type]': 'eu_vat',
      'tax_id_data[0][value]': 'FR40303265045',
      'metadata[userId]': u.userId,
    });
    const session = stripeApi.calls.find((c) => c.path === '/v1/checkout/sessions')!;
    expect(session.form).toMatchObject({
      mode: 'subscription',
      customer: expect.stringMatching(/^cus_fake_/),
      client_reference_id: u.userId,
      'line_items[0][price]': 'price_test_business',
      'line_items[0][quantity]': '1',
      'metadata[plan]': 'business',
      'subscription_data[metadata][userId]': u.userId,
      'tax_id_collection[enabled]': 'true',
      cancel_url: expect.stringMatching(/\/pricing$/),
    });
    expect(session.form.success_url).toMatch(/\/payment-success\?type=subscription&session_id=\{CHECKOUT_SESSION_ID\}&success=true$/);
    // the session is the user's own: its status is readable by them only
    const id = res.body.url.split('/').pop();
    expect((await client.json(`/api/billing/checkout/${id}`)).body).toMatchObject({ status: 'open', plan_name: 'Business', amount: '€49.00', mode: 'stripe' });
    const other = new TestClient(server.url);
    await signUpVerifiedUser(other, server.deps);
    expect((await other.json(`/api/billing/checkout/${id}`)).status).toBe(404);

    // the webhook completes it; the portal then opens for the Stripe customer
    const sub = { ...newTestSub(u.userId, 'business'), customer: session.form.customer };
    const completed = checkoutSessionCompleted(sub, now, 'in_test_portal', 4900);
    (completed.data.object as Record<string, unknown>).id = id;
    await deliver(completed);
    expect((await client.json(`/api/billing/checkout/${id}`)).body.status).toBe('completed');
    const portal = await client.json('/api/billing/portal', { method: 'POST' });
    expect(portal.body.url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);
    expect(stripeApi.calls.find((c) => c.path === '/v1/billing_portal/sessions')!.form).toMatchObject({
      customer: session.form.customer,
      return_url: expect.stringMatching(/\/profile\?tab=billing$/),
    });
    // buying another plan while subscribed confirms a change of the same subscription in the portal
    const change = await client.json('/api/billing/checkout', { method: 'POST', json: { plan: 'basic' } });
    expect(change.body.url).toMatch(/^https:\/\/billing\.stripe\.com\//);
    const flow = stripeApi.calls.filter((c) => c.path === '/v1/billing_portal/sessions').pop()!;
    expect(flow.form).toMatchObject({
      'flow_data[type]': 'subscription_update_confirm',
      'flow_data[subscription_update_confirm][items][0][price]': 'price_test_basic',
    });
  });

  it('answers Checkout Failed’s server message when Stripe refuses, and Contact Sales for Enterprise', async () => {
    const client = new TestClient(server.url);
    await signUpVerifiedUser(client, server.deps, { email: `refuse${Date.now()}@example.com` });
    const refused = await client.json('/api/billing/checkout', { method: 'POST', json: { plan: 'basic', businessInfo: { isBusiness: false, country: 'DE' } } });
    expect([refused.status, refused.body.error.message]).toEqual([502, 'Failed to create checkout session']);
    const enterprise = await client.json('/api/billing/checkout', { method: 'POST', json: { plan: 'enterprise' } });
    expect([enterprise.status, enterprise.body.error.code]).toEqual([400, 'CONTACT_SALES']);
  });
  it('ends the Stripe subscription of an account that is deleted', async () => {
    const { client, sub, password } = await subscribedUser('basic');
    const res = await client.json('/api/account', { method: 'DELETE', json: { password } });
    expect(res.status).toBe(200);
    expect(stripeApi.calls.some((c) => c.method === 'DELETE' && c.path === `/v1/subscriptions/${sub.subscription}`)).toBe(true);
    expect(await server.deps.db.select().from(planGrants).where(eq(planGrants.stripeSubscriptionId, sub.subscription))).toEqual([]);
  });
});
