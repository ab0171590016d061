import sharp from 'sharp';
import { createEngine, type Mode, type Scale } from '@engine/index.js';
import { resampleRegion } from '@engine/resample.js';
import { BENCH_MODELS_DIR, psnr, renderFiles, ssim, table } from './common.js';

/**
 * sharp 0.35 enlarges with the same interpolator whether asked for 'cubic' or 'lanczos3' (identical
 * bytes), so the Lanczos-3 baseline uses our own separable resampler.
 */
async function lanczosUpscale(png: Buffer, scale: number): Promise<Buffer> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width: w, height: h } = info;
  const planar = new Float32Array(w * h * 3);
  for (let i = 0; i < w * h; i++) for (let c = 0; c < 3; c++) planar[c * w * h + i] = data[i * 3 + c];
  const W = w * scale,
    H = h * scale;
  const up = resampleRegion(planar, 3, w, h, scale, 0, 0, 0, W, 0, H);
  const out = Buffer.alloc(W * H * 3);
  for (let i = 0; i < W * H; i++) for (let c = 0; c < 3; c++) out[i * 3 + c] = Math.max(0, Math.min(255, Math.round(up[c * W * H + i])));
  return out;
}

// Crops keep the run to minutes; BENCH_FULL=1 uses whole renders. 240×180 divides by 2, 3, 4 and 6.
const FULL = process.env.BENCH_FULL === '1';
const CROP_W = Number(process.env.BENCH_CROP_W ?? 240);
const CROP_H = Number(process.env.BENCH_CROP_H ?? 180);

export async function original(file: string): Promise<{ rgb: Buffer; w: number; h: number }> {
  const meta = await sharp(file).metadata();
  let img = sharp(file).removeAlpha();
  let w = meta.width!,
    h = meta.height!;
  if (!FULL) {
    img = img.extract({ left: Math.round((w - CROP_W) / 2), top: Math.round((h - CROP_H) / 2), width: CROP_W, height: CROP_H });
    w = CROP_W;
    h = CROP_H;
  }
  w -= w % 12;
  h -= h % 12;
  const rgb = await img.toBuffer().then((b) => sharp(b).extract({ left: 0, top: 0, width: w, height: h }).raw().toBuffer());
  return { rgb, w, h };
}

/** A crop bicubic-downscaled by `scale`, as in the super-resolution literature (PNG), and that enlarged back with the same kernel (raw RGB). */
export async function bicubicPair(rgb: Buffer, w: number, h: number, scale: number): Promise<{ lr: Buffer; bicubic: Buffer }> {
  const lr = await sharp(rgb, { raw: { width: w, height: h, channels: 3 } })
    .resize(w / scale, h / scale, { kernel: 'cubic' })
    .png()
    .toBuffer();
  return { lr, bicubic: await sharp(lr).resize(w, h, { kernel: 'cubic' }).raw().toBuffer() };
}

export interface QualityRow {
  scale: number;
  method: string;
  psnr: number;
  ssim: number;
  ms: number;
}

type Variant = { label: string; mode: Mode; params?: { precision?: number } };

