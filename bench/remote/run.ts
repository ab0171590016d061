/**
 * The HTTP path of a remote worker against a worker inside the server, on the same job and machine:
 *
 *   npm run bench:remote          (BENCH_REMOTE_RUNS=3 BENCH_REMOTE_MP=1 to change the shape)
 *
 * Both run a 1 MP render ×2 in Precision, each with every core for inference: once in a single-machine server
 * (WORKERS=1), once through a server with no workers of its own and a remote worker process that reaches it over HTTP
 * on loopback (claim, signed input download, progress, result upload, completion). A job's time is its row's, from
 * creation to completion (the server's clock, no polling in it). Prints each run, the medians and the overhead of
 * the HTTP path; the goal is at most 5 % of the job.
 */
import os from 'node:os';
import sharp from 'sharp';
import { killRemoteWorkerProcesses, startRemoteCluster, type RemoteCluster } from '@server/testing/remote-workers.js';
import { renders, startJob, upload } from '@server/testing/scale-out-client.js';
import type { TestClient } from '@server/testing/test-server.js';

const RUNS = Number(process.env.BENCH_REMOTE_RUNS ?? 3);
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
async function timedJob(client: TestClient, imageId: string): Promise<number> {
  const job = await startJob(client, imageId, { scale: 2, mode: 'precision' });
  for (;;) {
    const { body } = await client.json(`/api/jobs?ids=${job.jobId}`);
    const [view] = body.jobs as { status: string; created_at: string; updated_at: string; error_message?: string }[];
    if (view.status === 'completed') return Date.parse(view.updated_at) - Date.parse(view.created_at);
    if (view.status !== 'processing' && view.status !== 'pending') throw new Error(`job ended ${view.status}: ${view.error_message}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function measure(label: string, cluster: RemoteCluster, png: Buffer): Promise<number[]> {
  const client = await cluster.signedInAdmin();
  const { imageId } = await upload(client, 'render.png', png);
  // the first job loads the model session: not counted
  await timedJob(client, imageId);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    times.push(await timedJob(client, imageId));
    console.log(`  ${label} run ${i + 1}: ${(times[i] / 1000).toFixed(2)} s`);
  }
  return times;
}

async function main() {
  const png = await render();
  const { width, height } = await sharp(png).metadata();
  console.log(`A ${width}×${height} render (${((width! * height!) / 1e6).toFixed(2)} MP) ×2 Precision, ${RUNS} runs each after a warm-up, ${CORES} cores\n`);

  const local = await startRemoteCluster({ WORKERS: '1', ENGINE_THREADS: String(CORES) });
  let inProcess: number[];
  try {
    inProcess = await measure('in-process worker', local, png);
  } finally {
    await local.stop();
  }

  const remote = await startRemoteCluster({ WORKERS: '0' });
  let overHttp: number[];
  try {
    remote.startWorker(await remote.createToken('bench'), { ENGINE_THREADS: String(CORES) });
    overHttp = await measure('remote worker (HTTP)', remote, png);
  } finally {
    killRemoteWorkerProcesses();
    await remote.stop();
  }

  const [a, b] = [median(inProcess), median(overHttp)];
  const overhead = (b - a) / a;
  console.log(`\n| path | median job time |\n|---|---|`);
  console.log(`| in-process worker | ${(a / 1000).toFixed(2)} s |`);
  console.log(`| remote worker over HTTP | ${(b / 1000).toFixed(2)} s |`);
  console.log(
    `\nHTTP path overhead: ${(overhead * 100).toFixed(1)} % of the in-process job (${((b - a) / 1000).toFixed(2)} s); goal ≤ ${GOAL_OVERHEAD * 100} %: ${overhead <= GOAL_OVERHEAD ? 'met' : 'NOT met'}`,
  );
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    killRemoteWorkerProcesses();
    process.exit(1);
  },
);
