import ort from 'onnxruntime-node';
import onnxProto from 'onnx-proto';
import { ModelStore } from '@engine/models/model-store.js';
import { builtinModels, type ModelSpec } from '@engine/models/registry.js';
import { readLayersModel } from '@engine/models/tfjs-layers.js';
import { DEFAULT_TILE_SIZE } from '@engine/index.js';
import { loadTfModel, useTfBackend } from '@engine/models/tfjs-reference.js';
import { psnr, table } from './common.js';

const { onnx } = onnxProto;

/** Multiply–accumulates per input pixel, from the layer list (layers after an upsampling run s² times). */
async function macsPerPixel(spec: ModelSpec): Promise<number> {
  if (spec.source.kind !== 'npm') return NaN;
  const model = await readLayersModel(spec.source.dir);
  const factor = new Map<string, number>();
  let macs = 0;
  for (const l of model.layers) {
    let f = Math.max(1, ...l.inbound.map((n) => factor.get(n) ?? 1));
    if (l.className === 'UpSampling2D') f *= (l.config.size as number[])[0] ** 2;
    if (/^PixelShuffle/.test(l.className)) f *= Number(l.config.scale) ** 2;
    if (l.className === 'Conv2D') {
      const [kh, kw, cin, cout] = model.weights.get(`${l.name}/kernel`)!.shape;
      macs += f * kh * kw * cin * cout;
    }
    factor.set(l.name, f);
  }
  return macs;
}

function image(w: number, h: number, hi: number): Float32Array {
  const a = new Float32Array(w * h * 3);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) for (let c = 0; c < 3; c++) a[(y * w + x) * 3 + c] = ((Math.sin(x / (3 + c)) * Math.cos(y / 5) + 1) / 2) * hi;
  return a;
}

function toNchw(nhwc: Float32Array, w: number, h: number): Float32Array {
  const out = new Float32Array(nhwc.length);
  for (let i = 0; i < w * h; i++) for (let c = 0; c < 3; c++) out[c * w * h + i] = nhwc[i * 3 + c];
  return out;
}

/** Mean of `reps` runs after a warm-up; `best` takes the fastest run instead (used for peak rates). */
async function timeIt(fn: () => Promise<unknown>, reps: number, best = false): Promise<number> {
  await fn();
  let total = 0;
  let min = Infinity;
  for (let i = 0; i < reps; i++) {
    const t = performance.now();
    await fn();
    const ms = performance.now() - t;
    total += ms;
    min = Math.min(min, ms);
  }
  return best ? min : total / reps;
}

const CONV_SHAPES: [number, number][] = [
  [64, 256],
  [64, 96],
  [128, 64],
  [192, 48],
];
/** Rounds of reference and model measured alternately for benchmark (b). */
const THROUGHPUT_ROUNDS = 3;

/**
 * The channel count and map size at which a lone 3×3 convolution (the best case for the CPU's convolution kernels)
 * runs fastest on this machine.
 */
async function fastestConvShape(threads: number): Promise<[number, number]> {
  let best: [number, number] = CONV_SHAPES[0];
  let rate = 0;
  for (const shape of CONV_SHAPES) {
    const r = await convGflops(threads, ...shape);
    if (r > rate) [best, rate] = [shape, r];
  }
  return best;
}

async function convGflops(threads: number, C: number, S: number): Promise<number> {
  const w = new Float32Array(C * C * 9).map((_, i) => Math.sin(i) * 0.05);
  const graph = onnx.GraphProto.create({
    name: 'conv',
    node: [
      onnx.NodeProto.create({
        opType: 'Conv',
        input: ['x', 'w'],
        output: ['y'],
        attribute: [{ name: 'pads', type: onnx.AttributeProto.AttributeType.INTS, ints: [1, 1, 1, 1] }],
      }),
    ],
    initializer: [onnx.TensorProto.create({ name: 'w', dims: [C, C, 3, 3], dataType: 1, rawData: new Uint8Array(w.buffer) })],
    input: [{ name: 'x', type: { tensorType: { elemType: 1, shape: { dim: [{ dimValue: 1 }, { dimValue: C }, { dimValue: S }, { dimValue: S }] } } } }],
    output: [{ name: 'y', type: { tensorType: { elemType: 1, shape: { dim: [{ dimValue: 1 }, { dimValue: C }, { dimValue: S }, { dimValue: S }] } } } }],
  });
  const bytes = onnx.ModelProto.encode(onnx.ModelProto.create({ irVersion: 8, opsetImport: [{ version: 13 }], graph })).finish();
  const session = await ort.InferenceSession.create(bytes, { intraOpNumThreads: threads, graphOptimizationLevel: 'all' });
  const x = new ort.Tensor('float32', new Float32Array(C * S * S).fill(0.5), [1, C, S, S]);
  const ms = await timeIt(() => session.run({ x }), 5, true);
  await session.release();
  return (2 * C * C * 9 * S * S) / (ms / 1000) / 1e9;
}

