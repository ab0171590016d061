import { describe, expect, it } from 'vitest';
import { isDirty, shouldConfirmLeave } from './unsaved';

describe('unsaved changes', () => {
  it('is clean until the workspace has loaded and while it matches the baseline', () => {
    expect(isDirty(null, 'x', 3)).toBe(false);
    expect(isDirty('x', 'x', 3)).toBe(false);
    expect(isDirty('x', 'y', 3)).toBe(true);
    expect(isDirty('x', 'y', 0)).toBe(false);
  });

  it('asks only when leaving the workspace with changes', () => {
    expect(shouldConfirmLeave({ from: '/enhance', to: '/pricing', dirty: true })).toBe(true);
    expect(shouldConfirmLeave({ from: '/enhance?x=1', to: 'http://localhost/about#top', dirty: true })).toBe(true);
    expect(shouldConfirmLeave({ from: '/enhance', to: '/enhance?tab=2', dirty: true })).toBe(false);
    expect(shouldConfirmLeave({ from: '/enhance', to: '/pricing', dirty: false })).toBe(false);
    expect(shouldConfirmLeave({ from: '/pricing', to: '/about', dirty: true })).toBe(false);
  });
});
