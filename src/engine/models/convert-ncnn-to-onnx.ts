import onnxProto from 'onnx-proto';
import { encodeModel, INPUT_NAME, intAttr, intsAttr, OUTPUT_NAME, strAttr, tensor, type Builder } from './convert-to-onnx.js';
import { paramArray, paramInt, type NcnnLayer, type NcnnModel } from './ncnn-model.js';

const { onnx } = onnxProto;

/** Bumped whenever the graph built from ncnn models changes, so stored conversions are redone. */
export const NCNN_CONVERTER_VERSION = 2;

function floatAttr(name: string, f: number) {
  return onnx.AttributeProto.create({ name, type: onnx.AttributeProto.AttributeType.FLOAT, f });
}

function node(b: Builder, opType: string, name: string, input: string[], attribute: InstanceType<typeof onnx.AttributeProto>[] = []) {
  b.nodes.push(onnx.NodeProto.create({ name, opType, input, output: [name], attribute }));
  return name;
}

function scalar(b: Builder, name: string, v: number) {
  b.initializers.push(tensor(name, [], new Float32Array([v])));
  return name;
}

/** ncnn's fused activation of Convolution (9 = type, 10 = its parameters). */
function activation(b: Builder, layer: NcnnLayer, value: string): string {
  const type = paramInt(layer, 9, 0);
  const args = paramArray(layer, 10);
  if (type === 0) return value;
  if (type === 1) return node(b, 'Relu', `${layer.name}.relu`, [value]);
  if (type === 2) return node(b, 'LeakyRelu', `${layer.name}.leaky`, [value], [floatAttr('alpha', args[0] ?? 0)]);
  if (type === 4) return node(b, 'Sigmoid', `${layer.name}.sigmoid`, [value]);
  throw new Error(`${layer.name}: fused activation type ${type} is not supported`);
}

function convolution(b: Builder, layer: NcnnLayer, input: string): string {
  const out = paramInt(layer, 0, 0);
  const kw = paramInt(layer, 1, 0);
  const kh = paramInt(layer, 11, kw);
  const dw = paramInt(layer, 2, 1);
  const dh = paramInt(layer, 12, dw);
  const sw = paramInt(layer, 3, 1);
  const sh = paramInt(layer, 13, sw);
  const left = paramInt(layer, 4, 0);
  const top = paramInt(layer, 14, left);
  const right = paramInt(layer, 15, left);
  const bottom = paramInt(layer, 16, top);
  if ([left, top, right, bottom].some((p) => p < 0)) throw new Error(`${layer.name}: automatic ('same') padding is not supported`);
  if (paramInt(layer, 18, 0) !== 0) throw new Error(`${layer.name}: padding with a value other than 0 is not supported`);
  const [weight, bias] = layer.weights;
  const cin = weight.length / (out * kh * kw);
  if (!Number.isInteger(cin)) throw new Error(`${layer.name}: weight size ${weight.length} does not fit ${out}×k${kh}×${kw}`);
  // ncnn keeps convolution weights as [out][in][kh][kw], ONNX's own order
  b.initializers.push(tensor(`${layer.name}.weight`, [out, cin, kh, kw], weight));
  const inputs = [input, `${layer.name}.weight`];
  if (bias) {
    b.initializers.push(tensor(`${layer.name}.bias`, [out], bias));
    inputs.push(`${layer.name}.bias`);
  }
  const conv = node(b, 'Conv', layer.name, inputs, [
    intsAttr('kernel_shape', [kh, kw]),
    intsAttr('strides', [sh, sw]),
    intsAttr('dilations', [dh, dw]),
    intsAttr('pads', [top, left, bottom, right]),
  ]);
  return activation(b, layer, conv);
}

/**
 * `value · k` per channel, as a BatchNormalization of unit variance. onnxruntime runs that as a 1×1 depthwise
 * convolution in its blocked (NCHWc) layout, where a Mul by a scalar and PRelu have no blocked form: with them, every
 * convolution after Real-ESRGAN's first residual block changed layout on the way in and out (docs/engine.md "Layout").
 */
function scaleChannels(b: Builder, name: string, value: string, k: Float32Array): string {
  const epsilon = 1e-5;
  const fill = (v: number) => new Float32Array(k.length).fill(v);
  b.initializers.push(
    tensor(`${name}.scale`, [k.length], k),
    tensor(`${name}.bias`, [k.length], fill(0)),
    tensor(`${name}.mean`, [k.length], fill(0)),
    tensor(`${name}.var`, [k.length], fill(1 - epsilon)),
  );
  return node(b, 'BatchNormalization', name, [value, `${name}.scale`, `${name}.bias`, `${name}.mean`, `${name}.var`], [floatAttr('epsilon', epsilon)]);
}

