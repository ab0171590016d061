/**
 * Turning strokes into pixels. The browser draws with a 2D canvas (round caps and joins); `rasteriseStrokes` is
 * the same geometry in plain arithmetic, to measure how much of the image a mask covers and to test the geometry
 * without a browser.
 */
import type { Stroke } from './strokes';

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
  stroke(): void;
  fill(): void;
  lineWidth: number;
  lineCap: CanvasLineCap;
  lineJoin: CanvasLineJoin;
  strokeStyle: string | CanvasGradient | CanvasPattern;
  fillStyle: string | CanvasGradient | CanvasPattern;
}

/**
 * Draws strokes scaled by `scale` (image pixels to canvas pixels). A one-point stroke is a dot: a zero-length line
 * with round caps paints nothing in some browsers.
 */
export function drawStrokes(ctx: StrokeContext, strokes: Stroke[], color: string, scale = 1): void {
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.strokeStyle = color;
  ctx.fillStyle = color;
  for (const s of strokes) {
    if (s.points.length === 0) continue;
    const width = s.size * scale;
    if (s.points.length === 1) {
      ctx.beginPath();
      ctx.arc(s.points[0].x * scale, s.points[0].y * scale, width / 2, 0, Math.PI * 2);
      ctx.fill();
      continue;
    }
    ctx.lineWidth = width;
    ctx.beginPath();
    ctx.moveTo(s.points[0].x * scale, s.points[0].y * scale);
    for (let i = 1; i < s.points.length; i++) ctx.lineTo(s.points[i].x * scale, s.points[i].y * scale);
    ctx.stroke();
  }
}

/**
 * Coverage of the strokes on a width × height grid: 1 where a pixel's centre lies within half the brush of a
 * stroke's path (a capsule per segment), else 0.
 */
export function rasteriseStrokes(strokes: Stroke[], width: number, height: number): Uint8Array {
  const out = new Uint8Array(Math.max(0, width * height));
  for (const s of strokes) {
    const r = s.size / 2;
    const pts = s.points.length === 1 ? [s.points[0], s.points[0]] : s.points;
    for (let i = 1; i < pts.length; i++) paintCapsule(out, width, height, pts[i - 1].x, pts[i - 1].y, pts[i].x, pts[i].y, r);
  }
  return out;
}

function paintCapsule(out: Uint8Array, width: number, height: number, ax: number, ay: number, bx: number, by: number, r: number) {
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
      if (cx * cx + cy * cy <= r2) out[y * width + x] = 1;
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
  const scaled = strokes.map((s) => ({ size: s.size * factor, points: s.points.map((p) => ({ x: p.x * factor, y: p.y * factor })) }));
  return coveredShare(rasteriseStrokes(scaled, w, h));
}

/**
 * The mask file the server expects: a PNG at the image's natural resolution, white strokes on black.
 * Browser only (needs a canvas).
 */
export async function exportMaskPng(strokes: Stroke[], width: number, height: number): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('Could not get canvas context');
  ctx.fillStyle = '#000';
  ctx.fillRect(0, 0, width, height);
  drawStrokes(ctx, strokes, '#fff', 1);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  // release the backing store at once: masks of large renders are tens of megabytes
  canvas.width = 0;
  canvas.height = 0;
  if (!blob) throw new Error('Failed to save masked image');
  return blob;
}
