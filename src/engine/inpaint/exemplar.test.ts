import { describe, expect, it } from 'vitest';
import { exemplarInpaint } from './exemplar.js';
import { inpaintRgb, type InpaintMethod } from './inpaint-image.js';

const luma = (rgb: Uint8Array, i: number) => 0.299 * rgb[i * 3] + 0.587 * rgb[i * 3 + 1] + 0.114 * rgb[i * 3 + 2];

/** Deterministic value noise in ±amp, so backgrounds are textured without any randomness between runs. */
const noise = (x: number, y: number, amp: number) => (((((x * 73856093) ^ (y * 19349663)) >>> 0) % 1000) / 1000) * 2 * amp - amp;

/** Square tiles of `period` px with 2 px grout, slightly shaded per tile: a tiled floor seen from above. */
function tiles(w: number, h: number, period: number): Uint8Array {
  const rgb = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const grout = x % period < 2 || y % period < 2;
      const shade = ((Math.floor(x / period) * 7 + Math.floor(y / period) * 3) % 5) * 3;
      rgb.set(grout ? [70, 66, 60] : [200 + shade, 196 + shade, 188 + shade], (y * w + x) * 3);
    }
  return rgb;
}

function rectHole(w: number, h: number, x0: number, y0: number, x1: number, y1: number): Uint8Array {
  const hole = new Uint8Array(w * h);
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) hole[y * w + x] = 1;
  return hole;
}

/** Paints the hole with an "object" so that nothing of the original survives inside it. */
function withObject(rgb: Uint8Array, hole: Uint8Array): Uint8Array {
  const out = Uint8Array.from(rgb);
  for (let i = 0; i < hole.length; i++) if (hole[i]) out.set([20, 140, 230], i * 3);
  return out;
}

describe('exemplar completion', () => {
  it('returns the same bytes every run and leaves every pixel outside the hole as it was', async () => {
    const w = 96,
      h = 80;
    const clean = tiles(w, h, 12);
    const hole = rectHole(w, h, 30, 26, 58, 50);
    const input = withObject(clean, hole);
    const [a, b] = [await exemplarInpaint(input, hole, w, h), await exemplarInpaint(input, hole, w, h)];
    expect(Buffer.compare(Buffer.from(a!), Buffer.from(b!))).toBe(0);
    let outside = 0,
      stillObject = 0;
    for (let i = 0; i < w * h; i++) {
      if (!hole[i] && (a![i * 3] !== input[i * 3] || a![i * 3 + 1] !== input[i * 3 + 1] || a![i * 3 + 2] !== input[i * 3 + 2])) outside++;
      if (hole[i] && a![i * 3 + 2] > 220 && a![i * 3] < 40) stillObject++;
    }
    expect(outside).toBe(0);
    expect(stillObject).toBe(0);
  });

  it('continues a tiled floor with its period instead of a flat colour, and is not sent to diffusion', async () => {
    const w = 120,
      h = 104,
      period = 12;
    const clean = tiles(w, h, period);
    const hole = rectHole(w, h, 42, 36, 78, 70);
    const report: { method?: InpaintMethod } = {};
    const out = await inpaintRgb(withObject(clean, hole), hole, w, h, { report });
    expect(report.method).toBe('exemplar');
    // horizontal autocorrelation of the luma inside the hole (mean removed), lags 4..20
    const rows: number[][] = [];
    for (let y = 36; y < 70; y++) {
      const row: number[] = [];
      for (let x = 42; x < 78; x++) row.push(luma(out, y * w + x));
      rows.push(row);
    }
    const all = rows.flat();
    const mean = all.reduce((s, v) => s + v, 0) / all.length;
    const variance = all.reduce((s, v) => s + (v - mean) ** 2, 0) / all.length;
    const correlation = (lag: number) => {
      let s = 0,
        n = 0;
      for (const row of rows)
        for (let x = 0; x + lag < row.length; x++) {
          s += (row[x] - mean) * (row[x + lag] - mean);
          n++;
        }
      return s / n / variance;
    };
    let bestLag = 0,
      best = -Infinity;
    for (let lag = 4; lag <= 20; lag++)
      if (correlation(lag) > best) {
        best = correlation(lag);
        bestLag = lag;
      }
    let cleanVariance = 0,
      cleanMean = 0;
    for (let y = 36; y < 70; y++) for (let x = 42; x < 78; x++) cleanMean += luma(clean, y * w + x) / all.length;
    for (let y = 36; y < 70; y++) for (let x = 42; x < 78; x++) cleanVariance += (luma(clean, y * w + x) - cleanMean) ** 2 / all.length;
    expect(Math.abs(bestLag - period)).toBeLessThanOrEqual(1);
    expect(best).toBeGreaterThan(0.5);
    // a flat fill would have almost none of the grout's contrast
    expect(variance).toBeGreaterThan(0.6 * cleanVariance);
  });

  it('continues a straight line through the hole within 1 px', async () => {
    const w = 112,
      h = 96;
    const lineY = (x: number) => 30 + 0.35 * x;
    const clean = new Uint8Array(w * h * 3);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const d = Math.abs(y - lineY(x));
        const v = d < 1.5 ? 40 : 170 + noise(x, y, 12);
        clean.set([v, v, v * 0.95], (y * w + x) * 3);
      }
    const hole = rectHole(w, h, 44, 32, 72, 66);
    const out = await exemplarInpaint(withObject(clean, hole), hole, w, h);
    // per column of the hole: the line's centre as the darkness-weighted mean row, against the true one
    let worst = 0;
    for (let x = 44; x < 72; x++) {
      let mass = 0,
        moment = 0;
      for (let y = 32; y < 66; y++) {
        const dark = Math.max(0, 120 - luma(out!, y * w + x));
        mass += dark;
        moment += dark * y;
      }
      expect(mass).toBeGreaterThan(150);
      worst = Math.max(worst, Math.abs(moment / mass - lineY(x)));
    }
    expect(worst).toBeLessThanOrEqual(1);
  });

  it('still fills a smooth gradient smoothly', async () => {
    const w = 96,
      h = 80;
    const clean = new Uint8Array(w * h * 3);
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) clean.set([Math.round(30 + x * 1.8), Math.round(60 + y * 1.5), 120], (y * w + x) * 3);
    const hole = rectHole(w, h, 30, 24, 62, 54);
    const report: { method?: InpaintMethod } = {};
    const out = await inpaintRgb(withObject(clean, hole), hole, w, h, { report });
    let se = 0,
      n = 0,
      roughest = 0;
    for (let y = 25; y < 53; y++)
      for (let x = 31; x < 61; x++) {
        const i = y * w + x;
        se += (luma(out, i) - luma(clean, i)) ** 2;
        n++;
        roughest = Math.max(roughest, Math.abs(4 * luma(out, i) - luma(out, i - 1) - luma(out, i + 1) - luma(out, i - w) - luma(out, i + w)));
      }
    expect(report.method).toBe('telea');
    expect(Math.sqrt(se / n)).toBeLessThan(8);
    // the clean gradient's own roughness is about 2 (rounding); copied patches with their offsets reach 20 and more
    expect(roughest).toBeLessThan(12);
  });
});
