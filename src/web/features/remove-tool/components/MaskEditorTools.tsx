import { Brush, Eraser, Eye, EyeOff, Lasso, Minus, Plus, Redo2, Scan, Square, Trash2, Undo2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { fill, msg } from '@shared/messages';
import { maskEditorMessages as m } from '@shared/mask-editor-messages';
import { FEATHER_RANGE } from '../lib/feather';
import type { EditorTool } from '../lib/editor-keys';
import { canRedo, canUndo } from '../lib/strokes';
import type { EditorView } from '../hooks/useEditorView';
import type { RemoveTool } from '../useRemoveTool';
import { BrushSettingsPopup, BrushSizeSlider } from './BrushControls';

const iconButton =
  'inline-flex h-9 min-w-9 items-center justify-center gap-1.5 rounded-md px-2 text-[13px] ring-1 ring-white/10 hover:bg-white/10 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-400 disabled:cursor-not-allowed disabled:opacity-40';
const pressed = (on: boolean) => (on ? 'bg-violet-500/25 text-violet-100 ring-violet-400/50' : 'bg-white/[0.06] text-zinc-200');

const TOOLS: { tool: EditorTool; label: string; icon: ReactNode; key: string }[] = [
  { tool: 'brush', label: m.toolBrush, icon: <Brush className="h-4 w-4" />, key: 'B' },
  { tool: 'rect', label: m.toolRectangle, icon: <Square className="h-4 w-4" />, key: 'R' },
  { tool: 'lasso', label: m.toolLasso, icon: <Lasso className="h-4 w-4" />, key: 'L' },
];

interface ToolsProps {
  tool: RemoveTool;
  active: EditorTool;
  setActive: (t: EditorTool) => void;
  eraser: boolean;
  toggleEraser: () => void;
  showMask: boolean;
  toggleMask: () => void;
  disabled: boolean;
}

/** The masking window's tools: brush size, the tool and the eraser, feather, undo/redo, show/hide and clear. */
export function MaskEditorTools({ tool, active, setActive, eraser, toggleEraser, showMask, toggleMask, disabled }: ToolsProps) {
  return (
    <div className="space-y-3">
      <div className="flex items-start gap-2">
        <div className="flex-1">
          <BrushSizeSlider value={tool.brushSize} onChange={tool.setBrushSize} id="mask-modal-brush" />
        </div>
        <BrushSettingsPopup value={tool.brushSize} onChange={tool.setBrushSize} />
      </div>
      <div role="toolbar" aria-label={m.toolsLabel} className="flex gap-1.5">
        {TOOLS.map((t) => (
          <button
            key={t.tool}
            type="button"
            aria-pressed={active === t.tool}
            aria-label={t.label}
            title={`${t.label} (${t.key})`}
            disabled={disabled}
            onClick={() => setActive(t.tool)}
            className={`${iconButton} flex-1 ${pressed(active === t.tool)}`}
          >
            {t.icon}
          </button>
        ))}
        <button
          type="button"
          aria-pressed={eraser}
          aria-label={m.toolEraser}
          title={`${m.toolEraser} (E)`}
          disabled={disabled}
          onClick={toggleEraser}
          className={`${iconButton} flex-1 ${eraser ? 'bg-amber-400/20 text-amber-100 ring-amber-300/50' : pressed(false)}`}
        >
          <Eraser className="h-4 w-4" />
        </button>
      </div>
      <div>
        <div className="mb-1.5 flex items-baseline justify-between">
          <label htmlFor="mask-feather" className="text-[11px] font-semibold uppercase tracking-[0.08em] text-zinc-500">
            {m.feather}
          </label>
          <span className="font-mono text-[12px] tabular-nums text-zinc-300">{tool.feather}px</span>
        </div>
        <input
          id="mask-feather"
          type="range"
          min={FEATHER_RANGE.min}
          max={FEATHER_RANGE.max}
          step={FEATHER_RANGE.step}
          value={tool.feather}
          onChange={(e) => tool.setFeather(Number(e.target.value))}
          aria-label={m.feather}
          title={fill(m.featherHint, { n: tool.feather })}
          className="h-1.5 w-full cursor-pointer appearance-none rounded-full bg-white/15 accent-violet-400"
        />
      </div>
      <div className="flex gap-1.5">
        <button type="button" onClick={tool.undo} disabled={disabled || !canUndo(tool.mask)} className={`${iconButton} flex-1 ${pressed(false)}`}>
          <Undo2 className="h-4 w-4" />
          {msg('maskUndo')}
        </button>
        <button type="button" onClick={tool.redo} disabled={disabled || !canRedo(tool.mask)} className={`${iconButton} flex-1 ${pressed(false)}`}>
          <Redo2 className="h-4 w-4" />
          {m.redo}
        </button>
        <button
          type="button"
          onClick={toggleMask}
          aria-pressed={!showMask}
          aria-label={showMask ? m.hideMask : m.showMask}
          title={`${showMask ? m.hideMask : m.showMask} (H)`}
          className={`${iconButton} ${pressed(!showMask)}`}
        >
          {showMask ? <Eye className="h-4 w-4" /> : <EyeOff className="h-4 w-4" />}
        </button>
        <button
          type="button"
          onClick={tool.clear}
          disabled={disabled || !canUndo(tool.mask)}
          aria-label={msg('maskClear')}
          title={msg('maskClear')}
          className={`${iconButton} ${pressed(false)}`}
        >
          <Trash2 className="h-4 w-4" />
        </button>
      </div>
    </div>
  );
}

/** −, the zoom in per cent, + and Fit, in the window's header. */
export function EditorZoomControls({ view, disabled }: { view: EditorView; disabled: boolean }) {
  const percent = Math.round(view.zoom * 100);
  return (
    <div className="flex items-center gap-1" role="group" aria-label={fill(m.zoomLevel, { n: percent })}>
      <button
        type="button"
        onClick={() => view.step(-1)}
        disabled={disabled || view.zoom <= view.range.min + 1e-6}
        aria-label={m.zoomOut}
        title={`${m.zoomOut} (−)`}
        className={`${iconButton} ${pressed(false)}`}
      >
        <Minus className="h-4 w-4" />
      </button>
      <span className="w-14 text-center font-mono text-[12.5px] tabular-nums text-zinc-200" data-testid="mask-zoom" aria-live="polite">
        {percent} %
      </span>
      <button
        type="button"
        onClick={() => view.step(1)}
        disabled={disabled || view.zoom >= view.range.max - 1e-6}
        aria-label={m.zoomIn}
        title={`${m.zoomIn} (+)`}
        className={`${iconButton} ${pressed(false)}`}
      >
        <Plus className="h-4 w-4" />
      </button>
      <button
        type="button"
        onClick={view.fit}
        disabled={disabled}
        aria-label={m.zoomFit}
        title={`${m.zoomFit} (0)`}
        className={`${iconButton} ${pressed(false)}`}
      >
        <Scan className="h-4 w-4" />
      </button>
    </div>
  );
}
