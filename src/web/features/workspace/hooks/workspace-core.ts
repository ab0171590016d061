import type { Dispatch, RefObject } from 'react';
import { toast } from 'sonner';
import type { WorkspaceAction, WorkspaceState } from '@web/features/canvas-core/workspace-state';
import type { ProfileDto } from '@web/features/canvas-core/types';
import { splitTitle } from '../lib/enhance-checks';

/**
 * What the workspace's hooks share: the reducer's state and dispatch, plus the bookkeeping that is not card state.
 * Refs are read inside callbacks, so a callback never works on the state of an older render.
 */
export interface WorkspaceCore {
  state: WorkspaceState;
  stateRef: RefObject<WorkspaceState>;
  dispatch: Dispatch<WorkspaceAction>;
  profileRef: RefObject<ProfileDto | null>;
  /** Cards whose job submission has not answered yet. */
  inFlight: RefObject<Set<string>>;
  /** When each running job was registered, for the fallback poll. */
  jobRegisteredAt: RefObject<Map<string, number>>;
  setCredits: (credits: number) => void;
}

/** An error toast whose text may hold a title and a description ("Title: more"). */
export function toastError(text: string) {
  const t = splitTitle(text);
  toast.error(t.title, t.description ? { description: t.description } : undefined);
}
