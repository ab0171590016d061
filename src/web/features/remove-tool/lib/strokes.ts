/**
 * The mask as a list of brush strokes in the target image's own pixel coordinates, so the same strokes draw the
 * small in-place overlay, the full-screen modal and the exported PNG at the image's natural resolution.
 */
export interface MaskPoint {
  x: number;
  y: number;
}

/**
 * One step of the mask, in paint order: a brush path (round caps and joins), or a filled polygon (a rectangle or a
 * lasso, `shape: 'polygon'`). An erasing step takes paint away from what came before it.
 */
export interface Stroke {
  /** Brush diameter in image pixels (0 for a polygon). */
  size: number;
  points: MaskPoint[];
  erase?: boolean;
  shape?: 'polygon';
}

export interface MaskState {
  strokes: Stroke[];
  /** The stroke under the pointer; it only joins `strokes` on release (seed 000 §4). */
  current: Stroke | null;
  /** Steps taken back by undo, the last undone last; a new step drops them. */
  redo: Stroke[];
}

export const emptyMask: MaskState = { strokes: [], current: null, redo: [] };

/** seed 000 §5: the panel slider runs 5..100, the brush settings popup 1..100; both default to 20. */
export const BRUSH_DEFAULT = 20;
export const BRUSH_PANEL_RANGE = { min: 5, max: 100, step: 1 } as const;
export const BRUSH_POPUP_RANGE = { min: 1, max: 100, step: 1 } as const;
export const BRUSH_PRESETS = [10, 25, 50, 75] as const;

export function clampBrush(size: number, range: { min: number; max: number } = BRUSH_POPUP_RANGE): number {
  if (!Number.isFinite(size)) return BRUSH_DEFAULT;
  return Math.min(range.max, Math.max(range.min, Math.round(size)));
}

export function beginStroke(state: MaskState, point: MaskPoint, size: number, erase = false): MaskState {
  if (!(size > 0)) return state;
  return { ...state, current: { size, points: [point], ...(erase && { erase }) } };
}

/** A filled polygon (rectangle or lasso) being drawn: its points follow the pointer until it is committed. */
export function beginShape(state: MaskState, points: MaskPoint[], erase = false): MaskState {
  return { ...state, current: { size: 0, points, shape: 'polygon', ...(erase && { erase }) } };
}

/** The shape under the pointer takes these points (a rectangle's four corners as the pointer moves). */
export function reshape(state: MaskState, points: MaskPoint[]): MaskState {
  return state.current?.shape === 'polygon' ? { ...state, current: { ...state.current, points } } : state;
}

/** The four corners of the rectangle spanned by two points. */
export function rectangle(a: MaskPoint, b: MaskPoint): MaskPoint[] {
  return [a, { x: b.x, y: a.y }, b, { x: a.x, y: b.y }];
}

/** Twice the signed area of a polygon: a lasso or rectangle with next to none encloses nothing worth a step. */
export function polygonArea(points: MaskPoint[]): number {
  let a = 0;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) a += (points[j].x + points[i].x) * (points[j].y - points[i].y);
  return Math.abs(a) / 2;
}

/**
 * Adds a point to the stroke under the pointer. Points closer than a tenth of the brush are skipped: pointer
 * events fire far more often than they move the painted area, and every point costs a segment on export.
 */
export function extendStroke(state: MaskState, point: MaskPoint): MaskState {
  const current = state.current;
  if (!current) return state;
  const last = current.points[current.points.length - 1];
  // a lasso's outline keeps finer points than a brush path: its corners are the shape
  const minStep = current.shape === 'polygon' ? 0.5 : Math.max(0.5, current.size / 10);
  if (Math.hypot(point.x - last.x, point.y - last.y) < minStep) return state;
  return { ...state, current: { ...current, points: [...current.points, point] } };
}

/** The step under the pointer joins the mask; a shape enclosing less than a pixel is dropped. A new step clears redo. */
export function commitStroke(state: MaskState): MaskState {
  const current = state.current;
  if (!current) return state;
  if (current.shape === 'polygon' && (current.points.length < 3 || polygonArea(current.points) < 1)) return cancelStroke(state);
  return { strokes: [...state.strokes, current], current: null, redo: [] };
}

export function cancelStroke(state: MaskState): MaskState {
  return state.current ? { ...state, current: null } : state;
}

export function undoStroke(state: MaskState): MaskState {
  if (state.current) return cancelStroke(state);
  if (state.strokes.length === 0) return state;
  return { strokes: state.strokes.slice(0, -1), current: null, redo: [...state.redo, state.strokes[state.strokes.length - 1]] };
}

export function redoStroke(state: MaskState): MaskState {
  if (state.current || state.redo.length === 0) return state;
  return { strokes: [...state.strokes, state.redo[state.redo.length - 1]], current: null, redo: state.redo.slice(0, -1) };
}

export const canUndo = (state: MaskState) => state.strokes.length > 0;
export const canRedo = (state: MaskState) => state.redo.length > 0;

export function clearMask(): MaskState {
  return emptyMask;
}

/** Something is painted: at least one step that adds paint (a mask of erasing steps alone is empty). */
export const hasMask = (state: MaskState) => state.strokes.some((s) => !s.erase);

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
