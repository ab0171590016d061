import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as tf from '@tensorflow/tfjs';

/**
 * Runs the UpscalerJS weights the way UpscalerJS does (TensorFlow.js, layers model, the package's own
 * custom layers). Used only by the converter-fidelity test and the benchmark, never in production.
 */
const require = createRequire(import.meta.url);

let backendReady: Promise<void> | undefined;

export function useTfBackend(name: 'wasm' | 'cpu'): Promise<void> {
  backendReady = (async () => {
    if (name === 'wasm') {
      const wasm = (await import('@tensorflow/tfjs-backend-wasm')) as typeof import('@tensorflow/tfjs-backend-wasm');
      const dir = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json'));
      wasm.setWasmPaths(path.join(dir, 'dist') + path.sep);
    }
    await tf.setBackend(name);
    await tf.ready();
  })();
  return backendReady;
}

export interface TfModel {
  predict(rgb: Float32Array, width: number, height: number): Promise<Float32Array>;
  dispose(): void;
}

export async function loadTfModel(family: string, scale: number, modelDir: string): Promise<TfModel> {
  if (!backendReady) await useTfBackend('cpu');
  await backendReady;
  const def = require(`@upscalerjs/esrgan-${family}/${scale}x`) as { default?: { setup?: (t: typeof tf) => void } };
  const definition = def.default ?? (def as { setup?: (t: typeof tf) => void });
  definition.setup?.(tf);
  const json = JSON.parse(await readFile(path.join(modelDir, 'model.json'), 'utf8'));
  const specs = json.weightsManifest.flatMap((g: { weights: unknown[] }) => g.weights);
  const shards = await Promise.all(json.weightsManifest.flatMap((g: { paths: string[] }) => g.paths).map((p: string) => readFile(path.join(modelDir, p))));
  const all = Buffer.concat(shards);
  const weightData = all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength);
  const model = await tf.loadLayersModel(tf.io.fromMemory({ modelTopology: json.modelTopology, weightSpecs: specs, weightData }));
  return {
    async predict(rgb, width, height) {
      const out = tf.tidy(() => model.predict(tf.tensor4d(rgb, [1, height, width, 3])) as tf.Tensor);
      const data = (await out.data()) as Float32Array;
      out.dispose();
      return data;
    },
    dispose: () => model.dispose(),
  };
}
