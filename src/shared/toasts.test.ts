import { describe, expect, it } from 'vitest';
import { TOAST_DURATION_MS, TOAST_ERROR_MIN_MS, TOAST_LIMITS, toastDurationFor } from './toasts';

describe('toasts', () => {
  it('keeps five and shows three', () => {
    expect(TOAST_LIMITS).toEqual({ kept: 5, visible: 3 });
  });
  it('lasts 2000, 4000 or 5000 ms by screen', () => {
    expect(new Set(Object.values(TOAST_DURATION_MS))).toEqual(new Set([2000, 4000, 5000]));
    expect(toastDurationFor('/enhance')).toBe(4000);
    expect(toastDurationFor('/viewports')).toBe(4000);
    expect(toastDurationFor('/profile')).toBe(2000);
    expect(toastDurationFor('/admin')).toBe(2000);
    expect(toastDurationFor('/login')).toBe(5000);
    expect(toastDurationFor('/reset-password/abc')).toBe(5000);
    expect(toastDurationFor('/enhancement')).toBe(5000);
  });
  it('keeps an error at least 6 s on every screen, the rest as the screen says', () => {
    expect(TOAST_ERROR_MIN_MS).toBeGreaterThanOrEqual(6000);
    for (const path of ['/profile', '/admin', '/enhance', '/viewports', '/login', '/contact', '/']) {
      expect(toastDurationFor(path, 'error'), path).toBe(Math.max(TOAST_ERROR_MIN_MS, toastDurationFor(path)));
    }
    expect(toastDurationFor('/profile', 'error')).toBe(6000);
    expect(toastDurationFor('/profile', 'other')).toBe(2000);
  });
});
