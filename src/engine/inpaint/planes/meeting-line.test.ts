import { describe, expect, it } from 'vitest';
import { drawMeetingLine, MEETING_BAND } from './meeting-line.js';
import type { GuideLine } from '../structure.js';

/** A grey rug above a warm floor, its border a dark line 2 px wide along x·cos + y·sin = rho, anti-aliased (4×4 samples). */
function rugEdge(w: number, h: number, line: GuideLine): Uint8Array {
  const rgb = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const sum = [0, 0, 0];
      for (let j = 0; j < 4; j++)
        for (let i = 0; i < 4; i++) {
          const d = (x + (i - 1.5) / 4) * line.cos + (y + (j - 1.5) / 4) * line.sin - line.rho;
          const c = Math.abs(d) < 1 ? [30, 28, 26] : d < 0 ? [150, 146, 140] : [150, 110, 70];
          for (let k = 0; k < 3; k++) sum[k] += c[k] / 16;
        }
      rgb.set(sum.map(Math.round), (y * w + x) * 3);
    }
  return rgb;
}

describe('the meeting line drawn through the hole', () => {
  it('continues the dark border of a rug across the hole within its band, and changes nothing else', () => {
    const w = 120,
      h = 90;
    const angle = (62 * Math.PI) / 180;
    const line: GuideLine = { cos: Math.cos(angle), sin: Math.sin(angle), rho: 60 * Math.cos(angle) + 45 * Math.sin(angle), tMin: -200, tMax: 200 };
    const truth = rugEdge(w, h, line);
    const hole = new Uint8Array(w * h);
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) if ((x - 60) ** 2 + (y - 45) ** 2 < 22 ** 2) hole[y * w + x] = 1;
    // each side filled with its own colour, up to the line, as the two sides' fills leave it: no border
    const filled = Uint8Array.from(truth);
    for (let p = 0; p < hole.length; p++)
      if (hole[p]) {
        const d = (p % w) * line.cos + ((p / w) | 0) * line.sin - line.rho;
        filled.set(d < 0 ? [150, 146, 140] : [150, 110, 70], p * 3);
      }
    const out = Uint8Array.from(filled);
    const drawn = drawMeetingLine(out, filled, hole, w, h, line);
    expect(drawn).toBeGreaterThan(100);
    let onLine = 0,
      dark = 0,
      error = 0,
      before = 0,
      n = 0;
    for (let p = 0; p < hole.length; p++) {
      const d = (p % w) * line.cos + ((p / w) | 0) * line.sin - line.rho;
      if (!hole[p] || Math.abs(d) > MEETING_BAND) {
        // outside the hole and off the band: the fills are kept as they were
        expect(out[p * 3]).toBe(filled[p * 3]);
        continue;
      }
      for (let c = 0; c < 3; c++) {
        error += Math.abs(out[p * 3 + c] - truth[p * 3 + c]);
        before += Math.abs(filled[p * 3 + c] - truth[p * 3 + c]);
        n++;
      }
      if (Math.abs(d) < 0.5) {
        onLine++;
        if (out[p * 3] < 60) dark++;
      }
    }
    expect(onLine).toBeGreaterThan(20);
    expect(dark).toBe(onLine);
    // within the band, about the truth: a few levels where the fills alone are tens of levels off
    expect(error / n).toBeLessThan(8);
    expect(before / n).toBeGreaterThan(5 * (error / n));
  });

  it('draws nothing where the line has no known stretch beyond one end of the hole', () => {
    const w = 80,
      h = 60;
    // a vertical line at x = 40 and a hole reaching the picture's bottom edge
    const line: GuideLine = { cos: 1, sin: 0, rho: 40, tMin: -100, tMax: 100 };
    const rgb = rugEdge(w, h, line);
    const hole = new Uint8Array(w * h);
    for (let y = 30; y < h; y++) for (let x = 30; x < 50; x++) hole[y * w + x] = 1;
    const out = Uint8Array.from(rgb);
    expect(drawMeetingLine(out, rgb, hole, w, h, line)).toBe(0);
    expect(Buffer.compare(Buffer.from(out), Buffer.from(rgb))).toBe(0);
  });
});
