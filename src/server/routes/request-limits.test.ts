/**
 * Hostile request bodies: oversized JSON is refused before it is read, client reports are bounded, viewport data
 * accepts only image URLs, and an upload name with control characters is stored cleaned up.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestServer, TestClient, type TestServer } from '../testing/test-server.js';
import { signUpVerifiedUser } from '../testing/accounts.js';
import { images, securityEvents, viewportSessions } from '../db/schema.js';
import { makeImage } from '../services/uploads/test-images.js';
import { normaliseFileName } from '@shared/limits.js';

/** A chunked body (no Content-Length) streamed in pieces, as a client that hides its size sends it. */
function chunkedPost(server: TestServer, path: string, cookie: string, totalBytes: number) {
  return new Promise<number>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: server.port,
        path,
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, origin: server.url, 'transfer-encoding': 'chunked' },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', (err) =>
      (err as NodeJS.ErrnoException).code === 'EPIPE' || (err as NodeJS.ErrnoException).code === 'ECONNRESET' ? resolve(413) : reject(err),
    );
    req.write('{"name":"big","viewport_data":{"images":[],"pad":"');
    const chunk = 'x'.repeat(64 * 1024);
    let sent = 0;
    const pump = () => {
      while (sent < totalBytes) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      req.end('"}}');
    };
    pump();
  });
}

describe('request limits', () => {
  let server: TestServer;
  let alice: TestClient;
  let aliceId: string;
  beforeAll(async () => {
    server = await startTestServer();
    alice = new TestClient(server.url);
    aliceId = (await signUpVerifiedUser(alice, server.deps)).userId;
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('a JSON body over 1 MB is answered 413 before it is parsed, whether its size is declared or streamed', async () => {
    const big = { name: 'Big', viewport_data: { images: [{ id: 'a', originalUrl: 'https://x.test/1.png' }], pad: 'x'.repeat(2 * 1024 * 1024) } };
    const declared = await alice.json('/api/viewports', { method: 'POST', json: big });
    expect(declared.status).toBe(413);
    expect(declared.body.error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(await chunkedPost(server, '/api/viewports', alice.cookieHeader(), 3 * 1024 * 1024)).toBe(413);
    expect(await server.deps.db.select().from(viewportSessions).where(eq(viewportSessions.userId, aliceId))).toHaveLength(0);
  });

  it('client security reports: details bounded to 4 KB, bodies to 16 KB', async () => {
    const anon = new TestClient(server.url);
    const bigDetails = await anon.json('/api/security-events', {
      method: 'POST',
      json: { action: 'probe', status: 'info', details: { blob: 'x'.repeat(5000) } },
    });
    expect(bigDetails.status).toBe(400);
    const bigBody = await anon.json('/api/security-events', { method: 'POST', json: { action: 'probe', status: 'info', page_url: 'y'.repeat(30_000) } });
    expect(bigBody.status).toBe(413);
    const fine = await anon.json('/api/security-events', { method: 'POST', json: { action: 'probe', status: 'info', details: { note: 'ok' } } });
    expect(fine.status).toBe(202);
    const stored = await server.deps.db.select().from(securityEvents).where(eq(securityEvents.action, 'probe'));
    expect(stored).toHaveLength(1);
  });

  it('viewport data refuses javascript: and other schemes as image URLs, saving nothing', async () => {
    for (const url of ['javascript:alert(document.cookie)', 'vbscript:msgbox(1)', 'file:///etc/passwd']) {
      const r = await alice.json('/api/viewports', { method: 'POST', json: { name: 'Evil', viewport_data: { images: [{ id: 'a', originalUrl: url }] } } });
      expect(r.status, url).toBe(400);
    }
    const ok = await alice.json('/api/viewports', {
      method: 'POST',
      json: { name: 'Fine', viewport_data: { images: [{ id: 'a', originalUrl: 'https://x.test/1.png' }] } },
    });
    expect(ok.status).toBe(201);
    const rows = await server.deps.db.select({ name: viewportSessions.sessionName }).from(viewportSessions).where(eq(viewportSessions.userId, aliceId));
    expect(rows.map((r) => r.name)).toEqual(['Fine']);
  });

  it('a file name whose control characters arrive percent-encoded is stored under a clean, bounded name', async () => {
    // RFC 5987 / 7578: filename* carries any character percent-encoded, a NUL byte included
    const name = `evil\u0000${'n'.repeat(300)}.png`;
    const boundary = 'renderlift-test-boundary';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename*=UTF-8''${encodeURIComponent(name)}\r\nContent-Type: image/png\r\n\r\n`,
      ),
      await makeImage('png'),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const r = await alice.json('/api/uploads', { method: 'POST', body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(r.status).toBe(201);
    const [row] = await server.deps.db.select({ name: images.originalName }).from(images).where(eq(images.userId, aliceId));
    expect(row.name).toBe(normaliseFileName(name));
    expect(row.name).not.toContain('\u0000');
    expect(row.name!.length).toBeLessThanOrEqual(255);
    expect(row.name!.endsWith('.png')).toBe(true);
  });

  it('a raw NUL byte in a part header is refused as unreadable: a clear 400, nothing stored', async () => {
    const f = new FormData();
    f.append('files', new Blob([new Uint8Array(await makeImage('png'))], { type: 'image/png' }), `evil\u0000name.png`);
    const before = await server.deps.db.select().from(images).where(eq(images.userId, aliceId));
    const r = await alice.json('/api/uploads', { method: 'POST', body: f });
    expect([r.status, r.body.error.code]).toEqual([400, 'INVALID_MULTIPART']);
    expect(r.body.error.message).toMatch(/malformed/);
    expect(await server.deps.db.select().from(images).where(eq(images.userId, aliceId))).toHaveLength(before.length);
  });

  it('file names: last path component, no control characters, extension kept when cut', () => {
    expect(normaliseFileName('../../etc/passwd')).toBe('passwd');
    expect(normaliseFileName('C:\\renders\\atrium.png')).toBe('atrium.png');
    expect(normaliseFileName('\u0000\u001f')).toBe('image');
    expect(normaliseFileName(`${'a'.repeat(400)}.jpeg`)).toHaveLength(255);
    expect(normaliseFileName(`${'a'.repeat(400)}.jpeg`).endsWith('.jpeg')).toBe(true);
  });
});
