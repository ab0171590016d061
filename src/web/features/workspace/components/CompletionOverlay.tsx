import { useRef } from 'react';
import { Dialog } from 'radix-ui';
import { CheckCircle2, Download, X } from 'lucide-react';
import { msg } from '@shared/messages';
import { MODE_LABELS, type EnhancementMode } from '@shared/enhancement';
import type { WorkspaceImage } from '@web/features/canvas-core/workspace-state';
import { Button } from '@web/ui/button';
import { useWorkspaceContext } from './workspace-context';

const modeLabel = (mode: string) => MODE_LABELS[mode as EnhancementMode] ?? mode;

/**
 * The full-screen 'Enhancement Complete' overlay (seed 000 §2): when an enhancement started on its own finishes, its
 * result fills the screen with what was made. 'View on Canvas' (focused first), the close button, Escape or a press
 * beside the picture close it and hand the focus to the result's card; Download PNG saves the result.
 */
export function CompletionOverlay({ image, onClose, onDownload }: { image: WorkspaceImage | null; onClose: () => void; onDownload: () => void }) {
  const ws = useWorkspaceContext();
  const result = image?.enhanced;
  // the card of the result takes the focus when the overlay closes (its Enhance button was disabled while it ran)
  const lastKey = useRef<string | null>(null);
  if (image) lastKey.current = image.key;
  return (
    <Dialog.Root open={!!result} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[70] bg-black/85 backdrop-blur-sm" />
        <Dialog.Content
          // on a phone the toasts take the top: the title and its caption start below them
          className="fixed inset-0 z-[70] flex flex-col items-center justify-center gap-4 px-4 pb-6 pt-24 text-zinc-100 focus:outline-none sm:p-10"
          data-testid="completion-overlay"
          onOpenAutoFocus={(e) => {
            e.preventDefault();
            document.getElementById('completion-view')?.focus();
          }}
          onCloseAutoFocus={(e) => {
            const node = lastKey.current ? document.querySelector<HTMLElement>(`.react-flow__node[data-id="${CSS.escape(lastKey.current)}"]`) : null;
            if (!node) return;
            e.preventDefault();
            node.focus({ preventScroll: true });
          }}
          onPointerDown={(e) => {
            // the backdrop is part of the full-screen content: a press beside the picture and the buttons closes
            if (e.target === e.currentTarget) onClose();
          }}
        >
          {result && image && (
            <>
              <Dialog.Close asChild>
                <button
                  type="button"
                  aria-label={msg('workspaceCompleteClose')}
                  className="absolute right-3 top-3 flex h-10 w-10 items-center justify-center rounded-full bg-white/10 text-zinc-200 hover:bg-white/20 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-400"
                >
                  <X className="h-5 w-5" />
                </button>
              </Dialog.Close>
              <div className="flex items-center gap-2">
                <CheckCircle2 className="h-6 w-6 text-emerald-400" aria-hidden />
                <Dialog.Title className="text-[20px] font-semibold tracking-tight sm:text-[24px]">{msg('workspaceCompleteTitle')}</Dialog.Title>
              </div>
              <Dialog.Description className="max-w-full truncate text-center text-[13px] text-zinc-400" data-testid="completion-summary">
                {msg('workspaceCompleteSummary', {
                  name: image.name,
                  scale: result.scale,
                  mode: modeLabel(result.mode),
                  width: result.width,
                  height: result.height,
                })}
              </Dialog.Description>
              <img
                // loaded again with the card when a failed result is recovered
                key={ws.resultReloads[image.key] ?? 0}
                onError={() => ws.resultFailed(image.key)}
                onLoad={() => ws.resultLoaded(image.key)}
                src={result.previewUrl ?? result.url}
                alt={image.name}
                className="min-h-0 max-w-full flex-1 object-contain sm:max-h-[70vh]"
              />
              <div className="flex flex-wrap justify-center gap-3">
                <Button variant="secondary" onClick={onDownload}>
                  <Download /> {msg('workspaceDownloadPng')}
                </Button>
                <Button id="completion-view" onClick={onClose}>
                  {msg('workspaceCompleteView')}
                </Button>
              </div>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
