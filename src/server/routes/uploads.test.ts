import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { backends } from '../testing/databases.js';
import { startTestServer, TestClient, type TestServer } from '../testing/test-server.js';
import { signUpVerifiedUser } from '../testing/accounts.js';
import { listFiles } from '../testing/service-deps.js';
import { images } from '../db/schema.js';
import { makeImage, pngClaiming } from '../services/uploads/test-images.js';
import { hasMoto, startMoto, type Moto } from '../testing/moto.js';
import { deleteUserFiles } from '../services/storage/delete-user-files.js';

function form(files: { name: string; data: Buffer; type?: string }[]) {
  const f = new FormData();
  for (const file of files) f.append('files', new Blob([new Uint8Array(file.data)], { type: file.type ?? 'application/octet-stream' }), file.name);
  return f;
}

describe.each(backends)('uploads and signed URLs over HTTP (%s)', (backend) => {
  let server: TestServer;
  let alice: TestClient;
  let bob: TestClient;
  let aliceId: string;
  let bobId: string;
  beforeAll(async () => {
    server = await startTestServer({ backend, env: { UPLOAD_MAX_FILES: '4', UPLOAD_MAX_REQUEST_BYTES: '3000000' } });
    alice = new TestClient(server.url);
    bob = new TestClient(server.url);
    aliceId = (await signUpVerifiedUser(alice, server.deps)).userId;
    bobId = (await signUpVerifiedUser(bob, server.deps)).userId;
  });
  afterAll(() => server?.stop());

  const storageFiles = (userId: string) => listFiles(path.join(server.dataDir, 'storage', 'user-images', userId));

  it('refuses signed-out uploads and URL signing with the seed message', async () => {
    const anon = new TestClient(server.url);
    const up = await anon.json('/api/uploads', { method: 'POST', body: form([{ name: 'a.png', data: await makeImage('png') }]) });
    expect(up.status).toBe(401);
    expect(up.body.error.message).toBe('User authentication required');
    const sign = await anon.json('/api/signed-urls', { method: 'POST', json: { bucket: 'user-images', filePath: `${aliceId}/x.png` } });
    expect([sign.status, sign.body.error.message]).toEqual([401, 'User authentication required']);
  });

  it('uploads several files, judged by content, with per-file results', async () => {
    const png = await makeImage('png', 120, 90);
    const bmp = await makeImage('bmp', 50, 40);
    const res = await alice.json('/api/uploads', {
      method: 'POST',
      body: form([
        { name: 'render.png', data: png, type: 'image/png' },
        // the name and the browser's type say JPEG; the content is a BMP
        { name: 'scan.jpg', data: bmp, type: 'image/jpeg' },
        { name: '.DS_Store', data: Buffer.from('junk') },
        { name: 'fake.png', data: Buffer.from('not really a png at all, only a line of text'), type: 'image/png' },
      ]),
    });
    expect(res.status).toBe(201);
    expect([res.body.accepted, res.body.rejected, res.body.ignored]).toEqual([2, 1, 1]);
    const [a, b, junk, fake] = res.body.results;
    expect(a).toMatchObject({ status: 'accepted', name: 'render.png', width: 120, height: 90, format: 'png' });
    expect(b).toMatchObject({ status: 'accepted', name: 'scan.jpg', width: 50, height: 40, format: 'bmp' });
    expect(b.filePath.endsWith('.bmp')).toBe(true);
    expect(junk).toEqual({ status: 'ignored', name: '.DS_Store' });
    expect(fake).toEqual({
      status: 'rejected',
      name: 'fake.png',
      error: { code: 'UNSUPPORTED_TYPE', message: 'File type must be JPEG, PNG, GIF, BMP or WebP' },
    });

    // the signed URLs serve the stored bytes and the thumbnail
    const file = await fetch(new URL(a.url, server.url));
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await file.arrayBuffer()).equals(png)).toBe(true);
    const thumb = await fetch(new URL(b.thumbnailUrl, server.url));
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 50, 40]);

    const rows = await server.deps.db.select().from(images).where(eq(images.userId, aliceId));
    expect(rows.map((r) => r.id).sort()).toEqual([a.id, b.id].sort());
  });

  it('answers 422 with every reason when no file was accepted, and stores nothing', async () => {
    const before = storageFiles(bobId);
    const good = await makeImage('jpeg', 100, 100);
    const res = await bob.json('/api/uploads', {
      method: 'POST',
      body: form([
        { name: 'cut.jpg', data: good.subarray(0, good.length - 200) },
        { name: 'bomb.png', data: pngClaiming(50_000, 50_000) },
      ]),
    });
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe('0 images uploaded successfully, 2 failed');
    expect(res.body.error.details.results.map((r: { error: { code: string } }) => r.error.code)).toEqual(['IMAGE_CORRUPT', 'IMAGE_TOO_LARGE']);
    const single = await bob.json('/api/uploads', { method: 'POST', body: form([{ name: 'cut.jpg', data: good.subarray(0, 300) }]) });
    expect([single.status, single.body.error.message]).toEqual([422, 'The image is truncated or corrupt. Please export it again and re-upload.']);
    expect(storageFiles(bobId)).toEqual(before);
    expect(await server.deps.db.select().from(images).where(eq(images.userId, bobId))).toEqual([]);
  });

  it('enforces the files-per-request and request-size limits', async () => {
    const png = await makeImage('png', 8, 8);
    const many = await alice.json('/api/uploads', { method: 'POST', body: form(Array.from({ length: 5 }, (_, i) => ({ name: `${i}.png`, data: png }))) });
    expect([many.status, many.body.error.message]).toEqual([400, 'Too many files']);
    const big = await alice.json('/api/uploads', { method: 'POST', body: form([{ name: 'big.png', data: Buffer.alloc(3_100_000) }]) });
    expect([big.status, big.body.error.message]).toEqual([413, 'File is larger than 3000000 bytes']);
    const none = await alice.json('/api/uploads', { method: 'POST', body: form([]) });
    expect(none.status).toBe(400);
  });

  it("signs the owner's files with the seed lifetimes; another user gets 404", async () => {
    const up = await alice.json('/api/uploads', { method: 'POST', body: form([{ name: 'mine.webp', data: await makeImage('webp', 30, 20) }]) });
    const filePath = up.body.results[0].filePath as string;
    const before = Date.now();
    const one = await alice.json('/api/signed-urls', { method: 'POST', json: { bucket: 'user-images', filePath, expiresIn: 28_800 } });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ bucket: 'user-images', filePath });
    const ttl = (Date.parse(one.body.expiresAt) - before) / 1000;
    expect(ttl).toBeGreaterThan(28_790);
    expect(ttl).toBeLessThanOrEqual(28_801);
    expect((await fetch(new URL(one.body.signedUrl, server.url))).status).toBe(200);

    const dflt = await alice.json('/api/signed-urls', { method: 'POST', json: { bucket: 'originals', filePath } });
    expect(Math.round((Date.parse(dflt.body.expiresAt) - before) / 1000 / 100) * 100).toBe(3600);
    const tooLong = await alice.json('/api/signed-urls', { method: 'POST', json: { bucket: 'user-images', filePath, expiresIn: 172_801 } });
    expect(tooLong.status).toBe(400);

    const other = await bob.json('/api/signed-urls', { method: 'POST', json: { bucket: 'user-images', filePath } });
    expect([other.status, other.body.error.message]).toEqual([404, 'File not found']);

    const batch = await bob.json('/api/signed-urls/batch', {
      method: 'POST',
      json: {
        urls: [
          { bucket: 'user-images', filePath },
          { bucket: 'user-images', filePath: `${bobId}/missing.png`, expiresIn: 86_400 },
        ],
      },
    });
    expect(batch.status).toBe(200);
    expect(batch.body.successful).toEqual([]);
    expect(batch.body.failed.length).toBe(2);

    const mine = await alice.json('/api/signed-urls/batch', { method: 'POST', json: { urls: [{ bucket: 'user-images', filePath, expiresIn: 172_800 }] } });
    expect(mine.body.successful.length).toBe(1);
    expect(Math.round((Date.parse(mine.body.successful[0].expiresAt) - before) / 1000 / 100) * 100).toBe(172_800);
  });

  it('removes every stored file of a user whose account is deleted', async () => {
    const carol = new TestClient(server.url);
    const { userId, password } = await signUpVerifiedUser(carol, server.deps);
    await carol.json('/api/uploads', { method: 'POST', body: form([{ name: 'c.png', data: await makeImage('png', 20, 20) }]) });
    expect(storageFiles(userId).length).toBe(2);
    await alice.json('/api/uploads', { method: 'POST', body: form([{ name: 'keep.png', data: await makeImage('png', 20, 20) }]) });
    const del = await carol.json('/api/account', { method: 'DELETE', json: { password } });
    expect(del.status).toBe(200);
    expect(fs.existsSync(path.join(server.dataDir, 'storage', 'user-images', userId))).toBe(false);
    expect(storageFiles(aliceId).length).toBeGreaterThan(0);
  });
});

