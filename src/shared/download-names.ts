import type { DownloadFormat } from './api/downloads.js';

export const DOWNLOAD_EXTENSIONS: Record<DownloadFormat, string> = { png: 'png', jpeg: 'jpg', webp: 'webp', tiff: 'tif' };

/** One step from an upload to a result: an enhancement at a scale and mode, or an object removal. */
export type VersionStep = { workflow: 'enhance'; scale: number; mode: string } | { workflow: 'remove' };

/** The name's stem: the last path component without its extension, with nothing a file system could object to. */
export function fileStem(originalName: string): string {
  const base = originalName.split(/[\\/]/).pop() ?? originalName;
  const stem = base.replace(/\.[a-z0-9]{1,5}$/i, '');
  // eslint-disable-next-line no-control-regex
  return stem.replace(/[\u0000-\u001f\u007f<>:"|?*]+/g, '_').trim() || 'image';
}

/**
 * `render.png` enhanced at 2× Precision downloads as `render_x2_precision.png`, a removal on that as
 * `render_x2_precision_removed.png`, the upload itself as `render.png` (or `render.jpg` when converted).
 */
export function downloadFileName(originalName: string, steps: VersionStep[], format: DownloadFormat): string {
  const suffix = steps.map((s) => (s.workflow === 'remove' ? '_removed' : `_x${s.scale}_${s.mode.toLowerCase()}`)).join('');
  return `${fileStem(originalName)}${suffix}.${DOWNLOAD_EXTENSIONS[format]}`;
}

/** The manifest's words for a chain: ['original', '×2 precision', 'removal']. */
export function chainLabels(steps: VersionStep[]): string[] {
  return ['original', ...steps.map((s) => (s.workflow === 'remove' ? 'removal' : `×${s.scale} ${s.mode.toLowerCase()}`))];
}
