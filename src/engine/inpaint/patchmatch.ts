/**
 * The earlier removal method, kept as the `patchmatch` method so the benchmark can compare against it; removal
 * now uses `exemplar.ts`. A Telea fill refined by multi-scale PatchMatch (Barnes et al. 2009) with the expectation–
 * maximisation voting of Wexler et al. 2007. Every hole pixel is rebuilt from patches copied from the
 * known part of the image, so repeated structure (tiles, brick, window rhythm) continues through the
 * hole instead of being smeared as by diffusion methods. All randomness comes from a seeded generator:
 * the same input gives the same bytes.
 */
import { mulberry32 } from '@shared/seeded-random.js';

export interface PatchMatchOptions {
  /** Patch side in pixels (odd). */
  patch?: number;
  /** EM iterations at the finest level; coarser levels get two more. */
  emIterations?: number;
  pmIterations?: number;
  seed?: number;
}

interface Level {
  w: number;
  h: number;
  img: Float32Array; // RGB interleaved
  hole: Uint8Array;
}

function downsample(l: Level): Level {
  const w = Math.max(1, l.w >> 1);
  const h = Math.max(1, l.h >> 1);
  const img = new Float32Array(w * h * 3);
  const hole = new Uint8Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let isHole = 0;
      for (let c = 0; c < 3; c++) {
        let s = 0;
        for (let dy = 0; dy < 2; dy++) for (let dx = 0; dx < 2; dx++) s += l.img[(Math.min(l.h - 1, 2 * y + dy) * l.w + Math.min(l.w - 1, 2 * x + dx)) * 3 + c];
        img[(y * w + x) * 3 + c] = s / 4;
      }
      for (let dy = 0; dy < 2; dy++) for (let dx = 0; dx < 2; dx++) isHole |= l.hole[Math.min(l.h - 1, 2 * y + dy) * l.w + Math.min(l.w - 1, 2 * x + dx)];
      hole[y * w + x] = isHole;
    }
  return { w, h, img, hole };
}

/**
 * Fills `hole` pixels of `init` (RGB interleaved, already roughly filled, e.g. by Telea) and returns
 * the refined RGB image; known pixels are returned unchanged.
 */
