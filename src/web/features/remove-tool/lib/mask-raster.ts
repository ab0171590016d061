/**
 * Turning strokes into pixels. The browser draws with a 2D canvas (round caps and joins); `rasteriseStrokes` is
 * the same geometry in plain arithmetic, to measure how much of the image a mask covers and to test the geometry
 * without a browser.
 */
import type { Stroke } from './strokes';
import { featherMask } from './feather';

/**
 * seed 000 §2: the overlay is a semi-transparent gray-blue stroke. Strokes are drawn opaque on a layer with this
 * opacity, so where strokes overlap the colour stays even.
 */
export const OVERLAY_STROKE_COLOR = 'rgb(100, 116, 139)';
export const OVERLAY_OPACITY = 0.6;

/** The part of a 2D context drawing needs, so drawing can be exercised with a recording fake. */
export interface StrokeContext {
  beginPath(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  arc(x: number, y: number, r: number, start: number, end: number): void;
  closePath(): void;
  stroke(): void;
  fill(): void;
  globalCompositeOperation: GlobalCompositeOperation;
  lineWidth: number;
  lineCap: CanvasLineCap;
  lineJoin: CanvasLineJoin;
  strokeStyle: string | CanvasGradient | CanvasPattern;
  fillStyle: string | CanvasGradient | CanvasPattern;
}

/**
 * Draws strokes scaled by `scale` (image pixels to canvas pixels) and moved by `offset` (canvas pixels). A one-point
 * stroke is a dot: a zero-length line with round caps paints nothing in some browsers. Erasing steps are drawn in
 * `eraseWith`: a colour (the mask file's black), or 'cut' to take paint away from the layer (the overlay).
 */
export function drawStrokes(
  ctx: StrokeContext,
  strokes: Stroke[],
  color: string,
  scale = 1,
  { eraseWith = 'cut', offset = { x: 0, y: 0 } }: { eraseWith?: string; offset?: { x: number; y: number } } = {},
): void {
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  const X = (x: number) => x * scale + offset.x;
  const Y = (y: number) => y * scale + offset.y;
  for (const s of strokes) {
    if (s.points.length === 0) continue;
    const cut = s.erase && eraseWith === 'cut';
    const paint = s.erase && !cut ? eraseWith : color;
    ctx.globalCompositeOperation = cut ? 'destination-out' : 'source-over';
    ctx.strokeStyle = paint;
    ctx.fillStyle = paint;
    const width = s.size * scale;
    ctx.beginPath();
    if (s.shape === 'polygon') {
      ctx.moveTo(X(s.points[0].x), Y(s.points[0].y));
      for (let i = 1; i < s.points.length; i++) ctx.lineTo(X(s.points[i].x), Y(s.points[i].y));
      ctx.closePath();
      ctx.fill();
    } else if (s.points.length === 1) {
      ctx.arc(X(s.points[0].x), Y(s.points[0].y), width / 2, 0, Math.PI * 2);
      ctx.fill();
    } else {
      ctx.lineWidth = width;
      ctx.moveTo(X(s.points[0].x), Y(s.points[0].y));
      for (let i = 1; i < s.points.length; i++) ctx.lineTo(X(s.points[i].x), Y(s.points[i].y));
      ctx.stroke();
    }
  }
  ctx.globalCompositeOperation = 'source-over';
}

/**
 * Coverage of the strokes on a width × height grid, in paint order: 1 where a pixel's centre lies within half the
 * brush of a stroke's path (a capsule per segment) or inside a polygon (non-zero winding, as the canvas fills), 0
 * where an erasing step covers it afterwards.
 */
export function rasteriseStrokes(strokes: Stroke[], width: number, height: number): Uint8Array {
  const out = new Uint8Array(Math.max(0, width * height));
  for (const s of strokes) {
    const v = s.erase ? 0 : 1;
    if (s.shape === 'polygon') {
      fillPolygon(out, width, height, s.points, v);
      continue;
    }
    const r = s.size / 2;
    const pts = s.points.length === 1 ? [s.points[0], s.points[0]] : s.points;
    for (let i = 1; i < pts.length; i++) paintCapsule(out, width, height, pts[i - 1].x, pts[i - 1].y, pts[i].x, pts[i].y, r, v);
  }
  return out;
}

/** Scanline fill with the non-zero winding rule, sampled at pixel centres. */
export function fillPolygon(out: Uint8Array, width: number, height: number, points: { x: number; y: number }[], v: number) {
  const n = points.length;
  if (n < 3) return;
  let minY = Infinity,
    maxY = -Infinity;
  for (const p of points) {
    minY = Math.min(minY, p.y);
    maxY = Math.max(maxY, p.y);
  }
  const y0 = Math.max(0, Math.floor(minY));
  const y1 = Math.min(height - 1, Math.ceil(maxY));
  const crossings: { x: number; dir: number }[] = [];
  for (let y = y0; y <= y1; y++) {
    const py = y + 0.5;
    crossings.length = 0;
    for (let i = 0, j = n - 1; i < n; j = i++) {
      const a = points[j],
        b = points[i];
      if (a.y <= py === b.y <= py) continue;
      crossings.push({ x: a.x + ((py - a.y) / (b.y - a.y)) * (b.x - a.x), dir: b.y > a.y ? 1 : -1 });
    }
    crossings.sort((p, q) => p.x - q.x);
    let winding = 0;
    for (let k = 0; k < crossings.length - 1; k++) {
      winding += crossings[k].dir;
      if (winding === 0) continue;
      const xa = Math.max(0, Math.ceil(crossings[k].x - 0.5));
      const xb = Math.min(width - 1, Math.floor(crossings[k + 1].x - 0.5));
      for (let x = xa; x <= xb; x++) out[y * width + x] = v;
    }
  }
}

function paintCapsule(out: Uint8Array, width: number, height: number, ax: number, ay: number, bx: number, by: number, r: number, v: number) {
  const x0 = Math.max(0, Math.floor(Math.min(ax, bx) - r));
  const x1 = Math.min(width - 1, Math.ceil(Math.max(ax, bx) + r));
  const y0 = Math.max(0, Math.floor(Math.min(ay, by) - r));
  const y1 = Math.min(height - 1, Math.ceil(Math.max(ay, by) + r));
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  const r2 = r * r;
  for (let y = y0; y <= y1; y++) {
    const py = y + 0.5;
    for (let x = x0; x <= x1; x++) {
      const px = x + 0.5;
      let t = len2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / len2 : 0;
      t = t < 0 ? 0 : t > 1 ? 1 : t;
      const cx = ax + t * dx - px;
      const cy = ay + t * dy - py;
      if (cx * cx + cy * cy <= r2) out[y * width + x] = v;
    }
  }
}

export function coveredShare(coverage: Uint8Array): number {
  if (coverage.length === 0) return 0;
  let n = 0;
  for (let i = 0; i < coverage.length; i++) n += coverage[i];
  return n / coverage.length;
}

/**
 * Share of the image the mask covers, measured on a grid of at most ~250 000 cells: the exact figure, and the
 * 35 % refusal, are the server's.
 */
export function estimateMaskShare(strokes: Stroke[], width: number, height: number): number {
  if (!(width > 0) || !(height > 0) || strokes.length === 0) return 0;
  const factor = Math.min(1, Math.sqrt(250_000 / (width * height)));
  const w = Math.max(1, Math.round(width * factor));
  const h = Math.max(1, Math.round(height * factor));
  const scaled = strokes.map((s) => ({ ...s, size: s.size * factor, points: s.points.map((p) => ({ x: p.x * factor, y: p.y * factor })) }));
  return coveredShare(rasteriseStrokes(scaled, w, h));
}

/**
 * The mask file the server expects: a PNG at the image's natural resolution, white strokes on black, erasing steps
 * in black; with a feather radius, a soft edge that fades out over that many pixels around the paint
 * (`feather.ts`). Browser only (needs a canvas).
 */
export async function exportMaskPng(strokes: Stroke[], width: number, height: number, featherRadius = 0): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('Could not get canvas context');
  ctx.fillStyle = '#000';
  ctx.fillRect(0, 0, width, height);
  drawStrokes(ctx, strokes, '#fff', 1, { eraseWith: '#000' });
  if (featherRadius > 0) {
    const pixels = ctx.getImageData(0, 0, width, height);
    const grey = new Uint8Array(width * height);
    for (let i = 0; i < grey.length; i++) grey[i] = pixels.data[i * 4];
    const soft = featherMask(grey, width, height, featherRadius);
    for (let i = 0; i < grey.length; i++) pixels.data[i * 4] = pixels.data[i * 4 + 1] = pixels.data[i * 4 + 2] = soft[i];
    ctx.putImageData(pixels, 0, 0);
  }
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  // release the backing store at once: masks of large renders are tens of megabytes
  canvas.width = 0;
  canvas.height = 0;
  if (!blob) throw new Error('Failed to save masked image');
  return blob;
}
