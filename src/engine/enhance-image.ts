import sharp from 'sharp';
import { EngineError, throwIfAborted } from './errors.js';
import { decodeImage, defaultOutputFormat, encodeImage, readInput, upscaleAlpha, type OutputFormat } from './image-io.js';
import { CREATIVITY_FAST_GAN_MODEL, CREATIVITY_GAN_MODEL, FAST_GAN_TILE_MARGIN, GAN_TILE_MARGIN, GAN_WINDOW_AREA } from './creativity-network.js';
import { builtinModelName } from './models/registry.js';
import { modelStage, planMode, type Mode, type ModeParams } from './modes.js';
import { createProgressTracker, type Progress } from './progress.js';
import type { SessionCache } from './session-cache.js';
import { assertWithinLimit, isHighResolution, isScale, outputSize, type Scale } from './sizes.js';
import { countTiles, effectiveBlends, upscaleTiled, type Pixels } from './tiled-inference.js';
import { planWindow } from './tiling.js';
import { decodeBmp, readBmpHeader } from './bmp-decoder.js';
import { msg } from '@shared/messages.js';

export interface EnhanceOptions {
  scale: Scale;
  mode: Mode;
  params?: Partial<ModeParams>;
  outputFormat?: OutputFormat;
  /**
   * A registered model to run instead of the mode's own (e.g. an extra model from MODELS_DIR); the mode's
   * post-processing still applies. Its scale must be at least the requested one: a larger native scale is
   * brought down to the requested one inside each tile.
   */
  model?: string;
  /**
   * An exact size to deliver: the model's output at `scale` is brought down to it (Lanczos3), never up; `dpi` is
   * written into the file's density (PNG pHYs, JPEG JFIF, WebP EXIF) for a print.
   */
  outputSize?: OutputSize;
}

