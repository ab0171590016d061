import { Shuffle } from 'lucide-react';
import { fill } from '@shared/messages';
import { maskEditorMessages as m } from '@shared/mask-editor-messages';
import { REMOVAL_CREDIT_COST } from '@shared/credit-cost';
import { isBusy, type WorkspaceImage } from '@web/features/canvas-core/workspace-state';
import { useRemoveToolContext } from '../useRemoveTool';

/**
 * 'Try another fill' under a card that shows a completed removal: the same removal again under another seed, whose
 * result becomes another version of the card (compare the two in the viewer, keep one from the Version list).
 */
export function AnotherFillButton({ image }: { image: WorkspaceImage }) {
  const tool = useRemoveToolContext();
  const shown = image.enhanced;
  if (!tool || !shown?.jobId || shown.mode !== 'remove' || isBusy(image)) return null;
  const hint = fill(m.anotherFillHint, { n: REMOVAL_CREDIT_COST });
  return (
    <div className="ws-caption nodrag flex border-t border-white/5">
      <button
        type="button"
        data-testid="another-fill"
        title={hint}
        disabled={tool.submitting || tool.removalRunning}
        onClick={(e) => {
          e.stopPropagation();
          void tool.anotherFill(image);
        }}
        className="inline-flex items-center gap-1.5 rounded text-violet-200 hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-400 disabled:cursor-not-allowed disabled:opacity-50"
      >
        <Shuffle className="h-3.5 w-3.5" aria-hidden />
        {m.tryAnotherFill}
      </button>
    </div>
  );
}
