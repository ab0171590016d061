import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceDeps, listFiles, type ServiceDeps } from '@server/testing/service-deps.js';
import { signFileUrl, signFileUrls } from './sign-file-url.js';
import { deleteUserFiles, storageDeletionParticipant } from './delete-user-files.js';
import { processedKey, safeStem, thumbnailKeyFor, uploadKey } from './paths.js';

describe('storage services', () => {
  let deps: ServiceDeps;
  const put = (bucket: 'user-images' | 'enhanced-images' | 'processed-images', key: string) =>
    deps.storage.put(bucket, key, Buffer.from('img'), { contentType: 'image/png' });
  beforeAll(async () => {
    deps = await createServiceDeps('pglite');
    deps.setNow(new Date('2026-02-01T00:00:00Z'));
    await put('user-images', 'alice/1_a_render.png');
    await put('enhanced-images', 'alice/result.png');
    await put('processed-images', 'alice/p.png');
    await put('user-images', 'bob/1_b_render.png');
  });
  afterAll(() => deps?.dispose());

  it('builds the seed paths with safe names', () => {
    const now = new Date('2026-02-03T04:05:06Z');
    expect(uploadKey('alice', 'My Render (final).PNG', 'jpeg', now)).toMatch(/^alice\/1770091506000_[0-9a-f]{8}_My_Render_final\.jpg$/);
    expect(processedKey('alice', 'room.png', 'png', now)).toMatch(/^alice\/processed\/2026-02\/[0-9a-f-]{36}-room\.png$/);
    expect(thumbnailKeyFor('alice/1_a_render.png')).toBe('alice/thumbnails/1_a_render.webp');
    expect(safeStem('../../etc/passwd')).toBe('passwd');
    expect(safeStem('...')).toBe('image');
    expect(() => uploadKey('../x', 'a.png', 'png', now)).toThrow();
  });

  it("signs the owner's files with the asked lifetime, default 3600", async () => {
    const def = await signFileUrl(deps, 'alice', { bucket: 'user-images', filePath: 'alice/1_a_render.png' });
    expect(def.expiresAt).toBe('2026-02-01T01:00:00.000Z');
    expect(def.signedUrl).toMatch(/^\/api\/files\/user-images\/alice\/1_a_render\.png\?exp=\d+&sig=/);
    for (const [ttl, at] of [
      [86_400, '2026-02-02T00:00:00.000Z'],
      [172_800, '2026-02-03T00:00:00.000Z'],
      [28_800, '2026-02-01T08:00:00.000Z'],
    ] as const) {
      expect((await signFileUrl(deps, 'alice', { bucket: 'user-images', filePath: 'alice/1_a_render.png', expiresIn: ttl })).expiresAt).toBe(at);
    }
    // aliases of the seed's path prefixes
    expect((await signFileUrl(deps, 'alice', { bucket: 'processed', filePath: 'alice/p.png' })).bucket).toBe('processed-images');
    await expect(signFileUrl(deps, 'alice', { bucket: 'user-images', filePath: 'alice/1_a_render.png', expiresIn: 10 ** 7 })).rejects.toMatchObject({
      status: 400,
    });
  });

  it('signs results like every other file: their URL expires', async () => {
    const out = await signFileUrl(deps, 'alice', { bucket: 'enhanced-images', filePath: 'alice/result.png' });
    expect(out).toMatchObject({ bucket: 'enhanced-images', filePath: 'alice/result.png', expiresAt: '2026-02-01T01:00:00.000Z' });
    expect(out.signedUrl).toMatch(/^\/api\/files\/enhanced-images\/alice\/result\.png\?exp=\d+&sig=[\w-]+$/);
  });

  it("answers 404 for another user's file, a missing file, a bad bucket and traversal", async () => {
    for (const req of [
      { bucket: 'user-images', filePath: 'bob/1_b_render.png' },
      { bucket: 'user-images', filePath: 'alice/missing.png' },
      { bucket: 'secrets', filePath: 'alice/1_a_render.png' },
      { bucket: 'user-images', filePath: 'alice/../bob/1_b_render.png' },
      { bucket: 'enhanced-images', filePath: 'bob/result.png' },
    ]) {
      await expect(signFileUrl(deps, 'alice', req)).rejects.toMatchObject({ status: 404, message: 'File not found' });
    }
  });

  it('signs a batch, listing failures apart', async () => {
    const out = await signFileUrls(deps, 'alice', [
      { bucket: 'user-images', filePath: 'alice/1_a_render.png', expiresIn: 28_800 },
      { bucket: 'user-images', filePath: 'bob/1_b_render.png' },
      { bucket: 'enhanced', filePath: 'alice/result.png' },
    ]);
    expect(out.successful.map((s) => [s.bucket, s.filePath, s.expiresAt])).toEqual([
      ['user-images', 'alice/1_a_render.png', '2026-02-01T08:00:00.000Z'],
      ['enhanced-images', 'alice/result.png', '2026-02-01T01:00:00.000Z'],
    ]);
    expect(out.failed).toEqual([{ bucket: 'user-images', filePath: 'bob/1_b_render.png', error: 'File not found' }]);
  });

  it("deletes every file of a user in every bucket and nobody else's", async () => {
    await put('user-images', 'carol/x.png');
    await put('user-images', 'carol/thumbnails/x.webp');
    await put('enhanced-images', 'carol/y.png');
    await put('user-images', 'carolyn/z.png');
    expect(await deleteUserFiles(deps, 'carol')).toBe(3);
    expect(listFiles(deps.storageRoot).filter((f) => f.includes('carol'))).toEqual(['user-images/carolyn/z.png']);
    await put('processed-images', 'dave/q.png');
    const after = await storageDeletionParticipant(deps).prepare({ tx: undefined as never, userId: 'dave', email: 'd@x' });
    expect(listFiles(deps.storageRoot).some((f) => f.includes('dave'))).toBe(true);
    await after!();
    expect(listFiles(deps.storageRoot).some((f) => f.includes('dave'))).toBe(false);
    await expect(deleteUserFiles(deps, '../')).rejects.toThrow();
  });
});
