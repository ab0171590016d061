/**
 * The workspace as a pure state machine: every card's life (upload, enhancement, cancel, result) is a transition
 * here, so the rules can be tested without a browser and the components only render and dispatch.
 *
 * Card states:
 *   uploading ──ok──▶ idle ──submit──▶ processing ──completed──▶ enhanced ──submit──▶ processing …
 *       │                                  │  ▲  │
 *     error                           cancel  │  failed ──▶ failed (original kept; can enhance again)
 *       ▼                                  ▼  │
 *   upload-failed ──retry──▶ uploading   cancelling ──cancelled──▶ idle / enhanced (earlier result kept)
 *                                             └──cancel refused──▶ processing
 */
import { DEFAULT_ENHANCEMENT_PARAMS, MODE_PRESETS, STUCK_IMAGE_MS, type EnhancementMode, type UpscaleFactor, isUpscaleFactor } from '@shared/enhancement';
import type { AcceptedUploadDto, ImageDto, JobDto } from './types';
import { positionsForNew, type Point } from './layout';
import { ZOOM_DEFAULT } from './zoom';
import { versionChain, versionChainLabel, type VersionStep } from '@shared/versions';
import type { TargetSize } from '@shared/target-size';
import type { JobPhase } from '@shared/estimates';

export type CardStatus = 'idle' | 'uploading' | 'upload-failed' | 'processing' | 'cancelling' | 'enhanced' | 'failed';
type CardView = 'compare' | 'preview';

export interface EnhancedResult {
  jobId: string;
  url: string;
  /** The result scaled down for the canvas (the full file is shown above 100 % card zoom and downloaded). */
  previewUrl?: string | null;
  width: number;
  height: number;
  scale: number;
  mode: string;
  /** The stored result: a removal on this version works on it. Absent for results known only by their URL. */
  imageId?: string | null;
  /** The version it was made from (a job id); null: the upload. */
  parentJobId?: string | null;
}

interface ActiveJob {
  id: string;
  scale: number;
  mode: string;
  progress: number;
  etaMs: number | null;
  /** What the worker says it is doing: loading the model, tile 3 of 12, saving; null before it says. */
  phase?: JobPhase | null;
  /** Client clock when the job began (or its server creation time after a reload): drives the 'Almost done...' rule. */
  startedAt: number;
  /** A worker has taken it. */
  started: boolean;
  workflow: 'enhance' | 'remove';
}

export interface WorkspaceImage {
  /** Stable client key: the node id on the canvas, known before the upload returns. */
  key: string;
  /** Server id once uploaded. */
  imageId: string | null;
  name: string;
  width: number;
  height: number;
  url: string | null;
  thumbnailUrl: string | null;
  /** Browser-side preview shown while the file uploads. */
  localUrl: string | null;
  enhanced: EnhancedResult | null;
  /** Every result of the image, oldest first (`enhanced` is the one shown); earlier ones stay reachable. */
  versions?: EnhancedResult[];
  status: CardStatus;
  job: ActiveJob | null;
  error: string | null;
  position: Point;
  view: CardView;
  zoom: number;
}

interface EnhanceSettings {
  scale: UpscaleFactor | null;
  /** An exact output size instead of the factor; null: the factor. Choosing a factor clears it. */
  target: TargetSize | null;
  mode: EnhancementMode | null;
  params: Record<string, number>;
}

interface BatchRun {
  /** Keys submitted or waiting in this Enhance-all run. */
  keys: string[];
  /** Keys not yet submitted, in order. */
  waiting: string[];
  /** Keys whose job ended (completed, failed or cancelled). */
  finished: string[];
  scale: UpscaleFactor;
  target?: TargetSize | null;
  mode: EnhancementMode;
  /**
   * The server refused a submission for its concurrency limit (it also counts jobs this page no longer tracks,
   * e.g. from another tab): no new submission before this time, or before one of this page's jobs ends.
   */
  heldUntil: number | null;
}

export interface WorkspaceState {
  images: WorkspaceImage[];
  selectedKey: string | null;
  /** Extra selection for Enhance all (shift-click). */
  multiSelected: string[];
  loaded: boolean;
  settings: EnhanceSettings;
  batch: BatchRun | null;
  /** Counts the times cards were laid out from saved positions (the first load, a session put back): the canvas frames them anew each time. */
  layouts: number;
}

