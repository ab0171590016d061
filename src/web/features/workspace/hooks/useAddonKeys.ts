import { useEffect, useRef, type RefObject } from 'react';
import { isTypingTarget } from '@web/features/canvas-core/zoom';
import type { RemoveTool } from '@web/features/remove-tool/useRemoveTool';
import type { WorkspaceSessions } from '@web/features/sessions/useWorkspaceSessions';

/** The add-ons' toolbar shortcuts: S save, O load session, B brush, M masking, X clear mask; never while typing or inside a dialog. */
export function useAddonKeys(sessions: WorkspaceSessions, toolRef: RefObject<RemoveTool>) {
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
}
