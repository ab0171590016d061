/**
 * The inspection viewer's view as pure maths: where the image sits in the viewport and how large it is drawn.
 *
 * A view is the drawn rectangle of the image in CSS pixels: its top-left corner (x, y) relative to the viewport and
 * its drawn width; the height follows from the image's aspect ratio. Every version of a render is drawn into the same
 * rectangle, so two versions of different pixel sizes (an upload and its ×2 result) stay in register when compared.
 *
 * Zoom is drawn width ÷ the shown version's pixel width: 100 % draws one image pixel per CSS pixel, whatever the
 * screen's devicePixelRatio (as the browser's own "actual size" does, and as the card's zoom does). On a 2× screen
 * 100 % therefore covers each image pixel with 2 × 2 device pixels; the number stays the one a user reads as "the
 * file at its size", and an image drawn at 100 % measures exactly its naturalWidth in CSS pixels.
 */
export interface Size {
  width: number;
  height: number;
}

export interface View {
  x: number;
  y: number;
  /** Drawn width in CSS pixels. */
  width: number;
}

export interface Point {
  x: number;
  y: number;
}

/** The largest zoom, as the card's (seed 000 §5: up to 1200 %). */
export const MAX_ZOOM = 12;
/** Zoom steps of the + and − keys and buttons. */
const ZOOM_STEPS = [0.1, 0.25, 0.5, 0.75, 1, 1.5, 2, 3, 4, 6, 8, 12];

const aspect = (image: Size) => (image.width > 0 ? image.height / image.width : 1);
export const drawnHeight = (view: View, image: Size) => view.width * aspect(image);
export const zoomOf = (view: View, image: Size) => (image.width > 0 ? view.width / image.width : 1);

/**
 * The whole image, centred, as large as the viewport allows but never above 100 %: enlarging a small render past its
 * pixels would show enlargement blur that is not in the file.
 */
export function fitView(image: Size, viewport: Size): View {
  if (image.width <= 0 || image.height <= 0 || viewport.width <= 0 || viewport.height <= 0) return { x: 0, y: 0, width: Math.max(0, image.width) };
  const zoom = Math.min(1, viewport.width / image.width, viewport.height / image.height);
  return centred(image.width * zoom, image, viewport);
}

/** The zoom of Fit: the smallest the viewer goes. */
export const fitZoom = (image: Size, viewport: Size) => zoomOf(fitView(image, viewport), image);

function centred(width: number, image: Size, viewport: Size): View {
  return { x: (viewport.width - width) / 2, y: (viewport.height - width * aspect(image)) / 2, width };
}

/**
 * Keeps the image on screen: along an axis where it is smaller than the viewport it is centred, where it is larger
 * no edge comes inside the viewport.
 */
export function clampPan(view: View, image: Size, viewport: Size): View {
  const h = drawnHeight(view, image);
  const axis = (pos: number, drawn: number, room: number) => (drawn <= room ? (room - drawn) / 2 : Math.min(0, Math.max(room - drawn, pos)));
  return { width: view.width, x: axis(view.x, view.width, viewport.width), y: axis(view.y, h, viewport.height) };
}

/** Zoom limited to [Fit, MAX_ZOOM]. */
export function clampZoom(zoom: number, image: Size, viewport: Size): number {
  const min = Math.min(1, fitZoom(image, viewport));
  if (!Number.isFinite(zoom)) return min;
  return Math.min(MAX_ZOOM, Math.max(min, zoom));
}

/**
 * The view at `zoom` with the image point under `at` (viewport coordinates) still under it, then clamped: zooming
 * about the cursor or the centre of a pinch.
 */
export function zoomAbout(view: View, zoom: number, at: Point, image: Size, viewport: Size): View {
  const width = clampZoom(zoom, image, viewport) * image.width;
  const k = view.width > 0 ? width / view.width : 1;
  return clampPan({ width, x: at.x - (at.x - view.x) * k, y: at.y - (at.y - view.y) * k }, image, viewport);
}

/** Zoom about the viewport's centre (the zoom buttons and keys). */
export const zoomAtCentre = (view: View, zoom: number, image: Size, viewport: Size) =>
  zoomAbout(view, zoom, { x: viewport.width / 2, y: viewport.height / 2 }, image, viewport);

export const panBy = (view: View, dx: number, dy: number, image: Size, viewport: Size) =>
  clampPan({ ...view, x: view.x + dx, y: view.y + dy }, image, viewport);

/** The next step up or down from a zoom (a zoom between steps goes to the neighbouring one). */
export function stepZoom(zoom: number, direction: 1 | -1): number {
  if (direction > 0) return ZOOM_STEPS.find((s) => s > zoom + 1e-6) ?? MAX_ZOOM;
  return [...ZOOM_STEPS].reverse().find((s) => s < zoom - 1e-6) ?? ZOOM_STEPS[0];
}

/** The wheel's zoom factor: smooth for trackpads (small deltas), about ×1.2 per mouse notch (deltaY ≈ 100). */
export const wheelFactor = (deltaY: number) => Math.exp(-Math.max(-300, Math.min(300, deltaY)) * 0.0018);

/** Which image point (in the shown version's pixels) sits under a viewport point. */
export function imagePointAt(view: View, at: Point, image: Size): Point {
  const k = image.width / (view.width || 1);
  return { x: (at.x - view.x) * k, y: (at.y - view.y) * k };
}
