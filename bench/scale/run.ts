/**
 * Scale-out on this machine: API and worker processes as separate OS processes on one PostgreSQL database and one
 * S3-compatible bucket, the APIs behind a round-robin proxy (the standing multi-process test's cluster).
 *
 *   npm run bench:scale          (BENCH_SCALE_JOBS=8 BENCH_SCALE_WIDTH=480 BENCH_SCALE_PICKUPS=20 to change the shape;
 *                                 BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test)
 *
 * Prints:
 *  (a) pick-up latency: a job sent to an idle worker, from its row's creation to the worker taking it, p50/p99;
 *  (b) live-event fan-out: a job's creation event, from the request's start to its arrival on a stream held by the
 *      other API process, against a stream on the API process that took the request (the peer);
 *  (c) throughput with 1 and 2 worker processes (jobs per minute, per-job cost), and the ratio;
 *  (d) a projection for N workers from the measured per-job cost, each worker on cores of its own.
 */
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { inArray } from 'drizzle-orm';
import { imageJobs } from '@server/db/schema.js';
import { LiveStreamClient } from '@server/testing/live-stream-client.js';
import { killScaleOutProcesses, startScaleOut, type ScaleOut } from '@server/testing/scale-out.js';
import { renders, signedInThrough, startJob, through, upload } from '@server/testing/scale-out-client.js';

const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const JOBS = Number(process.env.BENCH_SCALE_JOBS ?? 8);
const WIDTH = Number(process.env.BENCH_SCALE_WIDTH ?? 480);
const PICKUPS = Number(process.env.BENCH_SCALE_PICKUPS ?? 20);
const CORES = os.cpus().length;
const GOAL_PICKUP_P99_MS = 250;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
const ms = (x: number) => `${x.toFixed(0)} ms`;
const terminal = (status: string) => status !== 'pending' && status !== 'processing';

async function jobRows(cluster: ScaleOut, ids: string[]) {
  return cluster.database.database.db
    .select({ id: imageJobs.id, status: imageJobs.status, createdAt: imageJobs.createdAt, startedAt: imageJobs.startedAt, finishedAt: imageJobs.finishedAt })
    .from(imageJobs)
    .where(inArray(imageJobs.id, ids));
}

async function waitDone(stream: LiveStreamClient, id: string) {
  const done = await stream.waitFor((m) => m.event === 'job' && m.data.data.id === id && terminal(m.data.data.status), 600_000);
  if (done.data.data.status !== 'completed') throw new Error(`job ${id} ended ${done.data.data.status}: ${done.data.data.error_message}`);
}

/** (a) and (b): two API processes, one worker, jobs sent one at a time to the idle worker. */
async function pickUpAndFanOut() {
  const cluster = await startScaleOut({ apis: 2, workers: 1, databaseUrl: DATABASE_URL, workerEnv: { ENGINE_THREADS: String(CORES) } });
  const streams: LiveStreamClient[] = [];
  try {
    const { client } = await signedInThrough(cluster, 0);
    const cookie = { cookie: client.cookieHeader() };
    // the peer on the instance that takes every request, the measured one on the other
    const [same, other] = [0, 1].map((api) => new LiveStreamClient(`${cluster.proxy.url}/api/events`, cookie, through(api)));
    streams.push(same, other);
    for (const s of streams) await s.waitFor((m) => m.event === 'ready');
    const small = await renders(PICKUPS, 96);
    const images: string[] = [];
    for (const r of small) images.push((await upload(client, r.name, r.png, through(0))).imageId);
    const ids: string[] = [];
    const fanOut = { same: [] as number[], other: [] as number[] };
    for (let i = 0; i < PICKUPS; i++) {
      // idle gaps of varied length, so each send lands anywhere in the worker's polling interval
      await sleep(100 + ((i * 137) % 600));
      const sent = Date.now();
      const job = await startJob(client, images[i], { scale: 2, mode: 'precision', headers: through(0) });
      ids.push(job.jobId);
      for (const [name, s] of [
        ['same', same],
        ['other', other],
      ] as const) {
        const created = await s.waitFor((m) => m.event === 'job' && m.data.data.id === job.jobId);
        fanOut[name].push(created.receivedAt - sent);
      }
      await waitDone(other, job.jobId);
    }
    const rows = await jobRows(cluster, ids);
    const pickUp = rows.map((r) => r.startedAt!.getTime() - r.createdAt.getTime());
    return { pickUp, fanOut };
  } finally {
    for (const s of streams) s.close();
    await cluster.stop();
  }
}

