/**
 * The admin panel's worker list: a server process that runs jobs itself reports itself there with its host, pid,
 * provider and release, the jobs it runs and its throughput, and leaves it when it stops.
 */
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TestClient, type TestServer } from '../testing/test-server.js';
import { signUpVerifiedUser } from '../testing/accounts.js';
import { makeAdmin } from '../services/accounts/make-admin.js';
import { grantPlan } from '../services/plans/grant-plan.js';
import { makeImage } from '../services/uploads/test-images.js';
import { listWorkerProcesses } from '../services/workers/worker-presence.js';
import { APP_VERSION } from '../app-version.js';

describe('the worker list', () => {
  let server: TestServer;
  let admin: TestClient;

  beforeAll(async () => {
    server = await startTestServer({ env: { WORKERS: '1' } });
    admin = new TestClient(server.url);
    const a = await signUpVerifiedUser(admin, server.deps);
    await makeAdmin(server.deps.db, a.email);
    await grantPlan(server.deps, { email: a.email, tier: 'business', until: new Date(Date.now() + 30 * 86_400_000) });
  });
  afterAll(() => server?.stop());

  it('shows this server process with the jobs it ran and its throughput, and no longer once it stops', async () => {
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(await makeImage('png', 96, 72))], { type: 'image/png' }), 'render.png');
    const up = await admin.json('/api/uploads', { method: 'POST', body: form });
    const job = await admin.json('/api/jobs', { method: 'POST', json: { imageId: up.body.results[0].id, scale: 2, mode: 'precision' } });
    expect(job.status).toBe(201);
    await expect
      .poll(async () => (await admin.json(`/api/jobs?ids=${job.body.job.id}`)).body.jobs[0].status, { timeout: 120_000, interval: 200 })
      .toBe('completed');

    await expect.poll(async () => (await admin.json('/api/admin/workers')).body.processes[0]?.jobsDone, { timeout: 10_000 }).toBe(1);
    const { body } = await admin.json('/api/admin/workers');
    expect(body.processes).toHaveLength(1);
    expect(body.processes[0]).toMatchObject({
      host: os.hostname(),
      pid: process.pid,
      role: 'all',
      concurrency: 1,
      provider: 'cpu',
      version: APP_VERSION,
      running: [],
    });
    expect(body.processes[0].megapixelsPerSecond).toBeGreaterThan(0);
    expect(body.workers).toEqual([]);

    // a stopped process takes its entry with it
    const deps = server.deps;
    await server.close();
    expect(await listWorkerProcesses(deps)).toEqual([]);
  });
});
