import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import { UNSAFE_DataRouterContext, useBlocker, useLocation, useNavigate } from 'react-router';
import { Loader2 } from 'lucide-react';
import { msg } from '@shared/messages';
import { shouldConfirmLeave } from '../lib/unsaved';
import type { WorkspaceSessions } from '../useWorkspaceSessions';
import { canvasButton } from '@web/ui/button';
import { Modal } from '@web/ui/dialog';

/**
 * seed 000 §2: leaving /enhance through the navigation with unsaved changes asks 'Save Your Viewport?'. Unlike the
 * seed's version, Save & Continue saves before it navigates.
 */
function LeaveViewportDialog({
  open,
  busy,
  onCancel,
  onDiscard,
  onSave,
}: {
  open: boolean;
  busy: boolean;
  onCancel: () => void;
  onDiscard: () => void;
  onSave: () => void;
}) {
  return (
    <Modal
      open={open}
      onOpenChange={(o) => !o && !busy && onCancel()}
      title={msg('leaveTitle')}
      description={msg('leaveBody')}
      width={560}
      testId="leave-dialog"
    >
      <ul className="list-disc space-y-1 pl-5 text-[13.5px] text-zinc-300">
        <li>{msg('leaveItemPositions')}</li>
        <li>{msg('leaveItemSettings')}</li>
      </ul>
      {/* results live on the server: leaving loses only what the viewport itself holds */}
      <p className="mt-3 text-[13px] text-zinc-400" data-testid="leave-kept">
        {msg('leaveKept')}
      </p>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end [&>button]:whitespace-nowrap">
        <button type="button" className={canvasButton.ghost} onClick={onCancel} disabled={busy}>
          {msg('sessionCancel')}
        </button>
        <button type="button" className={canvasButton.secondary} onClick={onDiscard} disabled={busy}>
          {msg('leaveContinue')}
        </button>
        <button type="button" className={canvasButton.primary} onClick={onSave} disabled={busy}>
          {busy && <Loader2 className="h-4 w-4 animate-spin" />}
          {msg('leaveSaveContinue')}
        </button>
      </div>
    </Modal>
  );
}

type Pending = { proceed: () => void; reset: () => void };

function useLeaveFlow(sessions: WorkspaceSessions, pending: Pending | null, clear: () => void) {
  const [busy, setBusy] = useState(false);
  return {
    busy,
    cancel: () => {
      pending?.reset();
      clear();
    },
    discard: () => {
      sessions.forgetChanges();
      const p = pending;
      clear();
      p?.proceed();
    },
    save: () => {
      const p = pending;
      if (!p) return;
      setBusy(true);
      // the save dialog may open on top (no session yet); the leave dialog waits behind it
      void sessions.saveThen(
        () => {
          setBusy(false);
          clear();
          p.proceed();
        },
        () => setBusy(false),
      );
    },
  };
}

/** With a data router, navigation is held by the router's own blocker (links, buttons, back and forward). */
function BlockerGuard({ sessions }: { sessions: WorkspaceSessions }) {
  const dirtyRef = useRef(sessions.dirty);
  dirtyRef.current = sessions.dirty;
  const blocker = useBlocker(({ currentLocation, nextLocation }) =>
    shouldConfirmLeave({ from: currentLocation.pathname, to: nextLocation.pathname, dirty: dirtyRef.current }),
  );
  const blockerRef = useRef(blocker);
  blockerRef.current = blocker;
  const [pending, setPending] = useState<Pending | null>(null);
  useEffect(() => {
    if (blocker.state !== 'blocked') {
      setPending(null);
      return;
    }
    const current = () => blockerRef.current as { proceed?: () => void; reset?: () => void };
    setPending({ proceed: () => current().proceed?.(), reset: () => current().reset?.() });
  }, [blocker.state]);
  const flow = useLeaveFlow(sessions, pending, () => setPending(null));
  const hideForSave = sessions.asking;
  return <LeaveViewportDialog open={pending !== null && !hideForSave} busy={flow.busy} onCancel={flow.cancel} onDiscard={flow.discard} onSave={flow.save} />;
}

/**
 * Without a data router there is no blocker: clicks on in-app links leaving the workspace are caught before the
 * router sees them, and the navigation is replayed once the user has chosen.
 */
function ClickGuard({ sessions }: { sessions: WorkspaceSessions }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [pending, setPending] = useState<Pending | null>(null);
  const dirtyRef = useRef(sessions.dirty);
  dirtyRef.current = sessions.dirty;

  const onClick = useCallback(
    (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const a = (e.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
      if (!a || (a.target && a.target !== '_self') || a.hasAttribute('download')) return;
      const url = new URL(a.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      if (!shouldConfirmLeave({ from: location.pathname, to: url.pathname, dirty: dirtyRef.current })) return;
      e.preventDefault();
      e.stopPropagation();
      const to = url.pathname + url.search + url.hash;
      setPending({ proceed: () => navigate(to), reset: () => {} });
    },
    [location.pathname, navigate],
  );

  useEffect(() => {
    // capture phase: runs before the router's own click handling on the link
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [onClick]);

  const flow = useLeaveFlow(sessions, pending, () => setPending(null));
  return (
    <LeaveViewportDialog open={pending !== null && !sessions.asking} busy={flow.busy} onCancel={flow.cancel} onDiscard={flow.discard} onSave={flow.save} />
  );
}

export function LeaveGuard({ sessions }: { sessions: WorkspaceSessions }) {
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  return dataRouter ? <BlockerGuard sessions={sessions} /> : <ClickGuard sessions={sessions} />;
}
