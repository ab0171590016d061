import { describe, expect, it } from 'vitest';
import { clampPosition, DEFAULT_POSITION, labelVisibility, loadState, positionForKey, positionFromPointer } from './slider-position';

describe('clampPosition', () => {
  it('keeps values within 0–100', () => {
    expect(clampPosition(-5)).toBe(0);
    expect(clampPosition(37.5)).toBe(37.5);
    expect(clampPosition(140)).toBe(100);
  });
  it('falls back to the default for NaN', () => {
    expect(clampPosition(Number.NaN)).toBe(DEFAULT_POSITION);
  });
});

describe('positionFromPointer', () => {
  it('maps the pointer across the box to a percentage', () => {
    expect(positionFromPointer(150, 100, 200)).toBe(25);
    expect(positionFromPointer(300, 100, 200)).toBe(100);
  });
  it('sticks to the edges outside the box', () => {
    expect(positionFromPointer(0, 100, 200)).toBe(0);
    expect(positionFromPointer(900, 100, 200)).toBe(100);
  });
  it('returns the default for a box with no width', () => {
    expect(positionFromPointer(10, 0, 0)).toBe(50);
  });
});

describe('positionForKey', () => {
  it('steps by 1 with arrows and 10 with shift', () => {
    expect(positionForKey('ArrowRight', 50)).toBe(51);
    expect(positionForKey('ArrowUp', 50)).toBe(51);
    expect(positionForKey('ArrowLeft', 50)).toBe(49);
    expect(positionForKey('ArrowDown', 50)).toBe(49);
    expect(positionForKey('ArrowRight', 50, true)).toBe(60);
    expect(positionForKey('ArrowLeft', 50, true)).toBe(40);
  });
  it('steps by 10 with PageUp and PageDown', () => {
    expect(positionForKey('PageUp', 50)).toBe(60);
    expect(positionForKey('PageDown', 50)).toBe(40);
  });
  it('jumps to the ends with Home and End', () => {
    expect(positionForKey('Home', 42)).toBe(0);
    expect(positionForKey('End', 42)).toBe(100);
  });
  it('never leaves 0–100', () => {
    expect(positionForKey('ArrowLeft', 0)).toBe(0);
    expect(positionForKey('PageUp', 95)).toBe(100);
  });
  it('ignores other keys', () => {
    expect(positionForKey('Enter', 50)).toBeNull();
    expect(positionForKey('a', 50)).toBeNull();
  });
});

describe('labelVisibility', () => {
  it('shows both labels in the middle', () => {
    expect(labelVisibility(50)).toEqual({ before: true, enhanced: true });
  });
  it('hides BEFORE near the left edge', () => {
    expect(labelVisibility(9)).toEqual({ before: false, enhanced: true });
    expect(labelVisibility(0).before).toBe(false);
    expect(labelVisibility(10).before).toBe(true);
  });
  it('hides ENHANCED near the right edge', () => {
    expect(labelVisibility(91)).toEqual({ before: true, enhanced: false });
    expect(labelVisibility(100).enhanced).toBe(false);
    expect(labelVisibility(90).enhanced).toBe(true);
  });
});

describe('loadState', () => {
  it('is ready only when both images loaded', () => {
    expect(loadState({ before: 'loaded', enhanced: 'loaded', timedOut: false })).toBe('ready');
    expect(loadState({ before: 'loaded', enhanced: 'loading', timedOut: false })).toBe('loading');
  });
  it('fails when either side fails', () => {
    expect(loadState({ before: 'error', enhanced: 'loaded', timedOut: false })).toBe('error');
    expect(loadState({ before: 'loaded', enhanced: 'error', timedOut: false })).toBe('error');
  });
  it('fails on the timeout while still loading, but not once ready', () => {
    expect(loadState({ before: 'loaded', enhanced: 'loading', timedOut: true })).toBe('error');
    expect(loadState({ before: 'loaded', enhanced: 'loaded', timedOut: true })).toBe('ready');
  });
});
