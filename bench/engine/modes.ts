import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { createEngine, type Mode } from '@engine/index.js';
import { TEXTURED_STD, haloLevels, luma, textureKept, visibleDifference } from '@engine/quality/measures.js';
import { BENCH_MODELS_DIR, psnr, renderFiles, ssim, table } from './common.js';

const OUT_DIR = process.env.BENCH_OUT_DIR ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../out');
const CROP_W = Number(process.env.BENCH_CROP_W ?? 288);
const CROP_H = Number(process.env.BENCH_CROP_H ?? 216);
/** BENCH_MODES_SCALE=3, 4 or 6: the modes at another scale (the crop is divisible by each). */
const SCALE = Number(process.env.BENCH_MODES_SCALE ?? 2) as 2 | 3 | 4 | 6;
/** Side of the 300 % detail in the contact sheet, in original pixels. */
const ZOOM_W = CROP_W / 3;
const ZOOM_H = CROP_H / 3;

/** `float`: run on an engine with every network in float, beside the shipped int8 forms. */
type Column = { name: string; mode?: Mode; float?: boolean; creativity?: number };
const COLUMNS: Column[] = [
  { name: 'bicubic' },
  { name: 'Precision', mode: 'precision' },
  { name: 'Detail', mode: 'detail' },
  { name: 'Creativity', mode: 'creativity' },
  // BENCH_MODES_FULL_GAN=1: Creativity above 95, where it runs x4plus instead of x4fast
  ...(process.env.BENCH_MODES_FULL_GAN === '1' ? [{ name: 'Creativity 100', mode: 'creativity' as Mode, creativity: 100 }] : []),
  // BENCH_MODES_FLOAT=1: Creativity 100 with Real-ESRGAN x4plus's body in float too, to judge its int8 form
  ...(process.env.BENCH_MODES_FLOAT === '1' ? [{ name: 'Creativity 100, float', mode: 'creativity' as Mode, float: true, creativity: 100 }] : []),
];

/** The crop of a render with the most textured 32×32 windows: the measures need texture to say anything. */
async function texturedCrop(file: string): Promise<{ rgb: Buffer; left: number; top: number }> {
  const { data, info } = await sharp(file).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const l = luma(data);
  const w = info.width;
  let best = { n: -1, left: 0, top: 0 };
  for (let top = 0; top + CROP_H <= info.height; top += 48)
    for (let left = 0; left + CROP_W <= w; left += 48) {
      let n = 0;
      for (let y = top; y + 32 <= top + CROP_H; y += 32)
        for (let x = left; x + 32 <= left + CROP_W; x += 32) {
          let s = 0,
            q = 0;
          for (let j = 0; j < 32; j += 2)
            for (let i = 0; i < 32; i += 2) {
              const v = l[(y + j) * w + x + i];
              s += v;
              q += v * v;
            }
          const m = s / 256;
          if (Math.sqrt(Math.max(0, q / 256 - m * m)) >= TEXTURED_STD) n++;
        }
      if (n > best.n) best = { n, left, top };
    }
  const rgb = await sharp(file).removeAlpha().extract({ left: best.left, top: best.top, width: CROP_W, height: CROP_H }).raw().toBuffer();
  return { rgb, left: best.left, top: best.top };
}

const label = (text: string, width: number) =>
  Buffer.from(
    `<svg width="${width}" height="22"><rect width="100%" height="100%" fill="#111"/><text x="6" y="16" font-family="sans-serif" font-size="13" fill="#fff">${text}</text></svg>`,
  );

const raw = (rgb: Buffer, width: number, height: number) => sharp(rgb, { raw: { width, height, channels: 3 } });

/**
 * (m) The modes measured against the original, ×2 from crops of each render bicubic-downscaled by 2, and a contact
 * sheet per render in bench/out/modes-measured-<render>.png: bicubic | Precision | Detail | Creativity at 100 %
 * (top) and 300 % (bottom, nearest-neighbour, the crop's centre). Per mode: PSNR, SSIM, texture kept (spectrum
 * correlation in textured windows), halo (levels beyond the original's local range near strong edges); per pair of
 * modes the share of textured 64×64 windows whose difference is visible at 100 %.
 */
