import { describe, expect, it } from 'vitest';
import { S3Storage, parseStorageUrl } from './s3.js';
import { FileUrlSigner } from './url-signer.js';

// Presigning and key mapping need no server; reads and writes against a real store are left to a deployment check.
describe('S3 storage (offline parts)', () => {
  const signer = new FileUrlSigner('s'.repeat(32), () => new Date('2026-01-01T00:00:00Z'));
  const make = (extra: Partial<ConstructorParameters<typeof S3Storage>[0]> = {}) =>
    new S3Storage({
      storageUrl: 's3://renders/prod',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-west-1',
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      signer,
      now: () => new Date('2026-01-01T00:00:00Z'),
      ...extra,
    });

  it('parses STORAGE_URL', () => {
    expect(parseStorageUrl('s3://renders')).toEqual({ bucket: 'renders', prefix: '' });
    expect(parseStorageUrl('s3://renders/a/b/')).toEqual({ bucket: 'renders', prefix: 'a/b/' });
    expect(() => parseStorageUrl('http://renders')).toThrow();
  });

  it('maps logical buckets to folders of one bucket', () => {
    expect(make().objectKey('user-images', 'u1/a.png')).toBe('prod/user-images/u1/a.png');
    expect(() => make().objectKey('user-images', '../a.png')).toThrow();
  });

  it('presigns GETs with the asked lifetime', async () => {
    const { url, expiresAt } = await make().signUrl('user-images', 'u1/a.png', 86_400);
    const u = new URL(url);
    expect(u.origin + u.pathname).toBe('http://127.0.0.1:9000/renders/prod/user-images/u1/a.png');
    expect(u.searchParams.get('X-Amz-Expires')).toBe('86400');
    expect(u.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(expiresAt.toISOString()).toBe('2026-01-02T00:00:00.000Z');
  });

  it('presigns results in enhanced-images like every other bucket: no unsigned address exists', async () => {
    const { url } = await make().signUrl('enhanced-images', 'u1/x.png', 3600);
    const u = new URL(url);
    expect(u.origin + u.pathname).toBe('http://127.0.0.1:9000/renders/prod/enhanced-images/u1/x.png');
    expect(u.searchParams.get('X-Amz-Expires')).toBe('3600');
    expect('publicUrl' in make()).toBe(false);
  });
});
