import { describe, expect, it } from 'vitest';
import { runCrashScenario } from '@server/testing/crash-scenario.js';

/**
 * Crash safety, reduced (`npm run bench:crash` runs 20 jobs): a single-machine server killed with SIGKILL twice —
 * once mid-inference, once while its result is written and charged — and started again on the same data folder.
 * Every job ends, the ledger adds up, storage and rows agree, and the database opens cleanly afterwards.
 */
describe('crash safety', () => {
  it('3 jobs, 2 kills: no job left processing, balance = grants − charged, no orphan file, no row without its file', { timeout: 240_000 }, async () => {
    const report = await runCrashScenario({ jobs: 3, kills: 2, seed: 7, imageSide: 128, timeoutMs: 200_000, moments: ['inference', 'charge'] });
    expect(report.kills.map((k) => k.moment).sort()).toEqual(['charge', 'inference']);
    expect(report.inconsistencies).toEqual([]);
    expect(report.completed + report.failed).toBe(3);
  });
});
