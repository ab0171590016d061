import { SIGNED_URL_CACHE_MARGIN_MS } from '@shared/limits';
import { FILES_ROUTE_PREFIX, parseStorageUrl } from '@shared/url-checks';

/**
 * When a signed URL stops working, read from the URL itself: the files route's `exp` (unix seconds) or an S3
 * presigned URL's X-Amz-Date + X-Amz-Expires. null when the URL carries no expiry.
 */
export function urlExpiry(url: string): number | null {
  const query = url.split('?')[1]?.split('#')[0];
  if (!query) return null;
  const params = new URLSearchParams(query);
  const exp = params.get('exp');
  if (exp && /^\d+$/.test(exp)) return Number(exp) * 1000;
  const amzDate = params.get('X-Amz-Date');
  const amzExpires = params.get('X-Amz-Expires');
  if (amzDate && amzExpires) {
    const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
    if (m) return Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]) + Number(amzExpires) * 1000;
  }
  return null;
}

/**
 * A files-route address without a signature: results were once public and saved sessions may hold their bare address,
 * which opens nothing now. It names the file all the same, so it is signed like an expired URL.
 */
function isUnsignedFileUrl(url: string): boolean {
  return urlExpiry(url) === null && url.includes(FILES_ROUTE_PREFIX) && parseStorageUrl(url) !== undefined;
}

/** seed 001 §9: cache entries count as expired 30 minutes early, so a URL is replaced before an image fails. */
export function needsRefresh(url: string | null | undefined, now: number, margin = SIGNED_URL_CACHE_MARGIN_MS): boolean {
  if (!url) return false;
  if (isUnsignedFileUrl(url)) return true;
  const expiry = urlExpiry(url);
  return expiry !== null && expiry - margin <= now;
}

export interface SignRequest {
  bucket: string;
  filePath: string;
  expiresIn?: number;
}

/** The sign requests for the given URLs that are ours: signed, or bare files-route addresses (others are left alone). */
export function refreshRequests(urls: string[], expiresIn: number): { url: string; request: SignRequest }[] {
  const out: { url: string; request: SignRequest }[] = [];
  const seen = new Set<string>();
  for (const url of urls) {
    if (seen.has(url) || (urlExpiry(url) === null && !isUnsignedFileUrl(url))) continue;
    const ref = parseStorageUrl(url);
    if (!ref) continue;
    seen.add(url);
    out.push({ url, request: { bucket: ref.bucket, filePath: ref.filePath, expiresIn } });
  }
  return out;
}
