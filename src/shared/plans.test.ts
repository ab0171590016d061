import { describe, expect, it } from 'vitest';
import {
  BETA_CREDITS,
  COMPLIMENTARY_CREDITS,
  PLANS,
  accountPlanLabel,
  concurrencyLimit,
  entitlementOf,
  isPaidStatus,
  monthlyCredits,
  planFor,
  planName,
  queuePriority,
} from './plans.js';

describe('plans', () => {
  it('has the seed prices, credits and concurrency', () => {
    expect(PLANS.free.monthlyCredits).toBe(4);
    expect([PLANS.basic.priceEurPerMonth, PLANS.basic.monthlyCredits, PLANS.basic.concurrentImages]).toEqual([12, 200, 1]);
    expect([PLANS.professional.priceEurPerMonth, PLANS.professional.monthlyCredits, PLANS.professional.concurrentImages]).toEqual([29, 500, 4]);
    expect([PLANS.business.priceEurPerMonth, PLANS.business.monthlyCredits, PLANS.business.concurrentImages]).toEqual([49, 1000, 4]);
    expect([PLANS.enterprise.priceEurPerMonth, PLANS.enterprise.monthlyCredits, PLANS.enterprise.contactSales]).toEqual([null, 5000, true]);
  });

  it('maps pro and professional to the same plan', () => {
    expect(planFor('pro')).toBe(PLANS.professional);
    expect(planFor('professional')).toBe(PLANS.professional);
    expect(planName('pro')).toBe('Professional');
    expect(planName(null)).toBe('Free');
  });

  it('gives concurrency limits, enterprise configurable, unknown 0', () => {
    expect(concurrencyLimit('basic')).toBe(1);
    expect(concurrencyLimit('pro')).toBe(4);
    expect(concurrencyLimit('professional')).toBe(4);
    expect(concurrencyLimit('business')).toBe(4);
    expect(concurrencyLimit('enterprise')).toBe(8);
    expect(concurrencyLimit('enterprise', { enterpriseConcurrency: 20 })).toBe(20);
    expect(concurrencyLimit('free')).toBe(0);
    expect(concurrencyLimit('platinum')).toBe(0);
    expect(concurrencyLimit(undefined)).toBe(0);
  });

  it('has the complimentary and beta grants', () => {
    expect(COMPLIMENTARY_CREDITS).toEqual({ basic: 200, pro: 500, business: 1000, enterprise: 5000 });
    expect(BETA_CREDITS).toBe(2000);
    expect(monthlyCredits('free', { beta: true })).toBe(2000);
    expect(monthlyCredits('business')).toBe(1000);
  });

  it('knows paid statuses', () => {
    expect(['basic', 'pro', 'professional', 'business', 'enterprise'].every(isPaidStatus)).toBe(true);
    expect(isPaidStatus('free')).toBe(false);
  });

  it('queues Basic before Free, the larger plans before Basic, and beta at least as Professional', () => {
    const order = ['free', 'basic', 'professional', 'business', 'enterprise'].map((t) => queuePriority(t, false));
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(new Set(order).size).toBe(order.length);
    expect(queuePriority('pro', false)).toBe(queuePriority('professional', false));
    expect(queuePriority('free', true)).toBe(queuePriority('professional', false));
    expect(queuePriority('enterprise', true)).toBe(queuePriority('enterprise', false));
  });

  it('a lower complimentary grant never takes a paid plan’s place; a higher one lifts it; beta alone is Professional', () => {
    expect(entitlementOf({ paid: 'business', complimentary: 'basic' })).toMatchObject({ status: 'business', source: 'paid', monthlyCredits: 1000 });
    expect(entitlementOf({ paid: 'basic', complimentary: 'business' })).toMatchObject({ status: 'business', source: 'complimentary' });
    expect(entitlementOf({ paid: 'professional', complimentary: 'pro' })).toMatchObject({ status: 'professional', source: 'paid' });
    expect(entitlementOf({ beta: true })).toMatchObject({ status: 'pro', source: 'beta', monthlyCredits: BETA_CREDITS });
    expect(entitlementOf({})).toMatchObject({ status: 'free', source: 'free' });
  });

  it('words every account state one way', () => {
    expect(accountPlanLabel({ subscription_status: 'free', beta_access: false })).toBe('Free plan');
    expect(accountPlanLabel({ subscription_status: 'professional', beta_access: false })).toBe('Professional plan');
    expect(accountPlanLabel({ subscription_status: 'business', beta_access: false, complimentary: true })).toBe('Business plan (complimentary)');
    expect(accountPlanLabel({ subscription_status: 'enterprise', beta_access: true })).toBe('Enterprise plan · Beta access');
    // beta granted to a free account sets 'pro': the account has beta access, not a Professional plan
    expect(accountPlanLabel({ subscription_status: 'pro', beta_access: true })).toBe('Beta access');
    expect(accountPlanLabel({ subscription_status: 'professional', beta_access: true })).toBe('Professional plan · Beta access');
    expect(accountPlanLabel({ subscription_status: 'pro', beta_access: true, complimentary: true })).toBe('Professional plan (complimentary) · Beta access');
  });
});
