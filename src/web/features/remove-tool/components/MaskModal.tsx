import { useCallback, useEffect, useMemo, useState } from 'react';
import { Dialog } from 'radix-ui';
import { X } from 'lucide-react';
import { msg } from '@shared/messages';
import type { WorkspaceImage } from '@web/features/canvas-core/workspace-state';
import type { EditorTool } from '../lib/editor-keys';
import type { RemoveTool } from '../useRemoveTool';
import { useEditorKeys } from '../hooks/useEditorKeys';
import { useEditorView } from '../hooks/useEditorView';
import { EditorZoomControls, MaskEditorTools } from './MaskEditorTools';
import { MaskEditorStage } from './MaskEditorStage';
import { RemoveObjectButton } from './RemoveToolPanel';

/** The picture the card shows (the upload, or the result in preview) and its pixel size. */
function shownPicture(image: WorkspaceImage | null) {
  if (!image) return { src: '', width: 0, height: 0 };
  const result = image.enhanced && image.view === 'preview' ? image.enhanced : null;
  if (result && result.width > 0) return { src: result.url, width: result.width, height: result.height };
  return { src: image.url ?? image.localUrl ?? '', width: image.width, height: image.height };
}

/**
 * The full-screen 'Create Image Mask' modal (seed 000 §2), an editor for fine work: zoom from Fit to 400 % (wheel,
 * pinch, keys), pan (arrows, Space or middle-button drag, two fingers), brush, rectangle and lasso with the eraser,
 * feather, undo and redo, the mask shown or hidden. Nothing is painted before the picture is drawn.
 */
export function MaskModal({ tool, image }: { tool: RemoveTool; image: WorkspaceImage | null }) {
  const open = tool.modalOpen && image !== null;
  const shown = shownPicture(image);
  const picture = useMemo(() => ({ width: shown.width, height: shown.height }), [shown.width, shown.height]);
  const natural = useMemo(() => ({ width: image?.width ?? 0, height: image?.height ?? 0 }), [image?.width, image?.height]);
  const [stageEl, setStageEl] = useState<HTMLDivElement | null>(null);
  const view = useEditorView(stageEl, picture);
  const [active, setActive] = useState<EditorTool>('brush');
  const [eraser, setEraser] = useState(false);
  const [showMask, setShowMask] = useState(true);
  // the picture the stage has drawn; another picture (or none yet) is loading
  const [loaded, setLoaded] = useState<{ src: string; status: 'ready' | 'failed' } | null>(null);
  const status = shown.src && picture.width > 0 && loaded?.src === shown.src ? loaded.status : 'loading';
  const onStatus = useCallback((s: 'ready' | 'failed') => setLoaded({ src: shown.src, status: s }), [shown.src]);
  // reopened, the window waits for its picture again: a new image element has drawn nothing yet
  useEffect(() => {
    if (!open) setLoaded(null);
  }, [open]);
  const toggleEraser = useCallback(() => setEraser((e) => !e), []);
  const toggleMask = useCallback(() => setShowMask((v) => !v), []);
  const ready = status === 'ready';
  const keys = useEditorKeys({ active: open && ready, view, setTool: setActive, toggleEraser, toggleMask, undo: tool.undo, redo: tool.redo });

  return (
    <Dialog.Root open={open} onOpenChange={(o) => !o && tool.closeModal()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/85 backdrop-blur-sm" />
        <Dialog.Content className="fixed inset-0 z-50 flex flex-col text-zinc-100 focus:outline-none" aria-describedby={undefined} data-testid="mask-modal">
          <header className="flex items-center justify-between gap-2 border-b border-white/10 bg-[#16171b] px-3 py-2 sm:px-5 sm:py-3">
            <Dialog.Title className="truncate text-[15px] font-semibold">{msg('maskModalTitle')}</Dialog.Title>
            <div className="flex items-center gap-2">
              <EditorZoomControls view={view} disabled={!ready} />
              <Dialog.Close asChild>
                <button
                  type="button"
                  aria-label={msg('maskDone')}
                  className="flex h-9 w-9 items-center justify-center rounded-md text-zinc-400 hover:bg-white/10 hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-400"
                >
                  <X className="h-4 w-4" />
                </button>
              </Dialog.Close>
            </div>
          </header>
          <div className="flex min-h-0 flex-1 flex-col md:flex-row">
            {image && (
              <MaskEditorStage
                stageRef={setStageEl}
                stageEl={stageEl}
                view={view}
                src={shown.src}
                alt={image.name}
                picture={picture}
                natural={natural}
                mask={tool.mask}
                showMask={showMask}
                tool={active}
                eraser={eraser}
                brushSize={tool.brushSize}
                paint={tool}
                spaceHeld={keys.spaceHeld}
                status={status}
                onStatus={onStatus}
              />
            )}
            <aside className="flex max-h-[46%] shrink-0 flex-col gap-3 overflow-y-auto border-t border-white/10 bg-[#16171b] p-3 md:max-h-none md:w-[300px] md:border-l md:border-t-0 md:p-4">
              <MaskEditorTools
                tool={tool}
                active={active}
                setActive={setActive}
                eraser={eraser}
                toggleEraser={toggleEraser}
                showMask={showMask}
                toggleMask={toggleMask}
                disabled={!ready}
              />
              <p className="hidden text-[12.5px] leading-snug text-zinc-400 md:block">{msg('maskModalHint')}</p>
              <div className="mt-auto flex gap-2 md:flex-col">
                <RemoveObjectButton tool={tool} selected={image} className="flex-1 md:flex-none" />
                <Dialog.Close asChild>
                  <button
                    type="button"
                    className="h-10 flex-1 rounded-md text-[13px] text-zinc-300 ring-1 ring-white/10 hover:bg-white/[0.06] md:h-9 md:flex-none"
                  >
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
