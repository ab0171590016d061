/**
 * Upload and storage limits shared by the web app (to check before sending) and the server (defaults of
 * its configuration, which may lower or raise them). seed 000 §5 leaves size and count limits open; these are ours.
 */
import { MAX_OUTPUT_PIXELS } from './enhancement.js';

/** Per-file size. 50 MiB holds an 8K 16-bit PNG render; larger files are rare and slow to upload. */
export const DEFAULT_UPLOAD_MAX_FILE_BYTES = 50 * 1024 * 1024;
/**
 * The smallest file that can hold an image of an accepted format (a 1 × 1 GIF takes 26 bytes, PNG, BMP, WebP and
 * JPEG more): anything shorter is refused before it is decoded, with the drop zone's 'File is smaller than N bytes'.
 */
export const UPLOAD_MIN_FILE_BYTES = 26;
/** Files in one request. The client sends 3 at a time (seed 001 §9); 20 leaves room for other clients. */
export const DEFAULT_UPLOAD_MAX_FILES = 20;
/**
 * One upload request's body. The multipart body is streamed to temporary files and refused with 413 as soon as
 * it passes this, so this, not files × per-file bytes, bounds the disk an upload takes.
 */
export const DEFAULT_UPLOAD_MAX_REQUEST_BYTES = 200 * 1024 * 1024;
/**
 * Decoded pixels per image, the guard against decompression bombs. 64 MP is also the largest output the
 * service produces (seed 001 §9), so nothing bigger could be enhanced anyway.
 */
export const DEFAULT_UPLOAD_MAX_PIXELS = MAX_OUTPUT_PIXELS;
/** A profile picture as sent; it is stored as a 256 × 256 WebP whatever its size. */
export const AVATAR_MAX_BYTES = 10 * 1024 * 1024;
/** A removal's mask: a PNG at the image's own resolution, mostly flat areas that PNG compresses well. */
export const MASK_MAX_BYTES = 20 * 1024 * 1024;
/** A remote worker's uploaded result: the largest output (64 MP) as a 16-bit RGBA PNG that did not compress at all. */
export const WORKER_RESULT_MAX_BYTES = MAX_OUTPUT_PIXELS * 8 + 1024 * 1024;

/**
 * Live-event streams (GET /api/events) open at once. A browser holds one per tab; 20 leaves room for many tabs and
 * windows, and each stream holds a connection, a subscription and a timer on the server.
 */
export const DEFAULT_SSE_MAX_STREAMS_PER_USER = 20;
/** ... and per client address, signed in or not: a household or an office behind one address, not a flood. */
export const DEFAULT_SSE_MAX_STREAMS_PER_ADDRESS = 50;
export const liveStreamMessages = {
  perUser: 'Too many live connections are open for your account. Close some Renderlift tabs or windows and try again.',
  perAddress: 'Too many live connections are open from your network. Close some Renderlift tabs or windows and try again.',
} as const;

/** Stored bytes per user (uploads and results). */
export const DEFAULT_USER_STORAGE_QUOTA_BYTES = 5 * 1024 * 1024 * 1024;

/** Longest side of the WebP thumbnail stored with each upload, so a workspace of 100 renders stays fluid. */
export const THUMBNAIL_MAX_SIDE = 512;
/** Longest side of the preview of a result shown on the canvas (the full file is shown above 100 % card zoom). */
export const RESULT_PREVIEW_MAX_SIDE = 2048;

/** Accepted image formats, decided by content (seed 000 §5: jpeg, jpg, png, gif, bmp, webp). */
export const ACCEPTED_IMAGE_FORMATS = ['jpeg', 'png', 'gif', 'bmp', 'webp'] as const;
export type AcceptedImageFormat = (typeof ACCEPTED_IMAGE_FORMATS)[number];

/** Junk files a folder upload brings along; ignored without an error (seed 000 §5). */
const IGNORED_UPLOAD_NAMES = ['.ds_store', 'thumbs.db'] as const;

export function isIgnoredUploadName(name: string): boolean {
  const base = name.split(/[\\/]/).pop() ?? name;
  return (IGNORED_UPLOAD_NAMES as readonly string[]).includes(base.toLowerCase());
}

const FILE_NAME_MAX = 255;

/**
 * The name an upload is shown and stored under: the last path component, without control characters (a NUL byte
 * cannot even be stored), trimmed, at most FILE_NAME_MAX characters with its extension kept; 'image' when nothing
 * is left.
 */
export function normaliseFileName(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is stripped
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (!base) return 'image';
  if (base.length <= FILE_NAME_MAX) return base;
  const dot = base.lastIndexOf('.');
  const ext = dot > 0 && base.length - dot <= 10 ? base.slice(dot) : '';
  return base.slice(0, FILE_NAME_MAX - ext.length) + ext;
}

/** Signed URL lifetimes in seconds (seed 001 §9). */
export const SIGNED_URL_TTL = {
  /** loader, download, and the default of the signed-URL endpoints */
  default: 3600,
  /** debug views */
  debug: 21_600,
  /** a removal result, and the workspace hook's refresh */
  processedResult: 28_800,
  /** a fresh upload */
  upload: 86_400,
  /** public-path images before enhancement */
  publicPathUpload: 172_800,
} as const;
export const SIGNED_URL_MIN_TTL = 60;
export const SIGNED_URL_MAX_TTL = SIGNED_URL_TTL.publicPathUpload;
/** URLs in one batch-signing request. */
export const SIGNED_URL_BATCH_MAX = 200;
/** seed 001 §9: the client's signed-URL cache treats entries as expired 30 minutes early. */
export const SIGNED_URL_CACHE_MARGIN_MS = 30 * 60 * 1000;