export async function benchModeMeasures(): Promise<void> {
  mkdirSync(OUT_DIR, { recursive: true });
  const engine = createEngine({ modelsDir: BENCH_MODELS_DIR });
  const floatEngine = COLUMNS.some((c) => c.float) ? createEngine({ modelsDir: BENCH_MODELS_DIR, int8: false }) : undefined;
  const files = renderFiles();
  const perMode = new Map<string, { psnr: number; ssim: number; texture: number; halo: number; ms: number }[]>();
  const pairs = new Map<string, number[]>();
  const rows: (string | number)[][] = [];
  for (const file of files) {
    const name = path.basename(file, path.extname(file));
    const { rgb } = await texturedCrop(file);
    const lr = await raw(rgb, CROP_W, CROP_H)
      .resize(CROP_W / SCALE, CROP_H / SCALE, { kernel: 'cubic' })
      .png()
      .toBuffer();
    const outputs: Buffer[] = [];
    for (const col of COLUMNS) {
      const t = Date.now();
      const out = col.mode
        ? await sharp(
            (
              await (col.float ? floatEngine! : engine).enhance(lr, {
                scale: SCALE,
                mode: col.mode,
                params: col.creativity === undefined ? undefined : { creativity: col.creativity },
              })
            ).data,
          )
            .removeAlpha()
            .raw()
            .toBuffer()
        : await sharp(lr).resize(CROP_W, CROP_H, { kernel: 'cubic' }).raw().toBuffer();
      const ms = Date.now() - t;
      outputs.push(out);
      const m = {
        psnr: psnr(out, rgb),
        ssim: ssim(out, rgb, CROP_W, CROP_H),
        texture: textureKept(out, rgb, CROP_W, CROP_H).score,
        halo: haloLevels(out, rgb, CROP_W, CROP_H).levels,
        ms,
      };
      perMode.set(col.name, [...(perMode.get(col.name) ?? []), m]);
      rows.push([name, col.name, m.psnr, m.ssim, m.texture.toFixed(3), m.halo, col.mode ? `${ms} ms` : '']);
    }
    for (let a = 1; a < COLUMNS.length; a++)
      for (let b = a + 1; b < COLUMNS.length; b++) {
        const key = `${COLUMNS[a].name} / ${COLUMNS[b].name}`;
        pairs.set(key, [...(pairs.get(key) ?? []), visibleDifference(outputs[a], outputs[b], CROP_W, CROP_H, rgb).share]);
      }
    await contactSheet(name, rgb, outputs);
  }
  await engine.close();
  await floatEngine?.close();
  const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
  for (const col of COLUMNS) {
    const ms = perMode.get(col.name)!;
    rows.push([
      'mean',
      col.name,
      mean(ms.map((m) => m.psnr)),
      mean(ms.map((m) => m.ssim)),
      mean(ms.map((m) => m.texture)).toFixed(3),
      mean(ms.map((m) => m.halo)),
      col.mode ? `${Math.round(mean(ms.map((m) => m.ms)))} ms` : '',
    ]);
  }
  table(
    `(m) The modes against the original: ${files.length} renders, the most textured ${CROP_W}×${CROP_H} crop of each, bicubic-downscaled ×${SCALE} and enhanced back; sheets in bench/out/modes-measured-*.png`,
    ['render', 'method', 'PSNR dB', 'SSIM', 'texture kept', 'halo levels', 'time'],
    rows,
  );
  table(
    '(m) Difference you can see at 100 %: share of textured 64×64 windows (mean absolute luma difference > 3 levels after the viewing low-pass)',
    ['pair', ...files.map((f) => path.basename(f, path.extname(f)).slice(0, 12)), 'mean'],
    [...pairs].map(([k, v]) => [k, ...v.map((x) => `${Math.round(100 * x)} %`), `${Math.round(100 * mean(v))} %`]),
  );
  const ms = (name: string) => mean(perMode.get(name)!.map((m) => m.ms));
  console.log(`Detail / Precision time per crop in this run: ${(ms('Detail') / ms('Precision')).toFixed(2)}×`);
  if (process.env.BENCH_MODES_WAIT === '1') await detailWait();
}

/**
 * BENCH_MODES_WAIT=1: Precision and Detail on a 1 MP render (1155×866) ×2 and ×4 (BENCH_MODES_WAIT_SCALES), alternating in one engine so the
 * shared machine's load falls on both alike; the second run of each (sessions made) and the ratio.
 */
async function detailWait(): Promise<void> {
  const engine = createEngine({ modelsDir: BENCH_MODELS_DIR });
  const input = await sharp(renderFiles()[3]).removeAlpha().resize(1155, 866, { fit: 'cover' }).png().toBuffer();
  const rows: (string | number)[][] = [];
  // BENCH_MODES_WAIT_SCALES=2 leaves out ×4, whose Precision takes minutes on a loaded machine
  const scales = (process.env.BENCH_MODES_WAIT_SCALES ?? '2,4').split(',').map(Number) as (2 | 4)[];
  for (const scale of scales) {
    const times: Record<string, number> = {};
    for (let run = 0; run < 2; run++)
      for (const mode of ['precision', 'detail'] as const) {
        const t = Date.now();
        await engine.enhance(input, { scale, mode });
        times[mode] = Date.now() - t;
      }
    rows.push([
      `×${scale}`,
      `${(times.precision / 1000).toFixed(1)} s`,
      `${(times.detail / 1000).toFixed(1)} s`,
      `${(times.detail / times.precision).toFixed(2)}×`,
    ]);
  }
  await engine.close();
  table('(m) Detail against Precision on a 1 MP render (1155×866), second run of each, same engine', ['scale', 'Precision', 'Detail', 'ratio'], rows);
}

async function contactSheet(name: string, original: Buffer, outputs: Buffer[]): Promise<void> {
  const n = COLUMNS.length + 1;
  const images = [original, ...outputs];
  const titles = ['original', ...COLUMNS.map((c) => c.name)];
  const zoomLeft = Math.round((CROP_W - ZOOM_W) / 2),
    zoomTop = Math.round((CROP_H - ZOOM_H) / 2);
  const tiles = await Promise.all(
    images.map(async (img) => ({
      full: await raw(img, CROP_W, CROP_H).png().toBuffer(),
      zoom: await raw(img, CROP_W, CROP_H)
        .extract({ left: zoomLeft, top: zoomTop, width: ZOOM_W, height: ZOOM_H })
        .resize(ZOOM_W * 3, ZOOM_H * 3, { kernel: 'nearest' })
        .png()
        .toBuffer(),
    })),
  );
  await sharp({ create: { width: CROP_W * n, height: 22 + CROP_H * 2, channels: 3, background: '#000' } })
    .composite(
      tiles.flatMap((t, i) => [
        { input: label(`${titles[i]} · 100 % / 300 %`, CROP_W), left: i * CROP_W, top: 0 },
        { input: t.full, left: i * CROP_W, top: 22 },
        { input: t.zoom, left: i * CROP_W, top: 22 + CROP_H },
      ]),
    )
    .png()
    .toFile(path.join(OUT_DIR, `modes-measured-${name}.png`));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await benchModeMeasures();
