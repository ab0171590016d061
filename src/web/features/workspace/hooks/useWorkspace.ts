import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { toast } from 'sonner';
import { msg } from '../../../../shared/messages';
import { storageMessages } from '../../../../shared/storage-messages';
import { fill } from '../../../../shared/messages';
import { SIGNED_URL_BATCH_MAX, SIGNED_URL_TTL } from '../../../../shared/limits';
import { STUCK_IMAGE_MS, type EnhancementMode, type UpscaleFactor } from '../../../../shared/enhancement';
import { enhanceCreditCost } from '../../../../shared/credit-cost';
import { ApiError, workspaceApi } from '../api/workspace-api';
import type { JobDto } from '../api/types';
import {
  activeJobCount,
  batchDone,
  batchKeysToSubmit,
  enhanceAllCandidates,
  hasActiveEnhancement,
  initialWorkspaceState,
  isBusy,
  isStuck,
  isUploaded,
  workspaceReducer,
  type WorkspaceImage,
  type WorkspaceState,
} from '../../canvas-core/workspace-state';
import { enhanceRefusal, failureToast, planConcurrency, splitTitle } from '../lib/enhance-checks';
import { runInBatches, selectUploadable } from '../lib/upload-batches';
import { encodeForDownload, downloadFileName, saveBlob, type DownloadFormat } from '../lib/download';
import { showUploadSummary, skippedNames } from '../lib/upload-summary';
import { needsRefresh, refreshRequests } from '../lib/signed-urls';
import { useLiveChannel } from './useLiveChannel';
import { busyCards, planStuckFix } from '../lib/stuck-jobs';
import { useWorkspaceProfile } from './useWorkspaceProfile';

/** seed 001 §7.3 and §9: fallback poll every 15 s, starting 60 s after a job is registered. */
const POLL_EVERY_MS = 15_000;
const POLL_AFTER_MS = 60_000;
/** seed 001 §4: the profile is refreshed for credits 2 s after a completion. */
const PROFILE_REFRESH_DELAY_MS = 2_000;
/** How long a removed card can be brought back before the server deletes it. */
const UNDO_WINDOW_MS = 5_000;
/** seed 001 §9: the URL cache is cleaned every 10 minutes. */
const URL_SWEEP_MS = 10 * 60_000;
/** Images failing again this soon after a successful refresh are not an expiry problem; ask instead of looping. */
const URL_RETRY_GRACE_MS = 30_000;
/** Enhance all after the server refused a slot: try again this much later, or as soon as one of its jobs ends. */
const BATCH_HOLD_MS = 5_000;
/** A finished Enhance-all run stays on screen this long. */
const BATCH_CLEAR_MS = 2_500;
/** Live updates for a job whose submission has not answered yet are kept this long for it. */
const EARLY_EVENT_TTL_MS = 60_000;

/** How a submission ended: 'busy' is the server's concurrency limit, 'no-credits' a balance too low for it. */
export type SubmitOutcome = 'ok' | 'busy' | 'no-credits' | 'failed';

export interface UploadProgress {
  done: number;
  total: number;
}

export type UrlRefreshState = 'idle' | 'refreshing' | 'failed';

/** A job that will not change again. */
const isFinal = (status: string) => status === 'completed' || status === 'failed' || status === 'cancelled';

let keySeq = 0;
const newKey = () => `local-${Date.now().toString(36)}-${(keySeq++).toString(36)}`;

function toastError(text: string) {
  const t = splitTitle(text);
  toast.error(t.title, t.description ? { description: t.description } : undefined);
}

