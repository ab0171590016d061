import type { WorkspaceImage } from '@web/features/canvas-core/workspace-state';
import { isBusy } from '@web/features/canvas-core/workspace-state';
import { ZOOM_DEFAULT } from '@web/features/canvas-core/zoom';
import { useRemoveToolContext } from '../useRemoveTool';
import { MaskCanvas } from './MaskCanvas';

/** The in-place masking overlay on the selected card while the remove tool is on. */
export function CardMaskOverlay({ image, selected }: { image: WorkspaceImage; selected: boolean }) {
  const tool = useRemoveToolContext();
  if (!tool || !tool.active || !selected || tool.mode.imageKey !== image.key) return null;
  // strokes map onto the card's frame; a zoomed-in image would not line up (the modal paints at any zoom)
  if (!(image.width > 0) || !(image.height > 0) || image.zoom !== ZOOM_DEFAULT) return null;
  const busy = isBusy(image);
  // while a removal runs the painted mask stays visible, but nothing more can be painted
  if (busy && tool.maskFor !== image.key) return null;
  return (
    <MaskCanvas
      natural={{ width: image.width, height: image.height }}
      mask={tool.mask}
      brushSize={tool.brushSize}
      onStart={tool.startStroke}
      onMove={tool.moveStroke}
      onEnd={tool.endStroke}
      onCancel={tool.abortStroke}
      disabled={busy}
      testId="mask-overlay"
    />
  );
}
