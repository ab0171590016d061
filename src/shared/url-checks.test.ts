import { describe, expect, it } from 'vitest';
import { checkImageUrl, parseStorageUrl, resolveBucket } from './url-checks.js';

describe('image URL checks', () => {
  it('gives the seed messages', () => {
    expect(checkImageUrl(null)).toEqual({ ok: false, message: 'URL is empty or null' });
    expect(checkImageUrl(undefined)).toEqual({ ok: false, message: 'URL is empty or null' });
    expect(checkImageUrl('')).toEqual({ ok: false, message: 'URL is empty or null' });
    expect(checkImageUrl(42)).toEqual({ ok: false, message: 'URL must be a string' });
    expect(checkImageUrl('http')).toEqual({ ok: false, message: 'URL is too short to be valid' });
  });

  it('shows the first 50 characters of an unrecognised URL', () => {
    const url = 'ftp://example.com/' + 'x'.repeat(100);
    const r = checkImageUrl(url);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.message).toContain(url.slice(0, 50));
      expect(r.message).not.toContain(url.slice(0, 51));
    }
    expect(checkImageUrl('data:image/png;base64,AAAA').ok).toBe(false);
  });

  it('accepts http(s), the files route, bucket paths and aliases', () => {
    expect(checkImageUrl('https://cdn.example.com/a.png')).toEqual({ ok: true, kind: 'http' });
    expect(checkImageUrl('/api/files/user-images/u1/a.png?exp=1&sig=x')).toEqual({ ok: true, kind: 'files-route' });
    expect(checkImageUrl('user-images/u1/a.png')).toEqual({ ok: true, kind: 'storage-path' });
    expect(checkImageUrl('originals/u1/a.png')).toEqual({ ok: true, kind: 'storage-path' });
    expect(checkImageUrl('blob:http://localhost/1234')).toEqual({ ok: true, kind: 'blob' });
    expect(checkImageUrl('user-images/').ok).toBe(false);
  });

  it('maps aliases to buckets and parses our URLs', () => {
    expect(resolveBucket('enhanced')).toBe('enhanced-images');
    expect(resolveBucket('originals')).toBe('user-images');
    expect(resolveBucket('processed')).toBe('processed-images');
    expect(resolveBucket('other')).toBeUndefined();
    expect(parseStorageUrl('http://h:3000/api/files/user-images/u1/a%20b.png?exp=1&sig=2')).toEqual({ bucket: 'user-images', filePath: 'u1/a b.png' });
    expect(parseStorageUrl('/api/files/enhanced-images/u1/x.png')).toEqual({ bucket: 'enhanced-images', filePath: 'u1/x.png' });
    expect(parseStorageUrl('processed/u1/x.png')).toEqual({ bucket: 'processed-images', filePath: 'u1/x.png' });
    expect(parseStorageUrl('https://example.com/other/x.png')).toBeUndefined();
  });
});
