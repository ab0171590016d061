import os from 'node:os';
import ort from 'onnxruntime-node';
import { throwIfAborted } from './errors.js';
import type { NetworkPart } from './models/convert-ncnn-to-onnx.js';
import type { ModelStore } from './models/model-store.js';
import { splitTileModel } from './split-network.js';
import type { TileModel } from './tiled-inference.js';

export interface SessionOptions {
  threads?: number;
  executionProvider?: 'cpu' | 'cuda';
  /** Run the networks that have an int8 recipe in their int8 form on the CPU (docs/engine.md "int8"). */
  int8?: boolean;
}

/** One onnxruntime session per model, kept until `close` (which a later `get` undoes); creating one costs up to a second. */
export class SessionCache {
  private sessions = new Map<string, Promise<ort.InferenceSession>>();
  readonly threads: number;
  /** Provider actually in use for the last session created ('cuda' falls back to 'cpu' when absent). */
  provider: 'cpu' | 'cuda' = 'cpu';

  constructor(
    private store: ModelStore,
    private options: SessionOptions = {},
  ) {
    this.threads = options.threads ?? os.cpus().length;
  }

  private async create(name: string, part?: NetworkPart): Promise<ort.InferenceSession> {
    const base: ort.InferenceSession.SessionOptions = {
      intraOpNumThreads: this.threads,
      interOpNumThreads: 1,
      graphOptimizationLevel: 'all',
      executionMode: 'sequential',
      // the arena keeps a run's intermediate tensors at their peak between runs: about 30 % faster on medium's many
      // small tensors, so it stays on while jobs run, and a threaded engine releases the sessions (and the arena with
      // them) once it has been idle for a while (`releaseModels`, docs/engine.md "Memory after a job")
      enableCpuMemArena: true,
      // without planned memory patterns onnxruntime reuses the arena's blocks across a run's tensors: the same speed
      // (within 3 %) for 40 % less peak memory (a 256² window: medium ×2 895 → 531 MiB, thick ×4 int8 571 → 362; x4plus's
      // body on a 352×364 window 1040 → 734; docs/engine.md "Memory after a job")
      enableMemPattern: false,
    };
    if (this.options.executionProvider === 'cuda') {
      try {
        const session = await ort.InferenceSession.create(await this.store.load(name, { part }), { ...base, executionProviders: ['cuda'] });
        this.provider = 'cuda';
        return session;
      } catch {
        // No CUDA provider on this machine (the npm package ships CPU only): same ONNX file on CPU.
      }
    }
    this.provider = 'cpu';
    const bytes = await this.store.load(name, { int8: this.options.int8, part });
    return ort.InferenceSession.create(bytes, { ...base, executionProviders: ['cpu'] });
  }

  /** Model sessions held (each with its share of onnxruntime's memory arena). */
  get loaded(): number {
    return this.sessions.size;
  }

  /** Whether Real-ESRGAN's weights are installed, and why not. */
  realesrganStatus() {
    return this.store.realesrganStatus();
  }

  spec(name: string) {
    return this.store.get(name);
  }

  /** The session of a network, or of one part of a network that runs in two. */
  get(name: string, part?: NetworkPart): Promise<ort.InferenceSession> {
    const key = part ? `${name}.${part}` : name;
    let s = this.sessions.get(key);
    if (!s) {
      s = this.create(name, part);
      s.catch(() => this.sessions.delete(key));
      this.sessions.set(key, s);
    }
    return s;
  }

  async tileModel(name: string): Promise<TileModel> {
    if ((await this.spec(name)).split) return splitTileModel(await this.get(name, 'body'), await this.get(name, 'head'));
    const session = await this.get(name);
    // our converted models name their tensors `input` and `output`; an extra model may use any names
    const [inputName] = session.inputNames;
    const [outputName] = session.outputNames;
    return async (tile, width, height, signal) => {
      throwIfAborted(signal);
      const input = new ort.Tensor('float32', tile, [1, 3, height, width]);
      const result = await session.run({ [inputName]: input });
      const output = result[outputName];
      const data = output.data as Float32Array;
      input.dispose?.();
      return data;
    };
  }

  async close(): Promise<void> {
    const all = [...this.sessions.values()];
    this.sessions.clear();
    await Promise.all(all.map(async (s) => (await s.catch(() => undefined))?.release()));
  }
}
