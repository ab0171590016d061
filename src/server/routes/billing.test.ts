import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { backends } from '../testing/databases.js';
import { startTestServer, TestClient, type TestServer } from '../testing/test-server.js';
import { latestMail, signUpVerifiedUser } from '../testing/accounts.js';
import { businessCustomers, emailOutbox, planGrants, profiles } from '../db/schema.js';
import { reserveCredits } from '../services/credits/ledger.js';
import { runBillingMaintenance } from '../services/billing/billing-maintenance.js';
import { grantPlan } from '../services/plans/grant-plan.js';
import { grantBeta } from '../services/plans/grant-beta.js';
import { msg } from '@shared/messages.js';
import { billingText } from '@shared/billing.js';

const DAY = 24 * 3600 * 1000;
const relaxedLimits = { RATE_LIMIT_SIGN_UP: '1000/60', RATE_LIMIT_SIGN_IN: '1000/60', RATE_LIMIT_PASSWORD_RESET: '1000/60' };

/** Local test mode (no Stripe key): checkout, test checkout page, portal, and the monthly lifecycle by moving the clock. */
describe.each(backends)('billing in local test mode on %s', (backend) => {
  let server: TestServer;
  let now = new Date('2026-11-22T10:00:00Z');
  const clock = () => new Date(now);
  const business = { isBusiness: true, companyName: 'Studio Nord GmbH', vatId: 'DE136695976', businessType: 'llc', industry: 'technology', country: 'DE' };

  beforeAll(async () => {
    server = await startTestServer({ backend, clock, env: { WORKERS: '0', ...relaxedLimits } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const profileOf = async (userId: string) => (await server.deps.db.select().from(profiles).where(eq(profiles.userId, userId)))[0];
  const newUser = async () => {
    const client = new TestClient(server.url);
    return { client, ...(await signUpVerifiedUser(client, server.deps)) };
  };

  /** Through the API as the browser does it: create-checkout, then Pay on the test checkout page. */
  async function subscribe(client: TestClient, plan: string) {
    const checkout = await client.json('/api/billing/checkout', { method: 'POST', json: { plan, businessInfo: business } });
    expect(checkout.status).toBe(200);
    const id = checkout.body.url.split('/').pop();
    const paid = await client.json(`/api/billing/test-checkout/${id}`, { method: 'POST', json: { outcome: 'success' } });
    expect(paid.status).toBe(200);
    return id as string;
  }

  it('asks a signed-out visitor to log in before subscribing', async () => {
    const res = await new TestClient(server.url).json('/api/billing/checkout', { method: 'POST', json: { plan: 'professional' } });
    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe(msg('upgradeAuthRequired'));
    expect((await new TestClient(server.url).json('/api/check-subscription', { method: 'POST' })).status).toBe(401);
  });

  it('validates the customer information form with the seed wording', async () => {
    const { client } = await newUser();
    const noCountry = await client.json('/api/billing/checkout', { method: 'POST', json: { plan: 'basic', businessInfo: { isBusiness: false, country: '' } } });
    expect([noCountry.status, noCountry.body.error.message]).toEqual([400, 'Country is required']);
    const noCompany = await client.json('/api/billing/checkout', {
      method: 'POST',
      json: { plan: 'basic', businessInfo: { isBusiness: true, country: 'DE' } },
    });
    expect([noCompany.status, noCompany.body.error.message]).toEqual([400, 'Company name is required for business customers']);
    const badVat = await client.json('/api/billing/checkout', { method: 'POST', json: { plan: 'basic', businessInfo: { ...business, vatId: 'DE123' } } });
    expect([badVat.status, badVat.body.error.message]).toEqual([400, msg('vatInvalid')]);
    const enterprise = await client.json('/api/billing/checkout', { method: 'POST', json: { plan: 'enterprise' } });
    expect([enterprise.status, enterprise.body.error.code]).toEqual([400, 'CONTACT_SALES']);
  });

  it('checkout: details saved, test page shows plan and amount, decline changes nothing, pay gives the plan', async () => {
    const { client, userId, email } = await newUser();
    expect((await client.json('/api/billing')).body).toMatchObject({ mode: 'local', has_company_name: false, subscription_status: 'free', can_manage: false });
    const checkout = await client.json('/api/billing/checkout', { method: 'POST', json: { plan: 'professional', businessInfo: business } });
    expect(checkout.status).toBe(200);
    expect(checkout.body.url).toMatch(/^\/checkout-test\/cs_local_[0-9a-f]+$/);
    const id = checkout.body.url.split('/').pop();

    const [bc] = await server.deps.db.select().from(businessCustomers).where(eq(businessCustomers.userId, userId));
    expect(bc).toMatchObject({
      companyName: 'Studio Nord GmbH',
      vatId: 'DE136695976',
      countryCode: 'DE',
      businessType: 'llc',
      industry: 'technology',
      billingAddress: {},
    });
    expect((await client.json('/api/billing')).body.has_company_name).toBe(true);

    const page = await client.json(`/api/billing/test-checkout/${id}`);
    expect(page.body).toMatchObject({
      plan: 'professional',
      plan_name: 'Professional',
      amount: '€29.00',
      status: 'open',
      test_mode: 'Test mode — no real payment',
    });

    const declined = await client.json(`/api/billing/test-checkout/${id}`, { method: 'POST', json: { outcome: 'decline' } });
    expect([declined.status, declined.body.error.message]).toEqual([402, billingText.cardDeclined]);
    let p = await profileOf(userId);
    expect([p.subscriptionStatus, p.creditsRemaining]).toEqual(['free', 4]);
    expect((await client.json(`/api/billing/checkout/${id}`)).body.status).toBe('open');

    const paid = await client.json(`/api/billing/test-checkout/${id}`, { method: 'POST', json: { outcome: 'success' } });
    expect(paid.body.url).toBe(`/payment-success?type=subscription&session_id=${id}&success=true`);
    p = await profileOf(userId);
    expect([p.subscriptionStatus, p.creditsRemaining]).toEqual(['professional', 500]);
    expect((await client.json(`/api/billing/checkout/${id}`)).body).toMatchObject({
      status: 'completed',
      plan_name: 'Professional',
      credits: 500,
      amount: '€29.00',
    });
    expect((await client.json('/api/check-subscription')).body).toEqual({ subscribed: true, subscription_tier: 'professional' });
    expect((await latestMail(server.deps, email, 'subscription-confirmed')).text).toContain('Professional');
    // a purchase sends one e-mail: the confirmation, not a "payment received" for its first invoice beside it
    const purchaseMails = await server.deps.db.select({ template: emailOutbox.template }).from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    expect(purchaseMails.map((m) => m.template).filter((t) => t === 'subscription-confirmed' || t === 'payment-received')).toEqual(['subscription-confirmed']);
    // paying twice (a double click, a reload) applies once
    expect((await client.json(`/api/billing/test-checkout/${id}`, { method: 'POST', json: { outcome: 'success' } })).status).toBe(200);
    expect((await profileOf(userId)).creditsRemaining).toBe(500);
    const again = await newUser();
    const second = (await again.client.json('/api/billing/checkout', { method: 'POST', json: { plan: 'basic', businessInfo: business } })).body.url
      .split('/')
      .pop();
    const both = await Promise.all(
      [1, 2, 3].map(() => again.client.json(`/api/billing/test-checkout/${second}`, { method: 'POST', json: { outcome: 'success' } })),
    );
    expect(both.map((r) => r.status)).toEqual([200, 200, 200]);
    expect((await server.deps.db.select().from(planGrants).where(eq(planGrants.userId, again.userId))).length).toBe(1);
    const billing = (await client.json('/api/billing')).body;
    expect(billing).toMatchObject({
      can_manage: true,
      upgrade_options: ['business'],
      subscription: { source: 'local', plan_name: 'Professional', amount: '€29.00', status: 'active' },
    });
  });

  it('never shows or completes another user’s checkout', async () => {
    const a = await newUser();
    const b = await newUser();
    const checkout = await a.client.json('/api/billing/checkout', { method: 'POST', json: { plan: 'basic', businessInfo: business } });
    const id = checkout.body.url.split('/').pop();
    expect((await b.client.json(`/api/billing/test-checkout/${id}`)).status).toBe(404);
    expect((await b.client.json(`/api/billing/test-checkout/${id}`, { method: 'POST', json: { outcome: 'success' } })).status).toBe(404);
    expect((await b.client.json(`/api/billing/checkout/${id}`)).status).toBe(404);
    expect((await profileOf(b.userId)).subscriptionStatus).toBe('free');
    expect((await profileOf(a.userId)).subscriptionStatus).toBe('free');
    expect((await b.client.json('/api/billing/test-portal')).status).toBe(404);
  });

  it('portal: change plan resets credits, cancel keeps access until the period ends, reactivate', async () => {
    const { client, userId, email } = await newUser();
    await subscribe(client, 'basic');
    expect((await client.json('/api/billing/portal', { method: 'POST' })).body.url).toBe('/checkout-test/portal');
    // buying another plan while subscribed confirms a change of the same subscription
    expect((await client.json('/api/billing/checkout', { method: 'POST', json: { plan: 'business' } })).body.url).toBe('/checkout-test/portal?plan=business');
    await reserveCredits(server.deps.db, userId, 150);
    const changed = await client.json('/api/billing/test-portal', { method: 'POST', json: { action: 'change', plan: 'business' } });
    expect(changed.body).toMatchObject({ plan: 'business', plan_name: 'Business', amount: '€49.00' });
    let p = await profileOf(userId);
    expect([p.subscriptionStatus, p.creditsRemaining]).toEqual(['business', 1000]);

    const cancelled = await client.json('/api/billing/test-portal', { method: 'POST', json: { action: 'cancel' } });
    expect(cancelled.body.cancel_at_period_end).toBe(true);
    expect((await latestMail(server.deps, email, 'subscription-cancelled')).subject).toBe('Your Business subscription has been cancelled');
    expect((await profileOf(userId)).subscriptionStatus).toBe('business');
    const reactivated = await client.json('/api/billing/test-portal', { method: 'POST', json: { action: 'reactivate' } });
    expect(reactivated.body.cancel_at_period_end).toBe(false);
    p = await profileOf(userId);
    expect([p.subscriptionStatus, p.creditsRemaining]).toEqual(['business', 1000]);
  });

  it('monthly lifecycle by moving the clock: renewal, free, complimentary until expiry, beta', async () => {
    const start = new Date(now);
    const paid = await newUser();
    await subscribe(paid.client, 'professional');
    const cancelling = await newUser();
    await subscribe(cancelling.client, 'basic');
    await cancelling.client.json('/api/billing/test-portal', { method: 'POST', json: { action: 'cancel' } });
    const free = await newUser();
    const comp = await newUser();
    await grantPlan(server.deps, { email: comp.email, tier: 'pro', until: new Date(start.getTime() + 45 * DAY) });
    const beta = await newUser();
    await grantBeta(server.deps, { email: beta.email });

    for (const [u, n] of [
      [paid, 400],
      [cancelling, 150],
      [free, 3],
      [comp, 450],
      [beta, 1900],
    ] as const)
      await reserveCredits(server.deps.db, u.userId, n);

    // nothing is due yet
    now = new Date(start.getTime() + 20 * DAY);
    await runBillingMaintenance(server.deps);
    expect((await profileOf(paid.userId)).creditsRemaining).toBe(100);
    expect((await profileOf(free.userId)).creditsRemaining).toBe(1);

    // one month on: every anniversary has passed
    now = new Date(start.getTime() + 32 * DAY);
    const first = await runBillingMaintenance(server.deps);
    // the two subscriptions above, and those of earlier tests on this server
    expect(first.renewed).toBeGreaterThanOrEqual(2);
    const after = await Promise.all([paid, cancelling, free, comp, beta].map((u) => profileOf(u.userId)));
    expect(after.map((p) => [p.subscriptionStatus, p.creditsRemaining])).toEqual([
      ['professional', 500],
      ['free', 4],
      ['free', 4],
      ['pro', 500],
      ['pro', 2000],
    ]);
    const paidMails = await server.deps.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, paid.email), eq(emailOutbox.template, 'payment-received')));
    // the renewal's; the purchase itself was confirmed by "subscription confirmed" alone
    expect(paidMails.length).toBe(1);
    // runs overlap or repeat: nothing applies twice
    await reserveCredits(server.deps.db, paid.userId, 10);
    await reserveCredits(server.deps.db, comp.userId, 10);
    expect(await runBillingMaintenance(server.deps)).toEqual({ expired: 0, renewed: 0, reset: 0 });
    expect((await profileOf(paid.userId)).creditsRemaining).toBe(490);

    // the complimentary plan expires: back to the free state
    now = new Date(start.getTime() + 46 * DAY);
    const second = await runBillingMaintenance(server.deps);
    expect(second.expired).toBe(1);
    const c = await profileOf(comp.userId);
    expect([c.subscriptionStatus, c.creditsRemaining]).toEqual(['free', 4]);
    const [g] = await server.deps.db.select().from(planGrants).where(eq(planGrants.userId, comp.userId));
    expect(g.status).toBe('expired');
    expect((await comp.client.json('/api/check-subscription')).body).toEqual({ subscribed: false, subscription_tier: 'free' });
  });

  it('offers a beta user no "upgrade" that would lower the allowance, and pre-fills the country given at sign-up', async () => {
    const beta = await newUser();
    await grantBeta(server.deps, { email: beta.email });
    const status = (await beta.client.json('/api/billing')).body;
    expect(status.monthly_credits).toBe(2000);
    expect(status.subscription).toMatchObject({ source: 'beta', amount: null });
    // Business would cut 2000 beta credits to 1000: not an upgrade
    expect(status.upgrade_options).toEqual([]);
    const basic = await newUser();
    await subscribe(basic.client, 'basic');
    expect((await basic.client.json('/api/billing')).body.upgrade_options).toEqual(['professional', 'business']);
    const signupCountry = (await server.deps.db.select().from(profiles).where(eq(profiles.userId, beta.userId)))[0].metadata.country;
    expect(status.country).toBe(signupCountry);
    expect(status.country).toMatch(/^[A-Z]{2}$/);
  });

  it('a complimentary plan ending returns a paying user to their paid plan', async () => {
    const u = await newUser();
    await subscribe(u.client, 'basic');
    await grantPlan(server.deps, { email: u.email, tier: 'business', until: new Date(now.getTime() + 5 * DAY) });
    expect((await profileOf(u.userId)).subscriptionStatus).toBe('business');
    now = new Date(now.getTime() + 6 * DAY);
    await runBillingMaintenance(server.deps);
    const p = await profileOf(u.userId);
    expect([p.subscriptionStatus, p.creditsRemaining]).toEqual(['basic', 200]);
  });

  it('answers 404 to Stripe webhooks in local test mode', async () => {
    const res = await fetch(`${server.url}/api/webhooks/stripe`, { method: 'POST', body: '{}', headers: { 'stripe-signature': 't=1,v1=abc' } });
    expect(res.status).toBe(404);
  });
});
