import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@server/testing/test-server.js';
import type { QueueName } from '@server/ports/job-queue.js';

describe('the queues every process works on', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { WORKERS: '0' } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function untilSettled(queue: QueueName, id: string): Promise<string | null> {
    let state: string | null = null;
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) {
      state = await server.deps.queue.state(queue, id);
      if (state === 'failed' || state === 'completed' || state === 'retry') return state;
    }
    return state;
  }

  it('runs scheduled maintenance and billing runs, whose payload is empty', async () => {
    const maintenance = await server.deps.queue.enqueue('maintenance', {});
    const billing = await server.deps.queue.enqueue('billing', {});
    expect(await untilSettled('maintenance', maintenance)).toBe('completed');
    expect(await untilSettled('billing', billing)).toBe('completed');
  });

  it('fails a notification job without a campaign id at once instead of sending anything', async () => {
    const id = await server.deps.queue.enqueue('notifications', { campaignId: 'not-a-uuid' });
    expect(await untilSettled('notifications', id)).toBe('failed');
  });
});
