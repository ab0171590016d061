import { describe, expect, it } from 'vitest';
import { msg } from '@shared/messages';
import { initialWorkspaceState, workspaceReducer } from '@web/features/canvas-core/workspace-state';
import { computeTargetReadout, formatSize } from './readout';

describe('control panel readout for a target size', () => {
  it('shows the scale run, the exact size, the density and the credits before enhancing', () => {
    const r = computeTargetReadout({ width: 1000, height: 1500 }, { kind: 'print', paper: 'a2', dpi: 300 }, 100)!;
    expect(r.run).toEqual({ scale: 6, width: 6000, height: 9000 });
    expect(formatSize(r.target!)).toBe('4677 × 7016');
    expect(r.dpi).toBe(300);
    // ceil(9000 / 500) = 18 credits on the ×6 run; the 7016 px delivered after the downscale alone would be 15
    expect(r.cost).toBe(18);
    expect([r.error, r.affordable]).toEqual([null, true]);
  });

  it('carries the refusal when the size cannot be made', () => {
    const r = computeTargetReadout({ width: 4000, height: 2250 }, { kind: 'screen', preset: '4k' }, 100)!;
    expect(r.target).toBeNull();
    expect(r.error).toBe(msg('targetSizeNotUpscale', { target: '4K', w: 3840, h: 2160, iw: 4000, ih: 2250 }));
  });
});

describe('target size setting', () => {
  it('is kept with the other settings, and choosing a factor clears it', () => {
    const withTarget = workspaceReducer(initialWorkspaceState, { type: 'setTarget', target: { kind: 'screen', preset: '8k' } });
    expect(withTarget.settings.target).toEqual({ kind: 'screen', preset: '8k' });
    const moded = workspaceReducer(withTarget, { type: 'setMode', mode: 'detail' });
    expect(moded.settings.target).toEqual({ kind: 'screen', preset: '8k' });
    expect(workspaceReducer(moded, { type: 'setScale', scale: 3 }).settings).toMatchObject({ scale: 3, target: null });
  });
});
