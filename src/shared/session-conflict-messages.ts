/**
 * Saved sessions carry a version: a save based on an older one is refused, so no device silently writes over a newer
 * save from another device. These are the words of that refusal and of the choice it offers. ./messages.ts includes
 * them, so `msg()` finds them like any other.
 */
export const sessionConflictMessages = {
  sessionConflict: 'This session was saved on another device after you opened it. Your changes were not saved over it.',
  sessionVersionMissing: 'Cannot update session - the version it was loaded at is missing. Load the session again, then save.',
  conflictTitle: 'Saved on Another Device',
  conflictBody: '"{name}" was saved on another device at {time}. Your changes on this device are not saved yet.',
  conflictAutoSavePaused: 'Auto-save is paused for this session until you choose.',
  conflictKeepBoth: 'Keep both',
  conflictKeepBothHint: 'Save this layout as a new session, "{name}".',
  conflictOverwrite: 'Overwrite',
  conflictOverwriteHint: 'Save this layout over the newer one.',
  conflictReload: 'Reload',
  conflictReloadHint: 'Open the newer save instead. A copy of your changes stays in this browser’s backup for your next visit.',
  conflictOverwritten: 'Session "{name}" overwritten with this layout',
  autoSaveConflict: 'Not saved: newer save elsewhere',
  /** The device a 'Keep both' copy is named after: '{name} ({device})'. */
  sessionKeepBothName: '{name} ({device})',
  devicePhone: 'phone',
  deviceTablet: 'tablet',
  deviceDesktop: 'desktop',
} as const;
