import { isIgnoredUploadName } from '@shared/limits';

/** seed 001 §9: three files at a time, 100 ms between batches. */
const UPLOAD_BATCH_SIZE = 3;
const UPLOAD_BATCH_PAUSE_MS = 100;

const IMAGE_EXTENSIONS = /\.(jpe?g|png|gif|bmp|webp)$/i;

/**
 * Files worth sending from a picked or dropped set: junk a folder brings along (.DS_Store, Thumbs.db) and files
 * that are plainly not images are left out; the server still judges every file by its content.
 */
export function selectUploadable<T extends { name: string; type?: string }>(files: T[]): T[] {
  return files.filter((f) => {
    if (isIgnoredUploadName(f.name)) return false;
    const base = f.name.split(/[\\/]/).pop() ?? f.name;
    if (base.startsWith('.')) return false;
    if (f.type && f.type.startsWith('image/')) return true;
    return IMAGE_EXTENSIONS.test(base);
  });
}

interface BatchProgress {
  done: number;
  total: number;
}

/** Runs `work` over items, `size` at a time with `pauseMs` between batches, reporting each finished item. */
export async function runInBatches<T>(
  items: T[],
  work: (item: T) => Promise<void>,
  opts: { size?: number; pauseMs?: number; onProgress?: (p: BatchProgress) => void; sleep?: (ms: number) => Promise<void> } = {},
): Promise<void> {
  const size = opts.size ?? UPLOAD_BATCH_SIZE;
  const pauseMs = opts.pauseMs ?? UPLOAD_BATCH_PAUSE_MS;
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  let done = 0;
  opts.onProgress?.({ done, total: items.length });
  for (let i = 0; i < items.length; i += size) {
    if (i > 0) await sleep(pauseMs);
    await Promise.all(
      items.slice(i, i + size).map(async (item) => {
        try {
          await work(item);
        } finally {
          done += 1;
          opts.onProgress?.({ done, total: items.length });
        }
      }),
    );
  }
}

/** The files inside dropped folders, walked through the File System entries API (files and folders may be mixed). */
export async function filesFromDataTransfer(dt: DataTransfer): Promise<File[]> {
  const entries: FileSystemEntry[] = [];
  const loose: File[] = [];
  for (const item of Array.from(dt.items ?? [])) {
    if (item.kind !== 'file') continue;
    const entry = typeof item.webkitGetAsEntry === 'function' ? item.webkitGetAsEntry() : null;
    if (entry) entries.push(entry);
    else {
      const f = item.getAsFile();
      if (f) loose.push(f);
    }
  }
  if (entries.length === 0) return loose.length > 0 ? loose : Array.from(dt.files ?? []);
  const out: File[] = [...loose];
  const walk = async (entry: FileSystemEntry): Promise<void> => {
    if (entry.isFile) {
      out.push(await new Promise<File>((resolve, reject) => (entry as FileSystemFileEntry).file(resolve, reject)));
    } else if (entry.isDirectory) {
      const reader = (entry as FileSystemDirectoryEntry).createReader();
      // readEntries answers in chunks (100 in Chromium) until it returns an empty list
      for (;;) {
        const chunk = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
        if (chunk.length === 0) break;
        for (const child of chunk) await walk(child);
      }
    }
  };
  for (const entry of entries) await walk(entry);
  return out;
}