export const initialWorkspaceState: WorkspaceState = {
  images: [],
  selectedKey: null,
  multiSelected: [],
  loaded: false,
  settings: { scale: 2, target: null, mode: 'precision', params: { ...DEFAULT_ENHANCEMENT_PARAMS, precision: MODE_PRESETS.precision.value } },
  batch: null,
  layouts: 0,
};

export type WorkspaceAction =
  | { type: 'hydrate'; images: ImageDto[]; now: number }
  | { type: 'loadFailed' }
  | { type: 'uploadStarted'; items: { key: string; name: string; localUrl: string | null }[] }
  | { type: 'uploadSucceeded'; key: string; upload: AcceptedUploadDto }
  | { type: 'uploadFailed'; key: string; error: string }
  | { type: 'uploadRetry'; key: string }
  | { type: 'select'; key: string | null; additive?: boolean }
  | { type: 'selectAll' }
  | { type: 'move'; key: string; position: Point }
  | { type: 'remove'; key: string }
  | { type: 'restore'; image: WorkspaceImage; index: number }
  /** An upload brought from the library: a card with its versions at `position` (its top left), or in the next free grid slot. */
  | { type: 'addFromLibrary'; image: ImageDto; position?: Point; now: number }
  | { type: 'setScale'; scale: UpscaleFactor }
  | { type: 'setTarget'; target: TargetSize | null }
  | { type: 'setMode'; mode: EnhancementMode }
  | { type: 'jobSubmitted'; key: string; job: JobDto; now: number }
  | { type: 'jobSubmitFailed'; key: string; error: string }
  | { type: 'jobUpdate'; job: JobDto; now: number }
  | { type: 'cancelRequested'; key: string }
  | { type: 'cancelRefused'; key: string }
  | { type: 'cancelledLocally'; key: string }
  | { type: 'setView'; key: string; view: CardView }
  | { type: 'setZoom'; key: string; zoom: number }
  /** Show an earlier (or later) result of the card; downloads and removals then work on it. */
  | { type: 'showVersion'; key: string; jobId: string }
  | { type: 'versionsDeleted'; jobIds: string[] }
  | { type: 'replaceUrls'; urls: Record<string, string> }
  | { type: 'clearStuck'; now: number }
  | { type: 'batchStarted'; keys: string[]; scale: UpscaleFactor; target?: TargetSize | null; mode: EnhancementMode }
  | { type: 'batchSubmitted'; key: string }
  | { type: 'batchDropped'; key: string }
  /** The server had no free slot: the key waits again (first in line) and the batch holds until `until`. */
  | { type: 'batchRequeued'; key: string; until: number }
  | { type: 'batchResume' }
  /** Stop queuing: waiting keys are dropped, jobs already running go on. */
  | { type: 'batchStopped' }
  | { type: 'batchCleared' }
  /** A saved viewport replaces the workspace (sessions: load, restore, new viewport). */
  | { type: 'applySession'; apply: (s: WorkspaceState) => WorkspaceState };

export const isBusy = (image: WorkspaceImage) => image.status === 'processing' || image.status === 'cancelling';
export const isUploaded = (image: WorkspaceImage) => image.imageId !== null && image.status !== 'uploading' && image.status !== 'upload-failed';

/** An image stuck processing over 10 minutes (seed 000 §4) may be enhanced again. */
export const isStuck = (image: WorkspaceImage, now: number) => isBusy(image) && image.job !== null && now - image.job.startedAt > STUCK_IMAGE_MS;

function enhancedFromDto(dto: ImageDto['enhanced'], source: { width: number }): EnhancedResult | null {
  if (!dto || !dto.url) return null;
  // older results may lack the scale; their size tells it
  const scale = dto.scale ?? (source.width > 0 ? Math.round(dto.width / source.width) : 2);
  return {
    jobId: dto.jobId,
    url: dto.url,
    previewUrl: dto.previewUrl ?? null,
    width: dto.width,
    height: dto.height,
    scale,
    mode: dto.mode ?? 'precision',
    imageId: dto.imageId ?? null,
    parentJobId: dto.parentJobId ?? null,
  };
}

