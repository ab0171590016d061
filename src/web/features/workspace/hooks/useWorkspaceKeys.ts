import { useEffect, useRef } from 'react';
import { applyZoom, isTypingTarget, zoomKeyAction } from '@web/features/canvas-core/zoom';
import { openViewportManager } from '@web/features/sessions/viewport-manager-window';
import { openViewer } from '@web/features/viewer/viewer-store';
import type { Workspace } from './useWorkspace';

interface KeyTargets {
  openFilePicker: () => void;
  openFolderPicker: () => void;
  onOpenSettings: () => void;
}

/**
 * The keyboard: zoom keys of seed 000 §5, the toolbar's shortcuts, Enter or Space to select the focused card (Enter
 * on the selected card opens the inspection viewer) and Delete or Backspace to remove it (arrow keys move a selected card: React Flow's own); never while typing.
 */
export function useWorkspaceKeys(ws: Workspace, { openFilePicker, openFolderPicker, onOpenSettings }: KeyTargets) {
  const wsRef = useRef(ws);
  wsRef.current = ws;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      // a key something else has taken (Escape closing a dialog or the completion overlay) is not the workspace's
      if (e.defaultPrevented) return;
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
      // Enter or Space on a card focused with Tab selects it, as a click does; Enter on the selected card (focused,
      // or with the focus on the canvas) opens it in the inspection viewer
      const focusedNode = (e.target as HTMLElement | null)?.closest?.('.react-flow__node');
      const focusedKey = focusedNode?.getAttribute('data-id') ?? null;
      // (a button or field inside the card keeps its own Enter)
      const control = (e.target as HTMLElement | null)?.closest?.('button,a,select,input,[role="slider"],[role="menuitem"]');
      const onCanvasNow = e.target === document.body || !!(e.target as HTMLElement | null)?.closest?.('.react-flow');
      if (e.key === 'Enter' && !e.shiftKey && !control && sel && (focusedKey ? focusedKey === sel.key : onCanvasNow)) {
        e.preventDefault();
        openViewer(sel.key);
        return;
      }
      if ((e.key === 'Enter' || e.key === ' ') && focusedKey) {
        e.preventDefault();
        w.dispatch({ type: 'select', key: focusedKey, additive: e.shiftKey });
        return;
      }
      if ((e.target as HTMLElement | null)?.closest?.('[role="menu"],[role="dialog"]')) return;
      // Delete or Backspace removes the focused card, or the selected one while the focus is on the canvas (not on a
      // button of the panel); the toast that says so offers Undo
      if (e.key === 'Delete' || e.key === 'Backspace') {
        const onCanvas = e.target === document.body || !!(e.target as HTMLElement | null)?.closest?.('.react-flow');
        const target = focusedNode?.getAttribute('data-id') ?? (onCanvas ? sel?.key : undefined);
        if (!target) return;
        e.preventDefault();
        w.remove(target);
        return;
      }
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
