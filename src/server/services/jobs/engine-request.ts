import type { JobRow } from './job-dto.js';
import { msg } from '@shared/messages.js';
import { isEnhancementMode, isUpscaleFactor, type EnhancementMode, type UpscaleFactor } from '@shared/enhancement.js';

/** What the engine is asked to do for a job, read from its row: the same for this process's engine and a remote worker's. */
export type EngineRequest =
  | {
      workflow: 'remove';
      /** The fill's seed ('Try another fill'); absent: the engine's default seed. */
      seed?: number;
    }
  | {
      workflow: 'enhance';
      scale: UpscaleFactor;
      mode: EnhancementMode;
      /** The strengths the job was submitted with; anything else is left to the mode's preset. */
      params: { creativity?: number; detail?: number; precision?: number };
      /** The exact size (and print density) a target-size job was resolved to, which the engine downscales to. */
      outputSize?: { width: number; height: number; dpi?: number };
    };

const unsupported = (message: string) => Object.assign(new Error(message), { code: 'UNSUPPORTED_INPUT' });

export function engineRequestOf(job: Pick<JobRow, 'workflowType' | 'scale' | 'mode' | 'params'>): EngineRequest {
  if (job.workflowType === 'remove') {
    const seed = job.params.seed;
    return typeof seed === 'number' && Number.isInteger(seed) ? { workflow: 'remove', seed } : { workflow: 'remove' };
  }
  // the row's CHECK constraints hold the same lists; a row that escaped them fails as unsupported
  const { scale, mode } = job;
  if (!isUpscaleFactor(scale)) throw unsupported(msg('enhanceNoScale'));
  if (!isEnhancementMode(mode)) throw unsupported(msg('enhanceNoMode'));
  const pick = (v: unknown) => (typeof v === 'number' ? v : undefined);
  const p = job.params;
  const o = p.output as { width?: unknown; height?: unknown; dpi?: unknown } | undefined;
  const outputSize =
    o && typeof o.width === 'number' && typeof o.height === 'number'
      ? { width: o.width, height: o.height, ...(typeof o.dpi === 'number' && { dpi: o.dpi }) }
      : undefined;
  return {
    workflow: 'enhance',
    scale,
    mode,
    params: { creativity: pick(p.creativity), detail: pick(p.detail), precision: pick(p.precision) },
    ...(outputSize && { outputSize }),
  };
}