/** The card's results, oldest first, with `next` added as the newest. */
export function versionsOf(img: Pick<WorkspaceImage, 'enhanced' | 'versions'>, next?: EnhancedResult): EnhancedResult[] {
  const known = img.versions ?? (img.enhanced ? [img.enhanced] : []);
  if (!next) return known;
  return [...known.filter((v) => v.jobId !== next.jobId || !next.jobId), next];
}

function jobFromDto(job: JobDto, startedAt: number): ActiveJob {
  return {
    id: job.id,
    scale: job.scale ?? 2,
    mode: job.mode ?? 'precision',
    progress: clamp01(job.progress),
    etaMs: job.eta_ms,
    phase: job.phase ?? null,
    startedAt,
    started: Boolean(job.started_at) || job.progress > 0,
    workflow: job.workflow_type ?? 'enhance',
  };
}

const clamp01 = (n: number) => (Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : 0);
const parseTime = (iso: string | null | undefined, fallback: number) => {
  const t = iso ? Date.parse(iso) : NaN;
  return Number.isFinite(t) ? t : fallback;
};

function update(state: WorkspaceState, key: string, fn: (image: WorkspaceImage) => WorkspaceImage): WorkspaceState {
  let changed = false;
  const images = state.images.map((img) => {
    if (img.key !== key) return img;
    const next = fn(img);
    if (next !== img) changed = true;
    return next;
  });
  return changed ? { ...state, images } : state;
}

/** The state a card returns to when its job ends without a new result. */
const restingStatus = (image: WorkspaceImage): CardStatus => (image.enhanced ? 'enhanced' : 'idle');

function finishBatchKey(batch: BatchRun | null, key: string): BatchRun | null {
  if (!batch || !batch.keys.includes(key) || batch.finished.includes(key)) return batch;
  // a slot came free: a hold for the server's concurrency limit is over
  return { ...batch, finished: [...batch.finished, key], waiting: batch.waiting.filter((k) => k !== key), heldUntil: null };
}

