import { useCallback, useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { msg } from '@shared/messages';
import { STUCK_IMAGE_MS } from '@shared/enhancement';
import { ApiError, workspaceApi } from '../api/workspace-api';
import type { JobDto } from '@web/features/canvas-core/types';
import { isBusy } from '@web/features/canvas-core/workspace-state';
import { failureToast } from '../lib/enhance-checks';
import { useLiveChannel } from './useLiveChannel';
import { toastError, type WorkspaceCore } from './workspace-core';

/** seed 001 §7.3 and §9: fallback poll every 15 s, starting 60 s after a job is registered. */
const POLL_EVERY_MS = 15_000;
const POLL_AFTER_MS = 60_000;
/** seed 001 §4: the profile is refreshed for credits 2 s after a completion. */
const PROFILE_REFRESH_DELAY_MS = 2_000;
/** Live updates for a job whose submission has not answered yet are kept this long for it. */
const EARLY_EVENT_TTL_MS = 60_000;

/** A job that will not change again. */
const isFinal = (status: string) => status === 'completed' || status === 'failed' || status === 'cancelled';

/**
 * The cards' images and their jobs' news: the first load, the live channel, the fallback poll and a check when the
 * tab comes back into view.
 */
export function useJobUpdates(core: WorkspaceCore, refreshProfile: () => unknown, onCompleted: (key: string, job: JobDto) => void) {
  const { stateRef, dispatch, inFlight, jobRegisteredAt, setCredits } = core;

  /** The user's images; `resync`: a refetch after the live channel came back, which only adds what is new, quietly. */
  const load = useCallback(
    async (opts: { resync?: boolean } = {}) => {
      try {
        const { images } = await workspaceApi.images();
        const now = Date.now();
        const stuck = images.filter((i) => i.activeJob && now - Date.parse(i.activeJob.created_at) > STUCK_IMAGE_MS).length;
        dispatch({ type: 'hydrate', images, now });
        for (const i of images)
          if (i.activeJob && !jobRegisteredAt.current.has(i.activeJob.id))
            jobRegisteredAt.current.set(i.activeJob.id, Date.parse(i.activeJob.created_at) || now);
        if (stuck > 0 && !opts.resync) toast.info(msg('workspaceStuckCleared', { n: stuck }));
      } catch (err) {
        if (opts.resync) return;
        dispatch({ type: 'loadFailed' });
        if (!(err instanceof ApiError && err.status === 404)) toastError(err instanceof Error ? err.message : msg('imageLoadFailed'));
      }
    },
    [dispatch, jobRegisteredAt],
  );

  useEffect(() => {
    void load();
  }, [load]);

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
      const owner = stateRef.current.images.find((i) => i.job?.id === job.id);
      const before = opts.tracked || !!owner;
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
        const key = owner?.key ?? stateRef.current.images.find((i) => i.imageId !== null && i.imageId === job.target_image_id)?.key;
        if (key) onCompleted(key, job);
      } else if (job.status === 'completed' || job.status === 'failed') {
        const t = failureToast(job.status === 'completed' ? msg('enhanceNoResultUrl') : job.error_message);
        if (t) toast.error(t.title, t.description ? { description: t.description } : undefined);
        void refreshProfile();
      }
    },
    [refreshProfile, onCompleted, stateRef, dispatch, inFlight, jobRegisteredAt],
  );

  /** The news of a job that came over the live channel before the answer to its submission. */
  const takeEarly = useCallback((jobId: string) => {
    const early = earlyJobs.current.get(jobId);
    if (early) earlyJobs.current.delete(jobId);
    return early?.job ?? null;
  }, []);

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
      void load({ resync: true });
      void pollJobs(activeIds());
      void refreshProfile();
    },
    onImages: ({ action, ids, jobIds }) => {
      // a restored upload comes back as a new card; one trashed in another window leaves this one too
      if (action === 'restored') void load({ resync: true });
      else if (action === 'versions-deleted') dispatch({ type: 'versionsDeleted', jobIds: jobIds ?? [] });
      else for (const img of stateRef.current.images) if (img.imageId && ids.includes(img.imageId) && !isBusy(img)) dispatch({ type: 'remove', key: img.key });
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

  return { live, applyJob, takeEarly, pollJobs, jobInterceptor };
}
