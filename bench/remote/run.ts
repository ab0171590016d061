/**
 * The HTTP path of a remote worker against a worker inside the server, on the same job and machine:
 *
 *   npm run bench:remote          (BENCH_REMOTE_RUNS=5 BENCH_REMOTE_MP=1 to change the shape)
 *
 * Both run a 1 MP render ×2 in Precision, each with every core for inference, taking turns so that the machine's
 * drift falls on both: in a single-machine server (WORKERS=1), and through a server with no workers of its own and a
 * remote worker process that reaches it over HTTP on loopback (claim, signed input download, progress, result upload,
 * completion). A job's time is its row's, from creation to completion (the server's clock, no polling in it); the
 * engine's own time comes from the log of whoever ran it. Prints each run, the medians, and the overhead of the HTTP
 * path: on whole jobs, and outside the engine (where the two paths differ; the engine's time varies by several per
 * cent between runs of the same job); the goal is at most 5 % of the job.
 */
import os from 'node:os';
import sharp from 'sharp';
import { killRemoteWorkerProcesses, startRemoteCluster, type RemoteCluster } from '@server/testing/remote-workers.js';
import { renders, startJob, upload } from '@server/testing/scale-out-client.js';
import type { TestClient } from '@server/testing/test-server.js';

const RUNS = Number(process.env.BENCH_REMOTE_RUNS ?? 5);
const MEGAPIXELS = Number(process.env.BENCH_REMOTE_MP ?? 1);
const CORES = os.cpus().length;
const GOAL_OVERHEAD = 0.05;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function render(): Promise<Buffer> {
  const [r] = await renders(1, 1000);
  const meta = await sharp(r.png).metadata();
  const width = Math.round(Math.sqrt((MEGAPIXELS * 1e6 * meta.width!) / meta.height!));
  return sharp(r.png).resize({ width }).png().toBuffer();
}

/** One job to completion; its time from the row's creation to its completion. */
async function timedJob(client: TestClient, imageId: string): Promise<{ jobId: string; ms: number }> {
  const job = await startJob(client, imageId, { scale: 2, mode: 'precision' });
  for (;;) {
    const { body } = await client.json(`/api/jobs?ids=${job.jobId}`);
    const [view] = body.jobs as { status: string; created_at: string; updated_at: string; error_message?: string }[];
    if (view.status === 'completed') return { jobId: job.jobId, ms: Date.parse(view.updated_at) - Date.parse(view.created_at) };
    if (view.status !== 'processing' && view.status !== 'pending') throw new Error(`job ended ${view.status}: ${view.error_message}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

interface Path {
  label: string;
  client: TestClient;
  imageId: string;
  /** The engine's own time of a job, from the log of whoever ran it. */
  engineMs(jobId: string): number;
  totals: number[];
  outside: number[];
}

const logEntry = (output: string, jobId: string) =>
  output
    .split('\n')
    .filter((l) => l.startsWith('{') && l.includes('"msg":"job completed"') && l.includes(jobId))
    .map((l) => JSON.parse(l) as { engineMs?: number; ms?: { engine: number; download: number; upload: number; complete: number } })[0];

async function preparePath(label: string, cluster: RemoteCluster, png: Buffer, engineMs: Path['engineMs']): Promise<Path> {
  const client = await cluster.signedInAdmin();
  const { imageId } = await upload(client, 'render.png', png);
  // the first job loads the model session: not counted
  await timedJob(client, imageId);
  return { label, client, imageId, engineMs, totals: [], outside: [] };
}

async function main() {
  const png = await render();
  const { width, height } = await sharp(png).metadata();
  console.log(
    `A ${width}×${height} render (${((width! * height!) / 1e6).toFixed(2)} MP) ×2 Precision, ${RUNS} runs each after a warm-up, ${CORES} cores, the two paths taking turns\n`,
  );

  const local = await startRemoteCluster({ WORKERS: '1', ENGINE_THREADS: String(CORES) });
  const remote = await startRemoteCluster({ WORKERS: '0' });
  try {
    const worker = remote.startWorker(await remote.createToken('bench'), { ENGINE_THREADS: String(CORES) });
    const paths = [
      await preparePath('in-process worker', local, png, (id) => logEntry(local.server.stdout(), id)!.engineMs!),
      await preparePath('remote worker (HTTP)', remote, png, (id) => logEntry(worker.output(), id)!.ms!.engine),
    ];
    for (let i = 0; i < RUNS; i++) {
      for (const p of paths) {
        const { jobId, ms } = await timedJob(p.client, p.imageId);
        // the worker logs its completion just after the server answered it
        await new Promise((r) => setTimeout(r, 300));
        const engine = p.engineMs(jobId);
        p.totals.push(ms);
        p.outside.push(ms - engine);
        console.log(`  ${p.label} run ${i + 1}: ${(ms / 1000).toFixed(2)} s, of which the engine ${(engine / 1000).toFixed(2)} s`);
      }
    }
    const [a, b] = paths;
    const base = median(a.totals);
    const raw = (median(b.totals) - base) / base;
    const outside = (median(b.outside) - median(a.outside)) / base;
    console.log(`\n| path | median job time | median time outside the engine |\n|---|---|---|`);
    for (const p of paths) console.log(`| ${p.label} | ${(median(p.totals) / 1000).toFixed(2)} s | ${median(p.outside)} ms |`);
    console.log(`\nHTTP path overhead, whole jobs: ${(raw * 100).toFixed(1)} % of the in-process job (engine times vary by a few % from run to run)`);
    console.log(
      `HTTP path overhead outside the engine (claim, download, upload, storing): ${median(b.outside) - median(a.outside)} ms, ${(outside * 100).toFixed(1)} % of the in-process job; goal ≤ ${GOAL_OVERHEAD * 100} %: ${outside <= GOAL_OVERHEAD ? 'met' : 'NOT met'}`,
    );
  } finally {
    killRemoteWorkerProcesses();
    await Promise.all([local.stop(), remote.stop()]);
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    killRemoteWorkerProcesses();
    process.exit(1);
  },
);
