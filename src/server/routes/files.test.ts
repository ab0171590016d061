import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server.js';
import { parseRange } from './files.js';

describe('parseRange', () => {
  it('reads single byte ranges and refuses unsatisfiable ones', () => {
    expect(parseRange(undefined, 10)).toBeUndefined();
    expect(parseRange('bytes=0-3', 10)).toEqual({ start: 0, end: 3 });
    expect(parseRange('bytes=4-', 10)).toEqual({ start: 4, end: 9 });
    expect(parseRange('bytes=-3', 10)).toEqual({ start: 7, end: 9 });
    expect(parseRange('bytes=-30', 10)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=5-100', 10)).toEqual({ start: 5, end: 9 });
    expect(parseRange('bytes=10-', 10)).toBe('unsatisfiable');
    expect(parseRange('bytes=5-2', 10)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 10)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-1,4-5', 10)).toBeUndefined();
    expect(parseRange('items=0-1', 10)).toBeUndefined();
  });
});

/** A request with the path exactly as written: fetch and URL would normalise '..' away before sending. */
function rawGet(url: string, rawPath: string): Promise<{ status: number; body: string }> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: u.hostname, port: u.port, path: rawPath, method: 'GET' }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('GET /api/files', () => {
  let server: TestServer;
  let now = new Date('2026-04-01T12:00:00Z');
  const content = Buffer.from('0123456789abcdefghij');
  beforeAll(async () => {
    server = await startTestServer({ clock: () => now });
    await server.deps.storage.put('user-images', 'u1/render.png', content, { contentType: 'image/png' });
    await server.deps.storage.put('enhanced-images', 'u1/result.webp', content, { contentType: 'image/webp' });
  });
  afterAll(() => server?.stop());

  const get = (p: string, headers: Record<string, string> = {}, method = 'GET') => fetch(new URL(p, server.url), { headers, method });
  const signed = async (key = 'u1/render.png', ttl = 3600) => (await server.deps.storage.signUrl('user-images', key, ttl)).url;

  it('serves a signed file with type, length, ETag and caching headers', async () => {
    const res = await get(await signed());
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-length')).toBe('20');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('etag')).toMatch(/^".+"$/);
    expect(res.headers.get('last-modified')).toBeTruthy();
    expect(res.headers.get('cache-control')).toBe('private, max-age=3600');
    expect(Buffer.from(await res.arrayBuffer()).equals(content)).toBe(true);
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await get(await signed(), {}, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe('20');
    expect(res.headers.get('content-type')).toBe('image/png');
    expect((await res.arrayBuffer()).byteLength).toBe(0);
  });

  it('serves byte ranges with 206 and refuses impossible ones with 416', async () => {
    const url = await signed();
    const part = await get(url, { range: 'bytes=2-5' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 2-5/20');
    expect(part.headers.get('content-length')).toBe('4');
    expect(await part.text()).toBe('2345');
    const tail = await get(url, { range: 'bytes=-3' });
    expect([tail.status, await tail.text()]).toEqual([206, 'hij']);
    const head = await get(url, { range: 'bytes=10-' }, 'HEAD');
    expect([head.status, head.headers.get('content-range'), head.headers.get('content-length')]).toEqual([206, 'bytes 10-19/20', '10']);
    const bad = await get(url, { range: 'bytes=20-' });
    expect(bad.status).toBe(416);
    expect(bad.headers.get('content-range')).toBe('bytes */20');
    // a stale If-Range gets the whole file
    const stale = await get(url, { range: 'bytes=0-1', 'if-range': '"other"' });
    expect([stale.status, (await stale.arrayBuffer()).byteLength]).toEqual([200, 20]);
  });

  it('answers a matching If-None-Match with 304', async () => {
    const url = await signed();
    const etag = (await get(url, {}, 'HEAD')).headers.get('etag')!;
    const res = await get(url, { 'if-none-match': etag });
    expect(res.status).toBe(304);
  });

  it('refuses a missing, tampered or expired signature with 403', async () => {
    const url = await signed();
    const u = new URL(url, server.url);
    expect((await get('/api/files/user-images/u1/render.png')).status).toBe(403);
    const sig = u.searchParams.get('sig')!;
    const tamperedSig = `${u.pathname}?exp=${u.searchParams.get('exp')}&sig=${sig.startsWith('A') ? 'B' : 'A'}${sig.slice(1)}`;
    expect((await get(tamperedSig)).status).toBe(403);
    const laterExp = `${u.pathname}?exp=${Number(u.searchParams.get('exp')) + 3600}&sig=${sig}`;
    expect((await get(laterExp)).status).toBe(403);
    const otherFile = `/api/files/user-images/u1/other.png${u.search}`;
    expect((await get(otherFile)).status).toBe(403);
    const otherBucket = `/api/files/processed-images/u1/render.png${u.search}`;
    expect((await get(otherBucket)).status).toBe(403);

    const short = await signed('u1/render.png', 60);
    expect((await get(short)).status).toBe(200);
    now = new Date(now.getTime() + 61_000);
    const expired = await get(short);
    expect(expired.status).toBe(403);
    expect((await expired.json()).error.message).toBe('This link is invalid or has expired. Please refresh the page to get a new one.');
  });

  it('serves no bucket without a signature, results included; unknown files and buckets are 404', async () => {
    for (const bucket of ['enhanced-images', 'user-images', 'processed-images'] as const) {
      await server.deps.storage.put(bucket, 'u1/every-bucket.webp', content, { contentType: 'image/webp', overwrite: true });
      const unsigned = await get(`/api/files/${bucket}/u1/every-bucket.webp`);
      expect(unsigned.status, bucket).toBe(403);
      expect(await unsigned.text(), bucket).not.toContain('0123456789');
      const url = (await server.deps.storage.signUrl(bucket, 'u1/every-bucket.webp', 600)).url;
      const res = await get(url);
      expect([res.status, res.headers.get('content-type'), res.headers.get('cache-control')], bucket).toEqual([200, 'image/webp', 'private, max-age=600']);
    }
    expect((await get('/api/files/enhanced-images/u1/result.webp')).status).toBe(403);
    expect((await get((await server.deps.storage.signUrl('enhanced-images', 'u1/missing.webp', 600)).url)).status).toBe(404);
    expect((await get('/api/files/secrets/u1/render.png')).status).toBe(404);
    expect((await get(await signed('u1/missing.png'))).status).toBe(404);
  });

  it('cannot be walked out of the storage folder', async () => {
    fs.writeFileSync(path.join(server.dataDir, 'secret.txt'), 'top secret');
    for (const raw of [
      '/api/files/enhanced-images/../../secret.txt',
      '/api/files/enhanced-images/%2e%2e/%2e%2e/secret.txt',
      '/api/files/enhanced-images/..%2F..%2Fsecret.txt',
      '/api/files/enhanced-images/u1%2F..%2F..%2F..%2Fsecret.txt',
      '/api/files/enhanced-images/..\\..\\secret.txt',
      '/api/files/enhanced-images/%00/secret.txt',
    ]) {
      const res = await rawGet(server.url, raw);
      expect(res.body).not.toContain('top secret');
      expect([400, 403, 404]).toContain(res.status);
    }
  });
});
