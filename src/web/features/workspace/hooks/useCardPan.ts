import { useEffect, useRef, useState, type CSSProperties, type PointerEvent } from 'react';
import { ZOOM_DEFAULT } from '@web/features/canvas-core/zoom';
import type { WorkspaceImage } from '@web/features/canvas-core/workspace-state';

/**
 * A card's own zoom (seed 000 §5: 10–1200 %) and the pan of its picture, dragged by mouse, pen or finger while zoomed
 * in. The comparison slider takes the drags of a card that shows one; a card without a result shows no slider, so its
 * picture pans whatever the view.
 */
export function useCardPan(image: WorkspaceImage, getCanvasZoom: () => number) {
  const [pan, setPan] = useState({ x: 0, y: 0 });
  const drag = useRef<{ x: number; y: number; px: number; py: number } | null>(null);
  const zoomed = image.zoom !== ZOOM_DEFAULT;
  useEffect(() => {
    if (!zoomed) setPan({ x: 0, y: 0 });
  }, [zoomed]);
  const imageStyle: CSSProperties | undefined = zoomed
    ? {
        transform: `translate(${pan.x}px, ${pan.y}px) scale(${image.zoom / 100})`,
        transformOrigin: 'center',
        imageRendering: image.zoom >= 400 ? 'pixelated' : undefined,
      }
    : undefined;
  const comparing = !!image.enhanced && image.status !== 'uploading' && image.view === 'compare';
  const panHandlers =
    zoomed && !comparing
      ? {
          onPointerDown: (e: PointerEvent<HTMLDivElement>) => {
            e.currentTarget.setPointerCapture(e.pointerId);
            drag.current = { x: e.clientX, y: e.clientY, px: pan.x, py: pan.y };
          },
          onPointerMove: (e: PointerEvent<HTMLDivElement>) => {
            const d = drag.current;
            if (!d) return;
            const k = 1 / (getCanvasZoom() || 1);
            setPan({ x: d.px + (e.clientX - d.x) * k, y: d.py + (e.clientY - d.y) * k });
          },
          onPointerUp: () => (drag.current = null),
        }
      : {};
  return { zoomed, comparing, imageStyle, panHandlers };
}
