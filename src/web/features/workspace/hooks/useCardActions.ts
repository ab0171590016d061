import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { msg } from '@shared/messages';
import { trashMessages } from '@shared/trash';
import { ApiError, workspaceApi } from '../api/workspace-api';
import { isBusy, versionsOf } from '@web/features/canvas-core/workspace-state';
import { deleteConfirmSkipped, skipDeleteConfirm } from '@web/features/trash/skip-confirm';
import { TRASH_KEY } from '@web/features/trash/hooks';
import type { PendingDelete } from '../components/DeleteCardDialog';
import { splitTitle } from '../lib/enhance-checks';
import { toastError, type WorkspaceCore } from './workspace-core';

/** How long a removed card can be brought back before the server moves it to the trash. */
const UNDO_WINDOW_MS = 5_000;

interface Helpers {
  pollJobs: (ids: string[]) => Promise<void>;
  forgetFile: (key: string) => void;
}

/**
 * What a card's buttons do beyond enhancing: cancel its job, remove it (with undo; a card with results asks first,
 * unless "Don't ask again" was ticked in this session). Downloads are useDownloads.
 */
export function useCardActions(core: WorkspaceCore, { pollJobs, forgetFile }: Helpers) {
  const { stateRef, dispatch, inFlight, jobRegisteredAt, setCredits } = core;
  const queryClient = useQueryClient();
  const [pendingDelete, setPendingDelete] = useState<PendingDelete | null>(null);

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

  const removeNow = useCallback(
    (key: string) => {
      const s = stateRef.current;
      const index = s.images.findIndex((i) => i.key === key);
      const image = s.images[index];
      // a card whose submission is on its way would leave a job behind that nobody sees
      if (!image || isBusy(image) || inFlight.current.has(key)) return;
      dispatch({ type: 'remove', key });
      // the removal is made final when its toast goes (timed out, closed, or pushed out by newer ones), so Undo holds
      // as long as it is shown: a toast waits while the pointer or the keyboard focus is on it
      let settled = false;
      const commit = () => {
        if (settled) return;
        settled = true;
        forgetFile(key);
        if (image.localUrl) URL.revokeObjectURL(image.localUrl);
        if (image.imageId)
          void workspaceApi
            .deleteImage(image.imageId)
            .then(() => queryClient.invalidateQueries({ queryKey: TRASH_KEY }))
            .catch((err) => toastError(err instanceof Error ? err.message : msg('unexpectedError')));
      };
      toast(msg('workspaceImageRemoved', { name: image.name }), {
        duration: UNDO_WINDOW_MS,
        onAutoClose: commit,
        onDismiss: commit,
        // an upload the server has goes to the Trash; one that never finished uploading is simply gone
        description: image.imageId ? trashMessages.removedHint : undefined,
        action: {
          label: msg('workspaceUndo'),
          onClick: () => {
            if (settled) return;
            settled = true;
            dispatch({ type: 'restore', image, index });
          },
        },
      });
    },
    [stateRef, dispatch, inFlight, forgetFile, queryClient],
  );

  const remove = useCallback(
    (key: string) => {
      const image = stateRef.current.images.find((i) => i.key === key);
      if (!image || isBusy(image) || inFlight.current.has(key)) return;
      const versions = versionsOf(image).length;
      if (versions > 0 && image.imageId && !deleteConfirmSkipped()) setPendingDelete({ key, name: image.name, versions });
      else removeNow(key);
    },
    [stateRef, inFlight, removeNow],
  );

  const confirmRemove = useCallback(
    (dontAskAgain: boolean) => {
      if (dontAskAgain) skipDeleteConfirm();
      setPendingDelete(null);
      if (pendingDelete) removeNow(pendingDelete.key);
    },
    [pendingDelete, removeNow],
  );
  const cancelRemove = useCallback(() => setPendingDelete(null), []);

  return { cancel, remove, pendingDelete, confirmRemove, cancelRemove };
}
