import { enhanceImage, type EnhanceOptions, type EnhanceResult, type RunControl } from './enhance-image.js';
import { inpaintImage, type InpaintOptions } from './inpaint/inpaint-image.js';
import { readFileSync } from 'node:fs';
import { ModelStore } from './models/model-store.js';
import { cpuRunsInt8 } from './models/quantise.js';
import type { PackageLookup } from './models/registry.js';
import { SessionCache } from './session-cache.js';

export { EngineError } from './errors.js';
export type { Mode } from './modes.js';
export { MODES } from './modes.js';
export type { Scale } from './sizes.js';
export { SCALES, MAX_OUTPUT_MEGAPIXELS, outputSize, isHighResolution, tooLargeMessage } from './sizes.js';
export type { Progress } from './progress.js';
export { estimateSeconds } from './progress.js';
export type { EnhanceOptions, EnhanceResult, OutputSize, RunControl } from './enhance-image.js';
export { probeSize } from './enhance-image.js';
export type { OutputFormat } from './image-io.js';
export { creativityNetwork, CREATIVITY_GAN_MODEL, type CreativityNetwork } from './creativity-network.js';
export { resolveExecutionProvider, type ExecutionProviderChoice } from './execution-provider.js';
export { MAX_MASK_SHARE, type InpaintOptions } from './inpaint/inpaint-image.js';

export interface EngineConfig {
  modelsDir: string;
  extraModelsDir?: string;
  threads?: number;
  executionProvider?: 'cpu' | 'cuda';
  /** Input window per tile incl. margins (default 256): windows hold at most its square, shaped to the image. */
  tileSize?: number;
  /** Context cropped per inner tile side (default 16). */
  tileMargin?: number;
  /** Where npm model packages are found (default: Node's resolution); the optional Real-ESRGAN package may be absent. */
  packageLookup?: PackageLookup;
  /**
   * A threaded engine releases its model sessions (and onnxruntime's memory arena with them) after this long without
   * a job (default `ENGINE_IDLE_RELEASE_MS`); the next job creates them again, in about a second.
   */
  idleReleaseMs?: number;
  /**
   * Run the networks measured to lose at most 0.05 dB in int8 (thick ×3, ×4, ×8, medium ×4, Real-ESRGAN x4plus's
   * body) in that form on the CPU: about twice as fast. Default: where the CPU has integer dot-product instructions (`cpuRunsInt8`).
   */
  int8?: boolean;
}

/** 20 s: the jobs of a batch follow each other closer than that, so only a workspace gone quiet pays the reload. */
export const ENGINE_IDLE_RELEASE_MS = 20_000;

export interface InpaintResult {
  data: Buffer;
  width: number;
  height: number;
  format: string;
  /** 'exemplar' (patch-based completion), or 'telea' alone when the surroundings are smooth. */
  method: string;
}

export interface Engine {
  enhance(input: Buffer | string, options: EnhanceOptions, control?: RunControl): Promise<EnhanceResult>;
  inpaint(image: Buffer | string, mask: Buffer | string, control?: RunControl, options?: InpaintOptions): Promise<InpaintResult>;
  ensureModels(onProgress?: (done: number, total: number, name: string) => void): Promise<void>;
  /** Releases the model sessions and the memory they hold; the next job creates them again. Only between jobs. */
  releaseModels(): Promise<void>;
  close(): Promise<void>;
}

// 16 px crop per side: measured to reproduce untiled output within 1 level at every scale; 4 px showed seams.
export const DEFAULT_TILE_SIZE = 256;
const DEFAULT_TILE_MARGIN = 16;

/** An engine in this thread: it can also say how many model sessions it holds. */
export type LocalEngine = Engine & { loadedModels(): number };

export function createEngine(config: EngineConfig): LocalEngine {
  const store = new ModelStore(config.modelsDir, config.extraModelsDir, config.packageLookup);
  const int8 = config.int8 ?? cpuRunsInt8(() => readFileSync('/proc/cpuinfo', 'utf8'));
  const sessions = new SessionCache(store, { threads: config.threads, executionProvider: config.executionProvider, int8 });
  const tiles = { tileSize: config.tileSize ?? DEFAULT_TILE_SIZE, margin: config.tileMargin ?? DEFAULT_TILE_MARGIN };
  return {
    enhance: (input, options, control) => enhanceImage(sessions, tiles, input, options, control),
    inpaint: (image, mask, control, options) => inpaintImage(image, mask, control, options),
    ensureModels: (onProgress) => store.ensureAll(onProgress, { int8 }),
    releaseModels: () => sessions.close(),
    loadedModels: () => sessions.loaded,
    close: () => sessions.close(),
  };
}
