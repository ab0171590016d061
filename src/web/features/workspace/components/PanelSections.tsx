import { msg, type MessageKey } from '@shared/messages';
import { ENHANCEMENT_MODES, MODE_LABELS, type EnhancementMode } from '@shared/enhancement';
import { formatMegapixels, formatSize, type TargetReadout } from '../lib/readout';
import { formatCredits } from '@shared/credit-cost';

/** Secondary text that gives way on a short window. */
const SHORT_HIDDEN = '[@media(max-height:800px)]:hidden';

const MODE_HINTS: Record<EnhancementMode, MessageKey> = {
  precision: 'workspaceModePrecisionHint',
  detail: 'workspaceModeDetailHint',
  creativity: 'workspaceModeCreativityHint',
};

/** The control panel's readout: the selected image's size, the size it will have, and the cost in credits. */
export function ResolutionReadout({ readout }: { readout: TargetReadout | null }) {
  return (
    <div
      className="mt-2.5 rounded-lg bg-black/25 px-3 py-2.5 ring-1 ring-white/[0.06] [@media(max-height:800px)]:mt-2 [@media(max-height:800px)]:py-2"
      data-testid="resolution-readout"
    >
      {readout ? (
        <>
          <dl className="grid grid-cols-[auto_1fr_auto] items-baseline gap-x-3 gap-y-1 text-[12px]">
            <dt className="text-zinc-500">{msg('workspaceCurrentSize')}</dt>
            <dd className="font-mono tabular-nums text-zinc-300">{formatSize(readout.current)}</dd>
            <dd className="text-right font-mono tabular-nums text-zinc-500">{formatMegapixels(readout.current.megapixels)}</dd>
            {readout.run && (
              <>
                <dt className="text-zinc-500">{msg('workspaceTargetSizeRun', { scale: readout.run.scale })}</dt>
                <dd className="font-mono tabular-nums text-zinc-400" data-testid="run-size">
                  {formatSize(readout.run)}
                </dd>
                <dd />
              </>
            )}
            <dt className="text-zinc-500">{msg('workspaceTargetSize')}</dt>
            <dd className="font-mono tabular-nums text-zinc-100" data-testid="target-size">
              {readout.target ? formatSize(readout.target) : '—'}
              {readout.dpi ? ` · ${readout.dpi} dpi` : ''}
            </dd>
            <dd className="text-right font-mono tabular-nums text-zinc-300">{readout.target ? formatMegapixels(readout.target.megapixels) : ''}</dd>
          </dl>
          <div className="mt-2 flex items-center justify-between border-t border-white/[0.06] pt-2 text-[12px]">
            <span className="text-zinc-500">{msg('workspaceCostLabel')}</span>
            <span className={`font-medium tabular-nums ${readout.affordable === false ? 'text-amber-300' : 'text-zinc-100'}`} data-testid="credit-cost">
              {readout.target ? formatCredits(readout.cost) : '—'}
            </span>
          </div>
          {readout.error && (
            <p id="enhance-readout-error" data-testid="readout-error" className="mt-2 text-[12px] leading-snug text-red-300">
              {readout.error}
            </p>
          )}
        </>
      ) : (
        <p className="py-1 text-[12px] text-zinc-500">{msg('workspaceNoSelection')}</p>
      )}
    </div>
  );
}

/**
 * The control panel's choice of enhancement mode, each with its hint. On a short window (a 1280 × 720 laptop) only
 * the chosen mode's hint shows, so the panel fits without scrolling; the others stay in each button's tooltip.
 */
export function ModePicker({ mode, onPick }: { mode: EnhancementMode | null; onPick: (mode: EnhancementMode) => void }) {
  return (
    <section>
      <h2 className="mb-2 text-[11px] font-semibold uppercase tracking-[0.08em] text-zinc-500 [@media(max-height:800px)]:mb-1.5">
        {msg('workspaceEnhancementMode')}
      </h2>
      <div role="radiogroup" aria-label={msg('workspaceEnhancementMode')} className="space-y-1.5">
        {ENHANCEMENT_MODES.map((m) => (
          <button
            key={m}
            type="button"
            role="radio"
            aria-checked={mode === m}
            onClick={() => onPick(m)}
            title={msg(MODE_HINTS[m])}
            className={`flex w-full items-start gap-2.5 rounded-lg px-3 py-2 text-left [@media(max-height:800px)]:py-1.5 ring-1 transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-400 ${
              mode === m ? 'bg-violet-500/[0.12] ring-violet-400/50' : 'bg-white/[0.02] ring-white/[0.06] hover:bg-white/[0.05]'
            }`}
          >
            <span
              className={`mt-[3px] flex h-3.5 w-3.5 shrink-0 items-center justify-center rounded-full ring-1 ${mode === m ? 'bg-violet-400 ring-violet-300' : 'ring-zinc-600'}`}
            >
              {mode === m && <span className="h-1.5 w-1.5 rounded-full bg-white" />}
            </span>
            <span className="min-w-0">
              <span className={`block text-[13px] font-medium ${mode === m ? 'text-white' : 'text-zinc-200'}`}>{MODE_LABELS[m]}</span>
              <span className={`block text-[11.5px] leading-snug text-zinc-500 ${mode === m ? '' : SHORT_HIDDEN}`}>{msg(MODE_HINTS[m])}</span>
            </span>
          </button>
        ))}
      </div>
    </section>
  );
}
