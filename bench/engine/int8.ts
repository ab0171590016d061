import { readFile } from 'node:fs/promises';
import ort from 'onnxruntime-node';
import sharp from 'sharp';
import { int8PartOf, versionOf, type ModelStore } from '@engine/models/model-store.js';
import { calibrate, endConvolutions, FLOAT_TAIL, quantiseModel, quantisedTensors, type Int8Recipe } from '@engine/models/quantise.js';
import { psnr, renderFiles, table } from './common.js';

/**
 * (j) int8: the convolution-heavy networks quantised statically in onnxruntime's QDQ form (uint8 activations with
 * ranges calibrated on render crops, int8 weights per output channel, int32 biases), which its CPU provider runs as
 * QLinearConv on integer kernels. Measured against the float network on held-apart crops: PSNR against the original
 * and the time of one run, so that int8 is shipped only where it costs at most 0.05 dB.
 */

/** A planar float tensor of an RGB image in the model's value range. */
function toTensor(rgb: Buffer, w: number, h: number, top: number): ort.Tensor {
  const data = new Float32Array(3 * w * h);
  for (let i = 0; i < w * h; i++) for (let c = 0; c < 3; c++) data[c * w * h + i] = (rgb[i * 3 + c] / 255) * top;
  return new ort.Tensor('float32', data, [1, 3, h, w]);
}

function toRgb(t: ort.Tensor, top: number): Buffer {
  const [, , h, w] = t.dims as number[];
  const data = t.data as Float32Array;
  const out = Buffer.alloc(w * h * 3);
  for (let i = 0; i < w * h; i++) for (let c = 0; c < 3; c++) out[i * 3 + c] = Math.max(0, Math.min(255, Math.round((data[c * w * h + i] / top) * 255)));
  return out;
}

interface Crop {
  rgb: Buffer;
  w: number;
  h: number;
}

async function crop(file: string, where: 'centre' | 'corner', size: number): Promise<Crop> {
  const meta = await sharp(file).metadata();
  const left = where === 'centre' ? Math.round((meta.width! - size) / 2) : Math.round(meta.width! * 0.1);
  const top = where === 'centre' ? Math.round((meta.height! - size) / 2) : Math.round(meta.height! * 0.1);
  const rgb = await sharp(file).removeAlpha().extract({ left, top, width: size, height: size }).raw().toBuffer();
  return { rgb, w: size, h: size };
}

async function lowRes(c: Crop, scale: number): Promise<Crop> {
  const w = c.w / scale,
    h = c.h / scale;
  const rgb = await sharp(c.rgb, { raw: { width: c.w, height: c.h, channels: 3 } })
    .resize(w, h, { kernel: 'cubic' })
    .raw()
    .toBuffer();
  return { rgb, w, h };
}

async function timeRuns(session: ort.InferenceSession, input: ort.Tensor, runs: number): Promise<{ ms: number; out: ort.Tensor }> {
  let out = (await session.run({ input })).output;
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    out = (await session.run({ input })).output;
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)], out };
}

/** The networks a mode runs whose time is mostly convolutions. */
export const INT8_CANDIDATES = [
  'esrgan-medium-x2',
  'esrgan-medium-x4',
  'esrgan-thick-x2',
  'esrgan-thick-x3',
  'esrgan-thick-x4',
  'esrgan-thick-x8',
  'realesrgan-x4plus',
];
/** The ones measured to cost at most 0.05 dB in int8 with their ends in float (`FLOAT_TAIL`): they get recipes. */
export const INT8_SHIPPED = ['esrgan-thick-x3', 'esrgan-thick-x4', 'esrgan-thick-x8', 'esrgan-medium-x4', 'realesrgan-x4plus'];

/**
 * What int8 ranges are read on: a corner of every render at the size it is given to the network (a user's render is
 * enhanced as it is, not downscaled first), apart from the centre crops the benchmark judges on.
 */
async function calibrationInputs(top: number, size = 160): Promise<ort.Tensor[]> {
  const inputs: ort.Tensor[] = [];
  for (const f of renderFiles()) {
    const c = await crop(f, 'corner', size);
    inputs.push(toTensor(c.rgb, c.w, c.h, top));
  }
  return inputs;
}

