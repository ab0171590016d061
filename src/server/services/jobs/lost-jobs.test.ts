import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '@server/testing/test-server.js';
import { backends } from '@server/testing/databases.js';
import { insertUser } from '@server/testing/insert-user.js';
import { creditLedger, imageJobs } from '@server/db/schema.js';
import { getBalance, reserveCredits } from '../credits/ledger.js';
import { setQueueJobId } from './job-lifecycle.js';
import { LOST_JOB_MESSAGE, runJobMaintenance } from './maintenance.js';

describe.each(backends)('jobs the queue gave up on (%s)', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    // no image workers: the queue jobs stay where the test puts them
    server = await startTestServer({ backend, env: { WORKERS: '0' } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function processingJob() {
    const user = await insertUser(server.deps.db, { credits: 10, subscriptionStatus: 'business' });
    const [job] = await server.deps.db
      .insert(imageJobs)
      .values({ userId: user.id, status: 'processing', scale: 2, mode: 'detail' })
      .returning({ id: imageJobs.id });
    await reserveCredits(server.deps.db, user.id, 4, job.id);
    const queueJobId = await server.deps.queue.enqueue('image-enhance', { jobId: job.id });
    await setQueueJobId(server.deps, job.id, queueJobId);
    return { userId: user.id, jobId: job.id, queueJobId };
  }
  const statusOf = async (id: string) =>
    (await server.deps.db.select({ s: imageJobs.status, e: imageJobs.errorMessage }).from(imageJobs).where(eq(imageJobs.id, id)))[0];

  it('a job still waiting in the queue is left alone; once the queue has given up it is failed and its credits come back', async () => {
    const { userId, jobId, queueJobId } = await processingJob();
    expect(await getBalance(server.deps.db, userId)).toBe(6);
    await runJobMaintenance(server.deps);
    expect((await statusOf(jobId)).s).toBe('processing');

    await server.deps.queue.cancel('image-enhance', queueJobId);
    const run = await runJobMaintenance(server.deps);
    expect(run.lost).toBeGreaterThanOrEqual(1);
    expect(await statusOf(jobId)).toEqual({ s: 'failed', e: LOST_JOB_MESSAGE });
    expect(await getBalance(server.deps.db, userId)).toBe(10);
    const releases = await server.deps.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.jobId, jobId), eq(creditLedger.reason, 'release')));
    expect(releases).toHaveLength(1);
    // a second run changes nothing
    await runJobMaintenance(server.deps);
    expect(await getBalance(server.deps.db, userId)).toBe(10);
  });
});
