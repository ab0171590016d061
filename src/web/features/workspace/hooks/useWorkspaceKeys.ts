import { useEffect, useRef } from 'react';
import { applyZoom, isTypingTarget, zoomKeyAction } from '@web/features/canvas-core/zoom';
import { openViewportManager } from '@web/features/sessions/viewport-manager-window';
import type { Workspace } from './useWorkspace';

interface KeyTargets {
  openFilePicker: () => void;
  openFolderPicker: () => void;
  onOpenSettings: () => void;
}

/** The keyboard: zoom keys of seed 000 §5 plus the toolbar's shortcuts; never while typing. */
export function useWorkspaceKeys(ws: Workspace, { openFilePicker, openFolderPicker, onOpenSettings }: KeyTargets) {
  const wsRef = useRef(ws);
  wsRef.current = ws;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const w = wsRef.current;
      const sel = w.selected;
      const zoom = zoomKeyAction(e);
      if (zoom) {
        if (!sel) return;
        e.preventDefault();
        w.dispatch({ type: 'setZoom', key: sel.key, zoom: applyZoom(sel.zoom, zoom) });
        return;
      }
      if (e.ctrlKey || e.metaKey || e.altKey || isTypingTarget(e.target)) return;
      // Enter or Space on a card focused with Tab selects it, as a click does
      const focusedNode = (e.target as HTMLElement | null)?.closest?.('.react-flow__node');
      if ((e.key === 'Enter' || e.key === ' ') && focusedNode?.getAttribute('data-id')) {
        e.preventDefault();
        w.dispatch({ type: 'select', key: focusedNode.getAttribute('data-id'), additive: e.shiftKey });
        return;
      }
      if ((e.target as HTMLElement | null)?.closest?.('[role="menu"],[role="dialog"]')) return;
      const key = e.key.toLowerCase();
      if (key === 'u') {
        e.preventDefault();
        (e.shiftKey ? openFolderPicker : openFilePicker)();
      } else if (key === 'd') {
        e.preventDefault();
        void w.download(e.shiftKey ? 'jpeg' : 'png');
      } else if (key === 'e' && !e.shiftKey) {
        e.preventDefault();
        w.enhanceSelected();
      } else if (key === 'c' && sel?.enhanced) {
        w.dispatch({ type: 'setView', key: sel.key, view: 'compare' });
      } else if (key === 'p' && sel?.enhanced) {
        w.dispatch({ type: 'setView', key: sel.key, view: 'preview' });
      } else if (key === 'f' && !e.shiftKey) {
        e.preventDefault();
        void w.fixStuck();
      } else if (key === 'v' && !e.shiftKey) {
        e.preventDefault();
        openViewportManager();
      } else if (key === ',') {
        e.preventDefault();
        onOpenSettings();
      } else if (key === 'escape') {
        w.dispatch({ type: 'select', key: null });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [openFilePicker, openFolderPicker, onOpenSettings]);
}
