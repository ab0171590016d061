import onnxProto from 'onnx-proto';
import type { KerasLayer, LayersModel } from './tfjs-layers.js';

const { onnx } = onnxProto;

/** Bumped whenever the produced graph changes, so stored conversions are redone. */
export const CONVERTER_VERSION = 2;

export const INPUT_NAME = 'input';
export const OUTPUT_NAME = 'output';

export interface Builder {
  nodes: InstanceType<typeof onnx.NodeProto>[];
  initializers: InstanceType<typeof onnx.TensorProto>[];
}

export function tensor(name: string, dims: number[], data: Float32Array) {
  return onnx.TensorProto.create({
    name,
    dims,
    dataType: onnx.TensorProto.DataType.FLOAT,
    rawData: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
  });
}

export function intsAttr(name: string, ints: number[]) {
  return onnx.AttributeProto.create({ name, type: onnx.AttributeProto.AttributeType.INTS, ints });
}
export function intAttr(name: string, i: number) {
  return onnx.AttributeProto.create({ name, type: onnx.AttributeProto.AttributeType.INT, i });
}
export function strAttr(name: string, s: string) {
  return onnx.AttributeProto.create({ name, type: onnx.AttributeProto.AttributeType.STRING, s: new TextEncoder().encode(s) });
}

/** Keras kernel [kh, kw, in, out] → ONNX [out, in, kh, kw]. */
function kerasKernelToOnnx(shape: number[], data: Float32Array): { dims: number[]; data: Float32Array } {
  const [kh, kw, cin, cout] = shape;
  const out = new Float32Array(data.length);
  for (let y = 0; y < kh; y++)
    for (let x = 0; x < kw; x++)
      for (let i = 0; i < cin; i++) for (let o = 0; o < cout; o++) out[((o * cin + i) * kh + y) * kw + x] = data[((y * kw + x) * cin + i) * cout + o];
  return { dims: [cout, cin, kh, kw], data: out };
}

function convWeights(model: LayersModel, layer: KerasLayer) {
  const kernel = model.weights.get(`${layer.name}/kernel`);
  const bias = model.weights.get(`${layer.name}/bias`);
  if (!kernel) throw new Error(`missing kernel for ${layer.name}`);
  return { kernel, bias };
}

function checkConv(layer: KerasLayer) {
  const c = layer.config as { padding: string; strides: number[]; dilation_rate: number[]; activation: string; kernel_size: number[] };
  const pointwise = c.kernel_size.every((k) => k === 1);
  if ((c.padding !== 'same' && !pointwise) || c.strides.some((s) => s !== 1) || c.dilation_rate.some((d) => d !== 1))
    throw new Error(`${layer.name}: only stride-1 'same' convolutions are supported`);
  if (c.kernel_size.some((k) => k % 2 === 0)) throw new Error(`${layer.name}: even kernels are not supported`);
  return c;
}

function addConv(b: Builder, name: string, input: string, dims: number[], kernel: Float32Array, bias: Float32Array | undefined) {
  b.initializers.push(tensor(`${name}.weight`, dims, kernel));
  const inputs = [input, `${name}.weight`];
  if (bias) {
    b.initializers.push(tensor(`${name}.bias`, [dims[0]], bias));
    inputs.push(`${name}.bias`);
  }
  const [, , kh, kw] = dims;
  b.nodes.push(
    onnx.NodeProto.create({
      name,
      opType: 'Conv',
      input: inputs,
      output: [name],
      attribute: [intsAttr('kernel_shape', [kh, kw]), intsAttr('pads', [kh >> 1, kw >> 1, kh >> 1, kw >> 1])],
    }),
  );
}

function addActivation(b: Builder, name: string, input: string, activation: string) {
  if (activation === 'linear') return input;
  if (activation !== 'relu') throw new Error(`${name}: activation ${activation} is not supported`);
  b.nodes.push(onnx.NodeProto.create({ name: `${name}.relu`, opType: 'Relu', input: [input], output: [`${name}.relu`] }));
  return `${name}.relu`;
}

