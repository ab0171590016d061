/**
 * The masking window's view as pure maths, on the inspection viewer's model (`viewer/view-transform.ts`): a view is
 * the picture's drawn rectangle in CSS pixels (top-left x, y and drawn width) inside the stage. Zoom is drawn width ÷
 * the picture's pixel width, so 100 % is one picture pixel per CSS pixel and 300 % three.
 *
 * Unlike the viewer, Fit may enlarge a small picture (a mask is painted more precisely large) and the editor goes
 * from Fit up to 400 % (seed 000 §2 leaves it to us): far enough to paint along a window mullion, not so far that
 * a brush covers nothing but a blur of pixels.
 */
import { clampPan, imagePointAt, type Point, type Size, type View } from '@web/features/viewer/view-transform';

export type { Point, Size, View };
export { wheelFactor } from '@web/features/viewer/view-transform';

export const EDITOR_MAX_ZOOM = 4;
/** Steps of the + and − keys and buttons (Fit and 400 % are the ends). */
const ZOOM_STEPS = [0.25, 0.5, 0.75, 1, 1.5, 2, 3, 4];

/** The zoom at which the whole picture fills the stage. */
export function fitZoom(picture: Size, stage: Size): number {
  if (!(picture.width > 0) || !(picture.height > 0) || !(stage.width > 0) || !(stage.height > 0)) return 1;
  return Math.min(stage.width / picture.width, stage.height / picture.height);
}

/** From Fit to 400 %, or Fit alone when a tiny picture already fills the stage beyond 400 %. */
export function zoomRange(picture: Size, stage: Size): { min: number; max: number } {
  const fit = fitZoom(picture, stage);
  return { min: fit, max: Math.max(EDITOR_MAX_ZOOM, fit) };
}

export const zoomOf = (view: View, picture: Size) => (picture.width > 0 ? view.width / picture.width : 1);

export function fitView(picture: Size, stage: Size): View {
  const width = picture.width * fitZoom(picture, stage);
  return clampPan({ x: 0, y: 0, width }, picture, stage);
}

/** The view at `zoom` (clamped to the range) with the picture point under `at` (stage coordinates) kept under it. */
export function zoomAbout(view: View, zoom: number, at: Point, picture: Size, stage: Size): View {
  const { min, max } = zoomRange(picture, stage);
  const z = Number.isFinite(zoom) ? Math.min(max, Math.max(min, zoom)) : min;
  const width = z * picture.width;
  const k = view.width > 0 ? width / view.width : 1;
  return clampPan({ width, x: at.x - (at.x - view.x) * k, y: at.y - (at.y - view.y) * k }, picture, stage);
}

export const zoomAtCentre = (view: View, zoom: number, picture: Size, stage: Size) =>
  zoomAbout(view, zoom, { x: stage.width / 2, y: stage.height / 2 }, picture, stage);

export const panBy = (view: View, dx: number, dy: number, picture: Size, stage: Size) => clampPan({ ...view, x: view.x + dx, y: view.y + dy }, picture, stage);

/** The next step up or down from a zoom, within the range (its ends are steps too). */
export function stepZoom(zoom: number, direction: 1 | -1, range: { min: number; max: number }): number {
  const steps = [range.min, ...ZOOM_STEPS.filter((s) => s > range.min + 1e-6 && s < range.max - 1e-6), range.max];
  if (direction > 0) return steps.find((s) => s > zoom + 1e-6) ?? range.max;
  return [...steps].reverse().find((s) => s < zoom - 1e-6) ?? range.min;
}

/** The picture point (in the picture's pixels) under a stage point. */
export const picturePointAt = (view: View, at: Point, picture: Size): Point => imagePointAt(view, at, picture);

/** The stage point over a picture point. */
export function stagePointOf(view: View, p: Point, picture: Size): Point {
  const k = zoomOf(view, picture);
  return { x: view.x + p.x * k, y: view.y + p.y * k };
}
