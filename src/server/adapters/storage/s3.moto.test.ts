import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3Storage } from './s3.js';
import { ObjectExistsError } from '@server/ports/storage.js';
import { FileUrlSigner } from './url-signer.js';
import { hasMoto, startMoto, type Moto } from '@server/testing/moto.js';

const text = async (r: Readable) => {
  const chunks: Buffer[] = [];
  for await (const c of r) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks).toString();
};

/** Against a real S3 API: moto's server, when it is installed. */
describe.skipIf(!hasMoto)('S3 storage against an S3 API', () => {
  let moto: Moto;
  let storage: S3Storage;
  beforeAll(async () => {
    moto = await startMoto();
    const endpoint = moto.endpoint;
    storage = new S3Storage({
      storageUrl: 's3://renders/app',
      endpoint,
      region: 'us-east-1',
      accessKeyId: 'test',
      secretAccessKey: 'test',
      forcePathStyle: true,
      signer: new FileUrlSigner('s'.repeat(32)),
    });
    await moto.createBucket('renders');
  });
  afterAll(() => moto?.stop());

  it('puts, heads, gets whole and by range, and deletes', async () => {
    const info = await storage.put('user-images', 'u1/a.png', Buffer.from('0123456789'), { contentType: 'image/png', cacheControl: 'private, max-age=3600' });
    expect(info.size).toBe(10);
    expect(await storage.head('user-images', 'u1/a.png')).toMatchObject({ size: 10, contentType: 'image/png' });
    expect(await text((await storage.get('user-images', 'u1/a.png'))!.body)).toBe('0123456789');
    const part = await storage.get('user-images', 'u1/a.png', { range: { start: 3, end: 5 } });
    expect([part!.size, await text(part!.body)]).toEqual([10, '345']);
    await storage.delete('user-images', 'u1/a.png');
    expect(await storage.head('user-images', 'u1/a.png')).toBeNull();
    expect(await storage.get('user-images', 'u1/a.png')).toBeNull();
  });

  it('writes streams and refuses to overwrite', async () => {
    await storage.put('user-images', 'u1/s.png', Readable.from([Buffer.from('ab'), Buffer.from('cd')]), { contentType: 'image/png' });
    await expect(storage.put('user-images', 'u1/s.png', Buffer.from('x'), { contentType: 'image/png' })).rejects.toBeInstanceOf(ObjectExistsError);
    await storage.put('user-images', 'u1/s.png', Buffer.from('x'), { contentType: 'image/png', overwrite: true });
    expect(await text((await storage.get('user-images', 'u1/s.png'))!.body)).toBe('x');
  });

  it('deletes a prefix and only that prefix', async () => {
    for (const k of ['u2/a.png', 'u2/processed/2026-01/b.png', 'u20/c.png'])
      await storage.put('user-images', k, Buffer.from('x'), { contentType: 'image/png' });
    expect(await storage.deletePrefix('user-images', 'u2/')).toBe(2);
    expect(await storage.head('user-images', 'u20/c.png')).not.toBeNull();
  });

  it('presigns URLs a plain HTTP client can read', async () => {
    await storage.put('processed-images', 'u3/p.png', Buffer.from('presigned'), { contentType: 'image/png' });
    const { url } = await storage.signUrl('processed-images', 'u3/p.png', 3600);
    const res = await fetch(url);
    expect([res.status, await res.text()]).toEqual([200, 'presigned']);
    const tampered = url.replace('u3/p.png', 'u3/q.png');
    expect((await fetch(tampered)).status).toBeGreaterThanOrEqual(400);
  });
});
