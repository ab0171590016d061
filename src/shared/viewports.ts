/**
 * Viewport sessions (seed 000 §3, §5; 001 §5): the saved state of a workspace. The schema and the sanitiser are
 * shared: the web app checks before saving, the server decides.
 */
import { checkImageUrl } from './url-checks.js';
import { z } from 'zod';
import { msg } from './messages.js';

export const SESSION_NAME_MAX = 100;
/** A viewport_data document larger than this is refused: it holds references, never pixels. */
const VIEWPORT_DATA_MAX_BYTES = 512 * 1024;
const VIEWPORT_MAX_IMAGES = 500;

const isDataUrl = (v: unknown) => typeof v === 'string' && /^\s*data:/i.test(v);
/** seed 001 §5: only http(s) or blob enhanced URLs are kept; our own storage paths count as http(s) equivalents. */
const isKeepableUrl = (v: unknown) =>
  typeof v === 'string' && v.trim().length >= 5 && !isDataUrl(v) && (/^(https?:|blob:)/i.test(v) || v.startsWith('/') || /^[a-z-]+\/.+/i.test(v));

export const ViewportImage = z.object({
  id: z.string().min(1).max(200),
  // seed 000 §5: http(s), blob, or the product's own storage paths; never javascript: or other schemes
  originalUrl: z
    .string()
    .min(5)
    .max(4096)
    .superRefine((url, ctx) => {
      const check = checkImageUrl(url);
      if (!check.ok) ctx.addIssue({ code: 'custom', message: check.message });
    }),
  enhancedUrl: z.string().max(4096).optional(),
  /** The uploaded image's id on the server, so results and jobs can be matched after a reload. */
  imageId: z.string().max(200).optional(),
  name: z.string().max(300).optional(),
  position: z.object({ x: z.number().finite(), y: z.number().finite() }).default({ x: 0, y: 0 }),
  scale: z.number().finite().positive().max(100).default(1),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
});
export type ViewportImage = z.infer<typeof ViewportImage>;

const EnhancementParams = z.record(z.string(), z.union([z.number().finite(), z.string().max(100), z.boolean()]));

export const ViewportData = z.object({
  images: z.array(ViewportImage).max(VIEWPORT_MAX_IMAGES),
  currentMode: z.string().max(50).default('enhance'),
  enhancementParams: EnhancementParams.default({}),
  brushSize: z.number().finite().min(1).max(100).default(20),
  lastSaved: z.string().max(64).optional(),
  /**
   * A canvas camera a client may record. The web app does not restore it: it frames the cards beside its panel
   * whenever a session lays them out, since a view kept from one window size can leave them out of sight in another.
   */
  camera: z.object({ x: z.number().finite(), y: z.number().finite(), zoom: z.number().finite().positive() }).optional(),
});
export type ViewportData = z.infer<typeof ViewportData>;

export const SessionName = z
  .string({ message: msg('viewportNameRequired') })
  .transform((s) => s.trim())
  .pipe(z.string().min(1, msg('viewportNameRequired')).max(SESSION_NAME_MAX, `Viewport name must be at most ${SESSION_NAME_MAX} characters`));

export type SanitiseResult = { ok: true; data: ViewportData } | { ok: false; message: string };

/**
 * What a save accepts (seed 001 §5): a data: URL in any image field refuses the whole save, except enhancedUrl,
 * which is dropped; images lacking id or originalUrl refuse the save with their count; at least one image.
 */
export function sanitiseForSave(input: unknown): SanitiseResult {
  if (typeof input !== 'object' || input === null) return { ok: false, message: msg('sessionNoViewportData') };
  const raw = input as Record<string, unknown>;
  const rawImages = Array.isArray(raw.images) ? raw.images : [];
  if (rawImages.length === 0) return { ok: false, message: msg('sessionNoImages') };
  let missing = 0;
  const cleaned: Record<string, unknown>[] = [];
  for (const item of rawImages) {
    if (typeof item !== 'object' || item === null) {
      missing++;
      continue;
    }
    const img = { ...(item as Record<string, unknown>) };
    for (const [key, value] of Object.entries(img)) {
      if (key !== 'enhancedUrl' && isDataUrl(value)) return { ok: false, message: msg('sessionBase64') };
    }
    if (img.enhancedUrl !== undefined && !isKeepableUrl(img.enhancedUrl)) delete img.enhancedUrl;
    if (typeof img.id !== 'string' || img.id.length === 0 || typeof img.originalUrl !== 'string' || img.originalUrl.trim().length === 0) {
      missing++;
      continue;
    }
    cleaned.push(img);
  }
  if (missing > 0) return { ok: false, message: msg('sessionMissingData', { n: missing }) };
  const parsed = ViewportData.safeParse({ ...raw, images: cleaned });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, message: msg('sessionSaveFailedWith', { message: `${issue.path.join('.')}: ${issue.message}` }) };
  }
  if (JSON.stringify(parsed.data).length > VIEWPORT_DATA_MAX_BYTES) {
    return { ok: false, message: msg('sessionSaveFailedWith', { message: 'the workspace is too large to save' }) };
  }
  return { ok: true, data: parsed.data };
}

let generated = 0;
/**
 * What a load restores (seed 001 §5): images without a string originalUrl or with a data: originalUrl are
 * discarded, a missing id is generated; everything else keeps its defaults.
 */
export function sanitiseForLoad(input: unknown, newId: () => string = () => `img-${Date.now().toString(36)}-${(generated++).toString(36)}`): ViewportData {
  const raw = typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {};
  const rawImages = Array.isArray(raw.images) ? raw.images : [];
  const images: ViewportImage[] = [];
  for (const item of rawImages) {
    if (typeof item !== 'object' || item === null) continue;
    const img = item as Record<string, unknown>;
    if (typeof img.originalUrl !== 'string' || isDataUrl(img.originalUrl)) continue;
    const candidate = {
      ...img,
      // a data: URL is never restored, whichever field it sits in; an id made of one counts as missing
      id: typeof img.id === 'string' && img.id.length > 0 && !isDataUrl(img.id) ? img.id : newId(),
      imageId: isDataUrl(img.imageId) ? undefined : img.imageId,
      name: isDataUrl(img.name) ? undefined : img.name,
      enhancedUrl: isKeepableUrl(img.enhancedUrl) ? img.enhancedUrl : undefined,
    };
    const parsed = ViewportImage.safeParse(candidate);
    if (parsed.success) images.push(parsed.data);
  }
  const rest = ViewportData.omit({ images: true }).safeParse(raw);
  return { ...(rest.success ? rest.data : ViewportData.omit({ images: true }).parse({})), images };
}
