/**
 * The profile side panel's Viewports view (seed 000 §2): a create-viewport card and the saved viewports with name,
 * last updated date, image count and a delete icon on hover; 'No Saved Viewports' when empty. Kept in step with
 * the workspace and the Viewport Manager window through the live channel.
 */
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { msg } from '@shared/messages';
import type { SessionSummary } from './api';
import { ViewportGrid } from './components/ViewportGrid';
import { useDeleteViewport, useLoadViewport, useViewportEvents, useViewportList } from './hooks';
import { isWorkspacePath } from './lib/unsaved';

export function ViewportsPanel({ onOpened, columns }: { onOpened?: () => void; columns?: string }) {
  const list = useViewportList();
  useViewportEvents();
  const remove = useDeleteViewport('viewportDeleted');
  const load = useLoadViewport();
  const navigate = useNavigate();
  const location = useLocation();
  const [busyId, setBusyId] = useState<string | null>(null);

  // the workspace, wherever it is open, follows the load or the new viewport through the live channel
  const goToWorkspace = () => {
    onOpened?.();
    if (!isWorkspacePath(location.pathname)) navigate('/enhance');
  };

  const open = (s: SessionSummary) => {
    setBusyId(s.id);
    load.mutate(s.id, {
      onSuccess: goToWorkspace,
      onSettled: () => setBusyId(null),
    });
  };

  return (
    <section aria-label={msg('viewportsTitle')} data-testid="viewports-panel">
      <ViewportGrid
        sessions={list.data ?? []}
        loading={list.isLoading}
        busyId={busyId}
        columns={columns}
        onOpen={open}
        onDelete={(s) => remove.mutate(s.id)}
        onCreated={goToWorkspace}
      />
      {list.isError && <p className="mt-3 text-[13px] text-red-300">{msg('sessionLoadFailed')}</p>}
    </section>
  );
}
