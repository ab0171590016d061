import { useEffect, useRef } from 'react';
import { selectionKeyAction } from '../lib/shortcut-keys';
import type { Workspace } from './useWorkspace';

/** Ctrl/Cmd+A selects every card on the canvas; `?` opens the keyboard shortcuts sheet. */
export function useSelectionKeys(ws: Workspace, openShortcuts: () => void) {
  const wsRef = useRef(ws);
  wsRef.current = ws;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented) return;
      const action = selectionKeyAction(e);
      if (!action) return;
      e.preventDefault();
      if (action === 'selectAll') wsRef.current.dispatch({ type: 'selectAll' });
      else openShortcuts();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [openShortcuts]);
}
