/**
 * What a removal works on: the version the card shows (an enhancement, or an earlier removal) when the server
 * knows it as a stored result, else the upload itself. The mask is painted in the upload's pixels and sent at the
 * target's own size, so a removal keeps the resolution the card shows.
 */
import type { EnhancedResult, WorkspaceImage } from '@web/features/canvas-core/workspace-state';
import { versionsOf } from '@web/features/canvas-core/workspace-state';
import type { Stroke } from './strokes';

interface RemovalTarget {
  imageId: string;
  width: number;
  height: number;
  /** Size relative to the upload: the removal's result keeps it. */
  scale: number;
}

export function removalTarget(img: Pick<WorkspaceImage, 'imageId' | 'width' | 'height' | 'enhanced'>): RemovalTarget | null {
  const shown = img.enhanced;
  if (shown?.imageId && shown.width > 0 && shown.height > 0) return { imageId: shown.imageId, width: shown.width, height: shown.height, scale: shown.scale };
  if (!img.imageId || !(img.width > 0) || !(img.height > 0)) return null;
  return { imageId: img.imageId, width: img.width, height: img.height, scale: 1 };
}

/** Strokes painted in the upload's pixels, scaled to a target of another size. */
export function strokesForTarget(strokes: Stroke[], from: { width: number; height: number }, to: { width: number; height: number }): Stroke[] {
  const kx = to.width / from.width;
  const ky = to.height / from.height;
  if (kx === 1 && ky === 1) return strokes;
  const k = (kx + ky) / 2;
  return strokes.map((s) => ({ ...s, size: s.size * k, points: s.points.map((p) => ({ x: p.x * kx, y: p.y * ky })) }));
}

/** The version a finished removal worked on, found by the stored result it targeted (null: the upload). */
export function removalBasis(img: Pick<WorkspaceImage, 'enhanced' | 'versions'>, targetImageId: string | null): EnhancedResult | null {
  if (!targetImageId) return null;
  return versionsOf(img).find((v) => v.imageId === targetImageId) ?? null;
}
