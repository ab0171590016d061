/** Downloads: one stored image in a chosen format (/api/images/:id/download), or several as one zip (/api/images/archive). */
import { z } from 'zod';

export const DOWNLOAD_FORMATS = ['png', 'jpeg', 'webp', 'tiff'] as const;
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number];
export const METADATA_POLICIES = ['keep', 'strip-location', 'strip-all'] as const;
export type MetadataPolicy = (typeof METADATA_POLICIES)[number];
/** seed 001 §7.6: JPEG downloads at 0.92. */
export const DOWNLOAD_DEFAULT_QUALITY = 92;
export const DOWNLOAD_MAX_DPI = 2400;
/** A zip holds at most this many images (a saved viewport holds fewer). */
export const ARCHIVE_MAX_IMAGES = 200;

const flag = z.enum(['true', 'false']).transform((v) => v === 'true');

/** Every option of a download; options that do not apply to the chosen format are ignored. */
export const DownloadOptions = z.object({
  format: z.enum(DOWNLOAD_FORMATS).default('png'),
  /** JPEG and lossy WebP, 1–100. */
  quality: z.coerce.number().int().min(1).max(100).default(DOWNLOAD_DEFAULT_QUALITY),
  /** JPEG chroma subsampling: 4:4:4 keeps colour edges of renders sharp. */
  chroma: z.enum(['444', '420']).default('444'),
  /** WebP only. */
  lossless: flag.default(true),
  /** PNG and TIFF: 8 or 16 bits per channel; absent keeps the stored depth. */
  depth: z.enum(['8', '16']).optional(),
  /** TIFF compression. */
  compression: z.enum(['lzw', 'deflate']).default('lzw'),
  metadata: z.enum(METADATA_POLICIES).default('keep'),
  /** Pixels per inch written into the file (PNG, JPEG, TIFF; WebP has no field for it). */
  dpi: z.coerce.number().int().min(1).max(DOWNLOAD_MAX_DPI).optional(),
});
export type DownloadOptions = z.infer<typeof DownloadOptions>;

export const ArchiveQuery = DownloadOptions.extend({
  /** Comma-separated image ids: uploads or results. */
  ids: z
    .string()
    .optional()
    .transform((v) => (v ? v.split(',').filter(Boolean) : []))
    .pipe(z.array(z.string().uuid({ message: 'Image not found' })).max(ARCHIVE_MAX_IMAGES)),
  /** A saved viewport: every image it holds. */
  viewportId: z.string().uuid({ message: 'Session not found' }).optional(),
});

/** One file of a zip, as manifest.json lists it. */
export const ArchiveManifestEntry = z.object({
  file: z.string(),
  source: z.string(),
  /** From the upload to this file, e.g. ['original', '×2 precision', 'removal']. */
  chain: z.array(z.string()),
  scale: z.number(),
  mode: z.string().nullable(),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
  credits: z.number().int(),
});
export const ArchiveManifest = z.object({
  createdAt: z.string(),
  format: z.enum(DOWNLOAD_FORMATS),
  files: z.array(ArchiveManifestEntry),
});
export type ArchiveManifest = z.infer<typeof ArchiveManifest>;

/** The query string of a download URL, with only the options that differ from the defaults. */
export function downloadQuery(options: Partial<DownloadOptions>): string {
  const defaults = DownloadOptions.parse({});
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(options)) {
    if (value === undefined || value === null) continue;
    if (key !== 'format' && String(value) === String(defaults[key as keyof DownloadOptions])) continue;
    params.set(key, String(value));
  }
  return params.toString();
}
