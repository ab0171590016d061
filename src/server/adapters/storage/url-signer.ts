import { createHmac, timingSafeEqual } from 'node:crypto';
import { FILES_ROUTE_PREFIX } from '@shared/url-checks.js';
import { encodeKeyPath, type Bucket, type SignedUrl } from '@server/ports/storage.js';

/**
 * HMAC-SHA256 signatures for the API's files route: /api/files/{bucket}/{key}?exp={unix seconds}&sig={mac}.
 * The key is derived from the auth secret with a purpose label, so a URL signature can never be replayed as
 * anything else the secret signs.
 */
export class FileUrlSigner {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly now: () => Date = () => new Date(),
    /** Prepended to the route path; empty gives same-origin relative URLs. */
    private readonly baseUrl = '',
  ) {
    this.key = createHmac('sha256', secret).update('renderlift/storage-url/v1').digest();
  }

  private mac(bucket: Bucket, key: string, exp: number): string {
    return createHmac('sha256', this.key).update(`${bucket}\n${key}\n${exp}`).digest('base64url');
  }

  routeUrl(bucket: Bucket, key: string): string {
    return `${this.baseUrl}${FILES_ROUTE_PREFIX}${bucket}/${encodeKeyPath(key)}`;
  }

  sign(bucket: Bucket, key: string, expiresInSeconds: number): SignedUrl {
    const exp = Math.floor(this.now().getTime() / 1000) + Math.max(1, Math.floor(expiresInSeconds));
    return { url: `${this.routeUrl(bucket, key)}?exp=${exp}&sig=${this.mac(bucket, key, exp)}`, expiresAt: new Date(exp * 1000) };
  }

  verify(bucket: Bucket, key: string, exp: string | undefined, sig: string | undefined): 'ok' | 'expired' | 'invalid' {
    if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return 'invalid';
    const expected = Buffer.from(this.mac(bucket, key, Number(exp)));
    const given = Buffer.from(sig);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
    // checked after the MAC so a forged exp cannot probe anything
    if (Number(exp) * 1000 <= this.now().getTime()) return 'expired';
    return 'ok';
  }
}