/** PReLU: with one slope a LeakyRelu (fused into the convolution before it), per channel `a·x + (1 − a)·relu(x)`. */
function prelu(b: Builder, name: string, value: string, slope: Float32Array): string {
  if (slope.length === 1) return node(b, 'LeakyRelu', name, [value], [floatAttr('alpha', slope[0])]);
  const linear = scaleChannels(b, `${name}.linear`, value, slope);
  const relu = node(b, 'Relu', `${name}.relu`, [value]);
  const rest = scaleChannels(
    b,
    `${name}.rest`,
    relu,
    slope.map((a) => 1 - a),
  );
  return node(b, 'Add', name, [linear, rest]);
}

const BINARY_OPS: Record<number, { op: string; swap?: boolean }> = {
  0: { op: 'Add' },
  1: { op: 'Sub' },
  2: { op: 'Mul' },
  3: { op: 'Div' },
  4: { op: 'Max' },
  5: { op: 'Min' },
  7: { op: 'Sub', swap: true },
  8: { op: 'Div', swap: true },
};

/** One part of a network that runs in two: `body` up to the features its first upsampling reads, `head` from there. */
export const NETWORK_PARTS = ['body', 'head'] as const;
export type NetworkPart = (typeof NETWORK_PARTS)[number];

/**
 * Where a network splits into body and head: the blob its first `Interp` reads, which must be the only value that
 * crosses from the layers before it to the layers after it (Real-ESRGAN x4plus: the 64 features of the residual trunk;
 * x4fast adds its upsampled input back at the end, so it does not split).
 */
export function splitPoint(model: NcnnModel): { index: number; blob: string } {
  const index = model.layers.findIndex((l) => l.type === 'Interp');
  if (index < 0) throw new Error('the network has no upsampling layer to split at');
  const blob = model.layers[index].inputs[0];
  const before = new Set(model.layers.slice(0, index).flatMap((l) => l.outputs));
  const crossing = new Set(model.layers.slice(index).flatMap((l) => l.inputs.filter((i) => before.has(i))));
  crossing.delete(blob);
  if (crossing.size) throw new Error(`the network cannot be split at its first upsampling: ${[...crossing].join(', ')} also cross`);
  return { index, blob };
}

/**
 * Converts an ncnn model (Real-ESRGAN's layer set: Input, Convolution with fused activation, Split, Concat,
 * Eltwise, BinaryOp, Interp nearest, PReLU, PixelShuffle) to an ONNX model with float NCHW input `input` and
 * output `output`, in the model's own value range; with `part`, only that part of it (see `splitPoint`), whose
 * features come out of the body and go into the head as `output` and `input`.
 */
