import { useCallback } from 'react';
import { toast } from 'sonner';
import { fill, msg } from '@shared/messages';
import { storageMessages } from '@shared/storage-messages';
import type { EnhancementMode, UpscaleFactor } from '@shared/enhancement';
import { enhanceCreditCost } from '@shared/credit-cost';
import { ApiError, workspaceApi } from '../api/workspace-api';
import type { JobDto } from '@web/features/canvas-core/types';
import { activeJobCount, isBusy, isUploaded } from '@web/features/canvas-core/workspace-state';
import { enhanceRefusal, failureToast, splitTitle } from '../lib/enhance-checks';
import { toastError, type WorkspaceCore } from './workspace-core';

/** How a submission ended: 'busy' is the server's concurrency limit, 'no-credits' a balance too low for it. */
export type SubmitOutcome = 'ok' | 'busy' | 'no-credits' | 'failed';

interface JobNews {
  applyJob: (job: JobDto, opts?: { tracked?: boolean }) => void;
  takeEarly: (jobId: string) => JobDto | null;
}

/** Submitting an enhancement: the seed's checks first (seed 001 §5), then one request per card at a time. */
export function useEnhance(core: WorkspaceCore, { applyJob, takeEarly }: JobNews) {
  const { stateRef, dispatch, profileRef, inFlight, jobRegisteredAt, setCredits } = core;

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
        const early = takeEarly(job.id);
        if (early) applyJob(early, { tracked: true });
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
    [setCredits, applyJob, takeEarly, stateRef, dispatch, profileRef, inFlight, jobRegisteredAt],
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
  }, [submit, stateRef]);

  return { submit, enhanceSelected };
}

/** The mode's own parameter is what the worker reads (seed 001 §7.5: detail or creativity, else 0). */
function pickParams(params: Record<string, number>, mode: EnhancementMode): Record<string, number> {
  const out: Record<string, number> = {};
  for (const k of ['creativity', 'detail', 'precision'] as const) if (typeof params[k] === 'number') out[k] = params[k];
  if (typeof params[mode] !== 'number') delete out[mode];
  return out;
}
