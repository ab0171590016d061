import { Popover } from 'radix-ui';
import { Settings2 } from 'lucide-react';
import { msg } from '@shared/messages';
import { BRUSH_PANEL_RANGE, BRUSH_POPUP_RANGE, BRUSH_PRESETS } from '../lib/strokes';

const rangeClass = 'h-1.5 w-full cursor-pointer appearance-none rounded-full bg-white/15 accent-violet-400';

/** seed 000 §5: Brush Size in the panel, 5 to 100, step 1. */
export function BrushSizeSlider({ value, onChange, id = 'brush-size' }: { value: number; onChange: (size: number) => void; id?: string }) {
  const shown = Math.max(BRUSH_PANEL_RANGE.min, value);
  return (
    <div>
      <div className="mb-2 flex items-baseline justify-between">
        <label htmlFor={id} className="text-[11px] font-semibold uppercase tracking-[0.08em] text-zinc-500">
          {msg('brushSize')}
        </label>
        <span className="font-mono text-[12px] tabular-nums text-zinc-300" data-testid="brush-size-value">
          {shown}px
        </span>
      </div>
      <input
        id={id}
        type="range"
        min={BRUSH_PANEL_RANGE.min}
        max={BRUSH_PANEL_RANGE.max}
        step={BRUSH_PANEL_RANGE.step}
        value={shown}
        onChange={(e) => onChange(Number(e.target.value))}
        className={rangeClass}
        aria-label={msg('brushSize')}
      />
    </div>
  );
}

/** seed 000 §5: the brush settings popup, 1 to 100 with presets 10, 25, 50, 75. */
export function BrushSettingsPopup({ value, onChange }: { value: number; onChange: (size: number) => void }) {
  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <button
          type="button"
          aria-label={msg('brushSettings')}
          title={msg('brushSettings')}
          className="flex h-7 w-7 items-center justify-center rounded-md text-zinc-400 hover:bg-white/[0.06] hover:text-zinc-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-400"
        >
          <Settings2 className="h-4 w-4" />
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="right"
          sideOffset={10}
          className="z-[60] w-60 rounded-xl border border-white/10 bg-[#1d1e23] p-3.5 text-zinc-200 shadow-2xl"
          aria-label={msg('brushSettings')}
        >
          <p className="mb-3 text-[13px] font-semibold">{msg('brushSettings')}</p>
          <div className="mb-2 flex items-baseline justify-between text-[12px]">
            <span className="text-zinc-400">{msg('brushSize')}</span>
            <span className="font-mono tabular-nums">{value}px</span>
          </div>
          <input
            type="range"
            min={BRUSH_POPUP_RANGE.min}
            max={BRUSH_POPUP_RANGE.max}
            step={BRUSH_POPUP_RANGE.step}
            value={value}
            onChange={(e) => onChange(Number(e.target.value))}
            className={rangeClass}
            aria-label={msg('brushSize')}
          />
          <div className="mt-3 grid grid-cols-4 gap-1.5">
            {BRUSH_PRESETS.map((p) => (
              <button
                key={p}
                type="button"
                onClick={() => onChange(p)}
                aria-pressed={value === p}
                className={`h-7 rounded-md text-[12px] font-medium tabular-nums ring-1 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-400 ${
                  value === p ? 'bg-violet-500/25 text-violet-100 ring-violet-400/50' : 'bg-white/[0.04] text-zinc-300 ring-white/10 hover:bg-white/[0.08]'
                }`}
              >
                {p}
              </button>
            ))}
          </div>
          <Popover.Arrow className="fill-[#1d1e23]" />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