export function workspaceReducer(state: WorkspaceState, action: WorkspaceAction): WorkspaceState {
  switch (action.type) {
    case 'hydrate': {
      const known = new Set(state.images.map((i) => i.imageId).filter(Boolean));
      const fresh = action.images.filter((i) => !known.has(i.id));
      // the API lists newest first; the grid reads oldest first, like the order they were uploaded
      const ordered = [...fresh].reverse();
      const positions = positionsForNew(
        state.images.map((i) => i.position),
        ordered.length,
      );
      const added = ordered.map((dto, n): WorkspaceImage => {
        const enhanced = enhancedFromDto(dto.enhanced, dto);
        const versions = (dto.versions ?? []).flatMap((v) => enhancedFromDto(v, dto) ?? []);
        const active = dto.activeJob && (dto.activeJob.status === 'processing' || dto.activeJob.status === 'pending') ? dto.activeJob : null;
        const startedAt = active ? parseTime(active.created_at, action.now) : 0;
        // seed 000 §4: an image stuck processing over 10 minutes is cleared on load and may be enhanced again
        const stuck = active !== null && action.now - startedAt > STUCK_IMAGE_MS;
        return {
          key: dto.id,
          imageId: dto.id,
          name: dto.name,
          width: dto.width,
          height: dto.height,
          url: dto.url,
          thumbnailUrl: dto.thumbnailUrl ?? null,
          localUrl: null,
          enhanced,
          versions: versions.length > 0 ? versions : enhanced ? [enhanced] : [],
          status: active && !stuck ? 'processing' : enhanced ? 'enhanced' : 'idle',
          job: active && !stuck ? jobFromDto(active, startedAt) : null,
          error: null,
          position: positions[n],
          view: 'compare',
          zoom: ZOOM_DEFAULT,
        };
      });
      return { ...state, loaded: true, images: [...state.images, ...added], layouts: added.length > 0 ? state.layouts + 1 : state.layouts };
    }

    case 'loadFailed':
      return { ...state, loaded: true };

    case 'uploadStarted': {
      const positions = positionsForNew(
        state.images.map((i) => i.position),
        action.items.length,
      );
      const added = action.items.map((item, n): WorkspaceImage => ({
        key: item.key,
        imageId: null,
        name: item.name,
        width: 0,
        height: 0,
        url: null,
        thumbnailUrl: null,
        localUrl: item.localUrl,
        enhanced: null,
        status: 'uploading',
        job: null,
        error: null,
        position: positions[n],
        view: 'compare',
        zoom: ZOOM_DEFAULT,
      }));
      return { ...state, images: [...state.images, ...added] };
    }

    case 'uploadSucceeded':
      return update(state, action.key, (img) =>
        img.status !== 'uploading'
          ? img
          : {
              ...img,
              imageId: action.upload.id,
              name: action.upload.name || img.name,
              width: action.upload.width,
              height: action.upload.height,
              url: action.upload.url,
              thumbnailUrl: action.upload.thumbnailUrl ?? null,
              status: 'idle',
              error: null,
            },
      );

    case 'uploadFailed':
      return update(state, action.key, (img) => (img.status !== 'uploading' ? img : { ...img, status: 'upload-failed', error: action.error }));

    case 'uploadRetry':
      return update(state, action.key, (img) => (img.status !== 'upload-failed' ? img : { ...img, status: 'uploading', error: null }));

    case 'select': {
      if (action.key === null) return { ...state, selectedKey: null, multiSelected: [] };
      const target = state.images.find((i) => i.key === action.key);
      // seed 000 §4: clicking selects unless the card is processing
      if (!target || isBusy(target)) return state;
      if (action.additive) {
        const set = new Set(state.multiSelected);
        if (state.selectedKey && state.selectedKey !== action.key) set.add(state.selectedKey);
        if (set.has(action.key)) set.delete(action.key);
        else set.add(action.key);
        return { ...state, selectedKey: action.key, multiSelected: [...set] };
      }
      return { ...state, selectedKey: action.key, multiSelected: [] };
    }

    case 'selectAll': {
      // every card a click could select (not one that is processing); the one already selected stays the main one
      const keys = state.images.filter((i) => !isBusy(i)).map((i) => i.key);
      if (keys.length === 0) return state;
      const selectedKey = state.selectedKey && keys.includes(state.selectedKey) ? state.selectedKey : keys[0];
      return { ...state, selectedKey, multiSelected: keys.length > 1 ? keys : [] };
    }

    case 'move':
      return update(state, action.key, (img) => (isBusy(img) ? img : { ...img, position: action.position }));

    case 'remove': {
      const images = state.images.filter((i) => i.key !== action.key);
      if (images.length === state.images.length) return state;
      // seed 000 §4: removing the selected image clears the selection
      const selectedKey = state.selectedKey === action.key ? null : state.selectedKey;
      const batch = state.batch ? finishBatchKey(state.batch, action.key) : null;
      return { ...state, images, selectedKey, multiSelected: state.multiSelected.filter((k) => k !== action.key), batch };
    }

    case 'restore': {
      if (state.images.some((i) => i.key === action.image.key)) return state;
      const images = [...state.images];
      images.splice(Math.min(Math.max(0, action.index), images.length), 0, action.image);
      return { ...state, images };
    }

    case 'addFromLibrary': {
      if (state.images.some((i) => i.imageId === action.image.id)) return state;
      // built as the first load builds a card (versions, a running job, the stuck rule), without laying the canvas out anew
      const [card] = workspaceReducer({ ...state, images: [] }, { type: 'hydrate', images: [action.image], now: action.now }).images;
      const position =
        action.position ??
        positionsForNew(
          state.images.map((i) => i.position),
          1,
        )[0];
      const placed = { ...card, position };
      return { ...state, images: [...state.images, placed], selectedKey: isBusy(placed) ? state.selectedKey : placed.key, multiSelected: [] };
    }

    case 'setScale':
      return isUpscaleFactor(action.scale) ? { ...state, settings: { ...state.settings, scale: action.scale, target: null } } : state;

    case 'setTarget':
      return { ...state, settings: { ...state.settings, target: action.target } };

    case 'setMode': {
      // seed 000 §4: exactly one mode; choosing it sets its own parameter to the preset
      const preset = MODE_PRESETS[action.mode];
      return { ...state, settings: { ...state.settings, mode: action.mode, params: { ...state.settings.params, [preset.key]: preset.value } } };
    }

    case 'jobSubmitted':
      return update(state, action.key, (img) => ({
        ...img,
        status: 'processing',
        error: null,
        job: jobFromDto(action.job, action.now),
        // the result is looked at as a comparison first (seed 000 §4)
        view: 'compare',
      }));

    case 'jobSubmitFailed':
      // a card that holds a job is running an earlier submission: the refusal of a second one leaves it be.
      // An Enhance-all run decides itself whether the image waits again or leaves the run (batchRequeued, batchDropped).
      return update(state, action.key, (img) => (img.job ? img : { ...img, status: restingStatus(img), job: null }));

    case 'jobUpdate': {
      const job = action.job;
      const target =
        state.images.find((i) => i.job?.id === job.id) ??
        (job.target_image_id ? state.images.find((i) => i.imageId === job.target_image_id && isBusy(i) && !i.job) : undefined);
      if (!target) {
        // a completion for a card not (or no longer) tracking the job, e.g. restored after a reload without it
        if (job.status === 'completed' && job.processed_image_url && job.target_image_id && job.workflow_type !== 'remove') {
          const idle = state.images.find((i) => i.imageId === job.target_image_id);
          if (idle && !isBusy(idle) && idle.enhanced?.jobId !== job.id && !idle.enhanced) {
            return update(state, idle.key, (img) => withResult({ ...img, status: 'enhanced' }, resultOf(img, job)));
          }
        }
        return state;
      }
      if (job.status === 'processing' || job.status === 'pending') {
        return update(state, target.key, (img) => {
          if (!img.job) return img;
          const progress = Math.max(img.job.progress, clamp01(job.progress));
          const started = img.job.started || Boolean(job.started_at) || job.progress > 0;
          return { ...img, job: { ...img.job, progress, etaMs: job.eta_ms, phase: job.phase ?? img.job.phase ?? null, started } };
        });
      }
      let next: WorkspaceState;
      if (job.status === 'completed') {
        next = update(state, target.key, (img) =>
          job.processed_image_url
            ? withResult({ ...img, status: 'enhanced', job: null, error: null, view: 'compare' }, resultOf(img, job))
            : { ...img, status: 'failed', job: null, error: job.error_message },
        );
      } else if (job.status === 'failed') {
        next = update(state, target.key, (img) => ({ ...img, status: img.enhanced ? 'enhanced' : 'failed', job: null, error: job.error_message }));
      } else {
        next = update(state, target.key, (img) => ({ ...img, status: restingStatus(img), job: null }));
      }
      return { ...next, batch: finishBatchKey(next.batch, target.key) };
    }

    case 'cancelRequested':
      return update(state, action.key, (img) => (img.status === 'processing' ? { ...img, status: 'cancelling' } : img));

    case 'cancelRefused':
      return update(state, action.key, (img) => (img.status === 'cancelling' ? { ...img, status: 'processing' } : img));

    case 'cancelledLocally': {
      const next = update(state, action.key, (img) => (isBusy(img) ? { ...img, status: restingStatus(img), job: null } : img));
      return { ...next, batch: finishBatchKey(next.batch, action.key) };
    }

    case 'setView':
      return update(state, action.key, (img) => (img.view === action.view ? img : { ...img, view: action.view }));

    case 'showVersion':
      return update(state, action.key, (img) => {
        const version = versionsOf(img).find((v) => v.jobId === action.jobId);
        return !version || isBusy(img) || img.enhanced === version ? img : { ...img, enhanced: version, view: 'preview' };
      });

    case 'versionsDeleted': {
      const gone = new Set(action.jobIds);
      let changed = false;
      const images = state.images.map((img) => {
        const versions = versionsOf(img);
        const kept = versions.filter((v) => !v.jobId || !gone.has(v.jobId));
        if (kept.length === versions.length) return img;
        changed = true;
        // the card showed a deleted version: it shows the newest one left, else the upload
        const enhanced = img.enhanced && kept.includes(img.enhanced) ? img.enhanced : (kept.at(-1) ?? null);
        const status = img.status === 'enhanced' && !enhanced ? 'idle' : img.status;
        return { ...img, versions: kept, enhanced, status };
      });
      return changed ? { ...state, images } : state;
    }

    case 'setZoom':
      return update(state, action.key, (img) => (img.zoom === action.zoom ? img : { ...img, zoom: action.zoom }));

    case 'replaceUrls': {
      const map = action.urls;
      const swap = (u: string | null) => (u && map[u] ? map[u] : u);
      let changed = false;
      const images = state.images.map((img) => {
        const url = swap(img.url);
        const thumbnailUrl = swap(img.thumbnailUrl);
        const enhancedUrl = img.enhanced ? swap(img.enhanced.url) : null;
        const previewUrl = img.enhanced?.previewUrl ? swap(img.enhanced.previewUrl) : null;
        if (
          url === img.url &&
          thumbnailUrl === img.thumbnailUrl &&
          enhancedUrl === (img.enhanced?.url ?? null) &&
          previewUrl === (img.enhanced?.previewUrl ?? null)
        )
          return img;
        changed = true;
        return { ...img, url, thumbnailUrl, enhanced: img.enhanced ? { ...img.enhanced, url: enhancedUrl!, previewUrl } : null };
      });
      return changed ? { ...state, images } : state;
    }

    case 'clearStuck': {
      let next = state;
      for (const img of state.images) {
        if (isStuck(img, action.now)) {
          next = update(next, img.key, (i) => ({ ...i, status: restingStatus(i), job: null }));
          next = { ...next, batch: finishBatchKey(next.batch, img.key) };
        }
      }
      return next;
    }

    case 'batchStarted': {
      const keys = action.keys.filter((k) => state.images.some((i) => i.key === k));
      if (keys.length === 0) return state;
      return { ...state, batch: { keys, waiting: keys, finished: [], scale: action.scale, target: action.target ?? null, mode: action.mode, heldUntil: null } };
    }

    case 'batchSubmitted':
      return state.batch ? { ...state, batch: { ...state.batch, waiting: state.batch.waiting.filter((k) => k !== action.key) } } : state;

    case 'batchDropped':
      return { ...state, batch: finishBatchKey(state.batch, action.key) };

    case 'batchRequeued': {
      const b = state.batch;
      if (!b || !b.keys.includes(action.key) || b.finished.includes(action.key)) return state;
      return { ...state, batch: { ...b, waiting: [action.key, ...b.waiting.filter((k) => k !== action.key)], heldUntil: action.until } };
    }

    case 'batchResume':
      return state.batch?.heldUntil ? { ...state, batch: { ...state.batch, heldUntil: null } } : state;

    case 'batchStopped': {
      const b = state.batch;
      if (!b || b.waiting.length === 0) return state;
      // the keys never submitted leave the run, so its count and progress describe what really ran
      const dropped = new Set(b.waiting);
      return { ...state, batch: { ...b, keys: b.keys.filter((k) => !dropped.has(k)), waiting: [], heldUntil: null } };
    }

    case 'batchCleared':
      return { ...state, batch: null };

    case 'applySession':
      return action.apply(state);
  }
}

