import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The benchmark renders; override with RENDERS_DIR. */
export const RENDERS_DIR = process.env.RENDERS_DIR ?? path.resolve(here, '../renders');
export const BENCH_MODELS_DIR = process.env.BENCH_MODELS_DIR ?? path.resolve(here, '../../data/models');

export function renderFiles(): string[] {
  return readdirSync(RENDERS_DIR)
    .filter((f) => /\.(png|jpe?g|webp)$/i.test(f))
    .sort()
    .map((f) => path.join(RENDERS_DIR, f));
}

export function psnr(a: ArrayLike<number>, b: ArrayLike<number>, max = 255, include?: (i: number) => boolean): number {
  let se = 0;
  let n = 0;
  for (let i = 0; i < a.length; i++) {
    if (include && !include(i)) continue;
    se += (a[i] - b[i]) ** 2;
    n++;
  }
  return se === 0 ? 99 : 10 * Math.log10((max * max) / (se / n));
}

/** SSIM on luma with 8×8 windows (stride 4), the usual constants; inputs interleaved RGB. */
export function ssim(a: ArrayLike<number>, b: ArrayLike<number>, w: number, h: number): number {
  const la = new Float64Array(w * h);
  const lb = new Float64Array(w * h);
  for (let i = 0; i < w * h; i++) {
    la[i] = 0.299 * a[i * 3] + 0.587 * a[i * 3 + 1] + 0.114 * a[i * 3 + 2];
    lb[i] = 0.299 * b[i * 3] + 0.587 * b[i * 3 + 1] + 0.114 * b[i * 3 + 2];
  }
  const c1 = (0.01 * 255) ** 2;
  const c2 = (0.03 * 255) ** 2;
  let total = 0;
  let count = 0;
  for (let y = 0; y + 8 <= h; y += 4)
    for (let x = 0; x + 8 <= w; x += 4) {
      let ma = 0,
        mb = 0;
      for (let j = 0; j < 8; j++)
        for (let i = 0; i < 8; i++) {
          ma += la[(y + j) * w + x + i];
          mb += lb[(y + j) * w + x + i];
        }
      ma /= 64;
      mb /= 64;
      let va = 0,
        vb = 0,
        cov = 0;
      for (let j = 0; j < 8; j++)
        for (let i = 0; i < 8; i++) {
          const da = la[(y + j) * w + x + i] - ma,
            db = lb[(y + j) * w + x + i] - mb;
          va += da * da;
          vb += db * db;
          cov += da * db;
        }
      va /= 63;
      vb /= 63;
      cov /= 63;
      total += ((2 * ma * mb + c1) * (2 * cov + c2)) / ((ma * ma + mb * mb + c1) * (va + vb + c2));
      count++;
    }
  return total / count;
}

export function table(title: string, head: string[], rows: (string | number)[][]): void {
  const cells = [head, ...rows.map((r) => r.map((c) => (typeof c === 'number' ? (Number.isInteger(c) ? String(c) : c.toFixed(2)) : c)))];
  const widths = head.map((_, i) => Math.max(...cells.map((r) => String(r[i]).length)));
  console.log(`\n${title}`);
  cells.forEach((r, k) => {
    console.log(`| ${r.map((c, i) => String(c).padEnd(widths[i])).join(' | ')} |`);
    if (k === 0) console.log(`| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`);
  });
}