export interface OutputSize {
  width: number;
  height: number;
  dpi?: number;
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

/** Dimensions after EXIF orientation, read from the header only. */
export async function probeSize(buf: Buffer): Promise<{ width: number; height: number }> {
  if (buf.length >= 26 && buf[0] === 0x42 && buf[1] === 0x4d) {
    const header = readBmpHeader(buf);
    if (!('problem' in header)) return { width: header.width, height: header.height };
    // the decoder says what is wrong with a bitmap it cannot read
    decodeBmp(buf);
  }
  try {
    const meta = await sharp(buf, { pages: 1 }).metadata();
    const swap = (meta.orientation ?? 1) >= 5;
    return { width: swap ? meta.height! : meta.width!, height: swap ? meta.width! : meta.height! };
  } catch {
    throw new EngineError('UNSUPPORTED_INPUT', 'Unsupported or corrupt image');
  }
}

/** The model's output brought down to the exact size asked for, at its own depth and channels. */
async function resizeExact(px: Pixels, size: { width: number; height: number }): Promise<Pixels> {
  const sixteen = px.data instanceof Uint16Array;
  const input = Buffer.from(px.data.buffer, px.data.byteOffset, px.data.byteLength);
  const { data, info } = await sharp(input, { raw: { width: px.width, height: px.height, channels: px.channels as 3 | 4 }, limitInputPixels: false })
    .resize(size.width, size.height, { fit: 'fill', kernel: 'lanczos3' })
    .raw({ depth: sixteen ? 'ushort' : 'uchar' })
    .toBuffer({ resolveWithObject: true });
  const out = sixteen ? new Uint16Array(data.buffer, data.byteOffset, data.byteLength / 2) : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  return { data: out, width: info.width, height: info.height, channels: info.channels };
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
  if (!isScale(options.scale)) throw new EngineError('UNSUPPORTED_INPUT', msg('enhanceNoScale'));
  const buf = await readInput(input);
  const size = await probeSize(buf);
  const out = outputSize(size.width, size.height, options.scale);
  assertWithinLimit(out.width, out.height);
  const exact = options.outputSize;
  // the exact size is a downscale of the model's output, never an upscale of it
  const side = (n: number, max: number) => Number.isInteger(n) && n >= 1 && n <= max;
  if (exact && !(side(exact.width, out.width) && side(exact.height, out.height))) {
    const sizes = `${exact.width}x${exact.height} is not within the ×${options.scale} result (${out.width}x${out.height})`;
    throw new EngineError('UNSUPPORTED_INPUT', `Output size ${sizes}.`);
  }

  const plan = planMode(options.mode, options.params, { gan: sessions.realesrganStatus().available, scale: options.scale, namedModel: !!options.model });
  // the mode's pass, or the model asked for (its native scale brought down to the requested one)
  const name = options.model ?? builtinModelName(plan.family, modelStage(plan, options.scale).modelScale);
  const spec = await sessions.spec(name);
  if (spec.scale < options.scale) throw new EngineError('UNSUPPORTED_INPUT', `Model ${name} upscales ×${spec.scale}; choose ×${spec.scale} or less.`);
  // the first run of a network creates its session (seconds for a large one): said, instead of a silent 0 %
  onProgress?.({ tilesDone: 0, tilesTotal: 0, fraction: 0, etaMs: null, phase: 'loading' });
  const model = await sessions.tileModel(name);
  // only the networks that take part are loaded and named (a mix of weight 1 replaces what comes before it)
  const taking = effectiveBlends(plan.mixes ?? []).blends;
  // a generative network mixed in as Creativity's sees further than the tile margins the other networks need (x4fast
  // at Precision's weight does not) and gets wider windows; every window is shaped to the image, within the area, to
  // keep the work margins add small
  const ganMargin = Math.max(
    0,
    ...taking.map((x) =>
      x.model === CREATIVITY_GAN_MODEL ? GAN_TILE_MARGIN : x.model === CREATIVITY_FAST_GAN_MODEL && x.keepTexture ? FAST_GAN_TILE_MARGIN : 0,
    ),
  );
  const windowsOf = (width: number, height: number) => {
    const margin = Math.max(tiles.margin, ganMargin);
    return { ...planWindow(width, height, ganMargin ? GAN_WINDOW_AREA : tiles.tileSize ** 2, margin), margin };
  };
  // one runner per network, so a network mixed in twice runs once per tile (`upscaleTiled`)
  const runners = new Map(await Promise.all([...new Set(taking.map((x) => x.model))].map(async (name) => [name, await sessions.tileModel(name)] as const)));
  const mixes = await Promise.all(taking.map(async (x) => ({ ...x, spec: await sessions.spec(x.model), model: runners.get(x.model)!, name: x.model })));
  throwIfAborted(signal);

  const image = await decodeImage(buf);
  // the tiles, counted up front so progress and ETA cover the whole run
  const win = windowsOf(image.pixels.width, image.pixels.height);
  const tilesTotal = countTiles(image.pixels.width, image.pixels.height, win.width, win.margin, win.height);
  const progress = createProgressTracker(tilesTotal, onProgress, Date.now, 'tiles');
  const withAlpha = image.hasAlpha && !image.opaque;
  let upscaled = await upscaleTiled(image.pixels, {
    model,
    modelScale: spec.scale,
    outScale: options.scale,
    inputRange: spec.inputRange,
    tileSize: win.width,
    tileHeight: win.height,
    margin: win.margin,
    flips: plan.flips,
    filter: plan.filter?.(spec.scale),
    finish: plan.finish?.(spec.scale),
    blends: mixes.map((x) => ({ model: x.model, modelScale: x.spec.scale, inputRange: x.spec.inputRange, weight: x.weight, keepTexture: x.keepTexture })),
    // alpha is upscaled from the original onto the output
    outChannels: withAlpha ? 4 : 3,
    signal,
    onTile: (done) => progress.tile(done),
  });
  if (upscaled.channels === 4) await upscaleAlpha(image.pixels, upscaled);
  throwIfAborted(signal);
  if (exact && (exact.width !== upscaled.width || exact.height !== upscaled.height)) upscaled = await resizeExact(upscaled, exact);
  throwIfAborted(signal);
  onProgress?.({ tilesDone: tilesTotal, tilesTotal, fraction: 1, etaMs: null, phase: 'saving' });
  const format = options.outputFormat ?? defaultOutputFormat(image.format);
  const data = await encodeImage(upscaled, { format, grey: image.grey, depth: image.depth, icc: image.icc, dpi: exact?.dpi });
  throwIfAborted(signal);
  return {
    data,
    width: upscaled.width,
    height: upscaled.height,
    format,
    model:
      name +
      (plan.flips.length > 1 ? `+ensemble${plan.flips.length}` : '') +
      mixes.map((x) => `+${x.name}·${x.weight}${x.keepTexture ? ' (texture kept)' : ''}`).join(''),
    highResolution: isHighResolution(upscaled.width, upscaled.height),
  };
}
