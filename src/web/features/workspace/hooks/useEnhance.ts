import { useCallback } from 'react';
import { toast } from 'sonner';
import { fill, msg } from '@shared/messages';
import { storageMessages } from '@shared/storage-messages';
import type { EnhancementMode, UpscaleFactor } from '@shared/enhancement';
import { enhanceCreditCost } from '@shared/credit-cost';
import { resolveTargetSize, type TargetSize } from '@shared/target-size';
import { ApiError, workspaceApi } from '../api/workspace-api';
import type { JobDto } from '@web/features/canvas-core/types';
import { activeJobCount, enhanceInput, isBusy, isUploaded, versionSteps } from '@web/features/canvas-core/workspace-state';
import { sameEnhancement, versionChain, versionChainLabel } from '@shared/versions';
import { MODE_LABELS } from '@shared/enhancement';
import { enhanceRefusal, failureToast, noSelectionMessage, splitTitle } from '../lib/enhance-checks';
import { toastError, type WorkspaceCore } from './workspace-core';
import { formatCredits } from '@shared/credit-cost';

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
    async (
      key: string,
      factor: UpscaleFactor,
      mode: EnhancementMode,
      opts: { quietBusy?: boolean; rerunConfirmed?: boolean; target?: TargetSize | null } = {},
    ): Promise<SubmitOutcome> => {
      // one request per card at a time: a double click or a held key must not send a second job
      if (inFlight.current.has(key)) return 'failed';
      const s = stateRef.current;
      const image = s.images.find((i) => i.key === key) ?? null;
      const p = profileRef.current;
      const now = Date.now();
      // the version the card shows is what gets enhanced: its size sets the output and the cost
      const input = image ? enhanceInput(image) : null;
      // a target size runs at the scale resolved for it, which the checks below then see like a chosen factor
      const target = opts.target ?? null;
      const resolved = target && input ? resolveTargetSize(input.width, input.height, target) : null;
      if (resolved && !resolved.ok) {
        toastError(resolved.message);
        return 'failed';
      }
      const scale = resolved?.target.scale ?? factor;
      const refusal = enhanceRefusal({
        image: image
          ? {
              width: input!.width,
              height: input!.height,
              processing: isBusy(image),
              processingSince: image.job?.startedAt ?? null,
              uploaded: isUploaded(image),
            }
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
      const cost = resolved ? resolved.target.credits : input ? enhanceCreditCost(input.width, input.height, scale) : 0;
      if (image && p && p.credits_remaining < cost) {
        toastError(fill(storageMessages.insufficientCreditsFor, { cost, balance: p.credits_remaining }));
        return 'no-credits';
      }
      // the same scale and mode on the same version was done already: enhancing again charges again, so ask first
      const steps = image ? versionSteps(image) : [];
      const existing = image && !target && !opts.rerunConfirmed && !opts.quietBusy ? sameEnhancement(steps, input!.versionId, scale, mode) : null;
      if (existing) {
        const n = steps.indexOf(existing) + 1;
        const chain = (jobId: string | null) => versionChainLabel(versionChain(steps, jobId));
        toast.warning(
          msg('versionRerunConfirm', {
            version: chain(input!.versionId),
            scale,
            mode: MODE_LABELS[mode],
            result: msg('workspaceVersionOption', { n, chain: chain(existing.jobId), width: existing.width, height: existing.height }),
            credits: formatCredits(cost),
          }),
          {
            id: `rerun-${key}`,
            duration: 15_000,
            action: { label: msg('versionRerunAction'), onClick: () => void submit(key, scale, mode, { ...opts, rerunConfirmed: true }) },
            cancel: { label: msg('versionRerunCancel'), onClick: () => {} },
          },
        );
        return 'failed';
      }
      inFlight.current.add(key);
      try {
        const { job, credits_remaining } = await workspaceApi.createJob({
          imageId: image!.imageId!,
          ...(target ? { targetSize: target } : { scale }),
          mode,
          params: pickParams(s.settings.params, mode),
          ...(input?.versionId ? { sourceVersionId: input.versionId } : {}),
        });
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
      toastError(noSelectionMessage(s.images.length));
      return;
    }
    if (!s.settings.scale) return toastError(msg('enhanceNoScale'));
    if (!s.settings.mode) return toastError(msg('enhanceNoMode'));
    void submit(s.selectedKey, s.settings.scale, s.settings.mode, { target: s.settings.target });
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
