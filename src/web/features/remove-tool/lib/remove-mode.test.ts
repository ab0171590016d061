import { describe, expect, it } from 'vitest';
import { msUntilIdleOff, removeModeOff, removeModeReducer as r, REMOVE_IDLE_MS } from './remove-mode';

describe('remove mode', () => {
  const on = r(removeModeOff, { type: 'toggle', now: 1000, imageKey: 'a' });

  it('is switched on and off by the button', () => {
    expect(on.active).toBe(true);
    expect(r(on, { type: 'toggle', now: 2000, imageKey: 'a' }).active).toBe(false);
  });

  it('turns off after 30 s without use', () => {
    expect(r(on, { type: 'tick', now: 1000 + REMOVE_IDLE_MS - 1, busy: false }).active).toBe(true);
    expect(r(on, { type: 'tick', now: 1000 + REMOVE_IDLE_MS, busy: false }).active).toBe(false);
    const used = r(on, { type: 'used', now: 20_000 });
    expect(r(used, { type: 'tick', now: 1000 + REMOVE_IDLE_MS, busy: false }).active).toBe(true);
    expect(msUntilIdleOff(used, 25_000)).toBe(25_000);
    expect(msUntilIdleOff(removeModeOff, 0)).toBeNull();
  });

  it('stays on while painting or a removal runs', () => {
    const s = r(on, { type: 'tick', now: 1000 + REMOVE_IDLE_MS * 3, busy: true });
    expect(s.active).toBe(true);
    expect(s.lastUsedAt).toBe(1000 + REMOVE_IDLE_MS * 3);
  });

  it('turns off when the selected image changes or comparison turns on', () => {
    expect(r(on, { type: 'imageChanged', imageKey: 'a' }).active).toBe(true);
    expect(r(on, { type: 'imageChanged', imageKey: 'b' }).active).toBe(false);
    expect(r(on, { type: 'comparisonOn' }).active).toBe(false);
  });

  it('ignores use while off', () => {
    expect(r(removeModeOff, { type: 'used', now: 5 })).toBe(removeModeOff);
  });
});
