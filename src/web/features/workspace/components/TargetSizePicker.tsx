import { useEffect, useState } from 'react';
import { msg } from '@shared/messages';
import { MAX_TARGET_SIDE, PAPER_SIZES, SCREEN_PRESETS, type PaperSize, type ScreenPreset, type TargetSize } from '@shared/target-size';

/** The print sizes the panel offers; the API also takes 150 dpi. */
const PANEL_PRINT_DPI = 300;
/** What a custom side starts at: 4K UHD's width and height. */
const CUSTOM_DEFAULT = { width: SCREEN_PRESETS['4k'].width, height: SCREEN_PRESETS['4k'].height };

const optionOf = (t: TargetSize | null): string => {
  if (!t) return '';
  if (t.kind === 'screen') return `screen:${t.preset}`;
  if (t.kind === 'print') return `print:${t.paper}`;
  return t.kind;
};

function targetOf(option: string, current: TargetSize | null): TargetSize | null {
  const [kind, name] = option.split(':');
  if (kind === 'width') return { kind: 'width', width: current?.kind === 'width' ? current.width : CUSTOM_DEFAULT.width };
  if (kind === 'height') return { kind: 'height', height: current?.kind === 'height' ? current.height : CUSTOM_DEFAULT.height };
  if (kind === 'screen' && name in SCREEN_PRESETS) return { kind: 'screen', preset: name as ScreenPreset };
  if (kind === 'print' && name in PAPER_SIZES) return { kind: 'print', paper: name as PaperSize, dpi: PANEL_PRINT_DPI };
  return null;
}

const fieldClass =
  'h-8 rounded-md bg-black/30 px-2 text-[12.5px] text-zinc-100 ring-1 ring-white/10 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-400';

/**
 * Beside the factors: an exact output size, reached by the smallest scale that covers it and brought down to it.
 * A custom side is sent only while it is a whole number of pixels the service accepts.
 */
export function TargetSizePicker({ target, onChange }: { target: TargetSize | null; onChange: (target: TargetSize | null) => void }) {
  const side = target?.kind === 'width' ? target.width : target?.kind === 'height' ? target.height : null;
  const [draft, setDraft] = useState(side === null ? '' : String(side));
  useEffect(() => setDraft(side === null ? '' : String(side)), [side]);

  const commit = (text: string) => {
    setDraft(text);
    const n = Number(text);
    if (!Number.isInteger(n) || n < 1 || n > MAX_TARGET_SIDE) return;
    if (target?.kind === 'width') onChange({ kind: 'width', width: n });
    else if (target?.kind === 'height') onChange({ kind: 'height', height: n });
  };

  return (
    <div className="mt-2 flex items-center gap-2">
      <label className="flex min-w-0 flex-1 items-center gap-2 text-[12px] text-zinc-500">
        <span className="shrink-0">{msg('workspaceTargetSizeOption')}</span>
        <select
          value={optionOf(target)}
          onChange={(e) => onChange(targetOf(e.target.value, target))}
          data-testid="target-size-select"
          className={`${fieldClass} min-w-0 flex-1`}
        >
          <option value="">{msg('workspaceTargetSizeByScale')}</option>
          <option value="width">{msg('workspaceTargetSizeCustomWidth')}</option>
          <option value="height">{msg('workspaceTargetSizeCustomHeight')}</option>
          {(Object.keys(SCREEN_PRESETS) as ScreenPreset[]).map((p) => (
            <option key={p} value={`screen:${p}`}>
              {SCREEN_PRESETS[p].label}
            </option>
          ))}
          {(Object.keys(PAPER_SIZES) as PaperSize[]).map((p) => (
            <option key={p} value={`print:${p}`}>
              {msg('targetSizePrintLabel', { paper: PAPER_SIZES[p].label, dpi: PANEL_PRINT_DPI })}
            </option>
          ))}
        </select>
      </label>
      {side !== null && (
        <input
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_TARGET_SIDE}
          step={1}
          value={draft}
          onChange={(e) => commit(e.target.value)}
          aria-label={`${msg(target?.kind === 'width' ? 'workspaceTargetSizeCustomWidth' : 'workspaceTargetSizeCustomHeight')} (${msg('workspaceTargetSizePixels')})`}
          data-testid="target-size-pixels"
          className={`${fieldClass} w-20 font-mono tabular-nums`}
        />
      )}
    </div>
  );
}
