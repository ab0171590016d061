import { describe, expect, it } from 'vitest';
import { batchEtaMs } from './batch-eta';

describe('one ETA for a batch', () => {
  it('starts from the estimate made before pressing and counts down', () => {
    expect(batchEtaMs({ startedAt: 0, estimateMs: 120_000, fraction: 0 }, 30_000)).toBe(90_000);
    expect(batchEtaMs({ startedAt: 0, estimateMs: 120_000, fraction: 0.05 }, 200_000)).toBe(0);
  });
  it('follows the batch’s own pace once a tenth is done', () => {
    // a quarter done in 60 s: three quarters left take 180 s, whatever was estimated
    expect(batchEtaMs({ startedAt: 0, estimateMs: 30_000, fraction: 0.25 }, 60_000)).toBe(180_000);
  });
  it('says nothing it does not know', () => {
    expect(batchEtaMs({ startedAt: 0, estimateMs: null, fraction: 0 }, 1000)).toBeNull();
  });
});
