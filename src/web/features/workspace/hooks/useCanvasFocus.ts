import { useCallback, useEffect, useRef } from 'react';
import { useReactFlow } from '@xyflow/react';
import { frameCards, PHONE_CARD_SPAN, TOAST_CORNER } from '@web/features/canvas-core/layout';
import type { CanvasFocus } from './useLibraryCards';

/** Below Tailwind's `sm` breakpoint the side panel covers the whole width and closes after adding. */
const PHONE_WIDTH = 640;

/**
 * Takes the camera to a card the library added or showed: the card framed in the part of the canvas the control
 * panel, the toolbar and an open side panel leave free. A card dropped where the user wanted it keeps the camera.
 * Call after the canvas's own framing effect: `pending()` tells that effect a library card is on its way, so it does
 * not frame every card for it.
 */
export function useCanvasFocus(focus: CanvasFocus | null | undefined, zoom: { min: number; max: number }) {
  const flow = useReactFlow();
  const handled = useRef(0);
  const pending = useCallback(() => Boolean(focus && focus.seq !== handled.current), [focus]);

  useEffect(() => {
    if (!focus || focus.seq === handled.current) return;
    handled.current = focus.seq;
    if (focus.keep) return;
    let frames = 0;
    const attempt = () => {
      // the store's own node: the one handed to React Flow is not told its measured size
      const node = flow.getInternalNode(focus.key);
      if (!node?.measured?.width) {
        if (++frames < 60) requestAnimationFrame(attempt);
        return;
      }
      const el = document.querySelector('.workspace-flow');
      if (!el) return;
      const area = el.getBoundingClientRect();
      const phone = area.width < PHONE_WIDTH;
      const pad = phone ? { top: 72, left: 16, right: 16, bottom: 96 } : { top: 80, left: 320, right: 56, bottom: TOAST_CORNER.band };
      const panel = phone ? null : document.querySelector('[data-testid="side-panel"]')?.getBoundingClientRect();
      if (panel && panel.width > 0 && panel.left > area.left + pad.left) pad.right = Math.max(pad.right, area.right - panel.left + 24);
      const bounds = { ...node.internals.positionAbsolute, width: node.measured.width, height: node.measured.height ?? node.measured.width };
      const viewport = frameCards(bounds, { width: area.width, height: area.height }, pad, {
        minZoom: zoom.min,
        maxZoom: zoom.max,
        minCardWidth: phone ? PHONE_CARD_SPAN : undefined,
      });
      void flow.setViewport(viewport, { duration: 300 });
    };
    requestAnimationFrame(attempt);
  }, [focus, flow, zoom.min, zoom.max]);

  return pending;
}
