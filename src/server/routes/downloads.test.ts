import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TestClient, type TestServer } from '../testing/test-server.js';
import { signUpVerifiedUser } from '../testing/accounts.js';
import { storeImage, syntheticPng } from '../testing/images.js';
import { grantPlan } from '../services/plans/grant-plan.js';
import { completeJob, markJobStarted } from '../services/jobs/job-lifecycle.js';
import { imageJobs, images } from '../db/schema.js';
import { attachment } from '../http/content-disposition.js';
import { readZip } from '../testing/zip-reader.js';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** A 16-bit render in Display P3, the kind a 3D package writes. */
async function p3Png16(width: number, height: number): Promise<Buffer> {
  const raw = new Uint16Array(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) % 65536;
  return sharp(Buffer.from(raw.buffer), { raw: { width, height, channels: 3 } })
    .toColourspace('rgb16')
    .withIccProfile('p3')
    .png()
    .toBuffer();
}

/** The Compression tag (259) of a TIFF's first IFD: 5 LZW, 8 Deflate. */
function tiffCompression(b: Buffer): number {
  const le = b[0] === 0x49;
  const u16 = (o: number) => (le ? b.readUInt16LE(o) : b.readUInt16BE(o));
  const ifd = le ? b.readUInt32LE(4) : b.readUInt32BE(4);
  for (let i = 0; i < u16(ifd); i++) if (u16(ifd + 2 + i * 12) === 259) return u16(ifd + 2 + i * 12 + 8);
  return 1;
}

/** Whether an EXIF block (as sharp's metadata gives it) points at a GPS IFD (tag 0x8825 in IFD0). */
function hasGps(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  const start = exif.indexOf('Exif\0\0') === 0 ? 6 : 0;
  const b = exif.subarray(start);
  const le = b[0] === 0x49;
  const u16 = (o: number) => (le ? b.readUInt16LE(o) : b.readUInt16BE(o));
  const u32 = (o: number) => (le ? b.readUInt32LE(o) : b.readUInt32BE(o));
  const ifd = u32(4);
  for (let i = 0; i < u16(ifd); i++) if (u16(ifd + 2 + i * 12) === 0x8825) return true;
  return false;
}