function resultOf(img: WorkspaceImage, job: JobDto): EnhancedResult {
  const scale = job.scale ?? img.job?.scale ?? 2;
  // the job worked on the version it started from (a removal names it by its stored file too); none: the upload
  const versions = versionsOf(img);
  const basis =
    (job.source_job_id ? versions.find((v) => v.jobId === job.source_job_id) : undefined) ??
    (job.workflow_type === 'remove' && job.target_image_id ? versions.find((v) => v.imageId === job.target_image_id) : undefined);
  const from = basis ?? img;
  const factor = job.workflow_type === 'remove' ? 1 : scale;
  return {
    jobId: job.id,
    url: job.processed_image_url!,
    previewUrl: job.preview_url ?? null,
    width: Math.round(from.width * factor),
    height: Math.round(from.height * factor),
    scale,
    mode: job.mode ?? img.job?.mode ?? 'precision',
    imageId: job.result_image_id,
    parentJobId: job.source_job_id ?? basis?.jobId ?? null,
  };
}

/** The card's versions as steps of their chains (shared/versions.ts), oldest first, each with its size. */
export function versionSteps(img: Pick<WorkspaceImage, 'enhanced' | 'versions'>): (VersionStep & { width: number; height: number })[] {
  return versionsOf(img).map((v) => ({
    jobId: v.jobId,
    parentJobId: v.parentJobId ?? null,
    workflow: v.mode === 'remove' ? 'remove' : 'enhance',
    scale: v.scale,
    mode: v.mode,
    width: v.width,
    height: v.height,
  }));
}

