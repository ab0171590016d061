import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { backends } from '@server/testing/databases.js';
import { createServiceDeps, listFiles, type ServiceDeps } from '@server/testing/service-deps.js';
import { insertUser } from '@server/testing/insert-user.js';
import { images } from '@server/db/schema.js';
import { UPLOAD_MIN_FILE_BYTES } from '@shared/limits.js';
import { fileFromBuffer, uploadImages, type AcceptedUpload } from './upload-images.js';
import { makeImage, pngClaiming } from './test-images.js';

describe.each(backends)('upload images (%s)', (backend) => {
  let deps: ServiceDeps;
  beforeAll(async () => {
    deps = await createServiceDeps(backend, { UPLOAD_MAX_FILE_BYTES: '200000', UPLOAD_MAX_FILES: '5', USER_STORAGE_QUOTA_BYTES: '300000' });
  });
  afterAll(() => deps?.dispose());

  const rowsOf = (userId: string) => deps.db.select().from(images).where(eq(images.userId, userId));
  const filesOf = (userId: string) => listFiles(path.join(deps.storageRoot, 'user-images', userId));

  it('stores each format by content with a row, a signed URL and a thumbnail', async () => {
    const u = await insertUser(deps.db);
    deps.setNow(new Date('2026-05-01T10:00:00Z'));
    const files = await Promise.all(
      (['jpeg', 'png', 'gif', 'webp', 'bmp'] as const).map(async (f) =>
        fileFromBuffer(`render ${f}.${f === 'jpeg' ? 'png' : 'dat'}`, await makeImage(f, 80, 40)),
      ),
    );
    const out = await uploadImages(deps, u.id, files);
    expect([out.accepted, out.rejected, out.ignored]).toEqual([5, 0, 0]);
    const rows = await rowsOf(u.id);
    expect(rows.map((r) => r.format).sort()).toEqual(['bmp', 'gif', 'jpeg', 'png', 'webp']);
    for (const r of out.results as AcceptedUpload[]) {
      expect(r).toMatchObject({ status: 'accepted', width: 80, height: 40, bucket: 'user-images' });
      // seed 001 §7.4 path: {userId}/{timestamp_random_name}, extension of the real format
      expect(r.filePath).toMatch(new RegExp(`^${u.id}/${Date.parse('2026-05-01T10:00:00Z')}_[0-9a-f]{8}_render_\\w+\\.(jpg|png|gif|webp|bmp)$`));
      expect(r.filePath.endsWith(r.format === 'jpeg' ? '.jpg' : `.${r.format}`)).toBe(true);
      expect(r.url).toMatch(/^\/api\/files\/user-images\/.+\?exp=\d+&sig=/);
      expect(r.expiresAt).toBe('2026-05-02T10:00:00.000Z');
      const row = rows.find((x) => x.id === r.id)!;
      expect([row.path, row.width, row.height, row.bytes, row.originalName]).toEqual([r.filePath, 80, 40, r.bytes, r.name]);
      const stored = fs.readFileSync(path.join(deps.storageRoot, 'user-images', r.filePath));
      expect(stored.length).toBe(r.bytes);
      const thumb = await sharp(path.join(deps.storageRoot, 'user-images', r.thumbnailPath)).metadata();
      expect([thumb.format, thumb.width, thumb.height]).toEqual(['webp', 80, 40]);
      expect(r.thumbnailUrl).toContain(`/api/files/user-images/${u.id}/thumbnails/`);
    }
    expect(filesOf(u.id).length).toBe(10);
  });

  it('keeps the original byte for byte, camera location included, and makes a thumbnail without any EXIF', async () => {
    const u = await insertUser(deps.db);
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#888' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'Site camera' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '47/1 22/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '8/1 32/1 0/1' },
      })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const out = await uploadImages(deps, u.id, [fileFromBuffer('site photo.jpg', photo)]);
    const r = out.results[0] as AcceptedUpload;
    expect(Buffer.compare(fs.readFileSync(path.join(deps.storageRoot, 'user-images', r.filePath)), photo)).toBe(0);
    const thumb = await sharp(path.join(deps.storageRoot, 'user-images', r.thumbnailPath)).metadata();
    expect([thumb.format, thumb.exif]).toEqual(['webp', undefined]);
  });

  it('ignores junk files and reports each failure on its own, leaving no file and no row for it', async () => {
    const u = await insertUser(deps.db);
    const good = await makeImage('png', 30, 30);
    const out = await uploadImages(deps, u.id, [
      fileFromBuffer('.DS_Store', Buffer.from('junk')),
      fileFromBuffer('good.png', good),
      fileFromBuffer('notes.txt', Buffer.from('hello, this is not an image')),
      fileFromBuffer('cut.png', good.subarray(0, good.length - 40)),
      fileFromBuffer('bomb.png', pngClaiming(20_000, 20_000)),
      fileFromBuffer('Thumbs.db', Buffer.from('junk')),
      fileFromBuffer('huge.png', Buffer.alloc(200_001, 1)),
    ]);
    expect(out.results.map((r) => [r.name, r.status, r.status === 'rejected' ? r.error.code : ''])).toEqual([
      ['.DS_Store', 'ignored', ''],
      ['good.png', 'accepted', ''],
      ['notes.txt', 'rejected', 'UNSUPPORTED_TYPE'],
      ['cut.png', 'rejected', 'IMAGE_CORRUPT'],
      ['bomb.png', 'rejected', 'IMAGE_TOO_LARGE'],
      ['Thumbs.db', 'ignored', ''],
      ['huge.png', 'rejected', 'FILE_TOO_LARGE'],
    ]);
    expect(out.results[6]).toMatchObject({ error: { message: 'File is larger than 200000 bytes' } });
    expect((await rowsOf(u.id)).length).toBe(1);
    expect(filesOf(u.id).length).toBe(2);
  });

  it("refuses a file shorter than any image with the drop zone's minimum, and an empty one as empty", async () => {
    const u = await insertUser(deps.db);
    const good = await makeImage('png', 8, 8);
    const out = await uploadImages(deps, u.id, [
      fileFromBuffer('stub.png', good.subarray(0, UPLOAD_MIN_FILE_BYTES - 1)),
      fileFromBuffer('empty.png', Buffer.alloc(0)),
      fileFromBuffer('header-only.png', good.subarray(0, UPLOAD_MIN_FILE_BYTES)),
    ]);
    expect(out.results.map((r) => (r.status === 'rejected' ? [r.error.code, r.error.message] : [r.status]))).toEqual([
      ['FILE_TOO_SMALL', `File is smaller than ${UPLOAD_MIN_FILE_BYTES} bytes`],
      ['FILE_EMPTY', 'The file is empty'],
      ['IMAGE_CORRUPT', expect.any(String)],
    ]);
    expect((await rowsOf(u.id)).length).toBe(0);
  });

  it('refuses too many files and an empty request as a whole', async () => {
    const u = await insertUser(deps.db);
    const png = await makeImage('png', 8, 8);
    await expect(
      uploadImages(
        deps,
        u.id,
        Array.from({ length: 6 }, (_, i) => fileFromBuffer(`${i}.png`, png)),
      ),
    ).rejects.toMatchObject({
      status: 400,
      message: 'Too many files',
    });
    // junk does not count against the limit
    const ok = await uploadImages(deps, u.id, [
      ...Array.from({ length: 5 }, (_, i) => fileFromBuffer(`${i}.png`, png)),
      fileFromBuffer('.DS_Store', Buffer.from('x')),
    ]);
    expect(ok.accepted).toBe(5);
    await expect(uploadImages(deps, u.id, [])).rejects.toMatchObject({ status: 400 });
  });

  it('enforces the per-user storage quota', async () => {
    const u = await insertUser(deps.db);
    const big = await makeImage('bmp', 200, 200); // ~120 KB uncompressed
    const out = await uploadImages(deps, u.id, [fileFromBuffer('a.bmp', big), fileFromBuffer('b.bmp', big), fileFromBuffer('c.bmp', big)]);
    expect(out.results.map((r) => r.status)).toEqual(['accepted', 'accepted', 'rejected']);
    expect(out.results[2]).toMatchObject({ error: { code: 'STORAGE_QUOTA_EXCEEDED' } });
    expect((out.results[2] as { error: { message: string } }).error.message).toBe(
      'Storage quota exceeded: 235 KB of 293 KB used (the Trash included). Please delete some images, then delete them forever from the Trash, before uploading more.',
    );
    // another user's quota is their own
    const other = await insertUser(deps.db);
    expect((await uploadImages(deps, other.id, [fileFromBuffer('a.bmp', big)])).accepted).toBe(1);
  });
});
