import onnxProto from 'onnx-proto';
import ort from 'onnxruntime-node';

const { onnx } = onnxProto;
type Model = InstanceType<typeof onnx.ModelProto>;
type Node = onnxProto.onnx.INodeProto;
type Tensor = onnxProto.onnx.ITensorProto;

/** Bumped whenever the quantised graph changes, so stored int8 models are made again. */
export const QUANTISER_VERSION = 1;

/** A tensor's calibrated range, [min, max], with 0 inside it. */
export type Ranges = Record<string, [number, number]>;

/**
 * What an int8 model is made from: the ranges of the activations around its convolutions, read on render crops,
 * and the convolutions kept in float (the first and the last: quantising them costs the most quality).
 */
export interface Int8Recipe {
  /** The float model's converter version the ranges were read on; other versions name their tensors differently. */
  converterVersion: number;
  keepFloat: string[];
  ranges: Ranges;
}

const F = onnx.TensorProto.DataType.FLOAT;
const U8 = onnx.TensorProto.DataType.UINT8;
const I8 = onnx.TensorProto.DataType.INT8;
const I32 = onnx.TensorProto.DataType.INT32;

const decode = (bytes: Uint8Array): Model => onnx.ModelProto.decode(bytes);
const encode = (model: Model): Uint8Array => onnx.ModelProto.encode(model).finish();
const bytesOf = (a: Float32Array | Int8Array | Int32Array) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);

function floatsOf(t: Tensor): Float32Array {
  if (t.rawData?.length) {
    const raw = t.rawData;
    return new Float32Array(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.byteLength));
  }
  return Float32Array.from(t.floatData ?? []);
}

const convNodes = (model: Model): Node[] => model.graph!.node!.filter((n) => n.opType === 'Conv');

/**
 * The convolutions at the end an int8 recipe keeps in float: in the thick networks the one after the trunk, the one
 * before the pixel shuffle and the last one. With them in float int8 costs 0.002–0.012 dB instead of 0.04–0.06
 * (bench (j)), at the same speed: nearly all the work is in the trunk.
 */
export const FLOAT_TAIL = 3;

/** The first convolution and the last `tail`: the ones an int8 model keeps in float. */
export function endConvolutions(bytes: Uint8Array, tail = 1): string[] {
  const convs = convNodes(decode(bytes));
  return convs.length ? [...new Set([convs[0].name!, ...convs.slice(-tail).map((n) => n.name!)])] : [];
}

/** The activations a quantised model needs ranges for: the inputs and outputs of its quantised convolutions. */
export function quantisedTensors(bytes: Uint8Array, keepFloat: readonly string[]): string[] {
  const keep = new Set(keepFloat);
  const names = new Set<string>();
  for (const n of convNodes(decode(bytes))) if (!keep.has(n.name!)) names.add(n.input![0]).add(n.output![0]);
  return [...names];
}

/**
 * Reads the ranges of `tensors` over the calibration inputs (extremes, always with 0 inside), by running the float
 * model with those tensors as extra outputs.
 */
export async function calibrate(bytes: Uint8Array, tensors: string[], inputs: ort.Tensor[]): Promise<Ranges> {
  const probe = decode(bytes);
  const outputs = new Set(probe.graph!.output!.map((o) => o.name!));
  for (const name of tensors) if (!outputs.has(name)) probe.graph!.output!.push(onnx.ValueInfoProto.create({ name, type: { tensorType: { elemType: F } } }));
  const session = await ort.InferenceSession.create(encode(probe), { graphOptimizationLevel: 'disabled', logSeverityLevel: 3 });
  const ranges: Ranges = {};
  try {
    for (const input of inputs) {
      const out = await session.run({ [session.inputNames[0]]: input }, tensors);
      for (const name of tensors) {
        const data = out[name].data as Float32Array;
        let [min, max] = ranges[name] ?? [0, 0];
        for (let i = 0; i < data.length; i++) {
          const v = data[i];
          if (v < min) min = v;
          else if (v > max) max = v;
        }
        ranges[name] = [min, max];
      }
    }
  } finally {
    await session.release();
  }
  return ranges;
}

/**
 * The model in onnxruntime's QDQ form, which its CPU provider runs on integer kernels (QLinearConv): uint8
 * activations around every convolution but those kept in float, int8 weights per output channel, int32 biases.
 * Throws when a range is missing, so a recipe read on another graph is never applied half-way.
 */
