/**
 * The versions of a render the viewer can show: the upload, then every result of the card (enhancements and
 * removals) oldest first, as the card's version list numbers them; and which file to draw for a zoom.
 */
import { versionLabelOf, versionsOf, type WorkspaceImage } from '@web/features/canvas-core/workspace-state';
import { viewerMessages } from '@shared/viewer';

export interface ViewerVersion {
  /** "original" for the upload, else the result's job id (or its URL when no job is known). */
  id: string;
  label: string;
  /** The full file. */
  url: string;
  /** The server-made preview (results only); null: the full file is all there is. */
  previewUrl: string | null;
  width: number;
  height: number;
}

export function viewerVersions(image: WorkspaceImage): ViewerVersion[] {
  const upload = image.url ?? image.localUrl ?? image.thumbnailUrl;
  const list: ViewerVersion[] = upload
    ? [{ id: 'original', label: viewerMessages.original, url: upload, previewUrl: null, width: image.width, height: image.height }]
    : [];
  for (const v of versionsOf(image)) {
    list.push({ id: v.jobId || v.url, label: versionLabelOf(image, v), url: v.url, previewUrl: v.previewUrl ?? null, width: v.width, height: v.height });
  }
  return list;
}

/** The version the card shows: where the viewer opens. */
export function shownVersionIndex(image: WorkspaceImage, versions: ViewerVersion[]): number {
  const shown = image.enhanced;
  if (!shown) return 0;
  const i = versions.findIndex((v) => v.id === (shown.jobId || shown.url));
  return i >= 0 ? i : versions.length - 1;
}

/**
 * The file to draw at a zoom: the preview while the drawn image has fewer pixels than the preview holds (Fit and
 * below 100 %), the full file from 100 % on, or when the preview would be enlarged. A large result is then never
 * decoded whole just to be shown at a fraction of its size.
 */
export function sourceFor(version: ViewerVersion, zoom: number, previewWidth?: number): string {
  if (!version.previewUrl || zoom >= 1) return version.url;
  // a preview known to be smaller than the drawn width would show its own blur: the full file instead
  if (previewWidth && previewWidth < version.width * zoom - 0.5) return version.url;
  return version.previewUrl;
}
