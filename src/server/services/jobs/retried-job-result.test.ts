import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Engine } from '@engine/index.js';
import type { TestServer } from '@server/testing/test-server.js';
import { startJobTestServer } from '@server/testing/job-test-server.js';
import { insertUser } from '@server/testing/insert-user.js';
import { storeImage, syntheticPng } from '@server/testing/images.js';
import { creditLedger, imageJobs, images } from '@server/db/schema.js';
import { getBalance, reserveCredits } from '../credits/ledger.js';
import { processImageJob } from './process-image-job.js';
import type { Bucket } from '@shared/url-checks.js';

/**
 * A worker killed after saving a result's row but before completing its job (found by `npm run bench:crash`): the
 * retry stores the result again under the same key and completes, instead of colliding with the row, deleting the
 * file the row names and failing the job.
 */
describe('a job retried after its worker died between the result row and completion', { timeout: 120_000 }, () => {
  let server: TestServer;
  let engine: Engine;
  let stop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ server, engine, stop } = await startJobTestServer());
  });
  afterAll(() => stop?.());

  it('completes, charges once, and its result row names a file that is there', async () => {
    const deps = { ...server.deps, engine };
    const user = await insertUser(server.deps.db, { credits: 10, subscriptionStatus: 'business' });
    const source = await storeImage(server.deps, user.id, await syntheticPng(48, 32));
    const [job] = await server.deps.db
      .insert(imageJobs)
      .values({ userId: user.id, status: 'processing', scale: 2, mode: 'detail', targetImageId: source.id })
      .returning({ id: imageJobs.id });
    await reserveCredits(server.deps.db, user.id, 1, job.id);

    // the first attempt gets as far as its result's row, then the process dies: the completion is not committed
    await processImageJob(deps, job.id, new AbortController().signal);
    const [first] = await server.deps.db.select().from(imageJobs).where(eq(imageJobs.id, job.id));
    expect(first.status).toBe('completed');
    await server.deps.db
      .update(imageJobs)
      .set({ status: 'processing', creditState: 'reserved', resultImageId: null, processedImageUrl: null, finishedAt: null, progress: 0.5 })
      .where(eq(imageJobs.id, job.id));
    await server.deps.db.delete(creditLedger).where(and(eq(creditLedger.jobId, job.id), eq(creditLedger.reason, 'charge')));

    // the queue runs it again
    await processImageJob(deps, job.id, new AbortController().signal);
    const [retried] = await server.deps.db.select().from(imageJobs).where(eq(imageJobs.id, job.id));
    expect([retried.status, retried.creditState, retried.errorMessage]).toEqual(['completed', 'charged', null]);
    const results = await server.deps.db.select().from(images).where(eq(images.sourceImageId, source.id));
    expect(results.map((r) => r.id)).toEqual([retried.resultImageId]);
    expect(await server.deps.storage.head(results[0].bucket as Bucket, results[0].path)).not.toBeNull();
    expect(await getBalance(server.deps.db, user.id)).toBe(9);
  });
});
