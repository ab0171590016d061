/**
 * Whether a local backup is worth offering, and what restoring it means. The backup only ever adds to what the
 * server holds: its positions, zoom levels and shown versions for images that still exist, and images the
 * open layout lacks. Restoring merges by image id, so uploads made after the backup (in another tab, on another
 * device) stay on the canvas, on free grid cells.
 */
import type { ViewportData, ViewportImage } from '@shared/viewports';
import { GRID_SPACING, positionsForNew } from '@web/features/canvas-core/layout';
import { stripQuery } from './viewport-snapshot';

const idOf = (img: ViewportImage) => img.imageId ?? img.id;
/**
 * Cards the workspace placed itself sit on grid cells, and the same uploads may land on other cells when the list
 * is laid out again in one go; a card the user dragged is off the grid. Only such a position is news.
 */
const onGrid = (p: { x: number; y: number }) => Math.round(p.x) % GRID_SPACING === 0 && Math.round(p.y) % GRID_SPACING === 0;
const samePlace = (a: ViewportImage, b: ViewportImage) =>
  (Math.round(a.position.x) === Math.round(b.position.x) && Math.round(a.position.y) === Math.round(b.position.y)) ||
  (onGrid(a.position) && onGrid(b.position));
const sameCard = (a: ViewportImage, b: ViewportImage) =>
  samePlace(a, b) && Math.round(a.scale * 100) === Math.round(b.scale * 100) && stripQuery(a.enhancedUrl ?? '') === stripQuery(b.enhancedUrl ?? '');

/**
 * True when the backup holds something the workspace as shown does not: a card of an existing upload moved by
 * hand, zoomed or showing a version differently, or an existing upload the shown layout leaves out. Images deleted on
 * the server since, and the order of the list, do not count.
 */
export function backupAddsSomething(backup: ViewportData, shown: ViewportData, serverImageIds: ReadonlySet<string>): boolean {
  const shownById = new Map(shown.images.map((i) => [idOf(i), i]));
  return backup.images.some((b) => {
    const id = idOf(b);
    if (!serverImageIds.has(id)) return false;
    const s = shownById.get(id);
    return !s || !sameCard(b, s);
  });
}

/** The backup's layout with every shown image it lacks added on the next free grid cells. */
export function mergeBackup(backup: ViewportData, shown: ViewportData): ViewportData {
  const inBackup = new Set(backup.images.map(idOf));
  const extra = shown.images.filter((i) => !inBackup.has(idOf(i)));
  const cells = positionsForNew(
    backup.images.map((i) => i.position),
    extra.length,
  );
  return { ...backup, images: [...backup.images, ...extra.map((img, n) => ({ ...img, position: cells[n] }))] };
}
