import { describe, expect, it } from 'vitest';
import { initialWorkspaceState, workspaceReducer } from '@web/features/canvas-core/workspace-state';
import { restoreWorkspace, toViewportData } from './viewport-snapshot';

describe('a target size in a saved viewport', () => {
  it('is saved with the settings and put back on load; an unknown one is dropped', () => {
    const state = workspaceReducer(initialWorkspaceState, { type: 'setTarget', target: { kind: 'print', paper: 'a1', dpi: 300 } });
    const data = toViewportData(state, { currentMode: 'enhance', brushSize: 50 });
    expect(data.enhancementParams.targetSize).toBe('print:a1:300');
    expect(restoreWorkspace(initialWorkspaceState, data, [], 0).state.settings.target).toEqual({ kind: 'print', paper: 'a1', dpi: 300 });
    const tampered = { ...data, enhancementParams: { ...data.enhancementParams, targetSize: 'print:a0:300' } };
    expect(restoreWorkspace(initialWorkspaceState, tampered, [], 0).state.settings.target).toBeNull();
  });
});
