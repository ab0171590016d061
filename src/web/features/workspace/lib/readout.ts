import { targetResolution, targetResolutionError, isHighResolution, type UpscaleFactor } from '@shared/enhancement';
import { enhanceCreditCost } from '@shared/credit-cost';
import { resolveTargetSize, type TargetSize } from '@shared/target-size';

interface Readout {
  current: { width: number; height: number; megapixels: number };
  target: { width: number; height: number; megapixels: number };
  cost: number;
  /** The seed's resolution message when the target is out of bounds. */
  error: string | null;
  highResolution: boolean;
  /** null while the balance is unknown. */
  affordable: boolean | null;
}

/** The readout of an exact output size. */
export interface TargetReadout extends Omit<Readout, 'target'> {
  /** null: a target size that cannot be made from this image (`error` says why). */
  target: Readout['target'] | null;
  /** For a target size: the scale the model runs at and its output before the downscale to `target`. */
  run?: { scale: UpscaleFactor; width: number; height: number };
  /** Written into the result for a print size. */
  dpi?: number | null;
}

/** The control panel's numbers: current → target size, megapixels and the credit cost, before anything is sent. */
export function computeReadout(size: { width: number; height: number } | null, scale: UpscaleFactor, credits: number | null): Readout | null {
  if (!size || !(size.width > 0) || !(size.height > 0)) return null;
  const target = targetResolution(size.width, size.height, scale);
  const cost = enhanceCreditCost(size.width, size.height, scale);
  return {
    current: { width: size.width, height: size.height, megapixels: (size.width * size.height) / 1_000_000 },
    target,
    cost,
    error: targetResolutionError(size.width, size.height, scale),
    highResolution: isHighResolution(target.width, target.height),
    affordable: credits === null ? null : credits >= cost,
  };
}

const sizeOf = (s: { width: number; height: number }) => ({ width: s.width, height: s.height, megapixels: (s.width * s.height) / 1_000_000 });

/** The same numbers for an exact output size: the scale resolved for it, the exact size and the credits it costs. */
export function computeTargetReadout(size: { width: number; height: number } | null, target: TargetSize, credits: number | null): TargetReadout | null {
  if (!size || !(size.width > 0) || !(size.height > 0)) return null;
  const current = sizeOf(size);
  const r = resolveTargetSize(size.width, size.height, target);
  if (!r.ok) return { current, target: null, cost: 0, error: r.message, highResolution: false, affordable: null };
  const t = r.target;
  return {
    current,
    target: sizeOf(t),
    run: { scale: t.scale, width: t.run.width, height: t.run.height },
    dpi: t.dpi,
    cost: t.credits,
    error: null,
    highResolution: isHighResolution(t.width, t.height),
    affordable: credits === null ? null : credits >= t.credits,
  };
}

export const formatSize = (s: { width: number; height: number }) => `${s.width} × ${s.height}`;

/** Megapixels with one decimal, two below 1 MP so small renders don't read as 0.0. */
export function formatMegapixels(mp: number): string {
  return `${mp < 1 ? mp.toFixed(2) : mp.toFixed(1)} MP`;
}
