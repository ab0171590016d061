import { describe, expect, it } from 'vitest';
import { entitlementFromGrants, grantInForce, type GrantRow } from './entitlement.js';

const now = new Date('2026-11-22T10:00:00Z');
const later = new Date('2026-12-22T10:00:00Z');
const earlier = new Date('2026-10-22T10:00:00Z');

let n = 0;
const grant = (g: Partial<GrantRow>): GrantRow => ({
  id: `g${++n}`,
  userId: 'u1',
  tier: 'basic',
  source: 'stripe',
  status: 'active',
  stripeCustomerId: null,
  stripeSubscriptionId: `sub_${n}`,
  currentPeriodEnd: later,
  cancelAtPeriodEnd: false,
  expiresAt: null,
  grantedBy: null,
  createdAt: earlier,
  updatedAt: earlier,
  ...g,
});

describe('which plan applies', () => {
  it('a paid subscription while active or past due, and after cancellation until its period end', () => {
    expect(grantInForce(grant({ status: 'active' }), now)).toBe(true);
    expect(grantInForce(grant({ status: 'past_due' }), now)).toBe(true);
    expect(grantInForce(grant({ status: 'cancelled', currentPeriodEnd: later }), now)).toBe(true);
    expect(grantInForce(grant({ status: 'cancelled', currentPeriodEnd: earlier }), now)).toBe(false);
    expect(grantInForce(grant({ status: 'expired' }), now)).toBe(false);
  });

  it('a complimentary plan until its expiration date', () => {
    expect(grantInForce(grant({ source: 'complimentary', expiresAt: later }), now)).toBe(true);
    expect(grantInForce(grant({ source: 'complimentary', expiresAt: null }), now)).toBe(true);
    expect(grantInForce(grant({ source: 'complimentary', expiresAt: earlier }), now)).toBe(false);
  });

  it('the highest plan in force wins; a tie goes to the paid one; paid pro is called professional', () => {
    expect(entitlementFromGrants([], now)).toMatchObject({ status: 'free', beta: false, governing: null });
    expect(entitlementFromGrants([grant({ tier: 'pro' })], now).status).toBe('professional');
    expect(entitlementFromGrants([grant({ source: 'complimentary', tier: 'pro' })], now).status).toBe('pro');
    const paid = grant({ tier: 'basic' });
    const comp = grant({ source: 'complimentary', tier: 'business', expiresAt: later });
    expect(entitlementFromGrants([paid, comp], now).governing).toBe(comp);
    expect(entitlementFromGrants([paid, { ...comp, expiresAt: earlier }], now).governing).toBe(paid);
    const tiePaid = grant({ tier: 'business' });
    expect(entitlementFromGrants([comp, tiePaid], now).governing).toBe(tiePaid);
  });

  it('beta alone gives pro and the beta flag; with a plan the plan applies', () => {
    const beta = grant({ source: 'beta', tier: null, stripeSubscriptionId: null });
    expect(entitlementFromGrants([beta], now)).toMatchObject({ status: 'pro', beta: true, governing: null });
    expect(entitlementFromGrants([beta, grant({ tier: 'enterprise', source: 'complimentary' })], now)).toMatchObject({ status: 'enterprise', beta: true });
  });
});
