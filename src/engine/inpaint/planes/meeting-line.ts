/**
 * The meeting line drawn through the hole: where two sides of a hole are filled apart (floor and wall, a rug and the
 * boards), each fill stops at the line and neither carries what lies on it (a rug's dark border, a skirting's shadow
 * line). Across a narrow band each hole pixel takes the colour found at its own distance from the line on the known
 * stretches beyond both ends of the hole, blended by where along the line it lies.
 */

import { sampleRgb } from './rectify.js';
import type { GuideLine } from '../structure.js';

/** Half the band's width, pixels: the line itself and its edge on either side. */
export const MEETING_BAND = 2.5;
/** Known samples averaged beyond each end of the hole, one pixel apart along the line. */
const END_SAMPLES = 3;

/** Whether the bilinear footprint of (x, y) is inside the picture and clear of the hole. */
function known(hole: Uint8Array, w: number, h: number, x: number, y: number): boolean {
  if (x < 0 || y < 0 || x > w - 1 || y > h - 1) return false;
  const x0 = Math.floor(x),
    y0 = Math.floor(y),
    x1 = Math.min(w - 1, x0 + 1),
    y1 = Math.min(h - 1, y0 + 1);
  return !hole[y0 * w + x0] && !hole[y0 * w + x1] && !hole[y1 * w + x0] && !hole[y1 * w + x1];
}

/**
 * The mean colour at distance d from the line, over END_SAMPLES known points from the first one past t in direction
 * `dir` (±1), or null when the line leaves the picture first.
 */
function endColour(src: Uint8Array, hole: Uint8Array, w: number, h: number, line: GuideLine, t: number, d: number, dir: number, reach: number) {
  const px = (tt: number) => (line.rho + d) * line.cos - tt * line.sin,
    py = (tt: number) => (line.rho + d) * line.sin + tt * line.cos;
  const sum = [0, 0, 0];
  const one = new Uint8Array(3);
  let n = 0,
    at = 0;
  for (let s = 1; s <= reach && n < END_SAMPLES; s++) {
    const tt = t + dir * s;
    const x = px(tt),
      y = py(tt);
    if (x < 0 || y < 0 || x > w - 1 || y > h - 1) break;
    if (!known(hole, w, h, x, y)) {
      if (n) break; // the known stretch ended: another part of the hole
      continue;
    }
    sampleRgb(src, w, h, x, y, one, 0);
    for (let c = 0; c < 3; c++) sum[c] += one[c];
    if (!n) at = s;
    n++;
  }
  return n ? { colour: sum.map((v) => v / n), at } : null;
}

/**
 * Draws the meeting line through the hole into `out` (interleaved RGB), reading the known picture from `src`: every
 * hole pixel within MEETING_BAND of the line whose line reaches known pixels beyond the hole on both sides.
 */
export function drawMeetingLine(out: Uint8Array, src: Uint8Array, hole: Uint8Array, w: number, h: number, line: GuideLine): number {
  const reach = Math.ceil(Math.hypot(w, h));
  let drawn = 0;
  for (let p = 0; p < hole.length; p++) {
    if (!hole[p]) continue;
    const x = p % w,
      y = (p / w) | 0;
    const d = x * line.cos + y * line.sin - line.rho;
    if (Math.abs(d) > MEETING_BAND) continue;
    const t = -x * line.sin + y * line.cos;
    const before = endColour(src, hole, w, h, line, t, d, -1, reach);
    const after = before && endColour(src, hole, w, h, line, t, d, 1, reach);
    if (!before || !after) continue;
    const f = before.at / (before.at + after.at);
    for (let c = 0; c < 3; c++) out[p * 3 + c] = Math.round(before.colour[c] + (after.colour[c] - before.colour[c]) * f);
    drawn++;
  }
  return drawn;
}
