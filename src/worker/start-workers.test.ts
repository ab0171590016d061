import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '@server/testing/test-server.js';
import { insertUser } from '@server/testing/insert-user.js';
import { creditLedger, imageJobs } from '@server/db/schema.js';
import { reserveCredits } from '@server/services/credits/ledger.js';
import { createEngine } from '@engine/index.js';
import { startWorkers, type Workers } from './start-workers.js';

describe('image jobs taken from the queue', () => {
  let server: TestServer;
  let workers: Workers;
  const logLines: { msg: string; queue?: string; queueJobId?: string; reason?: string }[] = [];
  const modelsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'renderlift-no-models-'));

  beforeAll(async () => {
    // the server takes no image jobs itself: the workers under test are the only ones
    server = await startTestServer({ env: { WORKERS: '0' } });
    const logger = pino({ level: 'info' }, { write: (line: string) => logLines.push(JSON.parse(line)) });
    // a real engine; a refused job never reaches it, so no model is ever loaded
    workers = await startWorkers({ ...server.deps, logger }, createEngine({ modelsDir }), { concurrency: 1 });
  });
  afterAll(async () => {
    await workers?.stop();
    await server?.stop();
    fs.rmSync(modelsDir, { recursive: true, force: true });
  });

  async function untilSettled(queue: 'image-enhance' | 'image-remove', id: string): Promise<string | null> {
    let state: string | null = null;
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) {
      state = await server.deps.queue.state(queue, id);
      if (state === 'failed' || state === 'completed' || state === 'retry') return state;
    }
    return state;
  }

  it('fails a job whose payload is malformed at once, logs why, and changes nothing', async () => {
    const user = await insertUser(server.deps.db, { credits: 10, subscriptionStatus: 'business' });
    const [{ id }] = await server.deps.db.insert(imageJobs).values({ userId: user.id, status: 'processing', scale: 2, mode: 'detail' }).returning();
    await reserveCredits(server.deps.db, user.id, 2, id);
    const [job] = await server.deps.db.select().from(imageJobs).where(eq(imageJobs.id, id));

    const notAnId = await server.deps.queue.enqueue('image-enhance', { jobId: 'not-a-uuid' });
    const wrongKey = await server.deps.queue.enqueue('image-remove', { id: job.id });
    // failed, not waiting for a retry: the same payload would be refused again
    expect(await untilSettled('image-enhance', notAnId)).toBe('failed');
    expect(await untilSettled('image-remove', wrongKey)).toBe('failed');

    const refused = logLines.filter((l) => l.msg === 'job refused: malformed payload');
    expect(refused.map((l) => [l.queue, l.queueJobId])).toEqual(
      expect.arrayContaining([
        ['image-enhance', notAnId],
        ['image-remove', wrongKey],
      ]),
    );
    expect(refused.find((l) => l.queueJobId === notAnId)?.reason).toMatch(/^jobId: /);
    expect(refused.find((l) => l.queueJobId === wrongKey)?.reason).toMatch(/^jobId: /);
    expect(logLines.some((l) => l.msg === 'job started')).toBe(false);

    // the job row and the credits are as they were
    const [after] = await server.deps.db.select().from(imageJobs).where(eq(imageJobs.id, job.id));
    expect(after).toEqual(job);
    const ledger = await server.deps.db.select().from(creditLedger).where(eq(creditLedger.jobId, job.id));
    expect(ledger.map((l) => [l.reason, l.delta])).toEqual([['reserve', -2]]);
  });
});
