import { Eraser, Loader2, Maximize2, Undo2, Wand2 } from 'lucide-react';
import { msg } from '@shared/messages';
import { isBusy, type WorkspaceImage } from '@web/features/canvas-core/workspace-state';
import { hasMask } from '../lib/strokes';
import type { RemoveTool } from '../useRemoveTool';
import { BrushSettingsPopup, BrushSizeSlider } from './BrushControls';

const secondary =
  'inline-flex h-8 flex-1 items-center justify-center gap-1.5 rounded-md bg-white/[0.05] text-[12.5px] font-medium text-zinc-200 ring-1 ring-white/10 hover:bg-white/[0.09] focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-400 disabled:cursor-not-allowed disabled:opacity-40';

/** The control panel in remove mode (seed 000 §2): Brush Size, the mask's Undo and Clear, and the main button. */
export function RemoveToolPanel({ tool, selected }: { tool: RemoveTool; selected: WorkspaceImage | null }) {
  const busy = (selected ? isBusy(selected) : false) || tool.submitting;
  const painted = hasMask(tool.mask);
  return (
    <>
      <div className="flex-1 space-y-4 overflow-y-auto px-3.5 py-4" data-testid="remove-tool-panel">
        <div className="flex items-start gap-2">
          <div className="flex-1">
            <BrushSizeSlider value={tool.brushSize} onChange={tool.setBrushSize} />
          </div>
          <BrushSettingsPopup value={tool.brushSize} onChange={tool.setBrushSize} />
        </div>
        <div className="flex gap-1.5">
          <button type="button" className={secondary} onClick={tool.undo} disabled={!painted || busy}>
            <Undo2 className="h-3.5 w-3.5" />
            {msg('maskUndo')}
          </button>
          <button type="button" className={secondary} onClick={tool.clear} disabled={!painted || busy}>
            <Eraser className="h-3.5 w-3.5" />
            {msg('maskClear')}
          </button>
          <button
            type="button"
            className={secondary}
            onClick={tool.openModal}
            disabled={!selected || busy}
            title={msg('maskModalTitle')}
            aria-label={msg('maskModalTitle')}
          >
            <Maximize2 className="h-3.5 w-3.5" />
          </button>
        </div>
        <p className="text-[12px] leading-snug text-zinc-500">{msg('maskModalHint')}</p>
      </div>
      <footer className="border-t border-white/[0.06] p-3.5">
        <RemoveObjectButton tool={tool} selected={selected} />
      </footer>
    </>
  );
}

/** seed 000 §5: disabled without an image or while processing; only one removal at a time. */
export function RemoveObjectButton({ tool, selected, className }: { tool: RemoveTool; selected: WorkspaceImage | null; className?: string }) {
  const busy = (selected ? isBusy(selected) : false) || tool.submitting;
  return (
    <button
      type="button"
      onClick={() => void tool.submit()}
      disabled={!selected || busy || tool.removalRunning}
      data-testid="remove-object"
      className={`flex h-10 w-full items-center justify-center gap-2 rounded-lg bg-gradient-to-r from-violet-500 to-fuchsia-500 text-[14px] font-semibold text-white shadow-[0_8px_24px_-8px_rgba(139,92,246,0.7)] transition hover:brightness-110 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-300 disabled:cursor-not-allowed disabled:opacity-60 ${className ?? ''}`}
    >
      {busy ? <Loader2 className="h-4 w-4 animate-spin" /> : <Wand2 className="h-4 w-4" />}
      {busy ? msg('workspaceRemoving') : msg('workspaceRemoveObject')}
    </button>
  );
}
