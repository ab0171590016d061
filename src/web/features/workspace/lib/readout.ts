import { targetResolution, targetResolutionError, isHighResolution, type UpscaleFactor } from '@shared/enhancement';
import { enhanceCreditCost } from '@shared/credit-cost';

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

export const formatSize = (s: { width: number; height: number }) => `${s.width} × ${s.height}`;

/** Megapixels with one decimal, two below 1 MP so small renders don't read as 0.0. */
export function formatMegapixels(mp: number): string {
  return `${mp < 1 ? mp.toFixed(2) : mp.toFixed(1)} MP`;
}
