import { describe, expect, it } from 'vitest';
import { expectedStartMs } from './queue-position.js';

describe('expected start of a waiting job', () => {
  it('counts the rounds of workers ahead of it at the average job time', () => {
    // two workers, 30 s a job: first and second start now, third and fourth after one round
    expect([1, 2, 3, 4, 5].map((p) => expectedStartMs(p, 2, 30_000))).toEqual([0, 0, 30_000, 30_000, 60_000]);
    expect(expectedStartMs(3, 1, 10_000)).toBe(20_000);
  });
  it('has no estimate without workers or a completion to go by', () => {
    expect(expectedStartMs(1, 0, 30_000)).toBeNull();
    expect(expectedStartMs(1, 2, null)).toBeNull();
  });
});
