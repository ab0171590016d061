import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { Deps } from '../deps.js';
import { images } from '../db/schema.js';

/** A small synthetic render: gradients and hard edges, so super-resolution has structure to work on. */
export async function syntheticPng(width: number, height: number, seed = 1): Promise<Buffer> {
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const stripe = ((x + seed * 3) >> 3) % 2 === 0 ? 40 : 0;
      data[i] = (x * 255) / width + stripe;
      data[i + 1] = (y * 255) / height;
      data[i + 2] = ((x + y) % 16 < 8 ? 200 : 60) - stripe;
    }
  }
  return sharp(data, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** Stores an image for a user exactly as an upload leaves it: a file in user-images and an images row. */
export async function storeImage(deps: Pick<Deps, 'db' | 'storage'>, userId: string, png: Buffer, name = 'render.png') {
  const meta = await sharp(png).metadata();
  const key = `${userId}/${Date.now()}_${randomBytes(4).toString('hex')}_${name}`;
  await deps.storage.put('user-images', key, png, { contentType: 'image/png' });
  const [row] = await deps.db
    .insert(images)
    .values({ userId, bucket: 'user-images', path: key, originalName: name, width: meta.width!, height: meta.height!, bytes: png.length, format: 'png' })
    .returning();
  return row;
}
