/** The Viewport Manager (seed 000 §2) opens in a window of its own, from the workspace toolbar and its V key. */
const VIEWPORT_MANAGER_PATH = '/viewports';
const WINDOW_NAME = 'renderlift-viewport-manager';

/** Opens (or brings forward) the Viewport Manager window. */
export function openViewportManager(): void {
  const w = window.open(VIEWPORT_MANAGER_PATH, WINDOW_NAME, 'popup=yes,width=980,height=720');
  w?.focus();
}
