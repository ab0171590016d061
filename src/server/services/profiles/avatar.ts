import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import type { Deps } from '@server/deps.js';
import { profiles } from '@server/db/schema.js';
import { notFound } from '@server/errors.js';
import { inspectImage } from '../uploads/inspect-image.js';
import { assertUserFolder } from '../storage/paths.js';

const AVATAR_SIDE = 256;
const AVATAR_BUCKET = 'user-images' as const;
/** Signed avatar URLs last a day: the nav shows the picture on every page. */
const AVATAR_URL_SECONDS = 24 * 3600;

export async function avatarUrl(deps: Pick<Deps, 'storage'>, path: string | null): Promise<string | null> {
  if (!path) return null;
  return (await deps.storage.signUrl(AVATAR_BUCKET, path, AVATAR_URL_SECONDS)).url;
}

/**
 * A new profile picture: checked like any upload (format by content, pixel cap, full decode), cropped to a centred
 * square of 256 × 256 and stored as WebP under the user's folder (so account deletion takes it along); the previous
 * picture is removed once the profile points at the new one.
 */
export async function setAvatar(deps: Pick<Deps, 'db' | 'storage' | 'config' | 'clock' | 'logger'>, userId: string, file: Buffer): Promise<string | null> {
  assertUserFolder(userId);
  await inspectImage(file, { maxPixels: deps.config.UPLOAD_MAX_PIXELS });
  const webp = await sharp(file, { limitInputPixels: deps.config.UPLOAD_MAX_PIXELS, pages: 1 })
    .autoOrient()
    .resize(AVATAR_SIDE, AVATAR_SIDE, { fit: 'cover', position: 'attention' })
    .webp({ quality: 85 })
    .toBuffer();
  const key = `${userId}/avatar/${deps.clock().getTime()}_${randomBytes(4).toString('hex')}.webp`;
  await deps.storage.put(AVATAR_BUCKET, key, webp, { contentType: 'image/webp', cacheControl: 'private, max-age=86400' });
  const [before] = await deps.db.select({ path: profiles.avatarPath }).from(profiles).where(eq(profiles.userId, userId)).limit(1);
  if (!before) {
    await deps.storage.delete(AVATAR_BUCKET, key);
    throw notFound('Profile not found');
  }
  await deps.db.update(profiles).set({ avatarPath: key, updatedAt: deps.clock() }).where(eq(profiles.userId, userId));
  if (before.path) await deps.storage.delete(AVATAR_BUCKET, before.path).catch((err) => deps.logger.warn({ err, userId }, 'old avatar not removed'));
  return avatarUrl(deps, key);
}

export async function removeAvatar(deps: Pick<Deps, 'db' | 'storage' | 'clock' | 'logger'>, userId: string): Promise<void> {
  const [before] = await deps.db.select({ path: profiles.avatarPath }).from(profiles).where(eq(profiles.userId, userId)).limit(1);
  if (!before?.path) return;
  await deps.db.update(profiles).set({ avatarPath: null, updatedAt: deps.clock() }).where(eq(profiles.userId, userId));
  await deps.storage.delete(AVATAR_BUCKET, before.path).catch((err) => deps.logger.warn({ err, userId }, 'avatar not removed'));
}
