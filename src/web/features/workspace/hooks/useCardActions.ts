import { useCallback } from 'react';
import { toast } from 'sonner';
import { msg } from '@shared/messages';
import { ApiError, workspaceApi } from '../api/workspace-api';
import { isBusy } from '@web/features/canvas-core/workspace-state';
import { splitTitle } from '../lib/enhance-checks';
import { toastError, type WorkspaceCore } from './workspace-core';

/** How long a removed card can be brought back before the server deletes it. */
const UNDO_WINDOW_MS = 5_000;

interface Helpers {
  pollJobs: (ids: string[]) => Promise<void>;
  forgetFile: (key: string) => void;
}

/** What a card's buttons do beyond enhancing: cancel its job, remove it (with undo). Downloads are useDownloads. */
export function useCardActions(core: WorkspaceCore, { pollJobs, forgetFile }: Helpers) {
  const { stateRef, dispatch, inFlight, jobRegisteredAt, setCredits } = core;

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
    [pollJobs, setCredits, stateRef, dispatch, jobRegisteredAt],
  );

  const remove = useCallback(
    (key: string) => {
      const s = stateRef.current;
      const index = s.images.findIndex((i) => i.key === key);
      const image = s.images[index];
      // a card whose submission is on its way would leave a job behind that nobody sees
      if (!image || isBusy(image) || inFlight.current.has(key)) return;
      dispatch({ type: 'remove', key });
      let undone = false;
      const timer = setTimeout(() => {
        if (undone) return;
        forgetFile(key);
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
    },
    [stateRef, dispatch, inFlight, forgetFile],
  );

  return { cancel, remove };
}