/**
 * Nearest ×s upsampling followed by a 3×3 'same' convolution equals a 3×3 convolution at the low
 * resolution with s²·C outputs and a depth-to-space (DCR). The fused form does the same arithmetic but
 * keeps the wide convolution dense at the input resolution instead of memory-bound at the output one.
 */
function fuseUpsampleConv(shape: number[], data: Float32Array, s: number) {
  const [kh, kw, cin, cout] = shape;
  const outC = s * s * cout;
  const fused = new Float32Array(outC * cin * 9);
  for (let a = 0; a < s; a++)
    for (let bb = 0; bb < s; bb++)
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const oy = Math.floor((a + dy) / s) + 1;
          const ox = Math.floor((bb + dx) / s) + 1;
          for (let co = 0; co < cout; co++) {
            const o = (a * s + bb) * cout + co;
            for (let ci = 0; ci < cin; ci++) fused[((o * cin + ci) * 3 + oy) * 3 + ox] += data[(((dy + 1) * kw + (dx + 1)) * cin + ci) * cout + co];
          }
        }
  if (kh !== 3 || kw !== 3) throw new Error('fusion needs a 3×3 kernel');
  return { dims: [outC, cin, 3, 3], data: fused };
}

/**
 * Converts an ESRGAN-family TF.js layers model to an ONNX model with NCHW float input `input`
 * [N,3,H,W] and output `output` [N,3,H·s,W·s] in the model's own value range.
 */
