import { useCallback, useRef, useState, type RefObject } from 'react';
import { toast } from 'sonner';
import { msg } from '@shared/messages';
import { maskEditorMessages } from '@shared/mask-editor-messages';
import type { JobDto } from '@shared/jobs';
import { MAX_MASK_SHARE, maskTooLargeMessage } from '@shared/removal';
import { ApiError } from '@web/lib/api-client';
import { isBusy, type WorkspaceImage } from '@web/features/canvas-core/workspace-state';
import { removeApi } from '../api';
import { estimateMaskShare, exportMaskPng } from '../lib/mask-raster';
import { removalBasis, removalTarget, strokesForTarget } from '../lib/removal-target';
import { hasMask, type MaskState } from '../lib/strokes';
import type { RemoveToolHost } from './useRemoveMode';

/** The 'Object Removal Started' toast of a job: it goes when the job ends, however it ends. */
const startedToastId = (jobId: string) => `removal-started-${jobId}`;

function splitToast(text: string, kind: 'error' | 'success' | 'info' = 'error', id?: string) {
  // a toast with an id lives as long as what it reports: it is dismissed by that id
  const i = text.indexOf(': ');
  const j = text.indexOf(' - ');
  const at = i > 0 && (j < 0 || i < j) ? i : j;
  const sep = at === i ? 2 : 3;
  const [title, description] = at > 0 ? [text.slice(0, at), text.slice(at + sep)] : [text, undefined];
  toast[kind](title, { ...(description ? { description } : {}), ...(id ? { id, duration: Infinity } : {}) });
}

/** The job with a URL the browser can load: results in the private bucket arrive on the live channel as paths. */
async function withLoadableUrl(job: JobDto): Promise<JobDto> {
  const url = job.processed_image_url;
  if (!url || /^(https?:|blob:|\/)/i.test(url)) return job;
  const [signed] = await removeApi.jobs([job.id]);
  return signed ?? job;
}

interface RemovalDeps {
  maskRef: RefObject<MaskState>;
  /** The feather radius in the upload's pixels. */
  featherRef: RefObject<number>;
  maskFor: string | null;
  resetMask: () => void;
  used: () => void;
  closeModal: () => void;
}

/** The removal job (seed 001 §7.5): from the mask's submission to the result on the card as a new version. */
export function useRemoval(hostRef: RefObject<RemoveToolHost>, { maskRef, featherRef, maskFor, resetMask, used, closeModal }: RemovalDeps) {
  const [submitting, setSubmitting] = useState(false);
  // removals whose end was already heard: news on the live channel can come before the submission's answer
  const ended = useRef(new Set<string>());

  const submit = useCallback(async () => {
    const { selected: img } = hostRef.current;
    if (!img) {
      toast.error(msg('removeNoImage'));
      return;
    }
    const m = maskRef.current;
    if (!hasMask(m) || maskFor !== img.key) {
      splitToast(msg('maskNoneHint'));
      return;
    }
    if (isBusy(img)) return;
    // the removal works on what the card shows, at its resolution; removals on a removal add up
    const target = removalTarget(img);
    if (!target) {
      splitToast(msg('maskDetectionFailed'));
      return;
    }
    // the limit is the server's; measuring here spares an upload that would be refused
    const share = estimateMaskShare(m.strokes, img.width, img.height);
    if (share > MAX_MASK_SHARE) {
      toast.error(msg('processingFailedTitle'), { description: maskTooLargeMessage(share) });
      return;
    }
    setSubmitting(true);
    used();
    try {
      let png: Blob;
      try {
        const feather = featherRef.current * (target.width / img.width);
        png = await exportMaskPng(strokesForTarget(m.strokes, img, target), target.width, target.height, feather);
      } catch {
        splitToast(msg('maskApplyFailed'));
        return;
      }
      const { job } = await removeApi.submit(target.imageId, png);
      hostRef.current.dispatch({ type: 'jobSubmitted', key: img.key, job, now: Date.now() });
      closeModal();
      // stays until the job ends, however long that is: the seed's 30-60 seconds is a guess, a small removal takes a few
      if (!ended.current.has(job.id)) splitToast(msg('removeStarted'), 'info', startedToastId(job.id));
    } catch (err) {
      const text = err instanceof ApiError && err.status !== 0 && err.status < 500 ? err.message : msg('removeFailed');
      toast.error(msg('processingFailedTitle'), { description: text });
    } finally {
      setSubmitting(false);
    }
  }, [maskFor, used]);

  /** 'Try another fill' on a card showing a completed removal: its result arrives as another version of the card. */
  const anotherFill = useCallback(
    async (img: WorkspaceImage) => {
      const shown = img.enhanced;
      if (!shown?.jobId || shown.mode !== 'remove' || isBusy(img)) return;
      setSubmitting(true);
      used();
      try {
        const { job } = await removeApi.anotherFill(shown.jobId);
        hostRef.current.dispatch({ type: 'jobSubmitted', key: img.key, job, now: Date.now() });
        if (!ended.current.has(job.id)) splitToast(msg('removeStarted'), 'info', startedToastId(job.id));
      } catch (err) {
        const text = err instanceof ApiError && err.status !== 0 && err.status < 500 ? err.message : msg('removeFailed');
        toast.error(msg('processingFailedTitle'), { description: text });
      } finally {
        setSubmitting(false);
      }
    },
    [used],
  );

  /**
   * Removal jobs from the live channel and the polls. Returns true when the job was a removal and is handled here:
   * the result replaces the card's current image as a new version (the original stays as the 'before'), preview
   * mode turns on and the mask clears.
   */
  const onJob = useCallback((job: JobDto): boolean => {
    if (job.workflow_type !== 'remove') return false;
    const { state, dispatch } = hostRef.current;
    const card = state.images.find((i) => i.job?.id === job.id);
    if (job.status !== 'processing' && job.status !== 'pending') {
      ended.current.add(job.id);
      toast.dismiss(startedToastId(job.id));
    }
    if (!card) return true;
    if (job.status === 'processing' || job.status === 'pending') {
      dispatch({ type: 'jobUpdate', job, now: Date.now() });
      return true;
    }
    if (job.status === 'completed' && job.processed_image_url) {
      void withLoadableUrl(job)
        .then((loadable) => {
          // the result keeps the size of the version it worked on
          const scale = removalBasis(card, job.target_image_id)?.scale ?? 1;
          dispatch({ type: 'jobUpdate', job: { ...loadable, scale, mode: 'remove' }, now: Date.now() });
          dispatch({ type: 'setView', key: card.key, view: 'preview' });
          resetMask();
        })
        .catch(() => {
          dispatch({
            type: 'jobUpdate',
            job: { ...job, status: 'failed', processed_image_url: null, error_message: msg('processedSaveFailed') },
            now: Date.now(),
          });
          toast.error(msg('processingFailedTitle'), { description: msg('processingFailedWith', { reason: msg('processedSaveFailed') }) });
        });
      return true;
    }
    dispatch({ type: 'jobUpdate', job, now: Date.now() });
    // seed 000 §4: a failed or cancelled removal shows a destructive toast and ends processing
    if (job.status === 'cancelled') toast.error(msg('processingCancelled'));
    // Try another fill that came out the same: nothing went wrong, the card keeps its fill and no credit was charged
    else if (job.error_message === maskEditorMessages.anotherFillSame) toast.info(job.error_message);
    else
      toast.error(msg('processingFailedTitle'), {
        description: job.error_message ? msg('processingFailedWith', { reason: job.error_message }) : msg('processingFailed'),
      });
    return true;
  }, []);

  return { submit, anotherFill, submitting, onJob };
}
