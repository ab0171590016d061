import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { creditCostForOutput, enhanceCreditCost, isLowOnCredits } from './credit-cost.js';

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
