import { describe, expect, it } from 'vitest';
import { BETA_CREDITS, COMPLIMENTARY_CREDITS, PLANS, concurrencyLimit, isPaidStatus, monthlyCredits, planFor, planName } from './plans.js';

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
});
