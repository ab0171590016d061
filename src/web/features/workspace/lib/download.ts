import { msg } from '@shared/messages';

export type DownloadFormat = 'png' | 'jpeg';

/** `render.png` enhanced at 2× Precision downloads as `render_2x_precision.png`. */
export function downloadFileName(originalName: string, scale: number, mode: string, format: DownloadFormat): string {
  const base = originalName.split(/[\\/]/).pop() ?? originalName;
  const stem = base.replace(/\.[a-z0-9]{1,5}$/i, '') || 'image';
  const safe = stem.replace(/[^\w.\- ]+/g, '_').trim() || 'image';
  return `${safe}_${scale}x_${mode.toLowerCase()}.${format === 'png' ? 'png' : 'jpg'}`;
}

/** seed 001 §7.6: the enhanced file re-encoded in a canvas, JPEG at 0.92 on white, or PNG. */
export async function encodeForDownload(url: string, format: DownloadFormat, fetchImpl: typeof fetch = fetch): Promise<Blob> {
  const res = await fetchImpl(url, { credentials: 'same-origin', cache: 'no-store' });
  if (!res.ok) throw new Error(msg('downloadFetchFailed', { status: res.status }));
  const source = await res.blob();
  const bitmap = await createImageBitmap(source).catch(() => {
    throw new Error(msg('imageLoadFailed'));
  });
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error(msg('downloadNoCanvas'));
  if (format === 'jpeg') {
    // JPEG has no alpha: transparent pixels would turn black without a white ground
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
  }
  ctx.drawImage(bitmap, 0, 0);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, format === 'png' ? 'image/png' : 'image/jpeg', 0.92));
  if (!blob) throw new Error(msg('downloadBlobFailed'));
  return blob;
}

export function saveBlob(blob: Blob, fileName: string) {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // the click starts the download synchronously; the object URL can go once the browser has taken it
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