/**
 * "Removed 1 object · ×2 Precision": a version of the card (by default the one it shows; none: the upload), named by
 * the steps that made it.
 */
export function versionLabelOf(img: Pick<WorkspaceImage, 'enhanced' | 'versions'>, version: EnhancedResult | null = img.enhanced): string {
  if (!version) return versionChainLabel([]);
  const chain = versionChain(versionSteps(img), version.jobId || null);
  // a result not known by its job still names its own step
  return versionChainLabel(
    chain.length > 0 ? chain : [{ workflow: version.mode === 'remove' ? 'remove' : 'enhance', scale: version.scale, mode: version.mode }],
  );
}

/** Whether a version's chain holds an enhancement; one made by removals alone is badged for what it is. */
export function isEnhancedVersion(img: Pick<WorkspaceImage, 'enhanced' | 'versions'>, version: EnhancedResult | null = img.enhanced): boolean {
  if (!version) return false;
  const chain = versionChain(versionSteps(img), version.jobId || null);
  return chain.length > 0 ? chain.some((s) => s.workflow === 'enhance') : version.mode !== 'remove';
}

/**
 * What an enhancement of the card starts from: the version it shows (a result the server knows by its job), or the
 * upload. Its size sets the output size and the cost.
 */
export function enhanceInput(img: Pick<WorkspaceImage, 'width' | 'height' | 'enhanced'>): { width: number; height: number; versionId: string | null } {
  const shown = img.enhanced;
  if (shown?.jobId && shown.width > 0 && shown.height > 0) return { width: shown.width, height: shown.height, versionId: shown.jobId };
  return { width: img.width, height: img.height, versionId: null };
}

