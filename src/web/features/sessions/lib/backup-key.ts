/**
 * Where this browser keeps the local copy of the open viewport's unsaved work (seed 001 §7.6 viewport backup). Kept
 * apart from the backup's reader so that signing out can clear it without loading the viewport schemas.
 */
export const BACKUP_KEY = 'renderlift:viewport-backup';