export function convertLayersModel(model: LayersModel, opts: { fuseUpsampling?: boolean } = {}): Uint8Array {
  const fuse = opts.fuseUpsampling ?? true;
  const b: Builder = { nodes: [], initializers: [] };
  const valueOf = new Map<string, string>();
  const consumers = new Map<string, KerasLayer[]>();
  for (const l of model.layers) for (const i of l.inbound) consumers.set(i, [...(consumers.get(i) ?? []), l]);
  const fusedInto = new Map<string, { scale: number; source: string }>();

  for (const layer of model.layers) {
    const ins = layer.inbound.map((n) => {
      const v = valueOf.get(n);
      if (v === undefined) throw new Error(`${layer.name}: input ${n} not yet defined`);
      return v;
    });
    const name = layer.name;
    switch (layer.className) {
      case 'InputLayer':
        valueOf.set(name, INPUT_NAME);
        break;
      case 'Conv2D': {
        const c = checkConv(layer);
        const { kernel, bias } = convWeights(model, layer);
        const fusion = fusedInto.get(layer.inbound[0]);
        if (fusion) {
          const f = fuseUpsampleConv(kernel.shape, kernel.data, fusion.scale);
          const reps = fusion.scale * fusion.scale;
          const fb = bias ? new Float32Array(bias.data.length * reps) : undefined;
          if (fb && bias) for (let r = 0; r < reps; r++) fb.set(bias.data, r * bias.data.length);
          addConv(b, `${name}.subpixel`, valueOf.get(fusion.source)!, f.dims, f.data, fb);
          b.nodes.push(
            onnx.NodeProto.create({
              name,
              opType: 'DepthToSpace',
              input: [`${name}.subpixel`],
              output: [name],
              attribute: [intAttr('blocksize', fusion.scale), strAttr('mode', 'DCR')],
            }),
          );
        } else {
          const k = kerasKernelToOnnx(kernel.shape, kernel.data);
          addConv(b, name, ins[0], k.dims, k.data, bias?.data);
        }
        valueOf.set(name, addActivation(b, name, name, c.activation));
        break;
      }
      case 'Activation':
        valueOf.set(name, addActivation(b, name, ins[0], String(layer.config.activation)));
        break;
      case 'Concatenate': {
        const axis = Number(layer.config.axis);
        if (axis !== 3 && axis !== -1) throw new Error(`${name}: only channel concatenation is supported`);
        b.nodes.push(onnx.NodeProto.create({ name, opType: 'Concat', input: ins, output: [name], attribute: [intAttr('axis', 1)] }));
        valueOf.set(name, name);
        break;
      }
      case 'Add':
        b.nodes.push(onnx.NodeProto.create({ name, opType: ins.length === 2 ? 'Add' : 'Sum', input: ins, output: [name] }));
        valueOf.set(name, name);
        break;
      case 'MultiplyBeta': {
        // UpscalerJS registers MultiplyBeta with a fixed beta of 0.2, whatever the config says.
        b.initializers.push(tensor(`${name}.beta`, [], new Float32Array([0.2])));
        b.nodes.push(onnx.NodeProto.create({ name, opType: 'Mul', input: [ins[0], `${name}.beta`], output: [name] }));
        valueOf.set(name, name);
        break;
      }
      case 'UpSampling2D': {
        const size = layer.config.size as number[];
        if (layer.config.interpolation !== 'nearest' || size[0] !== size[1]) throw new Error(`${name}: only square nearest upsampling`);
        const next = consumers.get(name) ?? [];
        const single = next.length === 1 && next[0].className === 'Conv2D' && (next[0].config.kernel_size as number[]).every((k) => k === 3);
        if (fuse && single) {
          fusedInto.set(name, { scale: size[0], source: ins[0] });
          valueOf.set(name, `${name}.fused`);
          break;
        }
        b.initializers.push(tensor(`${name}.scales`, [4], new Float32Array([1, 1, size[0], size[1]])));
        b.nodes.push(
          onnx.NodeProto.create({
            name,
            opType: 'Resize',
            input: [ins[0], '', `${name}.scales`],
            output: [name],
            attribute: [strAttr('mode', 'nearest'), strAttr('coordinate_transformation_mode', 'asymmetric'), strAttr('nearest_mode', 'floor')],
          }),
        );
        valueOf.set(name, name);
        break;
      }
      default:
        if (/^PixelShuffle\d+x$/.test(layer.className)) {
          const scale = Number(layer.config.scale ?? /\d+/.exec(layer.className)![0]);
          b.nodes.push(
            onnx.NodeProto.create({
              name,
              opType: 'DepthToSpace',
              input: ins,
              output: [name],
              attribute: [intAttr('blocksize', scale), strAttr('mode', 'DCR')],
            }),
          );
          valueOf.set(name, name);
          break;
        }
        throw new Error(`${name}: layer type ${layer.className} is not supported`);
    }
  }

  const last = valueOf.get(model.outputs[0])!;
  b.nodes.push(onnx.NodeProto.create({ name: 'output', opType: 'Identity', input: [last], output: [OUTPUT_NAME] }));

  return encodeModel(b, CONVERTER_VERSION);
}

/**
 * The ONNX model around a built graph: float NCHW `input` [N,3,H,W] → `output` [N,3,OH,OW], opset 13 (other channel
 * counts for a part of a network: features in or out).
 */
export function encodeModel(b: Builder, version: number, channels: { in: number; out: number } = { in: 3, out: 3 }): Uint8Array {
  const dims = (...d: (number | string)[]) => onnx.TensorShapeProto.create({ dim: d.map((x) => (typeof x === 'number' ? { dimValue: x } : { dimParam: x })) });
  const valueInfo = (name: string, shape: InstanceType<typeof onnx.TensorShapeProto>) =>
    onnx.ValueInfoProto.create({ name, type: { tensorType: { elemType: onnx.TensorProto.DataType.FLOAT, shape } } });

  const modelProto = onnx.ModelProto.create({
    irVersion: 8,
    producerName: 'renderlift-converter',
    producerVersion: String(version),
    opsetImport: [{ domain: '', version: 13 }],
    graph: onnx.GraphProto.create({
      name: 'sr',
      node: b.nodes,
      initializer: b.initializers,
      input: [valueInfo(INPUT_NAME, dims('N', channels.in, 'H', 'W'))],
      output: [valueInfo(OUTPUT_NAME, dims('N', channels.out, 'OH', 'OW'))],
    }),
  });
  return onnx.ModelProto.encode(modelProto).finish();
}