export async function benchSpeed(store: ModelStore, opts: { onlyThroughput?: boolean } = {}) {
  const specs = builtinModels();
  await useTfBackend('wasm');
  const cases: [string, number, number][] = [
    ['slim', 4, 256],
    ['medium', 4, 128],
    ['thick', 4, 128],
    ['slim', 2, 256],
    ['medium', 2, 256],
  ];
  const rowsA: (string | number)[][] = [];
  for (const [family, scale, size] of opts.onlyThroughput ? [] : cases) {
    const spec = specs.find((s) => s.family === family && s.scale === scale)!;
    const hi = spec.inputRange[1];
    const input = image(size, size, hi);
    const tfModel = await loadTfModel(family, scale, (spec.source as { dir: string }).dir);
    let tfOut: Float32Array<ArrayBufferLike> = new Float32Array();
    const reps = family === 'thick' ? 1 : 3;
    const tfMs = await timeIt(async () => (tfOut = await tfModel.predict(input, size, size)), reps);
    tfModel.dispose();
    const bytes = await store.load(spec.name);
    const row: (string | number)[] = [`${family} ×${scale}`, `${size}²`, tfMs];
    let agreement = 0;
    for (const threads of [1, 2]) {
      const session = await ort.InferenceSession.create(bytes, { intraOpNumThreads: threads, graphOptimizationLevel: 'all' });
      const x = new ort.Tensor('float32', toNchw(input, size, size), [1, 3, size, size]);
      let out: Float32Array<ArrayBufferLike> = new Float32Array();
      const ms = await timeIt(async () => (out = (await session.run({ input: x })).output.data as Float32Array), reps);
      await session.release();
      if (threads === 1) {
        const os = size * scale;
        const q = (v: number) => Math.round(Math.min(1, Math.max(0, v / hi)) * 255);
        const a = new Uint8Array(out.length),
          b = new Uint8Array(out.length);
        for (let i = 0; i < os * os; i++)
          for (let c = 0; c < 3; c++) {
            a[i * 3 + c] = q(out[c * os * os + i]);
            b[i * 3 + c] = q(tfOut[i * 3 + c]);
          }
        agreement = psnr(a, b);
      }
      row.push(ms, tfMs / ms);
    }
    row.push(agreement);
    rowsA.push(row);
  }
  // TF.js-wasm runs single-threaded under Node (its multi-thread build is browser-only); the engine uses every core by default.
  if (rowsA.length)
    table(
      '(a) Same weights, same image: TensorFlow.js-wasm (as UpscalerJS runs them; one thread under Node) vs ours (onnxruntime)',
      ['model', 'input', 'TF.js-wasm ms', 'ours 1 thread ms', 'ratio', 'ours 2 threads ms', 'ratio', 'agreement dB'],
      rowsA,
    );

  // (b) The machine's speed drifts while a benchmark runs (other processes, a shared host), so the reference is
  // measured beside each model, in alternating rounds, and each share compares the best of both from one window.
  const rowsB: (string | number)[][] = [];
  const shapes: Record<number, [number, number]> = { 1: await fastestConvShape(1), 2: await fastestConvShape(2) };
  const peak: Record<number, number> = { 1: 0, 2: 0 };
  for (const spec of specs.filter((s) => s.family !== 'thick' || s.scale === 2 || s.scale === 4)) {
    // the engine's own unit of work: one tile window
    const size = DEFAULT_TILE_SIZE;
    const bytes = await store.load(spec.name);
    const macs = await macsPerPixel(spec);
    const row: (string | number)[] = [spec.name, macs / 1e6];
    for (const threads of [1, 2]) {
      const session = await ort.InferenceSession.create(bytes, { intraOpNumThreads: threads, graphOptimizationLevel: 'all' });
      const x = new ort.Tensor('float32', toNchw(image(size, size, spec.inputRange[1]), size, size), [1, 3, size, size]);
      let ms = Infinity;
      let reference = 0;
      for (let round = 0; round < THROUGHPUT_ROUNDS; round++) {
        reference = Math.max(reference, await convGflops(threads, ...shapes[threads]));
        ms = Math.min(ms, await timeIt(() => session.run({ input: x }), spec.family === 'thick' ? 1 : 2, true));
      }
      await session.release();
      const gflops = (2 * macs * size * size) / (ms / 1000) / 1e9;
      peak[threads] = Math.max(peak[threads], reference);
      row.push(gflops, (100 * gflops) / reference);
    }
    rowsB.push(row);
  }
  table(
    `(b) Throughput on ${DEFAULT_TILE_SIZE}² tiles vs achievable conv throughput, measured beside each model in ${THROUGHPUT_ROUNDS} alternating rounds (the fastest single 3×3 conv of 64–192 channels on 48²–256² maps: up to ${peak[1].toFixed(0)} GFLOP/s on 1 thread, ${peak[2].toFixed(0)} on 2; best of each)`,
    ['model', 'M MAC / input px', 'GFLOP/s 1 thr', '% 1 thr', 'GFLOP/s 2 thr', '% 2 thr'],
    rowsB,
  );
  return { rowsA, rowsB, peak };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { BENCH_MODELS_DIR } = await import('./common.js');
  await benchSpeed(new ModelStore(BENCH_MODELS_DIR), { onlyThroughput: process.argv.includes('--throughput') });
}
