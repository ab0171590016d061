import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { startTestServer, TestClient, type TestServer } from '../testing/test-server.js';
import { signUpVerifiedUser } from '../testing/accounts.js';
import { listFiles } from '../testing/service-deps.js';
import { hostileCorpus, type HostileFile } from '../testing/hostile-files.js';
import { images } from '../db/schema.js';
import { makeImage } from '../services/uploads/test-images.js';

const MAX_PIXELS = 2_000_000;

function form(files: { name: string; data: Buffer }[]) {
  const f = new FormData();
  for (const file of files) f.append('files', new Blob([new Uint8Array(file.data)], { type: 'application/octet-stream' }), file.name);
  return f;
}

/**
 * Hostile and broken uploads (OWASP ASVS V5): each file of the corpus is sent on its own and must be accepted as what
 * it really is, or refused with its reason, or ignored — never a 5xx, and a refusal leaves no object, no row and no
 * quota used.
 */
describe('hostile uploads', () => {
  let server: TestServer;
  let client: TestClient;
  let userId: string;
  let corpus: HostileFile[];
  beforeAll(async () => {
    server = await startTestServer({
      env: { UPLOAD_MAX_PIXELS: String(MAX_PIXELS), UPLOAD_MAX_FILES: '5', UPLOAD_MAX_REQUEST_BYTES: '8000000', UPLOAD_MAX_FILE_BYTES: '4000000' },
    });
    client = new TestClient(server.url);
    userId = (await signUpVerifiedUser(client, server.deps)).userId;
    corpus = await hostileCorpus();
  });
  afterAll(() => server?.stop());

  const stored = () => listFiles(path.join(server.dataDir, 'storage', 'user-images', userId));
  const rows = () => server.deps.db.select().from(images).where(eq(images.userId, userId));

  it('answers every file of the corpus as what it is, and a refusal stores nothing', async () => {
    expect(corpus.length).toBeGreaterThanOrEqual(30);
    const outcomes: string[] = [];
    const wanted: string[] = [];
    for (const file of corpus) {
      const [filesBefore, rowsBefore] = [stored(), await rows()];
      const res = await client.json('/api/uploads', { method: 'POST', body: form([file]) });
      expect(res.status, `${file.label}: ${JSON.stringify(res.body)}`).toBeLessThan(500);
      const result = res.body.results?.[0] ?? { status: 'rejected', error: res.body.error?.details?.results?.[0]?.error ?? res.body.error };
      const got = result.status === 'accepted' ? `accepted ${result.format}` : result.status === 'rejected' ? `rejected ${result.error?.code}` : result.status;
      const want =
        file.expect.status === 'accepted' ? `accepted ${file.expect.format}` : file.expect.status === 'rejected' ? `rejected ${file.expect.code}` : 'ignored';
      outcomes.push(`${file.label}: ${got}`);
      wanted.push(`${file.label}: ${want}`);

      const [filesAfter, rowsAfter] = [stored(), await rows()];
      if (result.status === 'accepted') {
        // the original and its thumbnail, and one row that points at them
        expect(filesAfter.length - filesBefore.length, file.label).toBe(2);
        expect(rowsAfter.length - rowsBefore.length, file.label).toBe(1);
        const row = rowsAfter.find((r) => r.id === result.id)!;
        expect(row.path.startsWith(`${userId}/`), file.label).toBe(true);
        expect(row.path, file.label).not.toMatch(/\.\.|[\u0000-\u001f\\]/);
        expect((row.originalName ?? '').length, file.label).toBeLessThanOrEqual(255);
        expect(row.originalName, file.label).not.toMatch(/[\u0000-\u001f/\\]/);
        const thumb = await fetch(new URL(result.thumbnailUrl, server.url));
        expect([thumb.status, thumb.headers.get('content-type'), thumb.headers.get('x-content-type-options')], file.label).toEqual([
          200,
          'image/webp',
          'nosniff',
        ]);
        const meta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
        expect(Math.max(meta.width!, meta.height!), file.label).toBeLessThanOrEqual(512);
        expect(Math.min(meta.width!, meta.height!), file.label).toBeGreaterThanOrEqual(1);
      } else {
        expect(filesAfter, file.label).toEqual(filesBefore);
        expect(rowsAfter.length, file.label).toBe(rowsBefore.length);
        if (result.status === 'rejected') expect(result.error?.message, file.label).toMatch(/\w/);
      }
    }
    expect(outcomes).toEqual(wanted);
  });

  it('a stored polyglot is served as the image it claims to be, never as something a browser would run', async () => {
    const poly = corpus.find((f) => f.name === 'poly.png')!;
    const res = await client.json('/api/uploads', { method: 'POST', body: form([poly]) });
    const file = await fetch(new URL(res.body.results[0].url, server.url));
    expect([file.headers.get('content-type'), file.headers.get('x-content-type-options')]).toEqual(['image/png', 'nosniff']);
    expect(file.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'; sandbox");
  });

  it('more files or more bytes than the limits are refused whole: nothing stored, quota unchanged', async () => {
    const [filesBefore, rowsBefore] = [stored(), (await rows()).length];
    const png = await makeImage('png', 16, 16);
    const many = await client.json('/api/uploads', { method: 'POST', body: form(Array.from({ length: 6 }, (_, i) => ({ name: `${i}.png`, data: png }))) });
    expect([many.status, many.body.error.message]).toEqual([400, 'Too many files']);
    const heavy = await client.json('/api/uploads', {
      method: 'POST',
      body: form([
        { name: 'a.png', data: Buffer.alloc(3_000_000, 1) },
        { name: 'b.png', data: Buffer.alloc(3_000_000, 2) },
        { name: 'c.png', data: Buffer.alloc(3_000_000, 3) },
      ]),
    });
    expect(heavy.status).toBe(413);
    const oneTooBig = await client.json('/api/uploads', { method: 'POST', body: form([{ name: 'big.png', data: Buffer.alloc(4_100_000, 4) }]) });
    expect(oneTooBig.status).toBeGreaterThanOrEqual(400);
    expect(oneTooBig.status).toBeLessThan(500);
    expect(JSON.stringify(oneTooBig.body)).toContain('File is larger than 4000000 bytes');
    expect(stored()).toEqual(filesBefore);
    expect((await rows()).length).toBe(rowsBefore);
  });
});

describe('streamed uploads', () => {
  let server: TestServer;
  let client: TestClient;
  beforeAll(async () => {
    server = await startTestServer({ env: { UPLOAD_MAX_FILES: '3', UPLOAD_MAX_FILE_BYTES: '1000000', UPLOAD_MAX_REQUEST_BYTES: '3000000' } });
    client = new TestClient(server.url);
    await signUpVerifiedUser(client, server.deps);
  });
  afterAll(() => server?.stop());

  const spools = () => listFiles(server.deps.config.paths.tmp);

  /** A multipart body sent chunked (no Content-Length): the server only learns its size while reading it. */
  async function sendChunked(parts: Array<{ name: string; bytes: number; data?: Buffer }>) {
    const boundary = 'renderlift-boundary';
    async function* body() {
      for (const part of parts) {
        yield Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${part.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        );
        if (part.data) yield part.data;
        else for (let sent = 0; sent < part.bytes; sent += 256 * 1024) yield Buffer.alloc(Math.min(256 * 1024, part.bytes - sent), 7);
        yield Buffer.from('\r\n');
      }
      yield Buffer.from(`--${boundary}--\r\n`);
    }
    const res = await fetch(`${server.url}/api/uploads`, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, origin: server.url, cookie: client.cookieHeader() },
      body: Readable.toWeb(Readable.from(body())) as ReadableStream,
      duplex: 'half',
    } as RequestInit);
    return { status: res.status, body: await res.json().catch(() => null), connection: res.headers.get('connection') };
  }

  it('a file over the per-file limit is cut off while it arrives; the rest of the request still counts', async () => {
    const png = await makeImage('png', 40, 30);
    const res = await sendChunked([
      { name: 'huge.png', bytes: 1_500_000 },
      { name: 'fine.png', bytes: png.length, data: png },
    ]);
    expect(res.status).toBe(201);
    expect(res.body.results.map((r: { status: string; error?: { code: string } }) => r.error?.code ?? r.status)).toEqual(['FILE_TOO_LARGE', 'accepted']);
    expect(res.body.results[0].error.message).toBe('File is larger than 1000000 bytes');
    expect(spools()).toEqual([]);
  });

  it('a chunked body past the request limit is refused while it arrives, and the connection is closed', async () => {
    const res = await sendChunked([
      { name: 'a.png', bytes: 1_200_000 },
      { name: 'b.png', bytes: 1_200_000 },
      { name: 'c.png', bytes: 1_200_000 },
    ]);
    expect([res.status, res.body?.error?.message, res.connection]).toEqual([413, 'File is larger than 3000000 bytes', 'close']);
    expect(spools()).toEqual([]);
  });

  it('a body announcing more than the limit is refused before it is read', async () => {
    const res = await client
      .json('/api/uploads', {
        method: 'POST',
        body: new Uint8Array(10),
        headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': '3000001' },
      })
      .catch((err: Error) => ({ status: 0, body: err.message }));
    // undici refuses to send a body shorter than its Content-Length, so either the server's 413 or that refusal
    expect([413, 0]).toContain(res.status);
    expect(spools()).toEqual([]);
  });

  it('one file more than allowed is refused as soon as it starts', async () => {
    const png = await makeImage('png', 8, 8);
    const res = await sendChunked(Array.from({ length: 4 }, (_, i) => ({ name: `${i}.png`, bytes: png.length, data: png })));
    expect([res.status, res.body.error.message]).toEqual([400, 'Too many files']);
    expect(spools()).toEqual([]);
  });
});
