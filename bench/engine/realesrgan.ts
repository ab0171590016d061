import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { createEngine, type Mode } from '@engine/index.js';
import { ModelStore } from '@engine/models/model-store.js';
import { findPackage, REALESRGAN_PACKAGE } from '@engine/models/registry.js';
import { agreement, referenceEngine } from '@engine/models/upscayl-reference.js';
import { BENCH_MODELS_DIR, renderFiles, table } from './common.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const OUT_DIR = path.resolve(here, '../out');
// ncnn's Real-ESRGAN pads each tile by 10 px (its "prepadding"); ours gets the same context so both do the same work
const PREPADDING = 10;

/** Wall time (s) and peak RSS (MiB) of a child process, from GNU time. */
function timed(cmd: string, args: string[]): { seconds: number; rssMiB: number; stdout: string } {
  const r = spawnSync('/usr/bin/time', ['-f', '%e %M', cmd, ...args], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr.trim().split('\n').slice(-3).join(' | ')}`);
  const [seconds, kib] = r.stderr.trim().split('\n').pop()!.split(' ').map(Number);
  return { seconds, rssMiB: kib / 1024, stdout: r.stdout };
}

async function crop(file: string, size: number, to: string) {
  const meta = await sharp(file).metadata();
  await sharp(file)
    .removeAlpha()
    .extract({ left: Math.round((meta.width! - size) / 2), top: Math.round((meta.height! - size) / 2), width: size, height: size })
    .png()
    .toFile(to);
}

/**
 * (g) Renderlift vs upscayl-bin (ncnn on Vulkan, here Mesa's CPU driver: how Upscayl runs without a GPU) on the
 * same render crops, models and tile size: wall time of each process, their ratio, output agreement, peak RSS.
 * BENCH_UPSCAYL_SIZE sets the crop side (default 64: upscayl-bin needs about a minute per 64² crop with x4plus
 * on this CPU under load; a 256² crop took it 2.5–3.5 minutes on a quiet machine), BENCH_UPSCAYL_TILE the tile
 * (default 200, the one upscayl-bin picks for itself on llvmpipe; ours: windows of at most that plus the padding
 * squared), BENCH_UPSCAYL_CROPS the number of renders, BENCH_UPSCAYL_MODELS the models (comma-separated).
 */
export async function benchUpscayl(): Promise<void> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'rl-bench-upscayl-'));
  try {
    const ref = await referenceEngine(work, findPackage(REALESRGAN_PACKAGE));
    if (!ref.ok) {
      console.log(`\n(g) Renderlift vs upscayl-bin: skipped, ${ref.reason}`);
      return;
    }
    const size = Number(process.env.BENCH_UPSCAYL_SIZE ?? 64);
    const tile = Number(process.env.BENCH_UPSCAYL_TILE ?? 200);
    const files = renderFiles().slice(0, Number(process.env.BENCH_UPSCAYL_CROPS ?? 2));
    const rows: (string | number)[][] = [];
    const models = process.env.BENCH_UPSCAYL_MODELS?.split(',') ?? ['realesrgan-x4fast', 'realesrgan-x4plus'];
    // converted before timing, as the engine runs them (x4plus as its two parts): the conversion happens once per
    // install, not per run (x4plus: 1.6 s)
    await new ModelStore(BENCH_MODELS_DIR).ensureAll();
    for (const model of models) {
      for (const file of files) {
        const input = path.join(work, `${path.basename(file, path.extname(file))}-${size}.png`);
        await crop(file, size, input);
        const theirs = timed(ref.binary, [
          '-i',
          input,
          '-o',
          `${input}.ncnn.png`,
          '-m',
          ref.modelsDir,
          '-n',
          model,
          '-s',
          '4',
          '-t',
          String(tile),
          '-f',
          'png',
        ]);
        const ours = timed(process.execPath, [
          '--import',
          'tsx',
          path.join(here, 'realesrgan-ours.ts'),
          model,
          input,
          `${input}.ours.png`,
          String(tile + 2 * PREPADDING),
          String(PREPADDING),
        ]);
        const a = agreement(
          new Uint8Array(await sharp(`${input}.ours.png`).raw().toBuffer()),
          new Uint8Array(
            await sharp(readFileSync(`${input}.ncnn.png`))
              .removeAlpha()
              .raw()
              .toBuffer(),
          ),
        );
        const inference = JSON.parse(ours.stdout.trim().split('\n').pop()!).inferenceMs / 1000;
        rows.push([
          model,
          `${path.basename(file).slice(0, 14)} ${size}²`,
          `${theirs.seconds.toFixed(1)} s`,
          `${ours.seconds.toFixed(1)} s (${inference.toFixed(1)} s inference)`,
          `${(theirs.seconds / ours.seconds).toFixed(1)}×`,
          `${a.all.toFixed(1)} / ${a.intact.toFixed(1)} dB, ${(100 * a.brokenShare).toFixed(1)} %`,
          `${theirs.rssMiB.toFixed(0)} / ${ours.rssMiB.toFixed(0)} MiB`,
        ]);
      }
    }
    table(
      `(g) Renderlift (onnxruntime, ${os.cpus().length} threads) vs upscayl-bin (ncnn on Mesa llvmpipe), ×4, tile ${tile} px, whole processes`,
      ['model', 'crop', 'upscayl-bin', 'Renderlift', 'ratio', 'agreement all / intact, broken px', 'peak RSS upscayl / ours'],
      rows,
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Luma minus its Gaussian blur (σ = 1.5 px): mean squared high-frequency energy per pixel. */
async function highFrequencyEnergy(png: Buffer): Promise<number> {
  const luma = await sharp(png).removeAlpha().greyscale().raw().toBuffer();
  const blur = await sharp(png).removeAlpha().greyscale().blur(1.5).raw().toBuffer();
  let e = 0;
  for (let i = 0; i < luma.length; i++) e += (luma[i] - blur[i]) ** 2;
  return e / luma.length;
}

const label = (text: string, width: number) =>
  Buffer.from(
    `<svg width="${width}" height="22"><rect width="100%" height="100%" fill="#111"/><text x="6" y="16" font-family="sans-serif" font-size="14" fill="#fff">${text}</text></svg>`,
  );

/**
 * (h) Contact sheet per render crop, written to bench/out/: bicubic | Precision | Detail | Creativity 50 |
 * Creativity 100, ×4 from the crop shrunk ×4, with each mode's detail figure: high-frequency energy of the output
 * relative to the original crop's (1 = as much fine detail as the render had, a blur scores near 0).
 */
export async function benchContactSheet(): Promise<void> {
  mkdirSync(OUT_DIR, { recursive: true });
  const side = Number(process.env.BENCH_SHEET_SIZE ?? 256);
  const engine = createEngine({ modelsDir: BENCH_MODELS_DIR });
  const columns: { name: string; mode?: Mode; creativity?: number }[] = [
    { name: 'bicubic' },
    { name: 'Precision', mode: 'precision' },
    { name: 'Detail', mode: 'detail' },
    { name: 'Creativity 50', mode: 'creativity', creativity: 50 },
    { name: 'Creativity 100', mode: 'creativity', creativity: 100 },
  ];
  const sums = new Map<string, number[]>();
  const rows: (string | number)[][] = [];
  const files = renderFiles().slice(0, Number(process.env.BENCH_SHEET_CROPS ?? 3));
  for (const file of files) {
    const meta = await sharp(file).metadata();
    const original = await sharp(file)
      .removeAlpha()
      .extract({ left: Math.round((meta.width! - side) / 2), top: Math.round((meta.height! - side) / 2), width: side, height: side })
      .png()
      .toBuffer();
    const small = await sharp(original)
      .resize(side / 4, side / 4, { kernel: 'cubic' })
      .png()
      .toBuffer();
    const reference = await highFrequencyEnergy(original);
    const tiles: Buffer[] = [];
    const row: (string | number)[] = [path.basename(file)];
    for (const col of columns) {
      const out = col.mode
        ? (await engine.enhance(small, { scale: 4, mode: col.mode, params: col.creativity === undefined ? {} : { creativity: col.creativity } })).data
        : await sharp(small).resize(side, side, { kernel: 'cubic' }).png().toBuffer();
      const figure = (await highFrequencyEnergy(out)) / reference;
      sums.set(col.name, [...(sums.get(col.name) ?? []), figure]);
      row.push(figure);
      tiles.push(out);
    }
    rows.push(row);
    const sheet = await sharp({ create: { width: side * columns.length, height: side + 22, channels: 3, background: '#000' } })
      .composite(
        tiles.flatMap((t, i) => [
          { input: t, left: i * side, top: 22 },
          { input: label(`${columns[i].name}  detail ${(row[i + 1] as number).toFixed(2)}`, side), left: i * side, top: 0 },
        ]),
      )
      .png()
      .toFile(path.join(OUT_DIR, `modes-${path.basename(file, path.extname(file))}.png`));
    void sheet;
  }
  rows.push(['mean', ...columns.map((c) => sums.get(c.name)!.reduce((a, b) => a + b, 0) / files.length)]);
  await engine.close();
  table(
    `(h) detail figure (high-frequency energy relative to the original), ×4 from ${side / 4}² crops; sheets in bench/out/modes-*.png`,
    ['render', ...columns.map((c) => c.name)],
    rows,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!process.argv.includes('--sheet-only')) await benchUpscayl();
  if (!process.argv.includes('--upscayl-only')) await benchContactSheet();
}
