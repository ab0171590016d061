import { readFile } from 'node:fs/promises';

/** One layer of an ncnn `.param` file, with its weight blobs read from the `.bin` file. */
export interface NcnnLayer {
  type: string;
  name: string;
  inputs: string[];
  outputs: string[];
  /** `k=v` parameters: a number, or an array for the `-233xx=n,a,b,…` form (stored under id xx). */
  params: Map<number, number | number[]>;
  /** Weights in the order the layer reads them (Convolution: weight [, bias]; PReLU: slope). */
  weights: Float32Array[];
}

export interface NcnnModel {
  layers: NcnnLayer[];
}

const PARAM_MAGIC = 7767517;
// ncnn's storage tags in front of a tagged weight blob (ModelBinFromDataReader::load, type 0)
const TAG_FP16 = 0x01306b47;
const TAG_INT8 = 0x000d4b38;
const TAG_FP32_SCALED = 0x0002c056;

export function paramInt(layer: NcnnLayer, id: number, fallback: number): number {
  const v = layer.params.get(id);
  if (v === undefined) return fallback;
  if (Array.isArray(v)) throw new Error(`${layer.name}: parameter ${id} is an array`);
  return v;
}

export function paramArray(layer: NcnnLayer, id: number): number[] {
  const v = layer.params.get(id);
  if (v === undefined) return [];
  return Array.isArray(v) ? v : [v];
}

function parseValue(text: string): number {
  const v = Number(text);
  if (!Number.isFinite(v)) throw new Error(`bad parameter value ${text}`);
  return v;
}

/** Parses the text form of an ncnn `.param` file (magic, counts, one layer per line). */
function parseParam(text: string): Omit<NcnnLayer, 'weights'>[] {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  if (Number(lines[0]) !== PARAM_MAGIC) throw new Error(`not an ncnn text .param file (magic ${lines[0]?.slice(0, 12)})`);
  const [layerCount] = lines[1].split(/\s+/).map(Number);
  const layers: Omit<NcnnLayer, 'weights'>[] = [];
  for (const line of lines.slice(2)) {
    const tok = line.split(/\s+/);
    const [type, name] = tok;
    const nIn = Number(tok[2]);
    const nOut = Number(tok[3]);
    const inputs = tok.slice(4, 4 + nIn);
    const outputs = tok.slice(4 + nIn, 4 + nIn + nOut);
    const params = new Map<number, number | number[]>();
    for (const kv of tok.slice(4 + nIn + nOut)) {
      const eq = kv.indexOf('=');
      const key = Number(kv.slice(0, eq));
      const value = kv.slice(eq + 1);
      if (key <= -23300) {
        const [count, ...rest] = value.split(',');
        const arr = rest.map(parseValue);
        if (arr.length !== Number(count)) throw new Error(`${name}: array parameter ${key} has ${arr.length} values, expected ${count}`);
        params.set(-key - 23300, arr);
      } else params.set(key, parseValue(value));
    }
    layers.push({ type, name, inputs, outputs, params });
  }
  if (layers.length !== layerCount) throw new Error(`.param declares ${layerCount} layers but lists ${layers.length}`);
  return layers;
}

/** IEEE 754 half → float. */
export function halfToFloat(h: number): number {
  const sign = h & 0x8000 ? -1 : 1;
  const exp = (h >> 10) & 0x1f;
  const frac = h & 0x3ff;
  if (exp === 0) return sign * frac * 2 ** -24;
  if (exp === 31) return frac ? NaN : sign * Infinity;
  return sign * (1 + frac / 1024) * 2 ** (exp - 15);
}

class BinReader {
  offset = 0;
  constructor(
    private bytes: Buffer,
    private file: string,
  ) {}

  private need(n: number, what: string) {
    if (this.offset + n > this.bytes.length) throw new Error(`${this.file}: ends inside the weights of ${what}`);
  }

  /** Untagged float32 (ncnn type 1: biases, PReLU slopes). */
  raw(count: number, what: string): Float32Array {
    this.need(count * 4, what);
    const out = new Float32Array(count);
    new Uint8Array(out.buffer).set(this.bytes.subarray(this.offset, this.offset + count * 4));
    this.offset += count * 4;
    return out;
  }

  /** A weight blob led by its 4-byte storage tag (ncnn type 0). */
  tagged(count: number, what: string): Float32Array {
    this.need(4, what);
    const tag = this.bytes.readUInt32LE(this.offset);
    this.offset += 4;
    if (tag === 0 || tag === TAG_FP32_SCALED) return this.raw(count, what);
    if (tag === TAG_FP16) {
      const size = (count * 2 + 3) & ~3; // fp16 data is padded to 4 bytes
      this.need(size, what);
      const out = new Float32Array(count);
      for (let i = 0; i < count; i++) out[i] = halfToFloat(this.bytes.readUInt16LE(this.offset + i * 2));
      this.offset += size;
      return out;
    }
    const kind = tag === TAG_INT8 ? 'int8' : 'quantised (lookup table)';
    throw new Error(
      `${this.file}: ${what} is stored as ${kind} (tag 0x${tag.toString(16).padStart(8, '0')}); only fp32 and fp16 ncnn weights can be converted`,
    );
  }

  done() {
    if (this.offset !== this.bytes.length)
      throw new Error(`${this.file}: ${this.bytes.length - this.offset} bytes left after the last layer's weights (.param and .bin do not match)`);
  }
}

/** Reads the weights each layer type loads, in file order, as ncnn's load_model does. */
function readWeights(layer: Omit<NcnnLayer, 'weights'>, bin: BinReader): Float32Array[] {
  const l = { ...layer, weights: [] } as NcnnLayer;
  switch (layer.type) {
    case 'Convolution': {
      const out = paramInt(l, 0, 0);
      const size = paramInt(l, 6, 0);
      if (paramInt(l, 8, 0) !== 0) throw new Error(`${layer.name}: int8 convolutions are not supported`);
      const w = bin.tagged(size, layer.name);
      return paramInt(l, 5, 0) ? [w, bin.raw(out, `${layer.name} bias`)] : [w];
    }
    case 'PReLU':
      return [bin.raw(paramInt(l, 0, 1), layer.name)];
    default:
      return [];
  }
}

export function readNcnnBuffers(paramText: string, bin: Buffer, binName = '.bin'): NcnnModel {
  const reader = new BinReader(bin, binName);
  const layers = parseParam(paramText).map((l) => ({ ...l, weights: readWeights(l, reader) }));
  reader.done();
  return { layers };
}

/** Reads an ncnn model from its `.param` (text) and `.bin` files. */
export async function readNcnnModel(paramPath: string, binPath: string): Promise<NcnnModel> {
  const [text, bin] = await Promise.all([readFile(paramPath, 'utf8'), readFile(binPath)]);
  return readNcnnBuffers(text, bin, binPath);
}