export function convertNcnnModel(model: NcnnModel, part?: NetworkPart): Uint8Array {
  const built: Builder = { nodes: [], initializers: [] };
  const cut = part ? splitPoint(model) : undefined;
  // the head's layers need the channel counts of the body's blobs: the body is walked too, into a builder left unused
  let b: Builder = part === 'head' ? { nodes: [], initializers: [] } : built;
  // each blob's ONNX value and its channel count, known from the layers themselves (per-channel scales need it)
  const blobs = new Map<string, { value: string; channels: number }>();
  const consumed = new Set<string>();
  const get = (layer: NcnnLayer, blob: string) => {
    const v = blobs.get(blob);
    if (v === undefined) throw new Error(`${layer.name}: input ${blob} is not produced by an earlier layer`);
    consumed.add(blob);
    return v;
  };
  const inputLayers = model.layers.filter((l) => l.type === 'Input');
  if (inputLayers.length !== 1) throw new Error(`expected one Input layer, found ${inputLayers.length}`);

  for (const [index, layer] of model.layers.entries()) {
    if (cut && index === cut.index) {
      if (part === 'body') break;
      blobs.set(cut.blob, { value: INPUT_NAME, channels: blobs.get(cut.blob)!.channels });
      b = built;
    }
    const inBlobs = layer.inputs.map((blob) => get(layer, blob));
    const ins = inBlobs.map((i) => i.value);
    const inChannels = inBlobs.map((i) => i.channels);
    const name = `${layer.type}:${layer.name}`;
    const one = (value: string, channels = inChannels[0]) => blobs.set(layer.outputs[0], { value, channels });
    const l = { ...layer, name };
    switch (layer.type) {
      case 'Input':
        one(INPUT_NAME, paramInt(layer, 2, 3));
        break;
      case 'Split':
        for (const out of layer.outputs) blobs.set(out, inBlobs[0]);
        break;
      case 'Convolution':
        one(convolution(b, l, ins[0]), paramInt(layer, 0, 0));
        break;
      case 'Concat': {
        const axis = paramInt(layer, 0, 0);
        if (axis !== 0) throw new Error(`${layer.name}: only channel concatenation (axis 0) is supported`);
        one(
          node(b, 'Concat', name, ins, [intAttr('axis', 1)]),
          inChannels.reduce((a, c) => a + c, 0),
        );
        break;
      }
      case 'Eltwise': {
        const op = paramInt(layer, 0, 1);
        const coeffs = paramArray(layer, 1);
        if (op === 1) {
          const terms = ins.map((v, i) =>
            coeffs.length && coeffs[i] !== 1 ? scaleChannels(b, `${name}.term${i}`, v, new Float32Array(inChannels[i]).fill(coeffs[i])) : v,
          );
          one(node(b, terms.length === 2 ? 'Add' : 'Sum', name, terms));
        } else if (op === 0 || op === 2) {
          if (coeffs.length) throw new Error(`${layer.name}: coefficients apply to sums only`);
          one(node(b, op === 0 ? 'Mul' : 'Max', name, ins));
        } else throw new Error(`${layer.name}: Eltwise operation ${op} is not supported`);
        break;
      }
      case 'BinaryOp': {
        const kind = BINARY_OPS[paramInt(layer, 0, 0)];
        if (!kind) throw new Error(`${layer.name}: BinaryOp operation ${paramInt(layer, 0, 0)} is not supported`);
        const pair = paramInt(layer, 1, 0) ? [ins[0], scalar(b, `${name}.b`, paramInt(layer, 2, 0))] : ins;
        if (pair.length !== 2) throw new Error(`${layer.name}: BinaryOp needs two operands`);
        one(node(b, kind.op, name, kind.swap ? [pair[1], pair[0]] : pair));
        break;
      }
      case 'Interp': {
        const type = paramInt(layer, 0, 0);
        const hs = paramInt(layer, 1, 1);
        const ws = paramInt(layer, 2, 1);
        if (type !== 1) throw new Error(`${layer.name}: only nearest interpolation (0=1) is supported`);
        if (paramInt(layer, 3, 0) || paramInt(layer, 4, 0)) throw new Error(`${layer.name}: interpolation to a fixed output size is not supported`);
        b.initializers.push(tensor(`${name}.scales`, [4], new Float32Array([1, 1, hs, ws])));
        // ncnn's nearest picks source floor(x / scale), ONNX's asymmetric + floor mode
        one(
          node(
            b,
            'Resize',
            name,
            [ins[0], '', `${name}.scales`],
            [strAttr('mode', 'nearest'), strAttr('coordinate_transformation_mode', 'asymmetric'), strAttr('nearest_mode', 'floor')],
          ),
        );
        break;
      }
      case 'PReLU':
        one(prelu(b, name, ins[0], layer.weights[0]));
        break;
      case 'PixelShuffle': {
        // mode 0 is PyTorch's pixel_shuffle (ONNX CRD), mode 1 TensorFlow's depth_to_space (DCR)
        const mode = paramInt(layer, 1, 0) ? 'DCR' : 'CRD';
        const r = paramInt(layer, 0, 1);
        one(node(b, 'DepthToSpace', name, ins, [intAttr('blocksize', r), strAttr('mode', mode)]), inChannels[0] / (r * r));
        break;
      }
      default:
        throw new Error(`${layer.name}: layer type ${layer.type} is not supported`);
    }
  }

  let end = cut?.blob;
  if (part !== 'body') {
    const ends = model.layers.flatMap((l) => l.outputs).filter((blob) => !consumed.has(blob));
    if (ends.length !== 1) throw new Error(`expected one output blob, found ${ends.length} (${ends.join(', ')})`);
    end = ends[0];
  }
  const out = blobs.get(end!)!;
  built.nodes.push(onnx.NodeProto.create({ name: 'output', opType: 'Identity', input: [out.value], output: [OUTPUT_NAME] }));
  const channels = { in: blobs.get(part === 'head' ? cut!.blob : inputLayers[0].outputs[0])!.channels, out: out.channels };
  return encodeModel(built, NCNN_CONVERTER_VERSION, channels);
}
