/** The card's way into the inspection viewer: a button in its caption (a double click on the card does the same). */
import { Maximize2 } from 'lucide-react';
import { viewerMessages } from '@shared/viewer';
import { openViewer } from './viewer-store';

export function OpenViewerButton({ cardKey }: { cardKey: string }) {
  return (
    <button
      type="button"
      aria-label={viewerMessages.open}
      title={viewerMessages.open}
      data-testid="card-open-viewer"
      className="nodrag -my-1 ml-1 flex h-6 w-6 shrink-0 items-center justify-center rounded text-zinc-400 hover:bg-white/[0.07] hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-400"
      onClick={(e) => {
        e.stopPropagation();
        openViewer(cardKey);
      }}
    >
      <Maximize2 className="h-3.5 w-3.5" />
    </button>
  );
}

/**
 * A double click on a card opens it in the viewer; one on a control inside the card is the control's, and one on the
 * mask being painted is two brush dots.
 */
export function isViewerDoubleClick(target: EventTarget | null): boolean {
  return !(target as HTMLElement | null)?.closest?.('button,select,a,input,[role="slider"],[data-testid="mask-overlay"]');
}
