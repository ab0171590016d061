/**
 * Between the workspace and a saved viewport (seed 001 §3: images with id, originalUrl, optional enhancedUrl,
 * position, scale; currentMode; enhancementParams; brushSize; lastSaved). Saving takes a snapshot of the
 * workspace; loading rebuilds the workspace from the snapshot and the server's current list of uploads, whose
 * signed URLs are fresh where the saved ones may have expired.
 */
import { encodeTargetSize, parseTargetSize } from '@shared/target-size';
import { isEnhancementMode, isUpscaleFactor } from '@shared/enhancement';
import type { ViewportData, ViewportImage } from '@shared/viewports';
import type { ImageDto } from '@web/features/canvas-core/types';
import { clampZoom, ZOOM_DEFAULT } from '@web/features/canvas-core/zoom';
import { versionsOf, workspaceReducer, type WorkspaceImage, type WorkspaceState } from '@web/features/canvas-core/workspace-state';

type ToolMode = 'enhance' | 'remove';

export interface Camera {
  x: number;
  y: number;
  zoom: number;
}

export interface SnapshotExtras {
  currentMode: ToolMode;
  brushSize: number;
  camera?: Camera | null;
}

/** Only cards the server knows can be saved: a card still uploading has nothing but a local preview. */
const savable = (img: WorkspaceImage) => img.imageId !== null && img.url !== null && img.status !== 'uploading' && img.status !== 'upload-failed';

function snapshotImages(state: WorkspaceState): ViewportImage[] {
  return state.images.filter(savable).map((img) => ({
    id: img.key,
    imageId: img.imageId ?? undefined,
    name: img.name,
    originalUrl: img.url!,
    ...(img.enhanced ? { enhancedUrl: img.enhanced.url } : {}),
    position: { x: img.position.x, y: img.position.y },
    // a card's zoom is kept as a scale factor (100 % = 1)
    scale: (img.zoom || ZOOM_DEFAULT) / 100,
    width: img.width > 0 ? img.width : undefined,
    height: img.height > 0 ? img.height : undefined,
  }));
}

export function toViewportData(state: WorkspaceState, extras: SnapshotExtras, now: Date = new Date()): ViewportData {
  const params: Record<string, number | string> = { ...state.settings.params };
  if (state.settings.scale) params.resolutionScale = state.settings.scale;
  if (state.settings.mode) params.enhancementMode = state.settings.mode;
  if (state.settings.target) params.targetSize = encodeTargetSize(state.settings.target);
  return {
    images: snapshotImages(state),
    currentMode: extras.currentMode,
    enhancementParams: params,
    brushSize: extras.brushSize,
    lastSaved: now.toISOString(),
    ...(extras.camera ? { camera: { x: extras.camera.x, y: extras.camera.y, zoom: extras.camera.zoom } } : {}),
  };
}

/**
 * What counts as a change worth saving: the images, their positions and zoom levels, results, settings and brush.
 * Not the camera (panning the canvas is looking, not editing), not the tool (the remove tool switches itself off
 * after 30 s) and not lastSaved. Positions are rounded so a drag that ends where it began is no change.
 */
export function fingerprint(data: Pick<ViewportData, 'images' | 'enhancementParams' | 'brushSize'>): string {
  const images = data.images.map((i) => [
    i.imageId ?? i.id,
    i.enhancedUrl ? stripQuery(i.enhancedUrl) : '',
    Math.round(i.position.x),
    Math.round(i.position.y),
    Math.round(i.scale * 100),
  ]);
  const params = Object.keys(data.enhancementParams)
    .sort()
    .map((k) => [k, data.enhancementParams[k]]);
  return JSON.stringify([images, params, Math.round(data.brushSize)]);
}

