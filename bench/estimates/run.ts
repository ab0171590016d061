/**
 * Estimates before pressing against what the jobs then took, on this machine: for each job the estimate the control
 * panel shows (POST /api/jobs/estimate: the queue's wait plus the run), then the job submitted through the real server
 * and its in-process worker, and the measured wait from submit to completed. Prints the error of each job and whether
 * it is within ±35 %. The server starts with no history: each mode's first job is estimated as a wide range (said to
 * be unmeasured), which is checked for containing the measured time instead; the later ones go by the measured runs.
 * Last, two Precision jobs submitted at once against the batch's one estimate.
 *   npm run bench:estimates      (800×600 ×2; BENCH_PRECISION=n and BENCH_CREATIVITY=n jobs, default 3 and 2;
 *                                 BENCH_WIDTH / BENCH_HEIGHT for another size)
 */
import os from 'node:os';
import path from 'node:path';
import { startTestServer, TestClient } from '@server/testing/test-server.js';
import { signUpVerifiedUser } from '@server/testing/accounts.js';
import { storeImage, syntheticPng } from '@server/testing/images.js';
import { SseReader } from '@server/testing/sse.js';
import { grantPlan } from '@server/services/plans/grant-plan.js';
import { formatEstimate } from '@shared/estimates.js';
import type { EstimateJobsResponse } from '@shared/api/estimates.js';

const W = Number(process.env.BENCH_WIDTH ?? 800);
const H = Number(process.env.BENCH_HEIGHT ?? 600);
const RUNS: [mode: 'precision' | 'creativity', jobs: number][] = [
  ['precision', Number(process.env.BENCH_PRECISION ?? 3)],
  ['creativity', Number(process.env.BENCH_CREATIVITY ?? 2)],
];
const TOLERANCE = 0.35;
const MODEL_CACHE_DIR = process.env.MODEL_CACHE_DIR ?? path.join(os.tmpdir(), 'renderlift-test-models');

const server = await startTestServer({ env: { WORKERS: '1', MODEL_CACHE_DIR, LOG_LEVEL: 'silent' } });
const rows: string[] = [];
let within = 0;
let counted = 0;
try {
  const client = new TestClient(server.url);
  const u = await signUpVerifiedUser(client, server.deps);
  await grantPlan(server.deps, { email: u.email, tier: 'enterprise' });
  const sse = await SseReader.open(`${server.url}/api/events`, { cookie: client.cookieHeader() });
  await sse.next((m) => m.event === 'ready');
  const completed = (jobId: string) =>
    sse.next((m) => {
      if (m.event !== 'job') return false;
      const j = JSON.parse(m.data).data;
      if (j.id === jobId && (j.status === 'failed' || j.status === 'cancelled')) throw new Error(`job ${jobId} ${j.status}: ${j.error_message}`);
      return j.id === jobId && j.status === 'completed';
    }, 900_000);

  async function estimateOf(imageIds: string[], mode: string): Promise<EstimateJobsResponse> {
    const res = await client.json('/api/jobs/estimate', { method: 'POST', json: { items: imageIds.map((imageId) => ({ imageId })), scale: 2, mode } });
    if (res.status !== 200) throw new Error(`estimate failed: ${JSON.stringify(res.body)}`);
    return res.body;
  }
  async function submit(imageId: string, mode: string) {
    const res = await client.json('/api/jobs', { method: 'POST', json: { imageId, scale: 2, mode } });
    if (res.status !== 201) throw new Error(`submit failed: ${JSON.stringify(res.body)}`);
    return res.body.job.id as string;
  }
  function row(label: string, e: EstimateJobsResponse, measuredS: number) {
    const t = e.total_seconds!;
    const mid = (t.low + t.high) / 2;
    const error = (mid - measuredS) / measuredS;
    let verdict: string;
    if (t.basis === 'unmeasured') {
      verdict = measuredS >= t.low && measuredS <= t.high ? 'inside the range' : 'outside the range';
    } else {
      counted++;
      const ok = Math.abs(error) <= TOLERANCE;
      if (ok) within++;
      verdict = ok ? 'yes' : 'no';
    }
    const shown = `${formatEstimate(t)} (${t.low.toFixed(0)}–${t.high.toFixed(0)} s)`;
    rows.push(
      `| ${label} | ${shown} | ${measuredS.toFixed(1)} s | ${t.basis === 'measured' ? `${error >= 0 ? '+' : ''}${(error * 100).toFixed(0)} %` : '—'} | ${verdict} |`,
    );
    console.log(rows.at(-1));
  }

  const png = await syntheticPng(W, H);
  console.log(
    `\nEstimates before pressing, ${W}×${H} ×2, one in-process worker, ${server.deps.config.ENGINE_THREADS} engine threads, ${os.cpus().length} cores\n`,
  );
  console.log('| job | estimate shown before pressing | measured (submit → completed) | error | within ±35 % |');
  console.log('|---|---|---|---|---|');
  for (const [mode, jobs] of RUNS) {
    for (let i = 1; i <= jobs; i++) {
      const img = await storeImage(server.deps, u.userId, png);
      const e = await estimateOf([img.id], mode);
      const t0 = performance.now();
      const jobId = await submit(img.id, mode);
      await completed(jobId);
      row(`${mode} #${i}`, e, (performance.now() - t0) / 1000);
    }
  }
  // a batch: two Precision jobs pressed together, one estimate for both, measured to the last one's end
  const a = await storeImage(server.deps, u.userId, png);
  const b = await storeImage(server.deps, u.userId, png);
  const batch = await estimateOf([a.id, b.id], 'precision');
  const t0 = performance.now();
  const ids = [await submit(a.id, 'precision'), await submit(b.id, 'precision')];
  await Promise.all(ids.map(completed));
  row('batch of 2 precision', batch, (performance.now() - t0) / 1000);
  sse.close();
} finally {
  await server.stop();
}
console.log(`\n${within} of ${counted} measured estimates within ±35 % of the measured wait.`);
