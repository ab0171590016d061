import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalDiskStorage } from './local-disk.js';
import { ObjectExistsError, StorageKeyError, isSafeKey } from '@server/ports/storage.js';
import { FileUrlSigner } from './url-signer.js';

const text = async (r: Readable) => {
  const chunks: Buffer[] = [];
  for await (const c of r) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString();
};

describe('local disk storage', () => {
  let root: string;
  let now: Date;
  let storage: LocalDiskStorage;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'rl-storage-'));
    now = new Date('2026-01-01T00:00:00Z');
    storage = new LocalDiskStorage(root, new FileUrlSigner('s'.repeat(32), () => now));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('puts, heads, gets whole and by range, and deletes', async () => {
    const info = await storage.put('user-images', 'u1/a.png', Buffer.from('0123456789'), { contentType: 'image/png' });
    expect(info).toMatchObject({ size: 10, contentType: 'image/png' });
    expect(fs.readFileSync(path.join(root, 'user-images', 'u1', 'a.png'), 'utf8')).toBe('0123456789');
    expect(await storage.head('user-images', 'u1/a.png')).toMatchObject({ size: 10, etag: info.etag });
    const whole = await storage.get('user-images', 'u1/a.png');
    expect(await text(whole!.body)).toBe('0123456789');
    const part = await storage.get('user-images', 'u1/a.png', { range: { start: 2, end: 4 } });
    expect(part!.size).toBe(10);
    expect(await text(part!.body)).toBe('234');
    await storage.delete('user-images', 'u1/a.png');
    expect(await storage.head('user-images', 'u1/a.png')).toBeNull();
    expect(await storage.get('user-images', 'u1/a.png')).toBeNull();
    await storage.delete('user-images', 'u1/a.png');
  });

  it('writes streams and never overwrites unless asked', async () => {
    await storage.put('user-images', 'u1/s.png', Readable.from([Buffer.from('ab'), Buffer.from('cd')]), { contentType: 'image/png' });
    await expect(storage.put('user-images', 'u1/s.png', Buffer.from('x'), { contentType: 'image/png' })).rejects.toBeInstanceOf(ObjectExistsError);
    expect(fs.readFileSync(path.join(root, 'user-images/u1/s.png'), 'utf8')).toBe('abcd');
    await storage.put('user-images', 'u1/s.png', Buffer.from('x'), { contentType: 'image/png', overwrite: true });
    expect(fs.readFileSync(path.join(root, 'user-images/u1/s.png'), 'utf8')).toBe('x');
    // no temporary files left behind
    expect(fs.readdirSync(path.join(root, 'user-images/u1'))).toEqual(['s.png']);
  });

  it('deletes a prefix and only that prefix', async () => {
    for (const k of ['u1/a.png', 'u1/processed/2026-01/b.png', 'u10/c.png'])
      await storage.put('user-images', k, Buffer.from('x'), { contentType: 'image/png' });
    expect(await storage.deletePrefix('user-images', 'u1/')).toBe(2);
    expect(await storage.head('user-images', 'u10/c.png')).not.toBeNull();
    expect(await storage.deletePrefix('user-images', 'nobody/')).toBe(0);
    await expect(storage.deletePrefix('user-images', 'u1')).rejects.toBeInstanceOf(StorageKeyError);
  });

  it('refuses keys that could leave the bucket', async () => {
    for (const key of ['../x.png', 'u1/../../x.png', '/etc/passwd', 'u1//a.png', 'u1\\..\\x', 'a/./b', '', 'a\u0000b']) {
      expect(isSafeKey(key)).toBe(false);
      await expect(storage.put('user-images', key, Buffer.from('x'), { contentType: 'image/png' })).rejects.toBeInstanceOf(StorageKeyError);
      await expect(storage.get('user-images', key)).rejects.toBeInstanceOf(StorageKeyError);
    }
    expect(fs.readdirSync(root)).toEqual([]);
  });

  it('signs URLs that expire and cannot be altered', async () => {
    const { url, expiresAt } = await storage.signUrl('user-images', 'u1/a b.png', 3600);
    expect(expiresAt.toISOString()).toBe('2026-01-01T01:00:00.000Z');
    expect(url).toMatch(/^\/api\/files\/user-images\/u1\/a%20b\.png\?exp=\d+&sig=[\w-]+$/);
    const q = new URL(url, 'http://x').searchParams;
    expect(storage.verifyFileUrl('user-images', 'u1/a b.png', q.get('exp')!, q.get('sig')!)).toBe('ok');
    expect(storage.verifyFileUrl('user-images', 'u1/other.png', q.get('exp')!, q.get('sig')!)).toBe('invalid');
    expect(storage.verifyFileUrl('processed-images', 'u1/a b.png', q.get('exp')!, q.get('sig')!)).toBe('invalid');
    expect(storage.verifyFileUrl('user-images', 'u1/a b.png', String(Number(q.get('exp')) + 1000), q.get('sig')!)).toBe('invalid');
    expect(storage.verifyFileUrl('user-images', 'u1/a b.png', q.get('exp')!, undefined)).toBe('invalid');
    now = new Date('2026-01-01T01:00:00Z');
    expect(storage.verifyFileUrl('user-images', 'u1/a b.png', q.get('exp')!, q.get('sig')!)).toBe('expired');
    const other = new FileUrlSigner('t'.repeat(32), () => new Date('2026-01-01T00:00:00Z'));
    expect(other.verify('user-images', 'u1/a b.png', q.get('exp')!, q.get('sig')!)).toBe('invalid');
  });
});
