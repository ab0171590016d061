import { readFile } from 'node:fs/promises';
import path from 'node:path';

export interface KerasLayer {
  className: string;
  name: string;
  config: Record<string, unknown>;
  inbound: string[];
}

export interface LayersModel {
  layers: KerasLayer[];
  inputs: string[];
  outputs: string[];
  weights: Map<string, { shape: number[]; data: Float32Array }>;
}

interface ModelJson {
  modelTopology: { model_config?: { config: KerasConfig }; config?: KerasConfig };
  weightsManifest: { paths: string[]; weights: { name: string; shape: number[]; dtype: string }[] }[];
}

interface KerasConfig {
  layers: { class_name: string; name: string; config: Record<string, unknown>; inbound_nodes: [string, number, number, unknown][][] }[];
  input_layers: [string, number, number][];
  output_layers: [string, number, number][];
}

/** Reads a TF.js layers model (model.json + weight shards) from disk without TensorFlow. */
export async function readLayersModel(dir: string): Promise<LayersModel> {
  const json = JSON.parse(await readFile(path.join(dir, 'model.json'), 'utf8')) as ModelJson;
  const config = json.modelTopology.model_config?.config ?? json.modelTopology.config;
  if (!config) throw new Error(`${dir}: model.json has no layers topology`);
  const layers: KerasLayer[] = config.layers.map((l) => ({
    className: l.class_name,
    name: l.name,
    config: l.config,
    inbound: (l.inbound_nodes[0] ?? []).map((n) => n[0]),
  }));
  const weights = new Map<string, { shape: number[]; data: Float32Array }>();
  for (const group of json.weightsManifest) {
    const shards = await Promise.all(group.paths.map((p) => readFile(path.join(dir, p))));
    const all = Buffer.concat(shards);
    let offset = 0;
    for (const w of group.weights) {
      if (w.dtype !== 'float32') throw new Error(`${dir}: weight ${w.name} has unsupported dtype ${w.dtype}`);
      const count = w.shape.reduce((a, b) => a * b, 1);
      const data = new Float32Array(count);
      const bytes = all.subarray(offset, offset + count * 4);
      new Uint8Array(data.buffer).set(bytes);
      offset += count * 4;
      weights.set(w.name, { shape: w.shape, data });
    }
  }
  return {
    layers,
    inputs: config.input_layers.map((x) => x[0]),
    outputs: config.output_layers.map((x) => x[0]),
    weights,
  };
}
