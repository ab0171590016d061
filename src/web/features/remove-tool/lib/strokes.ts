/**
 * The mask as a list of brush strokes in the target image's own pixel coordinates, so the same strokes draw the
 * small in-place overlay, the full-screen modal and the exported PNG at the image's natural resolution.
 */
export interface MaskPoint {
  x: number;
  y: number;
}

export interface Stroke {
  /** Brush diameter in image pixels. */
  size: number;
  points: MaskPoint[];
}

export interface MaskState {
  strokes: Stroke[];
  /** The stroke under the pointer; it only joins `strokes` on release (seed 000 §4). */
  current: Stroke | null;
}

export const emptyMask: MaskState = { strokes: [], current: null };

/** seed 000 §5: the panel slider runs 5..100, the brush settings popup 1..100; both default to 20. */
export const BRUSH_DEFAULT = 20;
export const BRUSH_PANEL_RANGE = { min: 5, max: 100, step: 1 } as const;
export const BRUSH_POPUP_RANGE = { min: 1, max: 100, step: 1 } as const;
export const BRUSH_PRESETS = [10, 25, 50, 75] as const;

export function clampBrush(size: number, range: { min: number; max: number } = BRUSH_POPUP_RANGE): number {
  if (!Number.isFinite(size)) return BRUSH_DEFAULT;
  return Math.min(range.max, Math.max(range.min, Math.round(size)));
}

export function beginStroke(state: MaskState, point: MaskPoint, size: number): MaskState {
  if (!(size > 0)) return state;
  return { strokes: state.strokes, current: { size, points: [point] } };
}

/**
 * Adds a point to the stroke under the pointer. Points closer than a tenth of the brush are skipped: pointer
 * events fire far more often than they move the painted area, and every point costs a segment on export.
 */
export function extendStroke(state: MaskState, point: MaskPoint): MaskState {
  const current = state.current;
  if (!current) return state;
  const last = current.points[current.points.length - 1];
  if (Math.hypot(point.x - last.x, point.y - last.y) < Math.max(0.5, current.size / 10)) return state;
  return { strokes: state.strokes, current: { size: current.size, points: [...current.points, point] } };
}

export function commitStroke(state: MaskState): MaskState {
  if (!state.current) return state;
  return { strokes: [...state.strokes, state.current], current: null };
}

export function cancelStroke(state: MaskState): MaskState {
  return state.current ? { strokes: state.strokes, current: null } : state;
}

export function undoStroke(state: MaskState): MaskState {
  if (state.current) return cancelStroke(state);
  if (state.strokes.length === 0) return state;
  return { strokes: state.strokes.slice(0, -1), current: null };
}

export function clearMask(): MaskState {
  return emptyMask;
}

export const hasMask = (state: MaskState) => state.strokes.length > 0;

/** Committed strokes plus the one being painted, for drawing. */
export const visibleStrokes = (state: MaskState): Stroke[] => (state.current ? [...state.strokes, state.current] : state.strokes);

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * A pointer position on the displayed image, in the image's own pixels. The displayed box may be any size (a card
 * on a zoomed canvas, the modal); the ratio to the natural size carries the point across.
 */
export function toImagePoint(clientX: number, clientY: number, box: Box, natural: { width: number; height: number }): MaskPoint {
  const sx = box.width > 0 ? natural.width / box.width : 1;
  const sy = box.height > 0 ? natural.height / box.height : 1;
  const x = (clientX - box.left) * sx;
  const y = (clientY - box.top) * sy;
  return { x: Math.min(natural.width, Math.max(0, x)), y: Math.min(natural.height, Math.max(0, y)) };
}

/** The brush size is what the user sees on screen; in image pixels it grows as the image is shown smaller. */
export function brushInImagePixels(brushScreenPx: number, box: Box, natural: { width: number; height: number }): number {
  if (!(box.width > 0) || !(natural.width > 0)) return brushScreenPx;
  return brushScreenPx * (natural.width / box.width);
}