describe('downloads: the stored file or a server-side conversion of it', () => {
  let server: TestServer;
  let alice: TestClient;
  let aliceId: string;
  let bob: TestClient;
  let upload16: { id: string };
  let result16: { id: string; bytes: Buffer };
  let result8: { id: string; bytes: Buffer };
  let removal: { id: string };
  let gpsOriginal: { id: string };
  let photo: Buffer;

  /** An enhancement completed the way the worker completes it, with its result stored. */
  async function enhance(uploadId: string, result: Buffer, scale: number, mode: string) {
    const created = await alice.json('/api/jobs', { method: 'POST', json: { imageId: uploadId, scale, mode } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const job = created.body.job;
    await markJobStarted(server.deps, job.id);
    const meta = await sharp(result).metadata();
    const key = `${aliceId}/${job.id}-result.png`;
    await server.deps.storage.put('enhanced-images', key, result, { contentType: 'image/png' });
    const [row] = await server.deps.db
      .insert(images)
      .values({
        userId: aliceId,
        bucket: 'enhanced-images',
        path: key,
        width: meta.width!,
        height: meta.height!,
        bytes: result.length,
        format: 'png',
        sourceImageId: uploadId,
      })
      .returning();
    await completeJob(server.deps, job.id, { processedImageUrl: `enhanced-images/${key}`, resultImageId: row.id });
    return row;
  }

  beforeAll(async () => {
    server = await startTestServer({ env: { WORKERS: '0' } });
    alice = new TestClient(server.url);
    const a = await signUpVerifiedUser(alice, server.deps);
    aliceId = a.userId;
    await grantPlan(server.deps, { email: a.email, tier: 'business' });
    bob = new TestClient(server.url);
    await signUpVerifiedUser(bob, server.deps);

    upload16 = await storeImage(server.deps, aliceId, await p3Png16(48, 40), 'Küche render.png');
    const bytes16 = await p3Png16(96, 80);
    result16 = { id: (await enhance(upload16.id, bytes16, 2, 'precision')).id, bytes: bytes16 };
    const upload8 = await storeImage(server.deps, aliceId, await syntheticPng(48, 40), 'hall.png');
    const rgba = await sharp(await syntheticPng(96, 80))
      .ensureAlpha(0.5)
      .png()
      .toBuffer();
    result8 = { id: (await enhance(upload8.id, rgba, 2, 'detail')).id, bytes: rgba };
    // a removal on the 8-bit result: a job row as the remove worker leaves it
    const key = `${aliceId}/removed.png`;
    await server.deps.storage.put('processed-images', key, rgba, { contentType: 'image/png' });
    const [rem] = await server.deps.db
      .insert(images)
      .values({ userId: aliceId, bucket: 'processed-images', path: key, width: 96, height: 80, bytes: rgba.length, format: 'png', sourceImageId: result8.id })
      .returning();
    await server.deps.db.insert(imageJobs).values({
      userId: aliceId,
      status: 'completed',
      workflowType: 'remove',
      targetImageId: result8.id,
      resultImageId: rem.id,
      processedImageUrl: 'x',
      creditsUsed: 1,
      creditState: 'charged',
      progress: 1,
    });
    removal = rem;

    photo = await sharp(await syntheticPng(60, 40))
      .withExif({ IFD0: { Make: 'PhoneCam', Copyright: 'Studio Nord' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1' } })
      .jpeg()
      .toBuffer();
    expect(hasGps((await sharp(photo).metadata()).exif)).toBe(true);
    const key2 = `${aliceId}/photo.jpg`;
    await server.deps.storage.put('user-images', key2, photo, { contentType: 'image/jpeg' });
    [gpsOriginal] = await server.deps.db
      .insert(images)
      .values({
        userId: aliceId,
        bucket: 'user-images',
        path: key2,
        originalName: 'site photo.jpg',
        width: 60,
        height: 40,
        bytes: photo.length,
        format: 'jpeg',
      })
      .returning();
  });
  afterAll(() => server?.stop());

  const get = async (client: TestClient, url: string) => {
    const res = await client.fetch(url);
    return { res, body: Buffer.from(await res.arrayBuffer()) };
  };

  it('sends a 16-bit Display P3 PNG byte for byte as stored, named after the render, as an attachment', async () => {
    const { res, body } = await get(alice, `/api/images/${result16.id}/download`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="K_che render_x2_precision.png"; filename*=UTF-8''K%C3%BCche%20render_x2_precision.png`,
    );
    expect(sha(body)).toBe(sha(result16.bytes));
    const meta = await sharp(body).metadata();
    expect([meta.depth, meta.hasAlpha]).toEqual(['ushort', false]);
  });

  it('converts to TIFF at 16 bits with the profile embedded unchanged, LZW or Deflate', async () => {
    const source = await sharp(result16.bytes).metadata();
    for (const [compression, tag] of [
      ['lzw', 5],
      ['deflate', 8],
    ] as const) {
      const { res, body } = await get(alice, `/api/images/${result16.id}/download?format=tiff&depth=16&compression=${compression}`);
      expect([res.status, res.headers.get('content-type')]).toEqual([200, 'image/tiff']);
      expect(res.headers.get('content-disposition')).toContain("filename*=UTF-8''K%C3%BCche%20render_x2_precision.tif");
      const meta = await sharp(body).metadata();
      expect([meta.format, meta.depth, tiffCompression(body)]).toEqual(['tiff', 'ushort', tag]);
      expect(meta.icc && Buffer.compare(meta.icc, source.icc!)).toBe(0);
      // not a single value changed on the way
      expect(sha(await sharp(body).raw({ depth: 'ushort' }).toBuffer())).toBe(sha(await sharp(result16.bytes).raw({ depth: 'ushort' }).toBuffer()));
    }
  });

  it('converts to JPEG at the chosen quality with 4:4:4 by default (4:2:0 on request), the profile kept', async () => {
    const source = await sharp(result16.bytes).metadata();
    const a = await get(alice, `/api/images/${result16.id}/download?format=jpeg&quality=70`);
    const b = await get(alice, `/api/images/${result16.id}/download?format=jpeg&quality=98`);
    const c = await get(alice, `/api/images/${result16.id}/download?format=jpeg&chroma=420`);
    const [ma, , mc] = await Promise.all([a, b, c].map((x) => sharp(x.body).metadata()));
    expect([a.res.headers.get('content-type'), ma.format, ma.chromaSubsampling, mc.chromaSubsampling]).toEqual(['image/jpeg', 'jpeg', '4:4:4', '4:2:0']);
    expect(b.body.length).toBeGreaterThan(a.body.length);
    expect(Buffer.compare(ma.icc!, source.icc!)).toBe(0);
  });

  it('puts JPEG transparency on white (seed 001 §7.6)', async () => {
    const { body } = await get(alice, `/api/images/${result8.id}/download?format=jpeg`);
    const meta = await sharp(body).metadata();
    expect(meta.hasAlpha).toBe(false);
    // the source is half transparent: on white every channel lands in the upper half
    const { data } = await sharp(body).raw().toBuffer({ resolveWithObject: true });
    expect(Math.min(...data)).toBeGreaterThanOrEqual(120);
  });

  it('converts an 8-bit PNG to lossless WebP with every pixel equal, and to lossy WebP on request', async () => {
    const lossless = await get(alice, `/api/images/${result8.id}/download?format=webp`);
    expect(lossless.res.headers.get('content-type')).toBe('image/webp');
    expect(lossless.res.headers.get('content-disposition')).toContain('hall_x2_detail.webp');
    expect(sha(await sharp(lossless.body).raw().toBuffer())).toBe(sha(await sharp(result8.bytes).raw().toBuffer()));
    const lossy = await get(alice, `/api/images/${result8.id}/download?format=webp&lossless=false&quality=50`);
    expect((await sharp(lossy.body).metadata()).format).toBe('webp');
    expect(sha(await sharp(lossy.body).raw().toBuffer())).not.toBe(sha(await sharp(result8.bytes).raw().toBuffer()));
  });

  it('writes the DPI asked for (PNG, JPEG, TIFF), keeping depth and profile', async () => {
    const source = await sharp(result16.bytes).metadata();
    for (const format of ['png', 'jpeg', 'tiff']) {
      const { body } = await get(alice, `/api/images/${result16.id}/download?format=${format}&dpi=300`);
      const meta = await sharp(body).metadata();
      expect([format, meta.density]).toEqual([format, 300]);
      expect(Buffer.compare(meta.icc!, source.icc!)).toBe(0);
      if (format !== 'jpeg') expect(meta.depth).toBe('ushort');
    }
  });

  it('converts a 16-bit PNG to 8 bits on request, the profile kept', async () => {
    const { body } = await get(alice, `/api/images/${result16.id}/download?depth=8`);
    const meta = await sharp(body).metadata();
    expect([meta.format, meta.depth, Boolean(meta.icc)]).toEqual(['png', 'uchar', true]);
  });

  it('names a removal _removed after its chain, and the upload by its own name', async () => {
    const rem = await get(alice, `/api/images/${removal.id}/download`);
    expect(rem.res.headers.get('content-disposition')).toContain("filename*=UTF-8''hall_x2_detail_removed.png");
    const up = await get(alice, `/api/images/${upload16.id}/download`);
    expect(up.res.headers.get('content-disposition')).toContain("filename*=UTF-8''K%C3%BCche%20render.png");
  });

  it('keeps the GPS of an original when asked to keep all, drops only it for strip location, everything for strip all', async () => {
    const kept = await get(alice, `/api/images/${gpsOriginal.id}/download?format=jpeg&metadata=keep`);
    expect(hasGps((await sharp(kept.body).metadata()).exif)).toBe(true);
    const camera = (exif: Buffer | undefined) => ['PhoneCam', 'Studio Nord'].map((s) => Boolean(exif?.includes(s)));
    // the same format: the stored file with its location taken out, not re-encoded
    const same = await get(alice, `/api/images/${gpsOriginal.id}/download?format=jpeg&metadata=strip-location`);
    expect(same.res.headers.get('content-disposition')).toContain("filename*=UTF-8''site%20photo.jpg");
    const sameMeta = await sharp(same.body).metadata();
    expect([hasGps(sameMeta.exif), ...camera(sameMeta.exif)]).toEqual([false, true, true]);
    expect(same.body.length).toBe(photo.length);
    expect(sha(await sharp(same.body).raw().toBuffer())).toBe(sha(await sharp(photo).raw().toBuffer()));
    // a conversion carries the remaining metadata along
    const converted = await get(alice, `/api/images/${gpsOriginal.id}/download?format=png&metadata=strip-location`);
    const convertedMeta = await sharp(converted.body).metadata();
    expect([convertedMeta.format, hasGps(convertedMeta.exif), ...camera(convertedMeta.exif)]).toEqual(['png', false, true, true]);
    for (const format of ['jpeg', 'png']) {
      const { body } = await get(alice, `/api/images/${gpsOriginal.id}/download?format=${format}&metadata=strip-all`);
      const meta = await sharp(body).metadata();
      expect([format, hasGps(meta.exif), ...camera(meta.exif), Boolean(meta.xmp)]).toEqual([format, false, false, false, false]);
    }
  });

  it('refuses bad options with a readable message, a stranger with 401 and another user with 404', async () => {
    const bad = await alice.json(`/api/images/${result16.id}/download?format=gif`);
    expect([bad.status, bad.body.error.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(bad.body.error.message).toMatch(/^format:/);
    const stranger = await new TestClient(server.url).json(`/api/images/${result16.id}/download`);
    expect(stranger.status).toBe(401);
    const other = await bob.json(`/api/images/${result16.id}/download`);
    expect([other.status, other.body.error.message]).toEqual([404, 'Image not found']);
    const otherZip = await bob.json(`/api/images/archive?ids=${result16.id}`);
    expect(otherZip.status).toBe(404);
    const empty = await alice.json('/api/images/archive');
    expect([empty.status, empty.body.error.message]).toEqual([400, 'No Enhanced Image: Please enhance the image first before downloading.']);
    const notAnId = await alice.json('/api/images/archive?ids=../../etc');
    expect([notAnId.status, notAnId.body.error.message]).toEqual([400, 'Image not found']);
  });

  it('zips several images with consistent names and a manifest, streamed without a length', async () => {
    const ids = [result16.id, result8.id, removal.id];
    const res = await alice.fetch(`/api/images/archive?ids=${ids.join(',')}&format=tiff`);
    expect([res.status, res.headers.get('content-type'), res.headers.get('x-archive-entries'), res.headers.get('content-length')]).toEqual([
      200,
      'application/zip',
      '3',
      null,
    ]);
    expect(res.headers.get('content-disposition')).toContain('renderlift.zip');
    const entries = new Map(readZip(Buffer.from(await res.arrayBuffer())).map((e) => [e.name, e.data]));
    expect([...entries.keys()]).toEqual(['Küche render_x2_precision.tif', 'hall_x2_detail.tif', 'hall_x2_detail_removed.tif', 'manifest.json']);
    const manifest = JSON.parse(entries.get('manifest.json')!.toString('utf8'));
    expect(manifest.format).toBe('tiff');
    expect(
      manifest.files.map((f: Record<string, unknown>) => [f.file, f.source, (f.chain as string[]).join(' → '), f.scale, f.mode, f.width, f.credits]),
    ).toEqual([
      ['Küche render_x2_precision.tif', 'Küche render.png', 'original → ×2 precision', 2, 'precision', 96, expect.any(Number)],
      ['hall_x2_detail.tif', 'hall.png', 'original → ×2 detail', 2, 'detail', 96, expect.any(Number)],
      ['hall_x2_detail_removed.tif', 'hall.png', 'original → ×2 detail → removal', 2, 'remove', 96, 1],
    ]);
    for (const f of manifest.files) expect(entries.get(f.file)!.length).toBe(f.bytes);
    const tif = await sharp(entries.get('Küche render_x2_precision.tif')!).metadata();
    expect([tif.depth, Boolean(tif.icc)]).toEqual(['ushort', true]);
  });

  it('zips a saved viewport: each of its cards at its latest version', async () => {
    const saved = await alice.json('/api/viewports/new', { method: 'POST', json: { name: 'Lobby board' } });
    const viewportId = saved.body.session.id;
    const put = await alice.json(`/api/viewports/${viewportId}`, {
      method: 'PUT',
      json: {
        name: 'Lobby board',
        base_version: saved.body.session.version,
        viewport_data: { images: [{ id: 'card-1', originalUrl: 'https://example.com/a.png', imageId: upload16.id }] },
      },
    });
    expect(put.status).toBeLessThan(300);
    const res = await alice.fetch(`/api/images/archive?viewportId=${viewportId}`);
    expect([res.status, res.headers.get('x-archive-entries')]).toEqual([200, '1']);
    expect(res.headers.get('content-disposition')).toContain('Lobby board.zip');
    const stored = readZip(Buffer.from(await res.arrayBuffer())).find((e) => e.name === 'Küche render_x2_precision.png')!.data;
    expect(sha(stored)).toBe(sha(result16.bytes));
    expect((await bob.json(`/api/images/archive?viewportId=${viewportId}`)).status).toBe(404);
  });
});

describe('Content-Disposition', () => {
  it('gives an ASCII fallback and the exact UTF-8 name, and cannot be broken out of', () => {
    expect(attachment('a"b\r\n%.png')).toBe(`attachment; filename="a_b__.png"; filename*=UTF-8''a%22b_%25.png`);
    expect(attachment("it's (1).png")).toBe(`attachment; filename="it's (1).png"; filename*=UTF-8''it%27s%20%281%29.png`);
  });
});
