/**
 * Sessions and the remove tool, attached to the workspace: one hook for the workspace screen to call and one
 * provider to wrap it in, so the workspace's own files change by a few lines only.
 */
import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import type { JobDto } from '../api/types';
import type { WorkspaceAction, WorkspaceImage, WorkspaceState } from '../../canvas-core/workspace-state';
import { MaskModal } from '../../remove-tool/components/MaskModal';
import { RemoveToolContext, useRemoveTool, type RemoveTool } from '../../remove-tool/useRemoveTool';
import { isTypingTarget } from '../../canvas-core/zoom';
import { LeaveGuard } from '../../sessions/components/LeaveGuard';
import { SessionDialogs } from '../../sessions/components/SessionDialogs';
import { SessionsContext, useWorkspaceSessions, type WorkspaceSessions } from '../../sessions/useWorkspaceSessions';

export interface AddonHost {
  state: WorkspaceState;
  dispatch: (action: WorkspaceAction) => void;
  selected: WorkspaceImage | null;
  user: { id: string } | null | undefined;
  /** Set to a function that takes job updates the workspace should leave to an add-on (removal jobs). */
  jobInterceptor?: { current: ((job: JobDto) => boolean) | null };
}

export interface WorkspaceAddonsValue {
  removeTool: RemoveTool;
  sessions: WorkspaceSessions;
}

export function useWorkspaceAddons(ws: AddonHost): WorkspaceAddonsValue {
  const removeTool = useRemoveTool(ws);
  const toolRef = useRef(removeTool);
  toolRef.current = removeTool;
  if (ws.jobInterceptor) ws.jobInterceptor.current = removeTool.onJob;

  const dispatch = ws.dispatch;
  const apply = useCallback((fn: (s: WorkspaceState) => WorkspaceState) => dispatch({ type: 'applySession', apply: fn }), [dispatch]);
  const sessions = useWorkspaceSessions({
    state: ws.state,
    apply,
    userId: ws.user?.id ?? null,
    extras: () => ({ currentMode: toolRef.current.active ? 'remove' : 'enhance', brushSize: toolRef.current.brushSize }),
    applyExtras: ({ brushSize }) => toolRef.current.setBrushSize(brushSize),
  });

  // toolbar shortcuts of the add-ons: S save, O load session, B brush, M masking, X clear mask; never while typing or inside a dialog
  const sessionsRef = useRef(sessions);
  sessionsRef.current = sessions;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || e.shiftKey || isTypingTarget(e.target)) return;
      if ((e.target as HTMLElement | null)?.closest?.('[role="menu"],[role="dialog"]')) return;
      const key = e.key.toLowerCase();
      if (key === 's') {
        e.preventDefault();
        sessionsRef.current.save();
      } else if (key === 'b') {
        e.preventDefault();
        toolRef.current.toggle();
      } else if (key === 'm') {
        e.preventDefault();
        toolRef.current.openModal();
      } else if (key === 'o') {
        e.preventDefault();
        sessionsRef.current.openLoadDialog();
      } else if (key === 'x') {
        e.preventDefault();
        toolRef.current.clear();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return { removeTool, sessions };
}

export function WorkspaceAddons({ value, selected, children }: { value: WorkspaceAddonsValue; selected: WorkspaceImage | null; children: ReactNode }) {
  return (
    <SessionsContext.Provider value={value.sessions}>
      <RemoveToolContext.Provider value={value.removeTool}>
        {children}
        <MaskModal tool={value.removeTool} image={selected} />
        <SessionDialogs sessions={value.sessions} />
        <LeaveGuard sessions={value.sessions} />
      </RemoveToolContext.Provider>
    </SessionsContext.Provider>
  );
}
