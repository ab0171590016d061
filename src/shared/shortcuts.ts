/**
 * The workspace's keyboard shortcuts, defined once: the "Keyboard shortcuts" sheet renders this list, and the key
 * handlers (useWorkspaceKeys, useAddonKeys, useSelectionKeys and the remove tool's keyboard brush) answer exactly
 * these keys. A key added to a handler belongs here too.
 */
export interface Shortcut {
  /** Each entry is one way to press it; a combination is written with "+" (e.g. "Shift+U"). */
  keys: string[];
  label: string;
}

export interface ShortcutGroup {
  title: string;
  shortcuts: Shortcut[];
}

export const shortcutsMessages = {
  shortcutsTitle: 'Keyboard shortcuts',
  shortcutsBody: 'Shortcuts work on the canvas, not while you type in a field.',
  shortcutsToolLabel: 'Keyboard shortcuts',
  selectAllLabel: 'Select all',
} as const;

/** Ctrl on Windows and Linux, ⌘ on a Mac: the sheet names the one the user has. */
export const modKey = (mac: boolean) => (mac ? '⌘' : 'Ctrl');

export function workspaceShortcuts(mac = false): ShortcutGroup[] {
  const mod = modKey(mac);
  return [
    {
      title: 'Images',
      shortcuts: [
        { keys: ['U'], label: 'Upload images' },
        { keys: ['Shift+U'], label: 'Upload a folder' },
        { keys: ['E'], label: 'Enhance the selected image' },
        { keys: ['D'], label: 'Download the selected images as PNG' },
        { keys: ['Shift+D'], label: 'Download the selected images as JPEG' },
        { keys: ['F'], label: 'Fix stuck jobs' },
      ],
    },
    {
      title: 'Selection and canvas',
      shortcuts: [
        { keys: [`${mod}+A`], label: 'Select all images' },
        { keys: ['Enter', 'Space'], label: 'Select the focused card (with Shift: add it to the selection)' },
        { keys: ['Enter'], label: 'Open the selected card in the inspection viewer' },
        { keys: ['Escape'], label: 'Clear the selection' },
        { keys: ['Delete', 'Backspace'], label: 'Remove the selected card (Undo in the notice)' },
        { keys: ['←', '→', '↑', '↓'], label: 'Move the focused card' },
        { keys: ['+', '='], label: 'Zoom into the selected card' },
        { keys: ['-'], label: 'Zoom out of the selected card' },
        { keys: ['0'], label: 'Reset the card’s zoom to 100 %' },
        { keys: ['C'], label: 'Comparison slider (enhanced cards)' },
        { keys: ['P'], label: 'Preview mode (enhanced cards)' },
      ],
    },
    {
      title: 'Sessions and windows',
      shortcuts: [
        { keys: ['S'], label: 'Save session' },
        { keys: ['O'], label: 'Load session' },
        { keys: ['V'], label: 'Open the Viewport Manager' },
        { keys: [','], label: 'Settings' },
        { keys: ['?'], label: 'Show these shortcuts' },
      ],
    },
    {
      title: 'Inspection viewer',
      shortcuts: [
        { keys: ['0', 'F'], label: 'Fit the image' },
        { keys: ['A'], label: 'Zoom to 100 % (one image pixel per screen pixel)' },
        { keys: ['Z'], label: 'Zoom to 200 %' },
        { keys: ['+', '-'], label: 'Zoom in or out' },
        { keys: ['←', '→', '↑', '↓'], label: 'Pan when zoomed in (with Shift: bigger steps)' },
        { keys: ['[', ']'], label: 'Previous or next card (← and → too, at Fit)' },
        { keys: ['1', '2', '3'], label: 'Show that version (side by side: on the right)' },
        { keys: ['L'], label: 'Loupe on or off' },
        { keys: ['C'], label: 'Before/after slider on or off' },
        { keys: ['S'], label: 'Side by side on or off' },
        { keys: ['Escape'], label: 'Close the viewer, back to the card' },
      ],
    },
    {
      title: 'Object removal',
      shortcuts: [
        { keys: ['B'], label: 'Brush on or off' },
        { keys: ['M'], label: 'Open the masking window' },
        { keys: ['X'], label: 'Clear the mask' },
        { keys: ['←', '→', '↑', '↓'], label: 'On the painting surface: move the brush (with Shift: bigger steps)' },
        { keys: ['Enter'], label: 'On the painting surface: paint a dot' },
        { keys: ['Space'], label: 'On the painting surface: put the brush down or lift it' },
        { keys: ['Escape'], label: 'On the painting surface: drop the stroke being painted' },
      ],
    },
    {
      title: 'Masking window',
      shortcuts: [
        { keys: ['+', '='], label: 'Zoom in (up to 400 %)' },
        { keys: ['-'], label: 'Zoom out' },
        { keys: ['0'], label: 'Fit the picture' },
        { keys: ['←', '→', '↑', '↓'], label: 'Pan when zoomed in (with Shift: bigger steps)' },
        { keys: ['Space'], label: 'Hold and drag to pan' },
        { keys: ['B'], label: 'Brush' },
        { keys: ['R'], label: 'Rectangle' },
        { keys: ['L'], label: 'Lasso' },
        { keys: ['E'], label: 'Eraser on or off (hold Alt to erase with any tool)' },
        { keys: ['H'], label: 'Show or hide the mask' },
        { keys: [`${mod}+Z`], label: 'Undo the last stroke or shape' },
        { keys: [`${mod}+Shift+Z`, 'Ctrl+Y'], label: 'Redo' },
        { keys: ['Escape'], label: 'Drop the stroke or shape under way (again: close the window)' },
      ],
    },
  ];
}