export function patchMatchInpaint(init: Uint8Array, hole: Uint8Array, w: number, h: number, opts: PatchMatchOptions = {}): Uint8Array {
  const P = opts.patch ?? 7;
  const r = P >> 1;
  const emFinest = opts.emIterations ?? 3;
  const pmIters = opts.pmIterations ?? 4;
  const rand = mulberry32(opts.seed ?? 1234567);

  const levels: Level[] = [{ w, h, img: Float32Array.from(init), hole }];
  for (;;) {
    const l = levels[levels.length - 1];
    let minX = l.w,
      minY = l.h,
      maxX = -1,
      maxY = -1;
    for (let y = 0; y < l.h; y++)
      for (let x = 0; x < l.w; x++)
        if (l.hole[y * l.w + x]) {
          if (x < minX) minX = x;
          if (x > maxX) maxX = x;
          if (y < minY) minY = y;
          if (y > maxY) maxY = y;
        }
    const holeSpan = Math.max(maxX - minX, maxY - minY) + 1;
    if (holeSpan <= 2 * P || Math.min(l.w, l.h) < 6 * P || levels.length >= 6) break;
    levels.push(downsample(l));
  }

  let nnf: Int32Array | undefined;
  let prevW = 0;
  let prevH = 0;
  for (let li = levels.length - 1; li >= 0; li--) {
    const L = levels[li];
    const { w: lw, h: lh, img, hole: lhole } = L;
    // Valid source centres: the whole patch inside the image and outside the hole.
    const holeIntegral = new Int32Array((lw + 1) * (lh + 1));
    for (let y = 0; y < lh; y++)
      for (let x = 0; x < lw; x++)
        holeIntegral[(y + 1) * (lw + 1) + x + 1] =
          lhole[y * lw + x] + holeIntegral[y * (lw + 1) + x + 1] + holeIntegral[(y + 1) * (lw + 1) + x] - holeIntegral[y * (lw + 1) + x];
    const holeIn = (x0: number, y0: number, x1: number, y1: number) =>
      holeIntegral[y1 * (lw + 1) + x1] - holeIntegral[y0 * (lw + 1) + x1] - holeIntegral[y1 * (lw + 1) + x0] + holeIntegral[y0 * (lw + 1) + x0];
    const valid = new Uint8Array(lw * lh);
    const validList: number[] = [];
    for (let y = r; y < lh - r; y++)
      for (let x = r; x < lw - r; x++)
        if (holeIn(x - r, y - r, x + r + 1, y + r + 1) === 0) {
          valid[y * lw + x] = 1;
          validList.push(y * lw + x);
        }
    if (validList.length === 0) break;
    // Targets: every pixel whose patch touches the hole.
    const targets: number[] = [];
    for (let y = 0; y < lh; y++)
      for (let x = 0; x < lw; x++) {
        const x0 = Math.max(0, x - r),
          y0 = Math.max(0, y - r),
          x1 = Math.min(lw, x + r + 1),
          y1 = Math.min(lh, y + r + 1);
        if (holeIn(x0, y0, x1, y1) > 0) targets.push(y * lw + x);
      }

    // Coarser levels start from the Telea fill; finer ones from the upsampled coarser result.
    if (nnf && li < levels.length - 1) {
      const prev = levels[li + 1];
      for (let y = 0; y < lh; y++)
        for (let x = 0; x < lw; x++) {
          if (!lhole[y * lw + x]) continue;
          const px = Math.min(prev.w - 1, x >> 1),
            py = Math.min(prev.h - 1, y >> 1);
          for (let c = 0; c < 3; c++) img[(y * lw + x) * 3 + c] = prev.img[(py * prev.w + px) * 3 + c];
        }
    }
    const next = new Int32Array(lw * lh).fill(-1);
    const randomValid = () => validList[Math.floor(rand() * validList.length)];
    for (const t of targets) {
      let s = -1;
      if (nnf) {
        const tx = t % lw,
          ty = (t / lw) | 0;
        const ps = nnf[Math.min(prevH - 1, ty >> 1) * prevW + Math.min(prevW - 1, tx >> 1)];
        if (ps >= 0) {
          const sx = Math.min(lw - 1, 2 * (ps % prevW) + (tx & 1)),
            sy = Math.min(lh - 1, 2 * ((ps / prevW) | 0) + (ty & 1));
          if (valid[sy * lw + sx]) s = sy * lw + sx;
        }
      }
      next[t] = s >= 0 ? s : randomValid();
    }
    nnf = next;
    prevW = lw;
    prevH = lh;

    const dist = (t: number, s: number, best: number) => {
      const tx = t % lw,
        ty = (t / lw) | 0,
        sx = s % lw,
        sy = (s / lw) | 0;
      let d = 0;
      for (let dy = -r; dy <= r; dy++) {
        const y = ty + dy;
        if (y < 0 || y >= lh) continue;
        for (let dx = -r; dx <= r; dx++) {
          const x = tx + dx;
          if (x < 0 || x >= lw) continue;
          const a = (y * lw + x) * 3,
            b = ((sy + dy) * lw + sx + dx) * 3;
          const d0 = img[a] - img[b],
            d1 = img[a + 1] - img[b + 1],
            d2 = img[a + 2] - img[b + 2];
          d += d0 * d0 + d1 * d1 + d2 * d2;
        }
        if (d >= best) return d;
      }
      return d;
    };

    const em = li === 0 ? emFinest : emFinest + 2;
    const cost = new Float64Array(lw * lh);
    for (let e = 0; e < em; e++) {
      for (const t of targets) cost[t] = dist(t, nnf[t], Infinity);
      for (let it = 0; it < pmIters; it++) {
        const forward = it % 2 === 0;
        const step = forward ? 1 : -1;
        for (let k = 0; k < targets.length; k++) {
          const t = targets[forward ? k : targets.length - 1 - k];
          const tx = t % lw,
            ty = (t / lw) | 0;
          let best = nnf[t];
          let bestD = cost[t];
          // Propagation: a neighbour's match, shifted back by one pixel.
          for (const [nx, ny] of [
            [tx - step, ty],
            [tx, ty - step],
          ]) {
            if (nx < 0 || ny < 0 || nx >= lw || ny >= lh) continue;
            const ns = nnf[ny * lw + nx];
            if (ns < 0) continue;
            const cx = (ns % lw) + (tx - nx),
              cy = ((ns / lw) | 0) + (ty - ny);
            if (cx < 0 || cy < 0 || cx >= lw || cy >= lh) continue;
            const c = cy * lw + cx;
            if (!valid[c] || c === best) continue;
            const d = dist(t, c, bestD);
            if (d < bestD) {
              bestD = d;
              best = c;
            }
          }
          // Random search in shrinking windows around the current best.
          for (let rad = Math.max(lw, lh); rad >= 1; rad >>= 1) {
            const bx = best % lw,
              by = (best / lw) | 0;
            const cx = Math.round(bx + (rand() * 2 - 1) * rad),
              cy = Math.round(by + (rand() * 2 - 1) * rad);
            if (cx < 0 || cy < 0 || cx >= lw || cy >= lh) continue;
            const c = cy * lw + cx;
            if (!valid[c]) continue;
            const d = dist(t, c, bestD);
            if (d < bestD) {
              bestD = d;
              best = c;
            }
          }
          nnf[t] = best;
          cost[t] = bestD;
        }
      }
      // Voting: each hole pixel becomes the weighted mean of what the overlapping patches propose.
      let sigma2 = 0;
      for (const t of targets) sigma2 += cost[t];
      sigma2 = Math.max(1, sigma2 / Math.max(1, targets.length) / (P * P));
      const acc = new Float64Array(lw * lh * 4);
      for (const t of targets) {
        const tx = t % lw,
          ty = (t / lw) | 0,
          s = nnf[t],
          sx = s % lw,
          sy = (s / lw) | 0;
        const wgt = Math.exp(-cost[t] / (P * P) / (2 * sigma2));
        for (let dy = -r; dy <= r; dy++) {
          const y = ty + dy;
          if (y < 0 || y >= lh) continue;
          for (let dx = -r; dx <= r; dx++) {
            const x = tx + dx;
            if (x < 0 || x >= lw || !lhole[y * lw + x]) continue;
            const a = (y * lw + x) * 4,
              b = ((sy + dy) * lw + sx + dx) * 3;
            acc[a] += wgt * img[b];
            acc[a + 1] += wgt * img[b + 1];
            acc[a + 2] += wgt * img[b + 2];
            acc[a + 3] += wgt;
          }
        }
      }
      for (let i = 0; i < lw * lh; i++) if (lhole[i] && acc[i * 4 + 3] > 0) for (let c = 0; c < 3; c++) img[i * 3 + c] = acc[i * 4 + c] / acc[i * 4 + 3];
    }
  }

  const out = Uint8Array.from(init);
  const fine = levels[0].img;
  for (let i = 0; i < w * h; i++) if (hole[i]) for (let c = 0; c < 3; c++) out[i * 3 + c] = Math.max(0, Math.min(255, Math.round(fine[i * 3 + c])));
  return out;
}