describe.skipIf(!hasMoto)('uploads with S3 storage', () => {
  let moto: Moto;
  let server: TestServer;
  let client: TestClient;
  let userId: string;
  beforeAll(async () => {
    moto = await startMoto();
    await moto.createBucket('renderlift-test');
    server = await startTestServer({ env: moto.env('renderlift-test') });
    client = new TestClient(server.url);
    userId = (await signUpVerifiedUser(client, server.deps)).userId;
  });
  afterAll(async () => {
    await server?.stop();
    moto?.stop();
  });

  it('stores uploads in the bucket and answers presigned URLs', async () => {
    expect(server.deps.storage.kind).toBe('s3');
    const png = await makeImage('png', 40, 30);
    const res = await client.json('/api/uploads', { method: 'POST', body: form([{ name: 'r.png', data: png }]) });
    expect(res.status).toBe(201);
    const r = res.body.results[0];
    expect(r.url.startsWith(`${moto.endpoint}/renderlift-test/user-images/${userId}/`)).toBe(true);
    expect(r.url).toContain('X-Amz-Signature=');
    const file = await fetch(r.url);
    expect(Buffer.from(await file.arrayBuffer()).equals(png)).toBe(true);
    const thumb = await fetch(r.thumbnailUrl);
    expect((await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).format).toBe('webp');

    const signed = await client.json('/api/signed-urls', { method: 'POST', json: { bucket: 'user-images', filePath: r.filePath, expiresIn: 86_400 } });
    expect(signed.status).toBe(200);
    expect(new URL(signed.body.signedUrl).searchParams.get('X-Amz-Expires')).toBe('86400');

    expect(await deleteUserFiles(server.deps, userId)).toBe(2);
    expect(await server.deps.storage.head('user-images', r.filePath)).toBeNull();
  });
});
