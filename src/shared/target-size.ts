/**
 * Exact output size: instead of a factor, the user asks for a size (a width, a height, a screen or a print size). It is
 * reached by the smallest model scale whose output covers it, then a Lanczos3 downscale to exactly that size. Shared by
 * the control panel (its estimate), the jobs service (authoritative) and the engine's command line.
 */
import { creditCostForOutput } from './credit-cost.js';
import { MIN_OUTPUT_SIDE, UPSCALE_FACTORS, targetResolution, targetResolutionError, type UpscaleFactor } from './enhancement.js';
import { msg } from './messages.js';

/** Screens: fit inside the frame as it stands (a screen is landscape), keeping the image's aspect ratio. */
export const SCREEN_PRESETS = {
  '4k': { label: '4K', width: 3840, height: 2160 },
  '5k': { label: '5K', width: 5120, height: 2880 },
  '8k': { label: '8K', width: 7680, height: 4320 },
} as const;
export type ScreenPreset = keyof typeof SCREEN_PRESETS;

/** ISO 216 paper in millimetres, short side first; a print turns to the image's orientation. */
export const PAPER_SIZES = {
  a3: { label: 'A3', shortMm: 297, longMm: 420 },
  a2: { label: 'A2', shortMm: 420, longMm: 594 },
  a1: { label: 'A1', shortMm: 594, longMm: 841 },
} as const;
export type PaperSize = keyof typeof PAPER_SIZES;
export const PRINT_DPIS = [150, 300] as const;
export type PrintDpi = (typeof PRINT_DPIS)[number];

/** A custom width or height is at most this (far beyond what ×6 of an accepted upload can reach under 64 MP). */
export const MAX_TARGET_SIDE = 65_536;

export type TargetSize =
  | { kind: 'width'; width: number }
  | { kind: 'height'; height: number }
  | { kind: 'screen'; preset: ScreenPreset }
  | { kind: 'print'; paper: PaperSize; dpi: PrintDpi };

export interface ResolvedTarget {
  /** The model scale run: the smallest whose output covers the target on its constraining side. */
  scale: UpscaleFactor;
  /** The model's output, before the downscale. */
  run: { width: number; height: number };
  /** The result's exact size. */
  width: number;
  height: number;
  /** Written into the result's metadata for a print size; null otherwise. */
  dpi: number | null;
  credits: number;
}

export type TargetResolution =
  { ok: true; target: ResolvedTarget } | { ok: false; code: 'TARGET_UNREACHABLE' | 'TARGET_NOT_UPSCALE' | 'RESOLUTION_OUT_OF_RANGE'; message: string };

const mmToPx = (mm: number, dpi: number) => Math.round((mm / 25.4) * dpi);

/** The frame a target must fit inside; a missing side is free (the aspect ratio sets it). */
function frameOf(target: TargetSize, width: number, height: number): { width?: number; height?: number; dpi: number | null } {
  switch (target.kind) {
    case 'width':
      return { width: target.width, dpi: null };
    case 'height':
      return { height: target.height, dpi: null };
    case 'screen':
      return { width: SCREEN_PRESETS[target.preset].width, height: SCREEN_PRESETS[target.preset].height, dpi: null };
    case 'print': {
      const paper = PAPER_SIZES[target.paper];
      const short = mmToPx(paper.shortMm, target.dpi);
      const long = mmToPx(paper.longMm, target.dpi);
      // the sheet follows the image: portrait for a taller image, landscape otherwise
      return height > width ? { width: short, height: long, dpi: target.dpi } : { width: long, height: short, dpi: target.dpi };
    }
  }
}

/** The exact size: the frame's constraining side exactly, the other from the aspect ratio, rounded. */
function fitInside(width: number, height: number, frame: { width?: number; height?: number }): { width: number; height: number } {
  const byWidth = frame.width !== undefined ? frame.width / width : Infinity;
  const byHeight = frame.height !== undefined ? frame.height / height : Infinity;
  if (byWidth <= byHeight) return { width: frame.width!, height: Math.max(1, Math.min(frame.height ?? Infinity, Math.round(height * byWidth))) };
  return { width: Math.max(1, Math.min(frame.width ?? Infinity, Math.round(width * byHeight))), height: frame.height! };
}