const withResult = (img: WorkspaceImage, result: EnhancedResult): WorkspaceImage => ({ ...img, enhanced: result, versions: versionsOf(img, result) });

// ---------------------------------------------------------------- selectors

export const activeJobCount = (s: WorkspaceState) => s.images.filter((i) => isBusy(i) && i.job?.workflow !== 'remove').length;
export const hasActiveEnhancement = (s: WorkspaceState) => s.images.some(isBusy);

/**
 * Enhance all takes the multi-selection when there is one, otherwise every uploaded image without a result;
 * busy images are never queued twice.
 */
export function enhanceAllCandidates(s: WorkspaceState): string[] {
  const chosen = s.multiSelected.length > 0 ? new Set([...s.multiSelected, ...(s.selectedKey ? [s.selectedKey] : [])]) : null;
  return s.images.filter((i) => isUploaded(i) && !isBusy(i) && (chosen ? chosen.has(i.key) : !i.enhanced)).map((i) => i.key);
}

/** The batch keys to submit now: as many waiting ones as the plan has free slots. */
export function batchKeysToSubmit(s: WorkspaceState, limit: number, now = Date.now()): string[] {
  if (!s.batch) return [];
  if (s.batch.heldUntil !== null && now < s.batch.heldUntil) return [];
  const free = limit - activeJobCount(s);
  if (free <= 0) return [];
  return s.batch.waiting.filter((k) => s.images.some((i) => i.key === k && isUploaded(i) && !isBusy(i))).slice(0, free);
}

interface BatchProgressView {
  total: number;
  finished: number;
  /** Finished with a result (failed and cancelled ones count as finished, not enhanced). */
  enhanced: number;
  /** Still to be submitted. */
  waiting: number;
  /** 0..1, counting running jobs' own progress. */
  fraction: number;
}

/** Every key of the run has ended (or was dropped): the run can be cleared. */
export const batchDone = (s: WorkspaceState) => s.batch !== null && s.batch.finished.length >= s.batch.keys.length;

export function batchProgress(s: WorkspaceState): BatchProgressView | null {
  if (!s.batch) return null;
  const total = s.batch.keys.length;
  let sum = s.batch.finished.length;
  for (const key of s.batch.keys) {
    if (s.batch.finished.includes(key)) continue;
    const img = s.images.find((i) => i.key === key);
    if (img?.job) sum += img.job.progress;
  }
  const enhanced = s.batch.finished.filter((k) => s.images.some((i) => i.key === k && i.status === 'enhanced')).length;
  return { total, finished: s.batch.finished.length, enhanced, waiting: s.batch.waiting.length, fraction: total === 0 ? 1 : sum / total };
}