export async function benchQuality(opts: { scales?: Scale[]; variants?: Variant[] } = {}) {
  const engine = createEngine({ modelsDir: BENCH_MODELS_DIR });
  const scales = opts.scales ?? [2, 3, 4, 6];
  const variants: Variant[] = opts.variants ?? [
    { label: 'precision', mode: 'precision' },
    { label: 'precision + flip ensemble', mode: 'precision', params: { precision: 100 } },
    { label: 'detail', mode: 'detail' },
    { label: 'creativity', mode: 'creativity' },
  ];
  const files = renderFiles();
  const acc = new Map<string, { psnr: number; ssim: number; ms: number; n: number }>();
  const add = (key: string, p: number, s: number, ms: number) => {
    const a = acc.get(key) ?? { psnr: 0, ssim: 0, ms: 0, n: 0 };
    a.psnr += p;
    a.ssim += s;
    a.ms += ms;
    a.n++;
    acc.set(key, a);
  };
  for (const file of files) {
    const { rgb, w, h } = await original(file);
    for (const scale of scales) {
      const { lr, bicubic } = await bicubicPair(rgb, w, h, scale);
      add(`${scale}|bicubic`, psnr(bicubic, rgb), ssim(bicubic, rgb, w, h), 0);
      const lanczos = await lanczosUpscale(lr, scale);
      add(`${scale}|lanczos`, psnr(lanczos, rgb), ssim(lanczos, rgb, w, h), 0);
      for (const v of variants) {
        const t = Date.now();
        const r = await engine.enhance(lr, { scale, mode: v.mode, params: v.params });
        const ms = Date.now() - t;
        const up = await sharp(r.data).raw().toBuffer();
        add(`${scale}|${v.label}`, psnr(up, rgb), ssim(up, rgb, w, h), ms);
      }
    }
  }
  await engine.close();
  const rows: (string | number)[][] = [];
  const out: QualityRow[] = [];
  for (const scale of scales) {
    const base = acc.get(`${scale}|bicubic`)!;
    const lanczos = acc.get(`${scale}|lanczos`)!;
    for (const method of ['bicubic', 'lanczos', ...variants.map((v) => v.label)]) {
      const a = acc.get(`${scale}|${method}`)!;
      rows.push([
        `×${scale}`,
        method,
        a.psnr / a.n,
        (a.psnr - base.psnr) / a.n,
        (a.psnr - lanczos.psnr) / a.n,
        a.ssim / a.n,
        a.ms ? `${Math.round(a.ms / a.n)} ms` : '',
      ]);
      out.push({ scale, method, psnr: a.psnr / a.n, ssim: a.ssim / a.n, ms: a.ms / a.n });
    }
  }
  table(
    `(c) Quality on ${files.length} renders (${FULL ? 'full size' : `${CROP_W}×${CROP_H} centre crops`}): bicubic-downscaled by s, enhanced back, vs original (mean)`,
    ['scale', 'method', 'PSNR dB', 'vs bicubic dB', 'vs Lanczos-3 dB', 'SSIM', 'time / image'],
    rows,
  );
  return out;
}

/** ×6 strategies: the ×8 model brought down to ×6 inside each tile vs chains of ×2 and ×3 through the engine. */
export async function benchSixStrategies() {
  const engine = createEngine({ modelsDir: BENCH_MODELS_DIR });
  const files = renderFiles();
  const res: Record<string, { p: number; ms: number }> = {};
  const add = (k: string, p: number, ms: number) => {
    res[k] ??= { p: 0, ms: 0 };
    res[k].p += p / files.length;
    res[k].ms += ms / files.length;
  };
  for (const file of files) {
    const { rgb, w, h } = await original(file);
    const lr = await sharp(rgb, { raw: { width: w, height: h, channels: 3 } })
      .resize(w / 6, h / 6, { kernel: 'cubic' })
      .png()
      .toBuffer();
    for (const mode of ['detail', 'precision'] as const) {
      const params = { precision: 40 };
      let t = Date.now();
      const x8 = await engine.enhance(lr, { scale: 6, mode, params, model: `esrgan-${mode === 'detail' ? 'medium' : 'thick'}-x8` });
      add(`${mode}|×8 → Lanczos ×6`, psnr(await sharp(x8.data).raw().toBuffer(), rgb), Date.now() - t);
      t = Date.now();
      const mid = await engine.enhance(lr, { scale: 3, mode, params });
      const chain = await engine.enhance(mid.data, { scale: 2, mode, params });
      add(`${mode}|×3 then ×2`, psnr(await sharp(chain.data).raw().toBuffer(), rgb), Date.now() - t);
      t = Date.now();
      const mid2 = await engine.enhance(lr, { scale: 2, mode, params });
      const chain2 = await engine.enhance(mid2.data, { scale: 3, mode, params });
      add(`${mode}|×2 then ×3`, psnr(await sharp(chain2.data).raw().toBuffer(), rgb), Date.now() - t);
      if (mode === 'detail') {
        // the same chains with Detail's sharpening in the last stage only
        for (const [a, b] of [
          [2, 3],
          [3, 2],
        ] as const) {
          t = Date.now();
          const first = await engine.enhance(lr, { scale: a, mode, params: { detail: 0 } });
          const second = await engine.enhance(first.data, { scale: b, mode, params });
          add(`${mode}|×${a} then ×${b}, filter once`, psnr(await sharp(second.data).raw().toBuffer(), rgb), Date.now() - t);
        }
      }
    }
  }
  await engine.close();
  table(
    '×6 strategy (mean over renders, same crops)',
    ['model family | strategy', 'PSNR dB', 'time / image'],
    Object.entries(res).map(([k, v]) => [k, v.p, `${Math.round(v.ms)} ms`]),
  );
  return res;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes('--six')) await benchSixStrategies();
  else await benchQuality(process.argv.includes('--baselines') ? { variants: [] } : {});
}
