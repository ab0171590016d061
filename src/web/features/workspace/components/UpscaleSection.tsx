import { msg } from '@shared/messages';
import { UPSCALE_FACTORS, type UpscaleFactor } from '@shared/enhancement';
import type { TargetSize } from '@shared/target-size';
import type { TargetReadout } from '../lib/readout';
import { ResolutionReadout } from './PanelSections';
import { TargetSizePicker } from './TargetSizePicker';

/**
 * The control panel's choice of output: a factor, or an exact target size beside it (which leaves no factor checked),
 * and the estimate before pressing: the scale run, the exact size and the credits.
 */
export function UpscaleSection({
  scale,
  target,
  readout,
  onScale,
  onTarget,
}: {
  scale: UpscaleFactor | null;
  target: TargetSize | null;
  readout: TargetReadout | null;
  onScale: (scale: UpscaleFactor) => void;
  onTarget: (target: TargetSize | null) => void;
}) {
  return (
    <section>
      <h2 className="mb-2 text-[11px] font-semibold uppercase tracking-[0.08em] text-zinc-500 [@media(max-height:800px)]:mb-1.5">{msg('workspaceUpscale')}</h2>
      <div role="radiogroup" aria-label={msg('workspaceUpscale')} className="grid grid-cols-4 gap-1 rounded-lg bg-black/30 p-1 ring-1 ring-white/[0.06]">
        {UPSCALE_FACTORS.map((f) => {
          const checked = !target && scale === f;
          return (
            <button
              key={f}
              type="button"
              role="radio"
              aria-checked={checked}
              onClick={() => onScale(f)}
              className={`h-8 rounded-md text-[13px] font-semibold tabular-nums transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-400 ${
                checked ? 'bg-white text-zinc-900 shadow' : 'text-zinc-400 hover:bg-white/[0.06] hover:text-zinc-100'
              }`}
            >
              {f}×
            </button>
          );
        })}
      </div>
      <TargetSizePicker target={target} onChange={onTarget} />

      <ResolutionReadout readout={readout} />
    </section>
  );
}
