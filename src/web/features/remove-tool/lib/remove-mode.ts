/**
 * When the remove tool is on (seed 000 §4): switched on by the brush/remove button; off after 30 seconds without
 * use, when the selected image changes, and when comparison mode turns on. A stroke being painted or a removal
 * running keeps it on: the user is using it.
 */
export const REMOVE_IDLE_MS = 30_000;

interface RemoveModeState {
  active: boolean;
  /** Last time the tool was used (painting, brush size, undo, clear, submit). */
  lastUsedAt: number;
  /** The image the tool was switched on for. */
  imageKey: string | null;
}

export const removeModeOff: RemoveModeState = { active: false, lastUsedAt: 0, imageKey: null };

type RemoveModeEvent =
  | { type: 'toggle'; now: number; imageKey: string | null }
  | { type: 'turnOn'; now: number; imageKey: string | null }
  | { type: 'turnOff' }
  | { type: 'used'; now: number }
  | { type: 'imageChanged'; imageKey: string | null }
  | { type: 'comparisonOn' }
  | { type: 'tick'; now: number; busy: boolean };

export function removeModeReducer(state: RemoveModeState, event: RemoveModeEvent): RemoveModeState {
  switch (event.type) {
    case 'toggle':
      return state.active ? removeModeOff : { active: true, lastUsedAt: event.now, imageKey: event.imageKey };
    case 'turnOn':
      return { active: true, lastUsedAt: event.now, imageKey: event.imageKey };
    case 'turnOff':
      return state.active ? removeModeOff : state;
    case 'used':
      return state.active ? { ...state, lastUsedAt: event.now } : state;
    case 'imageChanged':
      if (!state.active || event.imageKey === state.imageKey) return state;
      return removeModeOff;
    case 'comparisonOn':
      return state.active ? removeModeOff : state;
    case 'tick':
      if (!state.active) return state;
      if (event.busy) return { ...state, lastUsedAt: event.now };
      return event.now - state.lastUsedAt >= REMOVE_IDLE_MS ? removeModeOff : state;
  }
}

/** Milliseconds until the idle switch-off, for a single timer instead of polling. */
export function msUntilIdleOff(state: RemoveModeState, now: number): number | null {
  if (!state.active) return null;
  return Math.max(0, state.lastUsedAt + REMOVE_IDLE_MS - now);
}
