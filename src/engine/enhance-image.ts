import sharp from 'sharp';
import { EngineError, throwIfAborted } from './errors.js';
import { decodeImage, defaultOutputFormat, encodeImage, readInput, upscaleAlpha, type OutputFormat } from './image-io.js';
import { builtinModelName } from './models/registry.js';
import { planMode, type Mode, type ModeParams } from './modes.js';
import { createProgressTracker, type Progress } from './progress.js';
import type { SessionCache } from './session-cache.js';
import { assertWithinLimit, isHighResolution, isScale, outputSize, type Scale } from './sizes.js';
import { countTiles, upscaleTiled } from './tiled-inference.js';

export interface EnhanceOptions {
  scale: Scale;
  mode: Mode;
  params?: Partial<ModeParams>;
  outputFormat?: OutputFormat;
}

export interface RunControl {
  onProgress?: (p: Progress) => void;
  signal?: AbortSignal;
}

export interface EnhanceResult {
  data: Buffer;
  width: number;
  height: number;
  format: string;
  model: string;
  highResolution: boolean;
}

export interface TileConfig {
  tileSize: number;
  margin: number;
}

/**
 * ×6 has no model of its own: ×8 then Lanczos-3 down to ×6 inside each tile was both sharper and
 * faster than chaining ×3 and ×2 (docs/engine.md).
 */
export function modelScaleFor(scale: Scale): number {
  return scale === 6 ? 8 : scale;
}

/** Dimensions after EXIF orientation, read from the header only. */
export async function probeSize(buf: Buffer): Promise<{ width: number; height: number }> {
  if (buf.length >= 26 && buf[0] === 0x42 && buf[1] === 0x4d) {
    const header = buf.readUInt32LE(14);
    if (header === 12) return { width: buf.readUInt16LE(18), height: Math.abs(buf.readInt16LE(20)) };
    return { width: buf.readInt32LE(18), height: Math.abs(buf.readInt32LE(22)) };
  }
  try {
    const meta = await sharp(buf, { pages: 1 }).metadata();
    const swap = (meta.orientation ?? 1) >= 5;
    return { width: swap ? meta.height! : meta.width!, height: swap ? meta.width! : meta.height! };
  } catch {
    throw new EngineError('UNSUPPORTED_INPUT', 'Unsupported or corrupt image');
  }
}

export async function enhanceImage(
  sessions: SessionCache,
  tiles: TileConfig,
  input: Buffer | string,
  options: EnhanceOptions,
  control: RunControl = {},
): Promise<EnhanceResult> {
  const { signal, onProgress } = control;
  throwIfAborted(signal);
  if (!isScale(options.scale)) throw new EngineError('UNSUPPORTED_INPUT', 'Please select an upscale option (2×, 3×, 4×, or 6×) before enhancing.');
  const buf = await readInput(input);
  const size = await probeSize(buf);
  const out = outputSize(size.width, size.height, options.scale);
  assertWithinLimit(out.width, out.height);

  const plan = planMode(options.mode, options.params);
  const modelScale = modelScaleFor(options.scale);
  const modelName = builtinModelName(plan.family, modelScale);
  const model = await sessions.tileModel(modelName);
  throwIfAborted(signal);

  const image = await decodeImage(buf);
  const { width, height } = image.pixels;
  const total = countTiles(width, height, tiles.tileSize, tiles.margin);
  const progress = createProgressTracker(total, onProgress);
  const upscaled = await upscaleTiled(image.pixels, {
    model,
    modelScale,
    outScale: options.scale,
    inputRange: (await sessions.spec(modelName)).inputRange,
    tileSize: tiles.tileSize,
    margin: tiles.margin,
    flips: plan.flips,
    filter: plan.filter?.(modelScale),
    outChannels: image.hasAlpha && !image.opaque ? 4 : 3,
    signal,
    onTile: progress.tile,
  });
  if (upscaled.channels === 4) await upscaleAlpha(image.pixels, upscaled);
  throwIfAborted(signal);
  const format = options.outputFormat ?? defaultOutputFormat(image.format);
  const data = await encodeImage(upscaled, { format, grey: image.grey, depth: image.depth, icc: image.icc });
  throwIfAborted(signal);
  return {
    data,
    width: upscaled.width,
    height: upscaled.height,
    format,
    model: plan.flips.length > 1 ? `${modelName}+ensemble${plan.flips.length}` : modelName,
    highResolution: isHighResolution(upscaled.width, upscaled.height),
  };
}
