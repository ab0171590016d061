import { AppError } from '@server/errors.js';
import { enhanceCreditCost, scaledSize } from '@shared/credit-cost.js';
import { isUpscaleFactor, targetResolutionError, type UpscaleFactor } from '@shared/enhancement.js';
import { msg } from '@shared/messages.js';
import { resolveTargetSize, type TargetSize } from '@shared/target-size.js';

export interface EnhanceCost {
  scale: UpscaleFactor;
  credits: number;
  /** The exact output an exact target size asks for; null: the input times the scale. */
  output: { width: number; height: number; dpi: number | null } | null;
  /** The output's size either way. */
  width: number;
  height: number;
}

/** Exactly one of a factor and a target size. */
export function checkScaleOrTarget(req: { scale?: number; targetSize?: TargetSize }): void {
  if (req.targetSize && req.scale !== undefined) throw new AppError('INVALID_SCALE', 400, msg('enhanceScaleOrTarget'));
  if (!req.targetSize && !isUpscaleFactor(req.scale)) throw new AppError('INVALID_SCALE', 400, msg('enhanceNoScale'));
}

/**
 * What an enhancement of an input of this size makes and costs: a factor, or an exact target size reached by the
 * smallest scale that covers it. Refused as the job itself would be (output over the limit, a target it cannot reach),
 * so a quote and a job never disagree.
 */
export function enhanceCost(input: { width: number; height: number }, req: { scale?: number; targetSize?: TargetSize }): EnhanceCost {
  checkScaleOrTarget(req);
  if (req.targetSize) {
    const resolved = resolveTargetSize(input.width, input.height, req.targetSize);
    if (!resolved.ok) throw new AppError(resolved.code, 400, resolved.message);
    const t = resolved.target;
    return { scale: t.scale, credits: t.credits, output: { width: t.width, height: t.height, dpi: t.dpi }, width: t.width, height: t.height };
  }
  const scale = req.scale as UpscaleFactor;
  const sizeError = targetResolutionError(input.width, input.height, scale);
  if (sizeError) throw new AppError('RESOLUTION_OUT_OF_RANGE', 400, sizeError);
  const out = scaledSize(input.width, input.height, scale);
  return { scale, credits: enhanceCreditCost(input.width, input.height, scale), output: null, ...out };
}
