import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTO_SAVE_DELAY_MS, autoSaveWanted, createDebouncer, type AutoSaveInputs } from './auto-save';

const base: AutoSaveInputs = { enabled: true, ready: true, sessionId: 's1', dirty: true, saving: false };

describe('autoSaveWanted', () => {
  it('saves an open session with unsaved changes when the switch is on', () => {
    expect(autoSaveWanted(base)).toBe(true);
  });
  it('never saves with the switch off', () => {
    expect(autoSaveWanted({ ...base, enabled: false })).toBe(false);
  });
  it('never saves when no session is open: there is nothing to update', () => {
    expect(autoSaveWanted({ ...base, sessionId: null })).toBe(false);
  });
  it('never saves an unchanged workspace, one still arriving, or while a save runs', () => {
    expect(autoSaveWanted({ ...base, dirty: false })).toBe(false);
    expect(autoSaveWanted({ ...base, ready: false })).toBe(false);
    expect(autoSaveWanted({ ...base, saving: true })).toBe(false);
  });
  it('never saves a session paused because another device saved it since', () => {
    expect(autoSaveWanted({ ...base, paused: true })).toBe(false);
    expect(autoSaveWanted({ ...base, paused: false })).toBe(true);
  });
});

describe('createDebouncer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs once, the delay after the last change', () => {
    const run = vi.fn();
    const d = createDebouncer(run, AUTO_SAVE_DELAY_MS);
    d.touch();
    vi.advanceTimersByTime(AUTO_SAVE_DELAY_MS - 100);
    d.touch();
    vi.advanceTimersByTime(AUTO_SAVE_DELAY_MS - 100);
    expect(run).not.toHaveBeenCalled();
    expect(d.pending).toBe(true);
    vi.advanceTimersByTime(100);
    expect(run).toHaveBeenCalledTimes(1);
    expect(d.pending).toBe(false);
    vi.advanceTimersByTime(AUTO_SAVE_DELAY_MS * 3);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs nothing once cancelled', () => {
    const run = vi.fn();
    const d = createDebouncer(run, AUTO_SAVE_DELAY_MS);
    d.touch();
    d.cancel();
    vi.advanceTimersByTime(AUTO_SAVE_DELAY_MS * 2);
    expect(run).not.toHaveBeenCalled();
  });
});