/** (c): `workers` worker processes sharing the machine's cores; JOBS renders enhanced at once. */
async function throughput(workers: number) {
  const threads = Math.max(1, Math.floor(CORES / workers));
  const cluster = await startScaleOut({ apis: 1, workers, databaseUrl: DATABASE_URL, workerEnv: { ENGINE_THREADS: String(threads) } });
  let stream: LiveStreamClient | undefined;
  try {
    const { client } = await signedInThrough(cluster, 0);
    stream = new LiveStreamClient(`${cluster.proxy.url}/api/events`, { cookie: client.cookieHeader() });
    await stream.waitFor((m) => m.event === 'ready');
    const images: string[] = [];
    for (const r of await renders(JOBS, WIDTH)) images.push((await upload(client, r.name, r.png)).imageId);
    // a first job loads the models on every worker before the clock starts
    const warm = await Promise.all(cluster.workers.map((_, i) => startJob(client, images[i % images.length], { scale: 2, mode: 'detail' })));
    for (const w of warm) await waitDone(stream, w.jobId);
    const started = Date.now();
    const jobs: Awaited<ReturnType<typeof startJob>>[] = [];
    for (const id of images) jobs.push(await startJob(client, id, { scale: 2, mode: 'precision' }));
    for (const j of jobs) await waitDone(stream, j.jobId);
    const wall = (Date.now() - started) / 1000;
    const rows = await jobRows(
      cluster,
      jobs.map((j) => j.jobId),
    );
    const perJob = rows.map((r) => (r.finishedAt!.getTime() - r.startedAt!.getTime()) / 1000);
    const byWorker = cluster.workers.map((w) => w.entries('job completed').filter((e) => jobs.some((j) => j.jobId === e.jobId)).length);
    return { workers, threads, wall, jobsPerMinute: (JOBS / wall) * 60, perJobMean: perJob.reduce((a, b) => a + b, 0) / perJob.length, byWorker };
  } finally {
    stream?.close();
    await cluster.stop();
  }
}

async function main() {
  console.log(`bench:scale on ${CORES} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}`);
  if (CORES <= 2)
    console.log(
      `With ${CORES} cores, two workers share the cores one would use: (c) gains only what one job leaves idle (decoding, encoding, storing, threads that do not scale), not a second machine's worth.`,
    );

  const { pickUp, fanOut } = await pickUpAndFanOut();
  console.log(`\n(a) pick-up latency, ${PICKUPS} jobs sent one at a time to an idle worker (row created → worker took it)`);
  console.log(
    `    p50 ${ms(pct(pickUp, 50))}, p99 ${ms(pct(pickUp, 99))}, max ${ms(Math.max(...pickUp))} (goal: p99 ≤ ${GOAL_PICKUP_P99_MS} ms; polling alone: up to 500 ms)`,
  );
  console.log(`\n(b) live-event fan-out, the job's creation event (request start → event on the stream)`);
  console.log(`    stream on the API process that took the request: p50 ${ms(pct(fanOut.same, 50))}, p99 ${ms(pct(fanOut.same, 99))}`);
  console.log(`    stream on the other API process:                 p50 ${ms(pct(fanOut.other, 50))}, p99 ${ms(pct(fanOut.other, 99))}`);
  console.log(`    other / same (p50): ${(pct(fanOut.other, 50) / pct(fanOut.same, 50)).toFixed(2)}×`);

  const one = await throughput(1);
  const two = await throughput(2);
  console.log(`\n(c) throughput: ${JOBS} renders ${WIDTH} px wide, Precision ×2, submitted at once`);
  console.log('    workers  threads each  wall       jobs/min  mean job time  jobs per worker');
  for (const r of [one, two]) {
    console.log(
      `    ${String(r.workers).padEnd(8)} ${String(r.threads).padEnd(13)} ${`${r.wall.toFixed(1)} s`.padEnd(10)} ${r.jobsPerMinute.toFixed(2).padEnd(9)} ${`${r.perJobMean.toFixed(2)} s`.padEnd(14)} ${r.byWorker.join(' / ')}`,
    );
  }
  console.log(`    2 workers / 1 worker: ${(two.jobsPerMinute / one.jobsPerMinute).toFixed(2)}× jobs per minute on ${CORES} cores`);

  console.log(
    `\n(d) projection from (c)'s per-job cost with 1 worker on ${CORES} cores (${one.perJobMean.toFixed(2)} s a job), each worker on ${CORES} cores of its own`,
  );
  console.log('    workers  jobs/min');
  for (const n of [1, 2, 4, 8, 16]) console.log(`    ${String(n).padEnd(8)} ${((n * 60) / one.perJobMean).toFixed(1)}`);
  console.log('    (the database and the API processes are not the limit at these rates: a job is a few rows and events)');
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    killScaleOutProcesses();
    process.exit(1);
  },
);
