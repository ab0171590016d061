/**
 * Prometheus metrics on a port of their own (METRICS_PORT): scraped before, during and after a real job, the request,
 * job, queue, engine, e-mail, stream and memory figures move as the work does. Off unless asked for.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TestClient, type TestServer } from '@server/testing/test-server.js';
import { signUpVerifiedUser } from '@server/testing/accounts.js';
import { storeImage, syntheticPng } from '@server/testing/images.js';
import { SseReader } from '@server/testing/sse.js';
import { grantPlan } from '@server/services/plans/grant-plan.js';

const MODEL_CACHE_DIR = path.join(os.tmpdir(), 'renderlift-test-models');
const root = path.resolve(import.meta.dirname, '../..');

/**
 * A GET on a connection of its own, as a scraper comes back after its interval: a pooled one may sit idle past the
 * server's keep-alive while PGlite starting in this process holds the event loop, and read as reset when reused.
 */
function get(url: string | URL): Promise<{ status: number; contentType: string; text: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type']), text }));
      })
      .on('error', reject);
  });
}

/** Every sample of a Prometheus text page: name, labels, value. */
function samples(text: string) {
  return text
    .split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => {
      const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(l);
      if (!m) throw new Error(`not a sample line: ${l}`);
      const labels = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((x) => [x[1], x[2]]));
      return { name: m[1], labels, value: Number(m[3]) };
    });
}

/** The sum of the samples of `name` whose labels include `labels` (0 when there is none). */
const value = (text: string, name: string, labels: Record<string, string> = {}) =>
  samples(text)
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((a, s) => a + s.value, 0);

describe('metrics', { timeout: 600_000 }, () => {
  let server: TestServer;
  const scrape = async () => {
    const res = await get(server.metricsUrl!);
    expect(res.status).toBe(200);
    expect(res.contentType).toContain('text/plain');
    return res.text;
  };

  beforeAll(async () => {
    server = await startTestServer({ env: { WORKERS: '1', MODEL_CACHE_DIR, METRICS_PORT: '0' } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('are served on their own port only, and are off by default', async () => {
    expect(server.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    expect(new URL(server.metricsUrl!).port).not.toBe(String(server.port));
    // the metrics port serves nothing else, and the application's port does not serve metrics
    expect((await get(new URL('/api/me', server.metricsUrl))).status).toBe(404);
    // on a connection of its own too: a pooled one would sit idle while the second server's PGlite starts, past the
    // keep-alive, and the next test's first request would reuse it and read a reset
    const onApp = await get(`${server.url}/metrics`);
    expect(onApp.text).not.toContain('renderlift_http_request_duration_seconds');
    const plain = await startTestServer({ env: { WORKERS: '0' } });
    try {
      expect(plain.metricsUrl).toBeUndefined();
    } finally {
      await plain.stop();
    }
  });

  it('move with a job: requests by route, waiting and running jobs, wait and busy time, engine rate and tiles, streams, outbox, memory', async () => {
    const client = new TestClient(server.url);
    const user = await signUpVerifiedUser(client, server.deps);
    await grantPlan(server.deps, { email: user.email, tier: 'business' });
    const sse = await SseReader.open(`${server.url}/api/events`, { cookie: client.cookieHeader() });
    await sse.next((m) => m.event === 'ready');
    const img = await storeImage(server.deps, user.userId, await syntheticPng(330, 220));

    const before = await scrape();
    expect(value(before, 'renderlift_jobs_finished_total')).toBe(0);
    expect(value(before, 'renderlift_sse_clients')).toBe(1);
    // the sign-up's verification e-mail, recorded (no SMTP here)
    expect(value(before, 'renderlift_email_outbox_messages', { status: 'recorded' })).toBeGreaterThan(0);
    expect(value(before, 'renderlift_process_resident_memory_bytes')).toBeGreaterThan(0);

    // ×3 runs the thick network on two windows: long enough to be seen running
    const res = await client.json('/api/jobs', { method: 'POST', json: { imageId: img.id, scale: 3, mode: 'precision' } });
    expect(res.status).toBe(201);
    const jobId = res.body.job.id as string;
    let seenRunning = false;
    let finished = false;
    void sse
      .next((m) => m.event === 'job' && JSON.parse(m.data).data.id === jobId && JSON.parse(m.data).data.status !== 'processing', 540_000)
      .then(() => {
        finished = true;
      });
    while (!finished && !seenRunning) {
      const during = await scrape();
      if (value(during, 'renderlift_jobs', { state: 'running', mode: 'precision' }) === 1) {
        seenRunning = true;
        expect(value(during, 'renderlift_worker_jobs_running')).toBe(1);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(seenRunning, 'the job was seen running in a scrape').toBe(true);
    await expect.poll(() => finished, { timeout: 540_000 }).toBe(true);

    const after = await scrape();
    expect(value(after, 'renderlift_jobs_finished_total', { workflow: 'enhance', mode: 'precision', outcome: 'completed' })).toBe(1);
    expect(value(after, 'renderlift_jobs', { state: 'running' })).toBe(0);
    expect(value(after, 'renderlift_queue_depth')).toBe(0);
    expect(value(after, 'renderlift_queue_oldest_wait_seconds')).toBe(0);
    expect(value(after, 'renderlift_worker_jobs_running')).toBe(0);
    expect(value(after, 'renderlift_job_wait_seconds_count', { mode: 'precision' })).toBe(1);
    expect(value(after, 'renderlift_worker_busy_seconds_total')).toBeGreaterThan(0);
    // 330 × 220 input pixels through the network the result names
    const mp = samples(after).filter((s) => s.name === 'renderlift_engine_input_megapixels_total');
    expect(mp).toHaveLength(1);
    expect(mp[0].labels.network).toMatch(/thick/);
    expect(mp[0].value).toBeCloseTo(0.0726, 4);
    expect(value(after, 'renderlift_engine_seconds_total')).toBeGreaterThan(0);
    expect(value(after, 'renderlift_engine_megapixels_per_second', { network: mp[0].labels.network })).toBeGreaterThan(0);
    expect(value(after, 'renderlift_engine_tile_seconds_count')).toBeGreaterThanOrEqual(2);
    expect(value(after, 'renderlift_engine_resident_memory_bytes')).toBeGreaterThan(0);
    // requests by their route as registered: the job's id never becomes a label
    expect(value(after, 'renderlift_http_request_duration_seconds_count', { method: 'POST', route: '/api/jobs', status: '201' })).toBe(1);
    await client.json(`/api/jobs?ids=${jobId}`);
    await client.json(`/api/jobs/${jobId}/cancel`, { method: 'POST' });
    const routes = new Set(samples(await scrape()).flatMap((s) => (s.name === 'renderlift_http_request_duration_seconds_count' ? [s.labels.route] : [])));
    expect(routes).toContain('/api/jobs/:id/cancel');
    expect([...routes].some((r) => r.includes(jobId))).toBe(false);
    sse.close();

    // every series the example dashboard and the README name is one the server serves
    const served = new Set([...(await scrape()).matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]));
    const named = (file: string) =>
      new Set([...fs.readFileSync(path.join(root, file), 'utf8').matchAll(/renderlift_[a-z_]+/g)].map((m) => m[0].replace(/_(bucket|count|sum)$/, '')));
    for (const file of ['docs/grafana-dashboard.json', 'README.md']) {
      const missing = [...named(file)].filter((n) => !served.has(n) && !n.endsWith('_') && n !== 'renderlift_nodejs_');
      expect(missing, file).toEqual([]);
    }
  });
});
