import { msg } from '@shared/messages';
import { DownloadOptions, downloadQuery, type DownloadFormat } from '@shared/api/downloads';

export type { DownloadFormat };
/** What the download menu remembers between visits: the last format and its options. */
export type DownloadPrefs = DownloadOptions;

const PREFS_KEY = 'renderlift.download-prefs';

export function loadDownloadPrefs(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): DownloadPrefs {
  try {
    const saved = storage?.getItem(PREFS_KEY);
    const parsed = DownloadOptions.safeParse(saved ? JSON.parse(saved) : {});
    if (parsed.success) return parsed.data;
  } catch {
    // a hand-edited or older value: the defaults
  }
  return DownloadOptions.parse({});
}

export function saveDownloadPrefs(prefs: DownloadPrefs, storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage) {
  try {
    // stored as the query strings they become, so loading parses them the same way the server does
    storage?.setItem(PREFS_KEY, JSON.stringify(Object.fromEntries(new URLSearchParams(downloadQuery(prefs)))));
  } catch {
    // private mode or a full quota: the choice lasts for this page only
  }
}

/** The server converts and names the file; the browser only saves what it is sent. */
export function imageDownloadUrl(imageId: string, options: Partial<DownloadOptions>): string {
  const query = downloadQuery(options);
  return `/api/images/${encodeURIComponent(imageId)}/download${query ? `?${query}` : ''}`;
}

export function archiveDownloadUrl(imageIds: string[], options: Partial<DownloadOptions>): string {
  const query = downloadQuery(options);
  return `/api/images/archive?ids=${imageIds.map(encodeURIComponent).join(',')}${query ? `&${query}` : ''}`;
}

/** A plain link click: the browser streams the file to disk itself, whatever its size. */
export function saveUrl(url: string) {
  const a = document.createElement('a');
  a.href = url;
  a.download = '';
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
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

/** The name a Content-Disposition header gives, preferring the exact UTF-8 one (RFC 6266). */
export function fileNameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const exact = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (exact) {
    try {
      return decodeURIComponent(exact[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  return /filename="([^"]*)"/i.exec(header)?.[1] ?? fallback;
}

export interface ArchiveProgress {
  bytes: number;
  /** Images in the zip, from the server's X-Archive-Entries. */
  files: number;
}

/**
 * A zip read through a stream reader so its progress can be shown (its length is not known while the server writes
 * it), then saved under the server's name.
 */
export async function fetchArchive(
  url: string,
  onProgress: (p: ArchiveProgress) => void,
  fetchImpl: typeof fetch = fetch,
): Promise<{ blob: Blob; fileName: string }> {
  const res = await fetchImpl(url, { credentials: 'same-origin', cache: 'no-store' });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
    throw new Error(body?.error?.message ?? msg('downloadFetchFailed', { status: res.status }));
  }
  const files = Number(res.headers.get('x-archive-entries') ?? 0);
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  const reader = res.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    bytes += value.length;
    onProgress({ bytes, files });
  }
  return {
    blob: new Blob(chunks as BlobPart[], { type: 'application/zip' }),
    fileName: fileNameFromDisposition(res.headers.get('content-disposition'), 'renderlift.zip'),
  };
}
