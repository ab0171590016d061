/**
 * The Viewport Manager (seed 000 §2): a separate window, opened from the workspace toolbar, listing the saved
 * viewports. Opening one makes it the active session; the workspace window follows through the live channel.
 */
import { useState } from 'react';
import { useRouteTitle } from '@web/app/route-titles';
import { LayoutGrid } from 'lucide-react';
import { toast } from 'sonner';
import { msg } from '@shared/messages';
import { ApiError } from '@web/lib/api-client';
import type { SessionSummary } from '@web/features/sessions/api';
import { ViewportGrid } from '@web/features/sessions/components/ViewportGrid';
import { useDeleteViewport, useLoadViewport, useViewportEvents, useViewportList } from '@web/features/sessions/hooks';

/** Brings the workspace window forward after a choice, when this window was opened from it. */
function focusOpener() {
  try {
    window.opener?.focus();
  } catch {
    // the opener may have navigated to another origin
  }
}

export function ViewportManagerPage() {
  const list = useViewportList();
  useViewportEvents();
  const remove = useDeleteViewport('viewportDeleted');
  const load = useLoadViewport();
  const [busyId, setBusyId] = useState<string | null>(null);

  useRouteTitle();

  const signedOut = list.error instanceof ApiError && list.error.status === 401;

  const open = (s: SessionSummary) => {
    setBusyId(s.id);
    load.mutate(s.id, {
      onSuccess: (session) => {
        toast.success(msg('sessionLoaded', { name: session.session_name }));
        focusOpener();
      },
      onSettled: () => setBusyId(null),
    });
  };

  return (
    <main className="min-h-screen bg-[#0f1013] px-6 py-8 text-zinc-100" data-testid="viewport-manager">
      <div className="mx-auto max-w-5xl">
        <header className="mb-6 flex items-center gap-3">
          <span className="flex h-9 w-9 items-center justify-center rounded-lg bg-violet-500/15 text-violet-300 ring-1 ring-violet-400/30">
            <LayoutGrid className="h-5 w-5" />
          </span>
          <h1 className="text-[20px] font-semibold tracking-tight">{msg('viewportManagerTitle')}</h1>
        </header>
        {signedOut ? (
          <a href="/login" className="text-[14px] text-violet-300 underline underline-offset-4">
            {msg('sessionLoginToLoad')}
          </a>
        ) : (
          <ViewportGrid
            sessions={list.data ?? []}
            loading={list.isLoading}
            busyId={busyId}
            onOpen={open}
            onDelete={(s) => remove.mutate(s.id)}
            onCreated={focusOpener}
          />
        )}
      </div>
    </main>
  );
}

export default ViewportManagerPage;
