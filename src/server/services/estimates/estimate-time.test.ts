import { describe, expect, it } from 'vitest';
import {
  batchSeconds,
  estimateRunSeconds,
  fitThroughput,
  MIN_MEASURED_SPREAD,
  queueWaitSeconds,
  RECENT_RUNS,
  throughputFor,
  UNMEASURED_RATE,
  UNMEASURED_START,
  type RunSample,
} from './estimate-time.js';

const run = (network: RunSample['network'], scale: number | null, outputMegapixels: number, seconds: number): RunSample => ({
  network,
  scale,
  outputMegapixels,
  seconds,
});

describe('fitThroughput', () => {
  it('reads the start and the rate from runs of different sizes', () => {
    // 3 s to start, 5 s per output megapixel
    const fit = fitThroughput([1, 2, 4, 8].map((mp) => ({ outputMegapixels: mp, seconds: 3 + 5 * mp })))!;
    expect(fit.startSeconds).toBeCloseTo(3, 6);
    expect(fit.secondsPerMegapixel).toBeCloseTo(5, 6);
    expect(fit.spread).toBeCloseTo(0, 6);
    expect(fit.samples).toBe(4);
  });

  it('takes runs of one size as per-megapixel work, and says how far they strayed', () => {
    const fit = fitThroughput([
      { outputMegapixels: 2, seconds: 18 },
      { outputMegapixels: 2, seconds: 22 },
    ])!;
    expect(fit.startSeconds).toBe(0);
    expect(fit.secondsPerMegapixel).toBeCloseTo(10, 6);
    expect(fit.spread).toBeCloseTo(0.1, 6);
  });

  it('goes by the median rate of runs of one size: one slowed by other work does not move it', () => {
    const fit = fitThroughput([16, 16, 29].map((seconds) => ({ outputMegapixels: 2, seconds })))!;
    expect(fit.secondsPerMegapixel).toBeCloseTo(8, 6);
    expect(fit.spread).toBeCloseTo(29 / 16 - 1, 6);
  });

  it('never gives a negative start: noisy runs go through the origin', () => {
    const fit = fitThroughput([
      { outputMegapixels: 1, seconds: 2 },
      { outputMegapixels: 4, seconds: 20 },
    ])!;
    expect(fit.startSeconds).toBe(0);
    expect(fit.secondsPerMegapixel).toBeGreaterThan(4);
    expect(fit.secondsPerMegapixel).toBeLessThan(5.2);
  });

  it('has nothing to go by without runs', () => {
    expect(fitThroughput([])).toBeNull();
    expect(fitThroughput([{ outputMegapixels: 0, seconds: 3 }])).toBeNull();
  });
});

describe('estimateRunSeconds', () => {
  it('is a wide range, labelled unmeasured, before the network has run here', () => {
    const t = estimateRunSeconds([run('precision', 2, 1.92, 9)], { network: 'creativity', scale: 2, outputMegapixels: 1.92 });
    expect(t.basis).toBe('unmeasured');
    expect(t.low).toBeCloseTo(UNMEASURED_START.low + UNMEASURED_RATE.creativity.low * 1.92, 6);
    expect(t.high).toBeCloseTo(UNMEASURED_START.high + UNMEASURED_RATE.creativity.high * 1.92, 6);
    expect(t.high / t.low).toBeGreaterThan(3);
  });

  it('follows this server’s runs of the network and scale, the latest first', () => {
    const runs = [run('creativity', 2, 1.92, 96), run('creativity', 2, 1.92, 100), run('creativity', 2, 1.92, 104), run('precision', 2, 1.92, 9)];
    const t = estimateRunSeconds(runs, { network: 'creativity', scale: 2, outputMegapixels: 1.92 });
    expect(t.basis).toBe('measured');
    expect((t.low + t.high) / 2).toBeCloseTo(100, 0);
    expect(t.low).toBeCloseTo(100 * (1 - MIN_MEASURED_SPREAD), 0);
    // twice the pixels take twice the time when the runs show no start
    const big = estimateRunSeconds(runs, { network: 'creativity', scale: 2, outputMegapixels: 3.84 });
    expect((big.low + big.high) / 2).toBeCloseTo(200, 0);
  });

  it('learns as jobs run: only the latest runs count, so a slower server soon shows in the estimate', () => {
    const old = Array.from({ length: RECENT_RUNS }, () => run('precision', 2, 2, 10));
    const recent = Array.from({ length: RECENT_RUNS }, () => run('precision', 2, 2, 20));
    const t = estimateRunSeconds([...recent, ...old], { network: 'precision', scale: 2, outputMegapixels: 2 });
    expect((t.low + t.high) / 2).toBeCloseTo(20, 6);
  });

  it('uses the same network at another scale before calling it unmeasured', () => {
    const fit = throughputFor([run('precision', 4, 8, 40)], 'precision', 2)!;
    expect(fit.secondsPerMegapixel).toBeCloseTo(5, 6);
    const t = estimateRunSeconds([run('precision', 4, 8, 40)], { network: 'precision', scale: 2, outputMegapixels: 2 });
    expect(t.basis).toBe('measured');
    // one run: the range stays wide
    expect(t.high - t.low).toBeCloseTo(2 * 0.3 * 10, 6);
  });
});

describe('queueWaitSeconds', () => {
  it('is nothing while a slot is free', () => {
    expect(queueWaitSeconds({ runningLeftSeconds: [], waitingSeconds: [] }, 1)).toBe(0);
    expect(queueWaitSeconds({ runningLeftSeconds: [30], waitingSeconds: [] }, 2)).toBe(0);
  });

  it('waits for the jobs ahead through the slots', () => {
    expect(queueWaitSeconds({ runningLeftSeconds: [30], waitingSeconds: [] }, 1)).toBe(30);
    expect(queueWaitSeconds({ runningLeftSeconds: [30], waitingSeconds: [60, 10] }, 1)).toBe(100);
    // two slots: 30 → +10 = 40, 50 → the new job takes the first free one
    expect(queueWaitSeconds({ runningLeftSeconds: [30, 50], waitingSeconds: [10] }, 2)).toBe(40);
  });
});

describe('batchSeconds', () => {
  const t = (low: number, high: number) => ({ low, high, basis: 'measured' as const });

  it('adds the jobs one after another on one slot, after the queue', () => {
    const b = batchSeconds([t(8, 12), t(8, 12), t(8, 12)], 5, 1);
    expect(b).toEqual({ low: 29, high: 41, basis: 'measured' });
  });

  it('shares them between slots, and is as unmeasured as its least known job', () => {
    const b = batchSeconds([t(10, 10), t(10, 10), { low: 20, high: 60, basis: 'unmeasured' }], 0, 2);
    // in order of submission: 10 and 10 side by side, then the third on the first free slot
    expect(b.low).toBe(30);
    expect(b.high).toBe(70);
    expect(b.basis).toBe('unmeasured');
  });
});