/** Signed URLs change on every refresh; the file they point to is what matters. */
export function stripQuery(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

interface RestoreResult {
  state: WorkspaceState;
  currentMode: ToolMode;
  brushSize: number;
  camera: Camera | null;
  /** Saved images that could not be shown (deleted since, or unknown to the server). */
  missing: number;
}

/**
 * The workspace a saved viewport describes: its images in its layout, with fresh URLs and any running job from
 * the server's list, its settings, tool and brush. Images of the server list not in the viewport stay out of it.
 */
export function restoreWorkspace(state: WorkspaceState, data: ViewportData, serverImages: ImageDto[], now: number): RestoreResult {
  const byId = new Map(serverImages.map((d) => [d.id, d]));
  const byPath = new Map(serverImages.map((d) => [stripQuery(d.url), d]));
  const matched: { saved: ViewportImage; dto: ImageDto | null }[] = [];
  const seen = new Set<string>();
  let missing = 0;
  for (const saved of data.images) {
    const dto = (saved.imageId ? byId.get(saved.imageId) : undefined) ?? byPath.get(stripQuery(saved.originalUrl)) ?? null;
    if (dto) {
      if (seen.has(dto.id)) continue;
      seen.add(dto.id);
      matched.push({ saved, dto });
    } else if (saved.imageId) {
      // the upload was deleted after the viewport was saved
      missing++;
    } else {
      matched.push({ saved, dto: null });
    }
  }

  const cleared: WorkspaceState = { ...state, images: [], selectedKey: null, multiSelected: [], batch: null };
  // the workspace's own hydrate builds cards from the server's answers (results, running jobs, stuck rule)
  const hydrated = workspaceReducer(cleared, { type: 'hydrate', images: matched.flatMap((m) => (m.dto ? [m.dto] : [])), now });
  const byImageId = new Map(hydrated.images.map((img) => [img.imageId, img]));

  const images: WorkspaceImage[] = matched.map(({ saved, dto }) => {
    const zoom = clampZoom((saved.scale || 1) * 100);
    if (dto) {
      const card = byImageId.get(dto.id)!;
      let enhanced = card.enhanced;
      if (saved.enhancedUrl && (!enhanced || stripQuery(enhanced.url) !== stripQuery(saved.enhancedUrl))) {
        // the version the viewport showed; a result the server no longer lists is kept at the image's own size
        enhanced = versionsOf(card).find((v) => stripQuery(v.url) === stripQuery(saved.enhancedUrl!)) ?? {
          jobId: '',
          url: saved.enhancedUrl,
          width: card.width,
          height: card.height,
          scale: 1,
          mode: 'remove',
        };
      }
      const busy = card.status === 'processing' || card.status === 'cancelling';
      return { ...card, enhanced, status: busy ? card.status : enhanced ? 'enhanced' : card.status, position: { ...saved.position }, zoom };
    }
    return {
      key: saved.id,
      imageId: null,
      name: saved.name ?? 'image',
      width: saved.width ?? 0,
      height: saved.height ?? 0,
      url: saved.originalUrl,
      thumbnailUrl: null,
      localUrl: null,
      enhanced: saved.enhancedUrl ? { jobId: '', url: saved.enhancedUrl, width: saved.width ?? 0, height: saved.height ?? 0, scale: 1, mode: 'remove' } : null,
      status: saved.enhancedUrl ? 'enhanced' : 'idle',
      job: null,
      error: null,
      position: { ...saved.position },
      view: 'compare',
      zoom,
    };
  });

  const params = data.enhancementParams ?? {};
  const settings = { ...state.settings, params: { ...state.settings.params } };
  for (const [k, v] of Object.entries(params)) if (typeof v === 'number' && k !== 'resolutionScale') settings.params[k] = v;
  if (isUpscaleFactor(params.resolutionScale)) settings.scale = params.resolutionScale;
  if (isEnhancementMode(params.enhancementMode)) settings.mode = params.enhancementMode;
  settings.target = parseTargetSize(params.targetSize);

  return {
    state: { ...hydrated, loaded: true, images, settings },
    currentMode: data.currentMode === 'remove' ? 'remove' : 'enhance',
    brushSize: data.brushSize,
    camera: data.camera ?? null,
    missing,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** At most this many uploads a viewport shows beyond the workspace's list are asked for, one request each. */
export const UNLISTED_FETCH_MAX = 50;

/**
 * The uploads a saved viewport shows that the workspace's list lacks (it holds the newest ones): older uploads are
 * asked for by id (the library's card), so a session never drops an upload for its age. One deleted since is
 * refused then and counted missing as before.
 */
export function unlistedImageIds(data: Pick<ViewportData, 'images'>, listed: Pick<ImageDto, 'id'>[]): string[] {
  const known = new Set(listed.map((i) => i.id));
  const ids = data.images.flatMap((i) => (i.imageId && UUID.test(i.imageId) && !known.has(i.imageId) ? [i.imageId] : []));
  return [...new Set(ids)].slice(0, UNLISTED_FETCH_MAX);
}

/** An empty workspace: 'New viewport created - workspace cleared'. Uploads stay on the server. */
export function clearedWorkspace(state: WorkspaceState): WorkspaceState {
  return { ...state, images: [], selectedKey: null, multiSelected: [], batch: null, loaded: true };
}
