import { PassThrough, type Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { and, eq } from 'drizzle-orm';
import { ZipFile } from 'yazl';
import type { Deps } from '@server/deps.js';
import { viewportSessions } from '@server/db/schema.js';
import { AppError, notFound } from '@server/errors.js';
import { ARCHIVE_MAX_IMAGES, type ArchiveManifest, type DownloadOptions } from '@shared/api/downloads.js';
import { chainLabels, fileStem } from '@shared/download-names.js';
import { msg } from '@shared/messages.js';
import { renderDownload } from './download-image.js';
import { latestVersionId, liveUploadIds, loadVersionChain, type ImageVersionChain } from './version-chain.js';

export interface ArchiveRequest {
  /** Images by id: uploads or results, each as it is. */
  ids: string[];
  /** A saved viewport: each of its uploads at its latest version. */
  viewportId?: string;
}

export interface DownloadArchive {
  fileName: string;
  /** Images in the zip (manifest.json comes on top). */
  entries: number;
  body: Readable;
}

type ArchiveDeps = Pick<Deps, 'db' | 'storage' | 'imaging' | 'logger' | 'clock'>;

/**
 * Several images as one zip, written while it is sent: each file is produced (read, converted) only when the one
 * before it has been written, so memory holds one image at a time whatever the zip's size. The manifest comes last,
 * with the sizes the files turned out to have.
 */
export async function downloadArchive(deps: ArchiveDeps, userId: string, req: ArchiveRequest, options: DownloadOptions): Promise<DownloadArchive> {
  const ids = [...req.ids];
  let archiveName = 'renderlift';
  if (req.viewportId) {
    const [viewport] = await deps.db
      .select()
      .from(viewportSessions)
      .where(and(eq(viewportSessions.id, req.viewportId), eq(viewportSessions.userId, userId)));
    if (!viewport) throw notFound(msg('sessionNotFound'));
    archiveName = fileStem(viewport.sessionName);
    const cards = (viewport.viewportData as { images?: { imageId?: unknown }[] }).images ?? [];
    const uploadIds = cards.map((c) => c.imageId).filter((id): id is string => typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id));
    // an upload deleted since the viewport was saved (in the trash, or gone) is left out of its zip
    for (const id of await liveUploadIds(deps, userId, uploadIds)) ids.push(await latestVersionId(deps, userId, id));
  }
  const unique = [...new Set(ids)].slice(0, ARCHIVE_MAX_IMAGES);
  if (unique.length === 0) throw new AppError('NO_IMAGES', 400, msg('downloadNoEnhanced'));
  // every id is checked before the first byte goes out: another user's id is a 404, not a broken zip
  const chains = await Promise.all(unique.map((id) => loadVersionChain(deps, userId, id)));

  const zip = new ZipFile();
  // yazl's output is a PassThrough; its typings only say NodeJS.ReadableStream
  const out = zip.outputStream as unknown as Readable;
  void writeEntries(deps, zip, chains, options).catch((err: unknown) => {
    deps.logger.warn({ err }, 'zip download stopped');
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return { fileName: `${archiveName}.zip`, entries: chains.length, body: out };
}

async function writeEntries(deps: ArchiveDeps, zip: ZipFile, chains: ImageVersionChain[], options: DownloadOptions) {
  const taken = new Set<string>();
  const manifest: ArchiveManifest = { createdAt: deps.clock().toISOString(), format: options.format, files: [] };
  const mtime = deps.clock();
  for (const chain of chains) {
    const file = await renderDownload(deps, chain, options);
    const name = uniqueName(file.fileName, taken);
    let bytes = 0;
    const counted = new PassThrough();
    counted.on('data', (chunk: Buffer) => (bytes += chunk.length));
    file.body.on('error', (err) => counted.destroy(err));
    // already-compressed images gain nothing from deflate; storing them keeps the zip fast to write and to open
    zip.addReadStream(file.body.pipe(counted), name, { compress: false, mtime });
    await finished(counted);
    manifest.files.push({
      file: name,
      source: chain.upload.originalName ?? 'image',
      chain: chainLabels(chain.steps),
      scale: chain.scale,
      mode: chain.mode,
      width: chain.image.width,
      height: chain.image.height,
      bytes,
      credits: chain.credits,
    });
  }
  zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 2) + '\n'), 'manifest.json', { mtime });
  zip.end();
}

/** Two cards of the same render at the same version would collide: the second becomes `name (2).png`. */
function uniqueName(name: string, taken: Set<string>): string {
  let candidate = name;
  const dot = name.lastIndexOf('.');
  for (let n = 2; taken.has(candidate.toLowerCase()) || candidate.toLowerCase() === 'manifest.json'; n++) {
    candidate = `${name.slice(0, dot)} (${n})${name.slice(dot)}`;
  }
  taken.add(candidate.toLowerCase());
  return candidate;
}
