/**
 * Sessions and the remove tool, plugged into the workspace: one hook for the workspace screen to call and one
 * provider to wrap it in. The add-ons know the shared canvas state (canvas-core), never the workspace itself.
 */
import { useCallback, useRef, type ReactNode } from 'react';
import type { JobDto } from '@web/features/canvas-core/types';
import { workspaceApi } from '../api/workspace-api';
import type { WorkspaceAction, WorkspaceImage, WorkspaceState } from '@web/features/canvas-core/workspace-state';
import { MaskModal } from '@web/features/remove-tool/components/MaskModal';
import { RemoveToolContext, useRemoveTool, type RemoveTool } from '@web/features/remove-tool/useRemoveTool';
import { useAddonKeys } from '../hooks/useAddonKeys';
import { LeaveGuard } from '@web/features/sessions/components/LeaveGuard';
import { SessionDialogs } from '@web/features/sessions/components/SessionDialogs';
import { SessionConflictDialog } from '@web/features/sessions/components/SessionConflictDialog';
import { SessionsContext, useWorkspaceSessions, type WorkspaceSessions } from '@web/features/sessions/useWorkspaceSessions';

interface AddonHost {
  state: WorkspaceState;
  dispatch: (action: WorkspaceAction) => void;
  selected: WorkspaceImage | null;
  user: { id: string } | null | undefined;
  /** Set to a function that takes job updates the workspace should leave to an add-on (removal jobs). */
  jobInterceptor?: { current: ((job: JobDto) => boolean) | null };
}

interface WorkspaceAddonsValue {
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
    listImages: workspaceApi.images,
  });

  useAddonKeys(sessions, toolRef);

  return { removeTool, sessions };
}

export function WorkspaceAddons({ value, selected, children }: { value: WorkspaceAddonsValue; selected: WorkspaceImage | null; children: ReactNode }) {
  return (
    <SessionsContext.Provider value={value.sessions}>
      <RemoveToolContext.Provider value={value.removeTool}>
        {children}
        <MaskModal tool={value.removeTool} image={selected} />
        <SessionDialogs sessions={value.sessions} />
        <SessionConflictDialog sessions={value.sessions} />
        <LeaveGuard sessions={value.sessions} />
      </RemoveToolContext.Provider>
    </SessionsContext.Provider>
  );
}