/** The recipe of a network: its end convolutions kept in float, the ranges of the rest read on the renders. */
export async function readRecipe(store: ModelStore, name: string): Promise<Int8Recipe> {
  const spec = await store.get(name);
  const bytes = await store.load(name, { part: int8PartOf(spec) });
  const keepFloat = endConvolutions(bytes, FLOAT_TAIL);
  const ranges = await calibrate(bytes, quantisedTensors(bytes, keepFloat), await calibrationInputs(spec.inputRange[1]));
  // six significant digits keep the file small and change no quantisation step
  for (const k of Object.keys(ranges)) ranges[k] = ranges[k].map((v) => Number(v.toPrecision(6))) as [number, number];
  return { converterVersion: versionOf(spec), keepFloat, ranges };
}

export async function benchInt8(store: ModelStore, names: string[]) {
  const files = renderFiles();
  const SIZE = Number(process.env.BENCH_INT8_CROP ?? 288);
  const rows: (string | number)[][] = [];
  for (const name of names) {
    const spec = await store.get(name).catch(() => undefined);
    if (!spec) {
      console.log(`(j) ${name}: not installed, skipped`);
      continue;
    }
    const top = spec.inputRange[1];
    const bytes = await store.load(name);
    const calib = await calibrationInputs(top);
    const every = await calibrate(bytes, quantisedTensors(bytes, []), calib);
    const options: ort.InferenceSession.SessionOptions = {
      graphOptimizationLevel: 'all',
      intraOpNumThreads: 2,
      executionMode: 'sequential',
      logSeverityLevel: 3,
    };
    const variants = [
      { label: 'float', bytes },
      { label: 'int8, every convolution', bytes: quantiseModel(bytes, { keepFloat: [], ranges: every }) },
      { label: 'int8, first and last in float', bytes: quantiseModel(bytes, { keepFloat: endConvolutions(bytes, 1), ranges: every }) },
      // a split network's recipe is its body's (measured in bench (m), Creativity with and without it)
      spec.int8Recipe && !spec.split
        ? {
            label: `int8, shipped recipe (first and last ${FLOAT_TAIL})`,
            bytes: quantiseModel(bytes, JSON.parse(await readFile(spec.int8Recipe, 'utf8')) as Int8Recipe),
          }
        : {
            label: `int8, first and last ${FLOAT_TAIL} in float`,
            bytes: quantiseModel(bytes, { keepFloat: endConvolutions(bytes, FLOAT_TAIL), ranges: every }),
          },
    ];
    const sessions = await Promise.all(variants.map((v) => ort.InferenceSession.create(v.bytes, options)));
    const sums = variants.map(() => ({ psnr: 0, agree: 0, ms: 0 }));
    for (const file of files) {
      const hr = await crop(file, 'centre', SIZE);
      const lr = await lowRes(hr, spec.scale);
      const input = toTensor(lr.rgb, lr.w, lr.h, top);
      let reference: Buffer | undefined;
      for (let v = 0; v < variants.length; v++) {
        const r = await timeRuns(sessions[v], input, 3);
        const rgb = toRgb(r.out, top);
        reference ??= rgb;
        sums[v].psnr += psnr(rgb, hr.rgb);
        sums[v].agree += v === 0 ? 0 : psnr(rgb, reference);
        sums[v].ms += r.ms;
      }
    }
    await Promise.all(sessions.map((x) => x.release()));
    const n = files.length;
    variants.forEach((v, i) =>
      rows.push([
        i === 0 ? name : '',
        v.label,
        (sums[i].psnr / n).toFixed(2),
        i === 0 ? '' : ((sums[i].psnr - sums[0].psnr) / n).toFixed(3),
        i === 0 ? '' : (sums[i].agree / n).toFixed(1),
        `${Math.round(sums[i].ms / n)} ms`,
        (sums[0].ms / sums[i].ms).toFixed(2),
      ]),
    );
  }
  table(
    `(j) int8 (QDQ; ranges read on render corners) vs float, on ${files.length} centre crops of ${SIZE}² downscaled by the network's scale, one run at a time`,
    ['network', 'form', 'PSNR dB', 'vs float dB', 'agreement with float dB', 'time / run', 'speed-up'],
    rows,
  );
}
