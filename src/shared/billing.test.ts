import { describe, expect, it } from 'vitest';
import { BusinessInfo } from './billing.js';
import { PLANS, PRICING_PLANS, creditAllowance, formatEuro, formatPlanPrice, planFeatures, planRank, upgradeOptions } from './plans.js';

describe('billing data', () => {
  it('shows euro amounts with two decimals', () => {
    expect(formatEuro(2900)).toBe('€29.00');
    expect(formatEuro(1250)).toBe('€12.50');
    expect(PRICING_PLANS.map(formatPlanPrice)).toEqual(['€12.00/month', '€29.00/month', '€49.00/month', 'Custom']);
  });

  it('offers the seed upgrade paths', () => {
    expect(upgradeOptions('basic')).toEqual(['professional', 'business']);
    expect(upgradeOptions('pro')).toEqual(['business']);
    expect(upgradeOptions('professional')).toEqual(['business']);
    for (const t of ['business', 'enterprise', 'free', null]) expect(upgradeOptions(t)).toEqual([]);
  });

  it('lists plan features: free PNG and JPG, paid WEBP and priority processing, Enterprise 5000 credits', () => {
    expect(planFeatures(PLANS.free)).toContain('PNG and JPG output');
    expect(planFeatures(PLANS.basic)).toEqual(expect.arrayContaining(['200 credits per month', '1 concurrent image', 'Email support', 'Priority processing']));
    expect(planFeatures(PLANS.professional)).toEqual(expect.arrayContaining(['500 credits per month', '4 concurrent images', 'Premium support']));
    expect(planFeatures(PLANS.enterprise)).toEqual(expect.arrayContaining(['5,000 credits per month', 'Dedicated support']));
  });

  it('ranks plans and computes allowances, beta at least 2000', () => {
    expect(['free', 'basic', 'pro', 'business', 'enterprise'].map(planRank)).toEqual([0, 1, 2, 3, 4]);
    expect(creditAllowance('basic', false)).toBe(200);
    expect(creditAllowance('pro', true)).toBe(2000);
    expect(creditAllowance('enterprise', true)).toBe(5000);
  });

  it('validates the customer information form', () => {
    expect(BusinessInfo.safeParse({ isBusiness: false, country: 'de' }).data).toMatchObject({ country: 'DE' });
    const msgOf = (v: unknown) => BusinessInfo.safeParse(v).error?.issues[0]?.message;
    expect(msgOf({ isBusiness: false, country: '' })).toBe('Country is required');
    expect(msgOf({ isBusiness: true, country: 'FR' })).toBe('Company name is required for business customers');
    expect(msgOf({ isBusiness: true, companyName: 'A', vatId: 'FR00', country: 'FR' })).toBe('This VAT ID is not valid. Please check the number and country.');
    expect(BusinessInfo.safeParse({ isBusiness: true, companyName: 'A', vatId: 'de136695976', country: 'DE' }).data?.vatId).toBe('DE136695976');
  });
});
