import onnxProto from 'onnx-proto';
import ort from 'onnxruntime-node';
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '@shared/seeded-random.js';
import { encodeModel, intsAttr, tensor, type Builder } from './convert-to-onnx.js';
import { calibrate, cpuRunsInt8, endConvolutions, quantiseModel, quantisedTensors } from './quantise.js';

const { onnx } = onnxProto;

/** input → conv 3→8 → relu → conv 8→8 → relu → conv 8→8 (+ skip) → conv 8→3 → output, with seeded weights. */
function smallNetwork(): Uint8Array {
  const random = mulberry32(7);
  const b: Builder = { nodes: [], initializers: [] };
  const conv = (name: string, input: string, cin: number, cout: number) => {
    const w = Float32Array.from({ length: cout * cin * 9 }, () => (random() - 0.5) * (2 / Math.sqrt(cin * 9)));
    const bias = Float32Array.from({ length: cout }, () => (random() - 0.5) * 0.1);
    b.initializers.push(tensor(`${name}.weight`, [cout, cin, 3, 3], w), tensor(`${name}.bias`, [cout], bias));
    b.nodes.push(
      onnx.NodeProto.create({
        name,
        opType: 'Conv',
        input: [input, `${name}.weight`, `${name}.bias`],
        output: [name],
        attribute: [intsAttr('kernel_shape', [3, 3]), intsAttr('pads', [1, 1, 1, 1])],
      }),
    );
    return name;
  };
  const relu = (input: string) => {
    b.nodes.push(onnx.NodeProto.create({ name: `${input}.relu`, opType: 'Relu', input: [input], output: [`${input}.relu`] }));
    return `${input}.relu`;
  };
  const first = relu(conv('c1', 'input', 3, 8));
  const second = relu(conv('c2', first, 8, 8));
  const third = conv('c3', second, 8, 8);
  b.nodes.push(onnx.NodeProto.create({ name: 'skip', opType: 'Add', input: [third, first], output: ['skip'] }));
  const last = conv('c4', 'skip', 8, 3);
  b.nodes.push(onnx.NodeProto.create({ name: 'output', opType: 'Identity', input: [last], output: ['output'] }));
  return encodeModel(b, 1);
}

function image(seed: number, w = 24, h = 20): ort.Tensor {
  const random = mulberry32(seed);
  // smooth shapes and some texture, in 0..1 like the thick networks' input
  const data = new Float32Array(3 * w * h);
  for (let c = 0; c < 3; c++)
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++)
        data[(c * h + y) * w + x] = Math.min(1, Math.max(0, 0.5 + 0.3 * Math.sin((x + c * 3) / 4) * Math.cos(y / 5) + 0.1 * (random() - 0.5)));
  return new ort.Tensor('float32', data, [1, 3, h, w]);
}

async function run(bytes: Uint8Array, input: ort.Tensor): Promise<Float32Array> {
  const session = await ort.InferenceSession.create(bytes, { logSeverityLevel: 3 });
  const out = (await session.run({ input })).output.data as Float32Array;
  await session.release();
  return out;
}

describe('int8 quantisation (QDQ)', () => {
  const model = smallNetwork();

  it('keeps the first and last convolutions in float and quantises the rest: int8 weights, uint8 activations', async () => {
    const keepFloat = endConvolutions(model);
    expect(keepFloat).toEqual(['c1', 'c4']);
    const tensors = quantisedTensors(model, keepFloat);
    expect(tensors.sort()).toEqual(['c1.relu', 'c2', 'c2.relu', 'c3']);
    const ranges = await calibrate(model, tensors, [image(1), image(2)]);
    for (const name of tensors) {
      expect(ranges[name][0]).toBeLessThanOrEqual(0);
      expect(ranges[name][1]).toBeGreaterThan(0);
    }

    const q = onnx.ModelProto.decode(quantiseModel(model, { keepFloat, ranges }));
    const g = q.graph!;
    const byName = new Map(g.initializer!.map((t) => [t.name, t]));
    // the quantised convolutions read int8 weights and int32 biases through DequantizeLinear; the ends keep float
    expect(byName.get('c2.weight.int')?.dataType).toBe(onnx.TensorProto.DataType.INT8);
    expect(byName.get('c3.bias.int')?.dataType).toBe(onnx.TensorProto.DataType.INT32);
    expect(byName.has('c2.weight')).toBe(false);
    expect(byName.get('c1.weight')?.dataType).toBe(onnx.TensorProto.DataType.FLOAT);
    expect(byName.get('c4.weight')?.dataType).toBe(onnx.TensorProto.DataType.FLOAT);
    const conv = (name: string) => g.node!.find((n) => n.opType === 'Conv' && n.name === name)!;
    expect(conv('c2').input).toEqual(['c1.relu.q8', 'c2.weight.w8', 'c2.bias.b32']);
    expect(conv('c4').input).toEqual(['skip', 'c4.weight', 'c4.bias']);
    // in front of each quantised convolution and behind it
    expect(
      g
        .node!.filter((n) => n.opType === 'QuantizeLinear')
        .map((n) => n.input![0])
        .sort(),
    ).toEqual(['c1.relu', 'c2.f32', 'c2.relu', 'c3.f32']);
  });

  it("gives the float network's output within a few uint8 steps, the same bytes every time, on images it was not calibrated on", async () => {
    const keepFloat = endConvolutions(model);
    const ranges = await calibrate(model, quantisedTensors(model, keepFloat), [image(1), image(2), image(3)]);
    const int8 = quantiseModel(model, { keepFloat, ranges });
    expect(Buffer.compare(Buffer.from(int8), Buffer.from(quantiseModel(model, { keepFloat, ranges })))).toBe(0);
    const input = image(11);
    const [float, quantised] = [await run(model, input), await run(int8, input)];
    let maxErr = 0,
      range = 0;
    for (let i = 0; i < float.length; i++) {
      maxErr = Math.max(maxErr, Math.abs(float[i] - quantised[i]));
      range = Math.max(range, Math.abs(float[i]));
    }
    expect(maxErr).toBeGreaterThan(0);
    expect(maxErr / range).toBeLessThan(0.05);
  });

  it('refuses a recipe without a range for a tensor it quantises', async () => {
    const keepFloat = endConvolutions(model);
    const ranges = await calibrate(model, quantisedTensors(model, keepFloat), [image(1)]);
    delete ranges['c2'];
    expect(() => quantiseModel(model, { keepFloat, ranges })).toThrow('no calibrated range for c2');
  });

  it('runs int8 only where the CPU has integer dot products', () => {
    const x64 = process.arch === 'x64';
    if (x64) {
      expect(cpuRunsInt8(() => 'flags : fpu sse2 avx2 avx512f avx512_vnni')).toBe(true);
      expect(cpuRunsInt8(() => 'flags : fpu sse2 avx2 avx_vnni')).toBe(true);
      expect(cpuRunsInt8(() => 'flags : fpu sse2 avx avx2 fma')).toBe(false);
      expect(
        cpuRunsInt8(() => {
          throw new Error('no /proc');
        }),
      ).toBe(false);
    } else expect(cpuRunsInt8(() => '')).toBe(process.arch === 'arm64');
  });
});