export function quantiseModel(bytes: Uint8Array, recipe: Pick<Int8Recipe, 'keepFloat' | 'ranges'>): Uint8Array {
  const m = decode(bytes);
  const g = m.graph!;
  const keep = new Set(recipe.keepFloat);
  const inits = new Map(g.initializer!.map((t) => [t.name!, t]));
  const nodes: Node[] = [];
  const scaleOf = new Map<string, number>();
  const dequantised = new Map<string, string>();
  const axis0 = onnx.AttributeProto.create({ name: 'axis', type: onnx.AttributeProto.AttributeType.INT, i: 0 });

  const range = (name: string) => {
    const r = recipe.ranges[name];
    if (!r) throw new Error(`no calibrated range for ${name}`);
    return r;
  };
  /** `from` → uint8 → `to`, with the range read on `rangeOf`. */
  const qdq = (from: string, to: string, rangeOf: string) => {
    const [min, max] = range(rangeOf);
    const scale = Math.max((max - min) / 255, 1e-8);
    const zero = Math.min(255, Math.max(0, Math.round(-min / scale)));
    g.initializer!.push(
      onnx.TensorProto.create({ name: `${to}.scale`, dims: [], dataType: F, rawData: bytesOf(Float32Array.of(scale)) }),
      onnx.TensorProto.create({ name: `${to}.zero`, dims: [], dataType: U8, rawData: Uint8Array.of(zero) }),
    );
    nodes.push(
      onnx.NodeProto.create({ name: `${to}.q`, opType: 'QuantizeLinear', input: [from, `${to}.scale`, `${to}.zero`], output: [`${to}.u8`] }),
      onnx.NodeProto.create({ name: `${to}.dq`, opType: 'DequantizeLinear', input: [`${to}.u8`, `${to}.scale`, `${to}.zero`], output: [to] }),
    );
    scaleOf.set(to, scale);
  };
  const constant = (name: string, dims: NonNullable<Tensor['dims']>, dataType: number, data: Float32Array | Int8Array | Int32Array) =>
    g.initializer!.push(onnx.TensorProto.create({ name, dims, dataType, rawData: bytesOf(data) }));

  /** Integer constants dequantised per output channel (axis 0) with zero points of 0; returns the float tensor's name. */
  const perChannel = (
    base: string,
    suffix: string,
    dims: NonNullable<Tensor['dims']>,
    dataType: typeof I8 | typeof I32,
    values: Int8Array | Int32Array,
    scales: Float32Array,
  ) => {
    const zeros = dataType === I8 ? new Int8Array(scales.length) : new Int32Array(scales.length);
    constant(`${base}.int`, dims, dataType, values);
    constant(`${base}.scale`, [scales.length], F, scales);
    constant(`${base}.zero`, [scales.length], dataType, zeros);
    const out = `${base}${suffix}`;
    nodes.push(
      onnx.NodeProto.create({
        name: `${base}.dq`,
        opType: 'DequantizeLinear',
        input: [`${base}.int`, `${base}.scale`, `${base}.zero`],
        output: [out],
        attribute: [axis0],
      }),
    );
    return out;
  };

  for (const node of g.node!) {
    if (node.opType !== 'Conv' || keep.has(node.name!)) {
      nodes.push(node);
      continue;
    }
    const [x, w, b] = node.input!;
    let xq = dequantised.get(x);
    if (!xq) {
      xq = `${x}.q8`;
      qdq(x, xq, x);
      dequantised.set(x, xq);
    }
    const sx = scaleOf.get(xq)!;

    const wt = inits.get(w);
    if (!wt) throw new Error(`${node.name}: weights are not a constant`);
    const wf = floatsOf(wt);
    const outC = Number(wt.dims![0]);
    const per = wf.length / outC;
    const wq = new Int8Array(wf.length);
    const ws = new Float32Array(outC);
    for (let o = 0; o < outC; o++) {
      let amax = 0;
      for (let i = 0; i < per; i++) amax = Math.max(amax, Math.abs(wf[o * per + i]));
      ws[o] = amax / 127 || 1e-8;
      for (let i = 0; i < per; i++) wq[o * per + i] = Math.max(-127, Math.min(127, Math.round(wf[o * per + i] / ws[o])));
    }
    const inputs = [xq, perChannel(w, '.w8', wt.dims!, I8, wq, ws)];
    if (b) {
      const bt = inits.get(b);
      if (!bt) throw new Error(`${node.name}: bias is not a constant`);
      const bf = floatsOf(bt);
      const bs = new Float32Array(outC);
      const bq = new Int32Array(outC);
      for (let o = 0; o < outC; o++) {
        bs[o] = sx * ws[o];
        bq[o] = Math.round(bf[o] / bs[o]);
      }
      inputs.push(perChannel(b, '.b32', [outC], I32, bq, bs));
    }
    // the convolution writes `y.f32`; `y`, which everything downstream reads, is its quantised copy
    const y = node.output![0];
    node.input = inputs;
    node.output = [`${y}.f32`];
    nodes.push(node);
    qdq(`${y}.f32`, y, y);
    dequantised.set(y, y);
  }
  g.node = nodes;
  const used = new Set(nodes.flatMap((n) => n.input!));
  g.initializer = g.initializer!.filter((t) => used.has(t.name!));
  return encode(m);
}

/**
 * Whether this CPU runs onnxruntime's uint8 × int8 kernels without loss: x64 with VNNI (AVX-512 or AVX) or arm64.
 * Plain AVX2 multiplies in 16 bits, which can saturate and costs quality, so there the float networks stay.
 */
export function cpuRunsInt8(cpuinfo: () => string): boolean {
  if (process.arch === 'arm64') return true;
  if (process.arch !== 'x64') return false;
  try {
    return /\b(avx512_vnni|avx_vnni)\b/.test(cpuinfo());
  } catch {
    return false;
  }
}
