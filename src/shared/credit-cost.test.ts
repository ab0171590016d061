import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ledgerLabel } from './profile.js';
import { creditCostForOutput, enhanceCreditCost, formatCredits, isLowOnCredits, jobCreditsLabel } from './credit-cost.js';

describe('credit cost', () => {
  it('follows the seed table', () => {
    expect(creditCostForOutput(1, 1)).toBe(1);
    expect(creditCostForOutput(500, 200)).toBe(1);
    expect(creditCostForOutput(501, 200)).toBe(2);
    expect(creditCostForOutput(300, 1000)).toBe(2);
    expect(creditCostForOutput(1001, 10)).toBe(3);
    expect(creditCostForOutput(2000, 2000)).toBe(4);
    expect(creditCostForOutput(2001, 10)).toBe(5);
    expect(creditCostForOutput(0, 0)).toBe(1);
  });

  it('uses the rounded scaled size', () => {
    expect(enhanceCreditCost(1000, 750, 2)).toBe(4);
    expect(enhanceCreditCost(250, 100, 2)).toBe(1);
    expect(enhanceCreditCost(1024, 1024, 6)).toBe(13);
  });

  it('is at least 1 and never decreases with size', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40_000 }), fc.integer({ min: 0, max: 40_000 }), fc.integer({ min: 0, max: 500 }), (w, h, extra) => {
        const c = creditCostForOutput(w, h);
        return c >= 1 && creditCostForOutput(w + extra, h) >= c;
      }),
    );
  });

  it('warns at 5 or fewer', () => {
    expect(isLowOnCredits(5)).toBe(true);
    expect(isLowOnCredits(6)).toBe(false);
  });
});

describe('credit counts in words', () => {
  it('uses the singular only for exactly one, with thousands separators', () => {
    expect(formatCredits(1)).toBe('1 credit');
    expect(formatCredits(4)).toBe('4 credits');
    expect(formatCredits(0)).toBe('0 credits');
    expect(formatCredits(-1)).toBe('-1 credit');
    expect(formatCredits(5000)).toBe('5,000 credits');
    expect(formatCredits(1234567)).toBe('1,234,567 credits');
  });
  it('says a failed or cancelled job was refunded rather than what it would have cost', () => {
    expect(jobCreditsLabel({ status: 'cancelled', credits_used: 4 })).toBe('refunded');
    expect(jobCreditsLabel({ status: 'failed', credits_used: 2 })).toBe('refunded');
    expect(jobCreditsLabel({ status: 'completed', credits_used: 1 })).toBe('1 credit');
    expect(jobCreditsLabel({ status: 'processing', credits_used: 3 })).toBe('3 credits');
  });
});

describe('ledger rows', () => {
  it('a finishing charge that moves nothing is not shown as a charge of 0', () => {
    expect(ledgerLabel({ reason: 'charge', delta: 0 })).toBe('Job finished: its reserved credits were spent');
    expect(ledgerLabel({ reason: 'charge', delta: -3 })).toBe('Charged for a finished job');
    expect(ledgerLabel({ reason: 'reserve', delta: -4 })).toBe('Reserved for a job');
  });
});
