/**
 * Scale-out as operators run it: two API processes and two worker processes, each its own OS process, on one PostgreSQL
 * database and one S3-compatible bucket, the APIs behind one round-robin address. A browser signs in through one API,
 * listens on the other, and works through both; then a worker and an API process are killed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { creditLedger, profiles } from '@server/db/schema.js';
import { LiveStreamClient } from '@server/testing/live-stream-client.js';
import { killScaleOutProcesses, startScaleOut, type ScaleOut } from '@server/testing/scale-out.js';
import { balancesMatchLedger, jobsRunOnce, objectsMatchRows } from '@server/testing/scale-out-checks.js';
import { renders, signedInThrough, startJob, through, upload } from '@server/testing/scale-out-client.js';

const databaseUrl = process.env.TEST_DATABASE_URL;
if (!databaseUrl) console.warn('multi-process test skipped: TEST_DATABASE_URL is not set (API and worker processes share a PostgreSQL server)');

const terminal = (status: string) => status !== 'pending' && status !== 'processing';

describe.runIf(databaseUrl)('two API and two worker processes on one PostgreSQL database and one bucket', { timeout: 400_000 }, () => {
  let cluster: ScaleOut;
  let stream: LiveStreamClient | undefined;

  beforeAll(async () => {
    // two workers on two cores: one inference thread each
    cluster = await startScaleOut({ apis: 2, workers: 2, databaseUrl: databaseUrl!, workerEnv: { ENGINE_THREADS: '1' } });
  }, 300_000);
  afterAll(async () => {
    stream?.close();
    await cluster?.stop();
    killScaleOutProcesses();
  });

  it('shares one session, one event stream and one queue across processes, and survives a killed worker and API', async () => {
    const { database, proxy, workers } = cluster;
    const db = database.database.db;

    // signed in through API #1
    const { client, userId, servedBy } = await signedInThrough(cluster, 0);
    expect(servedBy).toEqual(['0', '0', '0']);
    // the session cookie API #1 issued is good on API #2
    const me = await client.json('/api/me', { headers: through(1) });
    expect([me.status, me.res.headers.get('x-upstream'), me.body.user.id]).toEqual([200, '1', userId]);

    // the live stream on API #2
    stream = new LiveStreamClient(`${proxy.url}/api/events`, { cookie: client.cookieHeader() }, through(1));
    const ready = await stream.waitFor((m) => m.event === 'ready');
    expect(ready.data.userId).toBe(userId);
    expect(stream.connections[0].upstream).toBe('1');

    // 6 renders and 10 jobs through alternating instances
    const uploaded = [];
    for (const r of await renders(6, 128)) uploaded.push(await upload(client, r.name, r.png));
    expect(new Set(uploaded.map((u) => u.servedBy))).toEqual(new Set(['0', '1']));
    const jobs = [];
    for (let i = 0; i < 10; i++) jobs.push(await startJob(client, uploaded[i % 6].imageId, { scale: 2, mode: 'precision' }));
    expect(new Set(jobs.map((j) => j.servedBy))).toEqual(new Set(['0', '1']));
    const jobIds = jobs.map((j) => j.jobId);

    for (const id of jobIds) await stream.waitFor((m) => m.event === 'job' && m.data.data.id === id && terminal(m.data.data.status), 120_000);
    for (const id of jobIds) {
      const events = stream.jobEvents(id);
      expect(events.at(-1), id).toMatchObject({ status: 'completed', credit_state: 'charged' });
      // progress from the worker's engine reached the stream of the other API process
      expect(
        events.some((e) => e.status === 'processing' && e.progress > 0),
        id,
      ).toBe(true);
    }
    // each job run by exactly one worker, and the two workers shared them
    await expect.poll(async () => jobsRunOnce(database.database, jobIds, workers), { timeout: 10_000 }).toEqual([]);
    for (const w of workers) expect(w.entries('job completed').length, `worker ${w.index}`).toBeGreaterThan(0);
    expect(await balancesMatchLedger(database.database)).toEqual([]);
    expect(await objectsMatchRows(database.database, await cluster.s3.keys())).toEqual([]);

    // a job long enough to be caught mid-way
    const [big] = await renders(1, 640);
    const source = await upload(client, 'large.png', big.png);
    const [before] = await db.select({ c: profiles.creditsRemaining }).from(profiles).where(eq(profiles.userId, userId));
    const job = await startJob(client, source.imageId, { scale: 2, mode: 'precision' });
    await stream.waitFor((m) => m.event === 'job' && m.data.data.id === job.jobId && m.data.data.status === 'processing' && m.data.data.progress > 0, 120_000);
    const holder = workers.find((w) => w.entries('job started').some((e) => e.jobId === job.jobId))!;
    const survivor = workers.find((w) => w !== holder)!;
    expect(holder).toBeDefined();
    // the worker dies mid-job, and so does the API process holding the client's stream
    await Promise.all([holder.kill(), cluster.apis[1].kill()]);
    const [row] = await db.select().from(creditLedger).where(eq(creditLedger.jobId, job.jobId));
    expect(row.reason).toBe('reserve');

    const done = await stream.waitFor((m) => m.event === 'job' && m.data.data.id === job.jobId && terminal(m.data.data.status), 120_000);
    expect(done.data.data).toMatchObject({ status: 'completed', credit_state: 'charged' });
    // the stream came back through the proxy on the surviving instance, from where it left off, and got the rest there
    const reconnected = stream.connections.slice(1).filter((c) => c.status === 200);
    expect(reconnected.length).toBeGreaterThan(0);
    expect(reconnected.every((c) => c.upstream === '0' && c.lastEventId)).toBe(true);
    expect(done.connection).toBeGreaterThan(0);
    expect(stream.jobEvents(job.jobId).some((e) => e.connection > 0 && e.status === 'processing' && e.progress > 0)).toBe(true);
    // run again by the other worker, finished there alone, and charged once
    expect(survivor.entries('job started').some((e) => e.jobId === job.jobId)).toBe(true);
    expect(holder.entries('job completed').some((e) => e.jobId === job.jobId)).toBe(false);
    await expect.poll(async () => jobsRunOnce(database.database, [job.jobId], workers), { timeout: 10_000 }).toEqual([]);
    const [after] = await db.select({ c: profiles.creditsRemaining }).from(profiles).where(eq(profiles.userId, userId));
    expect(after.c).toBe(before.c - job.cost);
    expect(await balancesMatchLedger(database.database)).toEqual([]);
    expect(await objectsMatchRows(database.database, await cluster.s3.keys())).toEqual([]);

    // the session still works, now on the surviving API process
    const again = await client.json('/api/me');
    expect([again.status, again.res.headers.get('x-upstream')]).toEqual([200, '0']);
  });
});