export function useWorkspace() {
  const [state, dispatch] = useReducer(workspaceReducer, initialWorkspaceState);
  const stateRef = useRef<WorkspaceState>(state);
  stateRef.current = state;
  const { user, profile, setCredits, refresh: refreshProfile } = useWorkspaceProfile();
  const profileRef = useRef(profile);
  profileRef.current = profile;

  const [upload, setUpload] = useState<UploadProgress | null>(null);
  const [downloading, setDownloading] = useState(false);
  const [urlRefresh, setUrlRefresh] = useState<UrlRefreshState>('idle');
  const files = useRef(new Map<string, File>());
  const inFlight = useRef(new Set<string>());
  const jobRegisteredAt = useRef(new Map<string, number>());

  const limit = planConcurrency(profile?.subscription_status ?? null, profile?.beta_access ?? false);

  // ---------------------------------------------------------------- loading

  const load = useCallback(async () => {
    try {
      const { images } = await workspaceApi.images();
      const now = Date.now();
      const stuck = images.filter((i) => i.activeJob && now - Date.parse(i.activeJob.created_at) > STUCK_IMAGE_MS).length;
      dispatch({ type: 'hydrate', images, now });
      for (const i of images) if (i.activeJob) jobRegisteredAt.current.set(i.activeJob.id, Date.parse(i.activeJob.created_at) || now);
      if (stuck > 0) toast.info(msg('workspaceStuckCleared', { n: stuck }));
    } catch (err) {
      dispatch({ type: 'loadFailed' });
      if (!(err instanceof ApiError && err.status === 404)) toastError(err instanceof Error ? err.message : msg('imageLoadFailed'));
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  // ---------------------------------------------------------------- job updates (live, poll, focus)

  /** Job updates an add-on takes over (the remove tool's removal jobs); true when it handled the job. */
  const jobInterceptor = useRef<((job: JobDto) => boolean) | null>(null);

  /**
   * Updates for a job that no card tracks yet: the live channel can be faster than the answer to the submission
   * itself (a quick job may even finish first). They are kept and applied once the submission has answered.
   */
  const earlyJobs = useRef(new Map<string, { job: JobDto; at: number }>());

  const applyJob = useCallback(
    (job: JobDto, opts: { tracked?: boolean } = {}) => {
      if (jobInterceptor.current?.(job)) return;
      const before = opts.tracked || stateRef.current.images.some((i) => i.job?.id === job.id);
      if (!before && inFlight.current.size > 0) {
        const now = Date.now();
        for (const [id, e] of earlyJobs.current) if (now - e.at > EARLY_EVENT_TTL_MS) earlyJobs.current.delete(id);
        const kept = earlyJobs.current.get(job.id)?.job;
        // the latest state wins; a final one is never replaced by a late progress update
        if (!kept || !isFinal(kept.status) || isFinal(job.status)) earlyJobs.current.set(job.id, { job, at: now });
      }
      dispatch({ type: 'jobUpdate', job, now: Date.now() });
      if (!before) return;
      if (isFinal(job.status)) jobRegisteredAt.current.delete(job.id);
      if (job.status === 'completed' && job.processed_image_url) {
        toast.success(msg('enhanceCompleted'));
        setTimeout(() => void refreshProfile(), PROFILE_REFRESH_DELAY_MS);
      } else if (job.status === 'completed' || job.status === 'failed') {
        const t = failureToast(job.status === 'completed' ? msg('enhanceNoResultUrl') : job.error_message);
        if (t) toast.error(t.title, t.description ? { description: t.description } : undefined);
        void refreshProfile();
      }
    },
    [refreshProfile],
  );

  const pollJobs = useCallback(
    async (ids: string[]) => {
      if (ids.length === 0) return;
      try {
        const { jobs } = await workspaceApi.jobs(ids.slice(0, 100));
        for (const job of jobs) applyJob(job);
      } catch {
        // the next poll or the live channel brings the news
      }
    },
    [applyJob],
  );

  const activeIds = () => stateRef.current.images.filter((i) => isBusy(i) && i.job).map((i) => i.job!.id);

  const live = useLiveChannel({
    onJob: applyJob,
    onCredits: setCredits,
    onResync: () => {
      void pollJobs(activeIds());
      void refreshProfile();
    },
  });

  useEffect(() => {
    const timer = setInterval(() => {
      const now = Date.now();
      const due = stateRef.current.images
        .filter((i) => isBusy(i) && i.job && now - (jobRegisteredAt.current.get(i.job.id) ?? i.job.startedAt) >= POLL_AFTER_MS)
        .map((i) => i.job!.id);
      void pollJobs(due);
    }, POLL_EVERY_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void pollJobs(activeIds());
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [pollJobs]);

  // ---------------------------------------------------------------- uploads

  const sendOne = useCallback(async (key: string, file: File) => {
    const result = await workspaceApi.upload(file);
    if (result.status === 'accepted') {
      dispatch({ type: 'uploadSucceeded', key, upload: result });
      files.current.delete(key);
      return true;
    }
    if (result.status === 'ignored') {
      dispatch({ type: 'remove', key });
      files.current.delete(key);
      return null;
    }
    dispatch({ type: 'uploadFailed', key, error: result.error.message || msg('uploadFailed') });
    return false;
  }, []);

  const uploadFiles = useCallback(
    async (picked: File[]) => {
      const chosen = selectUploadable(picked);
      if (chosen.length === 0) {
        if (picked.length > 0) toast.error(msg('uploadFailedTitle'), { description: storageMessages.fileTypeMustBe });
        return;
      }
      const items = chosen.map((file) => ({ key: newKey(), file }));
      for (const { key, file } of items) files.current.set(key, file);
      dispatch({ type: 'uploadStarted', items: items.map(({ key, file }) => ({ key, name: file.name, localUrl: URL.createObjectURL(file) })) });
      let ok = 0;
      let failed = 0;
      await runInBatches(
        items,
        async ({ key, file }) => {
          const outcome = await sendOne(key, file);
          if (outcome === true) ok++;
          else if (outcome === false) failed++;
        },
        { onProgress: (p) => setUpload(p.done >= p.total ? null : p) },
      );
      setUpload(null);
      showUploadSummary(ok, failed, skippedNames(picked, chosen));
    },
    [sendOne],
  );

  const retryUpload = useCallback(
    async (key: string) => {
      const file = files.current.get(key);
      if (!file) return;
      dispatch({ type: 'uploadRetry', key });
      const outcome = await sendOne(key, file);
      if (outcome === false) toast.error(msg('uploadFailedTitle'), { description: msg('uploadFailed') });
    },
    [sendOne],
  );

  // ---------------------------------------------------------------- enhance

  const submit = useCallback(
    async (key: string, scale: UpscaleFactor, mode: EnhancementMode, opts: { quietBusy?: boolean } = {}): Promise<SubmitOutcome> => {
      // one request per card at a time: a double click or a held key must not send a second job
      if (inFlight.current.has(key)) return 'failed';
      const s = stateRef.current;
      const image = s.images.find((i) => i.key === key) ?? null;
      const p = profileRef.current;
      const now = Date.now();
      const refusal = enhanceRefusal({
        image: image
          ? { width: image.width, height: image.height, processing: isBusy(image), processingSince: image.job?.startedAt ?? null, uploaded: isUploaded(image) }
          : null,
        scale,
        mode,
        signedIn: Boolean(p),
        credits: p?.credits_remaining ?? null,
        activeJobs: activeJobCount(s) + inFlight.current.size,
        subscriptionStatus: p?.subscription_status ?? null,
        betaAccess: p?.beta_access ?? false,
        now,
      });
      if (refusal) {
        if (!(refusal.rule === 'concurrency' && opts.quietBusy)) toastError(refusal.text);
        return refusal.rule === 'concurrency' ? 'busy' : refusal.rule === 'credits' ? 'no-credits' : 'failed';
      }
      if (image && p && p.credits_remaining < enhanceCreditCost(image.width, image.height, scale)) {
        toastError(fill(storageMessages.insufficientCreditsFor, { cost: enhanceCreditCost(image.width, image.height, scale), balance: p.credits_remaining }));
        return 'no-credits';
      }
      inFlight.current.add(key);
      try {
        const { job, credits_remaining } = await workspaceApi.createJob({ imageId: image!.imageId!, scale, mode, params: pickParams(s.settings.params, mode) });
        jobRegisteredAt.current.set(job.id, Date.now());
        dispatch({ type: 'jobSubmitted', key, job, now: Date.now() });
        setCredits(credits_remaining);
        // news of this job that came over the live channel before this answer
        const early = earlyJobs.current.get(job.id);
        if (early) {
          earlyJobs.current.delete(job.id);
          applyJob(early.job, { tracked: true });
        }
        return 'ok';
      } catch (err) {
        dispatch({ type: 'jobSubmitFailed', key, error: err instanceof Error ? err.message : '' });
        const busyOnServer = err instanceof ApiError && err.status === 429;
        if (busyOnServer && opts.quietBusy) return 'busy';
        const text = err instanceof ApiError ? err.message : msg('enhanceFailedGeneric');
        const t = err instanceof ApiError && err.status === 401 ? splitTitle(msg('enhanceSessionExpired')) : failureToast(text);
        if (t) toast.error(t.title, t.description ? { description: t.description } : undefined);
        return busyOnServer ? 'busy' : err instanceof ApiError && err.status === 402 ? 'no-credits' : 'failed';
      } finally {
        inFlight.current.delete(key);
      }
    },
    [setCredits, applyJob],
  );

  const enhanceSelected = useCallback(() => {
    const s = stateRef.current;
    if (!s.selectedKey) {
      toastError(msg('enhanceNoImage'));
      return;
    }
    if (!s.settings.scale) return toastError(msg('enhanceNoScale'));
    if (!s.settings.mode) return toastError(msg('enhanceNoMode'));
    void submit(s.selectedKey, s.settings.scale, s.settings.mode);
  }, [submit]);

  const enhanceAll = useCallback(() => {
    const s = stateRef.current;
    if (!s.settings.scale) return toastError(msg('enhanceNoScale'));
    if (!s.settings.mode) return toastError(msg('enhanceNoMode'));
    const keys = enhanceAllCandidates(s);
    if (keys.length === 0) return toastError(msg('enhanceNoImage'));
    const p = profileRef.current;
    if (!p) return toastError(msg('enhanceAuthRequired'));
    if (p.credits_remaining < 1) return toastError(msg('enhanceInsufficientCredits'));
    dispatch({ type: 'batchStarted', keys, scale: s.settings.scale, mode: s.settings.mode });
  }, []);

  // submits the next Enhance-all images as the plan's slots free up
  useEffect(() => {
    const batch = state.batch;
    if (!batch || batchDone(state)) return;
    const now = Date.now();
    if (batch.heldUntil !== null && now < batch.heldUntil) {
      const t = setTimeout(() => dispatch({ type: 'batchResume' }), batch.heldUntil - now);
      return () => clearTimeout(t);
    }
    const next = batchKeysToSubmit(state, Math.max(0, limit - inFlight.current.size), now).filter((k) => !inFlight.current.has(k));
    for (const key of next) {
      dispatch({ type: 'batchSubmitted', key });
      void submit(key, batch.scale, batch.mode, { quietBusy: true }).then((outcome) => {
        if (outcome === 'ok') return;
        if (outcome === 'busy') {
          // the server counts jobs this page does not see (another tab, a cleared card): wait for a slot
          dispatch({ type: 'batchRequeued', key, until: Date.now() + BATCH_HOLD_MS });
        } else if (outcome === 'no-credits') {
          // the rest would be refused alike: one message instead of one per image
          dispatch({ type: 'batchDropped', key });
          if (stateRef.current.batch?.waiting.length) {
            dispatch({ type: 'batchStopped' });
            toastError(msg('workspaceEnhanceAllNoCredits'));
          }
        } else dispatch({ type: 'batchDropped', key });
      });
    }
  }, [state, limit, submit]);

  // a finished run stays on screen a moment; progress of other jobs meanwhile does not keep it there
  const runDone = batchDone(state);
  useEffect(() => {
    if (!runDone) return;
    const t = setTimeout(() => dispatch({ type: 'batchCleared' }), BATCH_CLEAR_MS);
    return () => clearTimeout(t);
  }, [runDone]);

  const stopBatch = useCallback(() => {
    const waiting = stateRef.current.batch?.waiting.length ?? 0;
    if (waiting === 0) return;
    dispatch({ type: 'batchStopped' });
    toast(msg('workspaceEnhanceAllStopped', { n: waiting }));
  }, []);

  // ---------------------------------------------------------------- cancel

  const cancel = useCallback(
    async (key: string) => {
      const image = stateRef.current.images.find((i) => i.key === key);
      if (!image?.job || image.status !== 'processing') {
        if (!image?.job) toastError(msg('cancelNoActiveJob'));
        return;
      }
      const jobId = image.job.id;
      dispatch({ type: 'cancelRequested', key });
      try {
        const result = await workspaceApi.cancelJob(jobId);
        dispatch({ type: 'jobUpdate', job: result.job, now: Date.now() });
        jobRegisteredAt.current.delete(jobId);
        setCredits(result.credits_remaining);
        const t = splitTitle(result.message);
        toast.success(t.title, t.description ? { description: t.description } : undefined);
      } catch (err) {
        if (err instanceof ApiError && (err.status === 409 || err.status === 404)) {
          dispatch({ type: 'cancelRefused', key });
          toastError(msg('cancelCannot', { reason: err.message }));
          void pollJobs([jobId]);
        } else {
          dispatch({ type: 'cancelledLocally', key });
          toastError(msg('cancelFailedLocal', { message: err instanceof Error ? err.message : msg('unexpectedError') }));
        }
      }
    },
    [pollJobs, setCredits],
  );

  // ---------------------------------------------------------------- remove with undo

  const remove = useCallback((key: string) => {
    const s = stateRef.current;
    const index = s.images.findIndex((i) => i.key === key);
    const image = s.images[index];
    // a card whose submission is on its way would leave a job behind that nobody sees
    if (!image || isBusy(image) || inFlight.current.has(key)) return;
    dispatch({ type: 'remove', key });
    let undone = false;
    const timer = setTimeout(() => {
      if (undone) return;
      files.current.delete(key);
      if (image.localUrl) URL.revokeObjectURL(image.localUrl);
      if (image.imageId) void workspaceApi.deleteImage(image.imageId).catch((err) => toastError(err instanceof Error ? err.message : msg('unexpectedError')));
    }, UNDO_WINDOW_MS);
    toast(msg('workspaceImageRemoved', { name: image.name }), {
      duration: UNDO_WINDOW_MS,
      action: {
        label: msg('workspaceUndo'),
        onClick: () => {
          undone = true;
          clearTimeout(timer);
          dispatch({ type: 'restore', image, index });
        },
      },
    });
  }, []);

  // ---------------------------------------------------------------- download

  const download = useCallback(async (format: DownloadFormat) => {
    const s = stateRef.current;
    const image = s.images.find((i) => i.key === s.selectedKey) ?? (s.images.filter((i) => i.enhanced).length === 1 ? s.images.find((i) => i.enhanced) : undefined);
    if (!image?.enhanced) {
      toastError(msg('downloadNoEnhanced'));
      return;
    }
    setDownloading(true);
    try {
      const blob = await encodeForDownload(image.enhanced.url, format);
      saveBlob(blob, downloadFileName(image.name, image.enhanced.scale, image.enhanced.mode, format));
    } catch (err) {
      toast.error(msg('downloadFailed'), { description: err instanceof Error ? err.message : undefined });
    } finally {
      setDownloading(false);
    }
  }, []);

  // ---------------------------------------------------------------- signed URLs

  const refreshUrls = useCallback(async (opts: { onlyExpiring: boolean }) => {
    const now = Date.now();
    const urls: string[] = [];
    for (const img of stateRef.current.images) {
      for (const u of [img.url, img.thumbnailUrl, img.enhanced?.url ?? null, img.enhanced?.previewUrl ?? null]) if (u && (!opts.onlyExpiring || needsRefresh(u, now))) urls.push(u);
    }
    const requests = refreshRequests(urls, SIGNED_URL_TTL.processedResult);
    if (requests.length === 0) return true;
    // the server signs at most SIGNED_URL_BATCH_MAX per request; a large canvas needs several
    const successful: { bucket: string; filePath: string; signedUrl: string }[] = [];
    for (let i = 0; i < requests.length; i += SIGNED_URL_BATCH_MAX) {
      const part = await workspaceApi.signUrls(requests.slice(i, i + SIGNED_URL_BATCH_MAX).map((r) => r.request));
      successful.push(...part.successful);
    }
    const map: Record<string, string> = {};
    for (const r of requests) {
      const hit = successful.find((s) => s.bucket === r.request.bucket && s.filePath === r.request.filePath);
      if (hit) map[r.url] = hit.signedUrl;
    }
    dispatch({ type: 'replaceUrls', urls: map });
    return Object.keys(map).length > 0;
  }, []);

  useEffect(() => {
    const timer = setInterval(() => void refreshUrls({ onlyExpiring: true }).catch(() => {}), URL_SWEEP_MS);
    return () => clearInterval(timer);
  }, [refreshUrls]);

  /**
   * A card's image failed to load: its signed URL has likely expired. One refresh at a time; when images still
   * fail right after a refresh, or the refresh fails, the user chooses between retrying and the URLs they have.
   */
  const refreshState = useRef<{ running: boolean; lastOk: number; gaveUp: boolean }>({ running: false, lastOk: 0, gaveUp: false });
  const imageFailed = useCallback(
    async (opts: { manual?: boolean } = {}) => {
      const r = refreshState.current;
      if (r.running || (r.gaveUp && !opts.manual)) return;
      if (!opts.manual && Date.now() - r.lastOk < URL_RETRY_GRACE_MS) {
        setUrlRefresh('failed');
        return;
      }
      r.running = true;
      setUrlRefresh('refreshing');
      try {
        await refreshUrls({ onlyExpiring: false });
        r.lastOk = Date.now();
        r.gaveUp = false;
        setUrlRefresh('idle');
      } catch {
        setUrlRefresh('failed');
      } finally {
        r.running = false;
      }
    },
    [refreshUrls],
  );
  const useOriginalUrls = useCallback(() => {
    // seed 001 §7.7: on a failed refresh the original address is used; stop asking until the user retries
    refreshState.current.gaveUp = true;
    setUrlRefresh('idle');
  }, []);

  // ---------------------------------------------------------------- stuck jobs

  const fixStuck = useCallback(async () => {
    // every processing card is checked against the server: ended jobs are applied, jobs it no longer has are cleared
    const cards = busyCards(stateRef.current.images);
    let plan: ReturnType<typeof planStuckFix> | null = null;
    if (cards.length > 0) {
      try {
        plan = planStuckFix(cards, (await workspaceApi.jobs(cards.slice(0, 100).map((c) => c.job!.id))).jobs);
      } catch {
        plan = null;
      }
    }
    for (const job of plan?.updates ?? []) applyJob(job);
    for (const key of plan?.clear ?? []) dispatch({ type: 'cancelledLocally', key });
    const now = Date.now();
    const stuck = stateRef.current.images.filter((i) => isStuck(i, now) && !plan?.clear.includes(i.key));
    if (stuck.length > 0) dispatch({ type: 'clearStuck', now });
    const fixed = (plan ? plan.updates.length + plan.clear.length : 0) + stuck.length;
    if (fixed === 0) toast(msg('workspaceStuckNone'));
    else toast.info(msg('stuckJobsCleared', { n: fixed }));
  }, [applyJob]);

  // ---------------------------------------------------------------- leaving

  const busy = hasActiveEnhancement(state);
  useEffect(() => {
    if (!busy) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // browsers show their own text; the seed's is kept for the ones that still read it
      e.returnValue = msg('enhanceLeaveConfirm');
      return msg('enhanceLeaveConfirm');
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [busy]);

  const selected = useMemo(() => state.images.find((i) => i.key === state.selectedKey) ?? null, [state.images, state.selectedKey]);

  return {
    state,
    dispatch,
    selected,
    user,
    profile,
    limit,
    live,
    upload,
    downloading,
    urlRefresh,
    busy,
    uploadFiles,
    retryUpload,
    enhanceSelected,
    enhanceAll,
    stopBatch,
    cancel,
    remove,
    download,
    imageFailed,
    retryUrlRefresh: () => imageFailed({ manual: true }),
    useOriginalUrls,
    fixStuck,
    jobInterceptor,
  };
}

export type Workspace = ReturnType<typeof useWorkspace>;
export type { WorkspaceImage };

/** The mode's own parameter is what the worker reads (seed 001 §7.5: detail or creativity, else 0). */
function pickParams(params: Record<string, number>, mode: EnhancementMode): Record<string, number> {
  const out: Record<string, number> = {};
  for (const k of ['creativity', 'detail', 'precision'] as const) if (typeof params[k] === 'number') out[k] = params[k];
  if (typeof params[mode] !== 'number') delete out[mode];
  return out;
}