/** "3840 px wide", "4K", "A2 at 300 dpi": how a target is named in messages and on the panel. */
export function targetSizeLabel(target: TargetSize): string {
  switch (target.kind) {
    case 'width':
      return msg('targetSizeWidthLabel', { n: target.width });
    case 'height':
      return msg('targetSizeHeightLabel', { n: target.height });
    case 'screen':
      return SCREEN_PRESETS[target.preset].label;
    case 'print':
      return msg('targetSizePrintLabel', { paper: PAPER_SIZES[target.paper].label, dpi: target.dpi });
  }
}

/**
 * Resolves a target against an input of `width` × `height`: the scale to run, the exact size, the density and the cost;
 * or the catalogue's refusal when it is not an upscale, when ×6 does not reach it, or when the scale run is over the
 * output ceiling (the ceiling bounds what the model produces, so it is checked on the run, not on the smaller result).
 */
export function resolveTargetSize(width: number, height: number, target: TargetSize): TargetResolution {
  const frame = frameOf(target, width, height);
  const exact = fitInside(width, height, frame);
  const label = targetSizeLabel(target);
  const sizes = { w: exact.width, h: exact.height, iw: width, ih: height, target: label };
  if (exact.width <= width && exact.height <= height) return { ok: false, code: 'TARGET_NOT_UPSCALE', message: msg('targetSizeNotUpscale', sizes) };
  if (exact.width < MIN_OUTPUT_SIDE || exact.height < MIN_OUTPUT_SIDE) {
    return { ok: false, code: 'RESOLUTION_OUT_OF_RANGE', message: msg('enhanceBelowMinimum', { w: exact.width, h: exact.height, min: MIN_OUTPUT_SIDE }) };
  }
  const scale = UPSCALE_FACTORS.find((s) => {
    const run = targetResolution(width, height, s);
    return run.width >= exact.width && run.height >= exact.height;
  });
  if (!scale) return { ok: false, code: 'TARGET_UNREACHABLE', message: msg('targetSizeUnreachable', { ...sizes, max: UPSCALE_FACTORS.at(-1)! }) };
  const limitError = targetResolutionError(width, height, scale);
  if (limitError) return { ok: false, code: 'RESOLUTION_OUT_OF_RANGE', message: limitError };
  const run = targetResolution(width, height, scale);
  return {
    ok: true,
    target: {
      scale,
      run: { width: run.width, height: run.height },
      width: exact.width,
      height: exact.height,
      dpi: frame.dpi,
      // the seed's rule (ceil(longest output side / 500)) on the scale actually run: the work is the model's output,
      // and the downscale to the exact size comes after it
      credits: creditCostForOutput(run.width, run.height),
    },
  };
}

/** A target as one short string ("width:3840", "screen:4k", "print:a2:300"), the way a saved viewport keeps it. */
export function encodeTargetSize(target: TargetSize): string {
  switch (target.kind) {
    case 'width':
      return `width:${target.width}`;
    case 'height':
      return `height:${target.height}`;
    case 'screen':
      return `screen:${target.preset}`;
    case 'print':
      return `print:${target.paper}:${target.dpi}`;
  }
}

/** The target a saved string names; null for anything else (an older or a tampered viewport). */
export function parseTargetSize(value: unknown): TargetSize | null {
  if (typeof value !== 'string') return null;
  const [kind, a, b] = value.split(':');
  const side = Number(a);
  const validSide = /^\d+$/.test(a ?? '') && side >= 1 && side <= MAX_TARGET_SIDE;
  if (kind === 'width' && validSide) return { kind: 'width', width: side };
  if (kind === 'height' && validSide) return { kind: 'height', height: side };
  if (kind === 'screen' && Object.hasOwn(SCREEN_PRESETS, a)) return { kind: 'screen', preset: a as ScreenPreset };
  const dpi = Number(b) as PrintDpi;
  if (kind === 'print' && Object.hasOwn(PAPER_SIZES, a) && PRINT_DPIS.includes(dpi)) return { kind: 'print', paper: a as PaperSize, dpi };
  return null;
}
