import { describe, expect, it } from 'vitest';
import { workspaceShortcuts } from '@shared/shortcuts';
import { PAN_STEP, viewerKeyAction } from './viewer-keys';

const key = (k: string, extra: Record<string, boolean> = {}) => ({ key: k, ...extra });

describe('viewerKeyAction', () => {
  it('changes card with the left and right arrows at Fit, and pans with them when zoomed', () => {
    expect(viewerKeyAction(key('ArrowRight'), true, 2)).toEqual({ type: 'card', step: 1 });
    expect(viewerKeyAction(key('ArrowLeft'), true, 2)).toEqual({ type: 'card', step: -1 });
    expect(viewerKeyAction(key('ArrowRight'), false, 2)).toEqual({ type: 'pan', dx: -PAN_STEP, dy: 0 });
    expect(viewerKeyAction(key('ArrowUp'), false, 2)).toEqual({ type: 'pan', dx: 0, dy: PAN_STEP });
    expect(viewerKeyAction(key('ArrowUp'), true, 2)).toBeNull();
  });

  it('changes card with [ and ] at any zoom', () => {
    expect(viewerKeyAction(key(']'), false, 1)).toEqual({ type: 'card', step: 1 });
    expect(viewerKeyAction(key('['), false, 1)).toEqual({ type: 'card', step: -1 });
  });

  it('picks versions by number, only those that exist', () => {
    expect(viewerKeyAction(key('1'), true, 3)).toEqual({ type: 'version', index: 0 });
    expect(viewerKeyAction(key('3'), true, 3)).toEqual({ type: 'version', index: 2 });
    expect(viewerKeyAction(key('4'), true, 3)).toBeNull();
  });

  it('zooms to Fit, 100 % and 200 %, and by steps', () => {
    expect(viewerKeyAction(key('0'), false, 1)).toEqual({ type: 'zoom', to: 'fit' });
    expect(viewerKeyAction(key('f'), false, 1)).toEqual({ type: 'zoom', to: 'fit' });
    expect(viewerKeyAction(key('A', { shiftKey: true }), true, 1)).toEqual({ type: 'zoom', to: 1 });
    expect(viewerKeyAction(key('z'), true, 1)).toEqual({ type: 'zoom', to: 2 });
    expect(viewerKeyAction(key('+'), true, 1)).toEqual({ type: 'step', direction: 1 });
    expect(viewerKeyAction(key('-'), true, 1)).toEqual({ type: 'step', direction: -1 });
  });

  it('toggles the loupe and the comparison modes, closes on Escape', () => {
    expect(viewerKeyAction(key('l'), true, 2)).toEqual({ type: 'loupe' });
    expect(viewerKeyAction(key('s'), true, 2)).toEqual({ type: 'mode', mode: 'side' });
    expect(viewerKeyAction(key('c'), true, 2)).toEqual({ type: 'mode', mode: 'slider' });
    expect(viewerKeyAction(key('Escape'), false, 2)).toEqual({ type: 'close' });
  });

  it('leaves browser shortcuts alone', () => {
    expect(viewerKeyAction(key('l', { ctrlKey: true }), true, 2)).toBeNull();
    expect(viewerKeyAction(key('1', { metaKey: true }), true, 2)).toBeNull();
    expect(viewerKeyAction(key('q'), true, 2)).toBeNull();
  });
});

describe('the shortcuts sheet', () => {
  it('lists keys the viewer answers', () => {
    const group = workspaceShortcuts().find((g) => g.title === 'Inspection viewer')!;
    const names: Record<string, string> = { '←': 'ArrowLeft', '→': 'ArrowRight', '↑': 'ArrowUp', '↓': 'ArrowDown' };
    const keys = group.shortcuts.flatMap((s) => s.keys).map((k) => names[k] ?? k);
    expect(keys.length).toBeGreaterThan(10);
    for (const k of keys) expect(viewerKeyAction({ key: k }, false, 3), k).not.toBeNull();
  });
});
