/**
 * The masking window's keys (lib/editor-keys.ts), answered while it is open with its picture drawn, except while
 * typing or on a slider. They are heard on the window: a button that disables itself (Redo with nothing left to
 * redo) leaves the focus on the page's body, outside the dialog.
 */
import { useEffect, useRef } from 'react';
import { editorKeyAction, type EditorTool } from '../lib/editor-keys';
import type { EditorView } from './useEditorView';

interface EditorKeyTargets {
  active: boolean;
  view: EditorView;
  setTool: (tool: EditorTool) => void;
  toggleEraser: () => void;
  toggleMask: () => void;
  undo: () => void;
  redo: () => void;
}

/** Keys a focused control keeps for itself: a slider's moves, a field's text, a button's Space. */
const SLIDER_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown']);
function ownedByControl(target: EventTarget | null, key: string): boolean {
  const el = target as HTMLElement | null;
  if (!el?.closest) return false;
  if (el.closest('input[type="range"], [role="slider"]')) return SLIDER_KEYS.has(key);
  if (el.closest('input, textarea, select, [contenteditable="true"]')) return !(key === 'z' || key === 'y');
  return key === ' ' && Boolean(el.closest('button, [role="button"]'));
}

export function useEditorKeys(targets: EditorKeyTargets) {
  const live = useRef(targets);
  live.current = targets;
  const space = useRef(false);

  // Space is held, not pressed: released anywhere (or the window losing focus) ends the pan
  useEffect(() => {
    const up = (e: globalThis.KeyboardEvent) => {
      if (e.key === ' ') space.current = false;
    };
    const blur = () => (space.current = false);
    window.addEventListener('keyup', up);
    window.addEventListener('blur', blur);
    return () => {
      window.removeEventListener('keyup', up);
      window.removeEventListener('blur', blur);
    };
  }, []);

  const onKeyDown = (e: globalThis.KeyboardEvent) => {
    const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    if (ownedByControl(e.target, key)) return;
    if (e.key === ' ') {
      space.current = true;
      e.preventDefault();
      return;
    }
    const action = editorKeyAction(e);
    if (!action) return;
    e.preventDefault();
    e.stopPropagation();
    const t = live.current;
    switch (action.type) {
      case 'zoom':
        return t.view.step(action.direction);
      case 'fit':
        return t.view.fit();
      case 'pan':
        return t.view.pan(action.dx, action.dy);
      case 'tool':
        return t.setTool(action.tool);
      case 'eraser':
        return t.toggleEraser();
      case 'toggleMask':
        return t.toggleMask();
      case 'undo':
        return t.undo();
      case 'redo':
        return t.redo();
    }
  };

  const onKeyDownRef = useRef(onKeyDown);
  onKeyDownRef.current = onKeyDown;
  // in the capture phase, so a key the window answers never reaches the workspace's own shortcuts behind it
  useEffect(() => {
    if (!targets.active) return;
    const listener = (e: globalThis.KeyboardEvent) => onKeyDownRef.current(e);
    window.addEventListener('keydown', listener, true);
    return () => window.removeEventListener('keydown', listener, true);
  }, [targets.active]);

  return { spaceHeld: () => space.current };
}
