/**
 * Auto-save images (Settings → General, on by default): the open session is saved when the workspace has stayed
 * unchanged for a moment after a change. Never without an open session (there is nothing to update), never while
 * a save runs, never with the switch off, and never over a newer save from another device (paused).
 */
export const AUTO_SAVE_DELAY_MS = 2000;

/** `conflict`: the session was saved on another device since; auto-save of it is paused until the user chooses. */
export type AutoSaveStatus = 'idle' | 'saving' | 'saved' | 'failed' | 'conflict';

export interface AutoSaveInputs {
  enabled: boolean;
  /** The workspace has finished arriving (its session restored or none found). */
  ready: boolean;
  sessionId: string | null;
  /** The workspace differs from what was last saved or loaded (`isDirty`). */
  dirty: boolean;
  saving: boolean;
  /** Auto-save of this session is paused: a save of it was refused as based on an older version. */
  paused?: boolean;
}

/** Whether a change should be saved once the workspace has rested for `AUTO_SAVE_DELAY_MS`. */
export function autoSaveWanted(s: AutoSaveInputs): boolean {
  return s.enabled && s.ready && s.sessionId !== null && s.dirty && !s.saving && !s.paused;
}

/**
 * Calls `run` once `delayMs` have passed since the last `touch`: every change restarts the wait, so a card dragged
 * across the canvas is saved once, where it comes to rest.
 */
export function createDebouncer(run: () => void, delayMs: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    touch() {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timer = undefined;
        run();
      }, delayMs);
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
    },
    get pending() {
      return timer !== undefined;
    },
  };
}
