import { Dialog } from 'radix-ui';
import { Eraser, Undo2, X } from 'lucide-react';
import { msg } from '@shared/messages';
import { fitCard } from '@web/features/canvas-core/layout';
import type { WorkspaceImage } from '@web/features/canvas-core/workspace-state';
import { hasMask } from '../lib/strokes';
import type { RemoveTool } from '../useRemoveTool';
import { BrushSettingsPopup, BrushSizeSlider } from './BrushControls';
import { MaskCanvas } from './MaskCanvas';
import { RemoveObjectButton } from './RemoveToolPanel';

/** The largest box of the image's shape that fits the modal's stage. */
function stageSize(width: number, height: number) {
  const maxW = typeof window !== 'undefined' ? window.innerWidth - 360 : 1200;
  const maxH = typeof window !== 'undefined' ? window.innerHeight - 140 : 800;
  const base = fitCard(width, height);
  const k = Math.min(maxW / base.width, maxH / base.height);
  return { width: Math.max(120, Math.floor(base.width * k)), height: Math.max(90, Math.floor(base.height * k)) };
}

/** The full-screen 'Create Image Mask' modal (seed 000 §2): the same painting as on the card, larger. */
export function MaskModal({ tool, image }: { tool: RemoveTool; image: WorkspaceImage | null }) {
  const open = tool.modalOpen && image !== null;
  const src = image ? (image.enhanced && image.view === 'preview' ? image.enhanced.url : (image.url ?? image.localUrl ?? '')) : '';
  const box = image ? stageSize(image.width, image.height) : { width: 0, height: 0 };
  const painted = hasMask(tool.mask);
  return (
    <Dialog.Root open={open} onOpenChange={(o) => !o && tool.closeModal()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/85 backdrop-blur-sm" />
        <Dialog.Content className="fixed inset-0 z-50 flex flex-col text-zinc-100 focus:outline-none" aria-describedby={undefined} data-testid="mask-modal">
          <header className="flex items-center justify-between gap-4 border-b border-white/10 bg-[#16171b] px-5 py-3">
            <Dialog.Title className="text-[15px] font-semibold">{msg('maskModalTitle')}</Dialog.Title>
            <Dialog.Close asChild>
              <button
                type="button"
                aria-label={msg('maskDone')}
                className="flex h-8 w-8 items-center justify-center rounded-md text-zinc-400 hover:bg-white/10 hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-400"
              >
                <X className="h-4 w-4" />
              </button>
            </Dialog.Close>
          </header>
          <div className="flex min-h-0 flex-1">
            <div className="flex flex-1 items-center justify-center p-6">
              {image && (
                <div className="relative overflow-hidden rounded-lg bg-[#0d0e10] ring-1 ring-white/10" style={{ width: box.width, height: box.height }}>
                  <img src={src} alt={image.name} draggable={false} className="h-full w-full select-none object-contain" />
                  <MaskCanvas
                    natural={{ width: image.width, height: image.height }}
                    mask={tool.mask}
                    brushSize={tool.brushSize}
                    onStart={tool.startStroke}
                    onMove={tool.moveStroke}
                    onEnd={tool.endStroke}
                    onCancel={tool.abortStroke}
                    testId="mask-modal-canvas"
                  />
                </div>
              )}
            </div>
            <aside className="flex w-[300px] shrink-0 flex-col gap-4 border-l border-white/10 bg-[#16171b] p-4">
              <div className="flex items-start gap-2">
                <div className="flex-1">
                  <BrushSizeSlider value={tool.brushSize} onChange={tool.setBrushSize} id="mask-modal-brush" />
                </div>
                <BrushSettingsPopup value={tool.brushSize} onChange={tool.setBrushSize} />
              </div>
              <div className="flex gap-2">
                <button
                  type="button"
                  onClick={tool.undo}
                  disabled={!painted}
                  className="inline-flex h-9 flex-1 items-center justify-center gap-1.5 rounded-md bg-white/[0.06] text-[13px] ring-1 ring-white/10 hover:bg-white/10 disabled:opacity-40"
                >
                  <Undo2 className="h-4 w-4" />
                  {msg('maskUndo')}
                </button>
                <button
                  type="button"
                  onClick={tool.clear}
                  disabled={!painted}
                  className="inline-flex h-9 flex-1 items-center justify-center gap-1.5 rounded-md bg-white/[0.06] text-[13px] ring-1 ring-white/10 hover:bg-white/10 disabled:opacity-40"
                >
                  <Eraser className="h-4 w-4" />
                  {msg('maskClear')}
                </button>
              </div>
              <p className="text-[12.5px] leading-snug text-zinc-400">{msg('maskModalHint')}</p>
              <div className="mt-auto space-y-2">
                <RemoveObjectButton tool={tool} selected={image} />
                <Dialog.Close asChild>
                  <button type="button" className="h-9 w-full rounded-md text-[13px] text-zinc-300 ring-1 ring-white/10 hover:bg-white/[0.06]">
                    {msg('maskDone')}
                  </button>
                </Dialog.Close>
              </div>
            </aside>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
