import { useCallback, useEffect, useRef, useState } from 'react';
import type { SessionConflict } from '../api';
import type { CurrentSession } from './useSessionCore';

/** A save refused because the session was saved elsewhere since this window's version; the user chooses what to do. */
export interface OpenConflict {
  sessionId: string;
  details: SessionConflict;
  /** Auto-save ran into it: auto-save of this session is paused until the user chooses. */
  auto: boolean;
  /** Save & Continue: what to do once the user has chosen, or closed the choice. */
  then?: () => void;
  onCancel?: () => void;
}

/**
 * The conflict state the save hooks share: the open choice, and the session whose auto-save is paused. Auto-save never
 * writes over a newer save from another device; it stops for that session and shows the choice once. The pause lifts
 * when this window takes another session or version (a choice made, another session loaded).
 */
export function useSessionConflict(current: CurrentSession | null) {
  const [conflict, setConflict] = useState<OpenConflict | null>(null);
  const conflictRef = useRef(conflict);
  conflictRef.current = conflict;
  const [pausedFor, setPausedFor] = useState<string | null>(null);
  const pausedRef = useRef(pausedFor);
  pausedRef.current = pausedFor;

  useEffect(() => setPausedFor(null), [current?.id, current?.version]);

  const report = useCallback((c: OpenConflict) => {
    // once per session for auto-save: a paused session is not saved by itself again, so the choice cannot repeat
    if (c.auto && pausedRef.current === c.sessionId) return;
    if (c.auto) {
      pausedRef.current = c.sessionId;
      setPausedFor(c.sessionId);
    }
    setConflict(c);
  }, []);

  /** The user chose and the choice went through. */
  const resolved = useCallback(() => {
    const c = conflictRef.current;
    setConflict(null);
    c?.then?.();
  }, []);

  /** Closed without a choice: auto-save stays paused; Save & Continue does not continue. */
  const dismiss = useCallback(() => {
    const c = conflictRef.current;
    setConflict(null);
    c?.onCancel?.();
  }, []);

  return { conflict, pausedFor, report, resolved, dismiss };
}

export type SessionConflicts = ReturnType<typeof useSessionConflict>;
