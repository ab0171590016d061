import { describe, expect, it } from 'vitest';
import { workspaceShortcuts } from '@shared/shortcuts';
import { EDITOR_PAN_STEP, editorKeyAction } from './editor-keys';

const key = (k: string, extra: Record<string, boolean> = {}) => ({ key: k, ...extra });

describe('the masking window’s keys', () => {
  it('zooms with + − and fits with 0', () => {
    expect(editorKeyAction(key('+'))).toEqual({ type: 'zoom', direction: 1 });
    expect(editorKeyAction(key('='))).toEqual({ type: 'zoom', direction: 1 });
    expect(editorKeyAction(key('-'))).toEqual({ type: 'zoom', direction: -1 });
    expect(editorKeyAction(key('0'))).toEqual({ type: 'fit' });
  });

  it('pans with the arrows, further with Shift', () => {
    expect(editorKeyAction(key('ArrowRight'))).toEqual({ type: 'pan', dx: -EDITOR_PAN_STEP, dy: 0 });
    expect(editorKeyAction(key('ArrowUp', { shiftKey: true }))).toEqual({ type: 'pan', dx: 0, dy: 4 * EDITOR_PAN_STEP });
  });

  it('undoes with Ctrl/⌘+Z and redoes with Ctrl/⌘+Shift+Z or Ctrl+Y', () => {
    expect(editorKeyAction(key('z', { ctrlKey: true }))).toEqual({ type: 'undo' });
    expect(editorKeyAction(key('z', { metaKey: true }))).toEqual({ type: 'undo' });
    expect(editorKeyAction(key('Z', { ctrlKey: true, shiftKey: true }))).toEqual({ type: 'redo' });
    expect(editorKeyAction(key('y', { ctrlKey: true }))).toEqual({ type: 'redo' });
  });

  it('picks tools, the eraser and the mask’s visibility; leaves other keys alone', () => {
    expect(editorKeyAction(key('b'))).toEqual({ type: 'tool', tool: 'brush' });
    expect(editorKeyAction(key('R'))).toEqual({ type: 'tool', tool: 'rect' });
    expect(editorKeyAction(key('l'))).toEqual({ type: 'tool', tool: 'lasso' });
    expect(editorKeyAction(key('e'))).toEqual({ type: 'eraser' });
    expect(editorKeyAction(key('h'))).toEqual({ type: 'toggleMask' });
    expect(editorKeyAction(key('q'))).toBeNull();
    expect(editorKeyAction(key('c', { ctrlKey: true }))).toBeNull();
    expect(editorKeyAction(key('h', { altKey: true }))).toBeNull();
  });

  it('the shortcuts sheet lists every key the window answers, and each listed key is answered', () => {
    const group = workspaceShortcuts().find((g) => g.title === 'Masking window')!;
    const names: Record<string, string> = { '←': 'ArrowLeft', '→': 'ArrowRight', '↑': 'ArrowUp', '↓': 'ArrowDown' };
    const listed = group.shortcuts.flatMap((s) => s.keys);
    for (const k of listed) {
      // held, not pressed (Space: the stage's drag), or heard during a drag (Escape): useEditorGestures
      if (k === 'Space' || k === 'Escape') continue;
      const parts = k.split('+');
      const main = parts.length > 1 && parts[parts.length - 1] === '' ? '+' : parts[parts.length - 1];
      const e = { key: names[main] ?? main, ctrlKey: parts.includes('Ctrl'), shiftKey: parts.includes('Shift') };
      expect(editorKeyAction(e), k).not.toBeNull();
    }
    for (const k of ['+', '=', '-', '0', 'ArrowLeft', 'b', 'r', 'l', 'e', 'h'])
      expect(listed.map((l) => (names[l] ?? l).toLowerCase())).toContain(k.toLowerCase());
    expect(listed).toEqual(expect.arrayContaining(['Ctrl+Z', 'Ctrl+Shift+Z', 'Ctrl+Y']));
    expect(
      workspaceShortcuts(true)
        .find((g) => g.title === 'Masking window')!
        .shortcuts.flatMap((s) => s.keys),
    ).toContain('⌘+Z');
  });
});
