/**
 * The before/after divider over the viewer's image: dragged with any pointer, or moved by keyboard as a WAI-ARIA
 * slider (the rules of the workspace's comparison slider, src/web/features/compare/slider-position).
 */
import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { ChevronsLeftRight } from 'lucide-react';
import { viewerMessages } from '@shared/viewer';
import { positionForKey, positionFromPointer } from '@web/features/compare/slider-position';

export function ViewerDivider({ position, onChange }: { position: number; onChange: (position: number) => void }) {
  const dragging = useRef(false);
  const frame = (el: Element) => el.closest('[data-pane]')!.getBoundingClientRect();
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    // the divider's drag is not a pan of the image
    e.stopPropagation();
    dragging.current = true;
    e.currentTarget.setPointerCapture?.(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!dragging.current) return;
    e.stopPropagation();
    const r = frame(e.currentTarget);
    onChange(positionFromPointer(e.clientX, r.left, r.width));
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    e.stopPropagation();
    dragging.current = false;
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const next = positionForKey(e.key, position, e.shiftKey);
    if (next === null) return;
    // arrows here move the divider, not the image or the card
    e.preventDefault();
    e.stopPropagation();
    onChange(next);
  };
  return (
    <div
      className="absolute inset-y-0 z-10 -ml-5 flex w-10 cursor-ew-resize touch-none justify-center"
      style={{ left: `${position}%` }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onDoubleClick={(e) => e.stopPropagation()}
    >
      <div className="h-full w-0.5 bg-white/90 shadow-[0_0_6px_rgba(0,0,0,0.6)]" />
      <div
        role="slider"
        tabIndex={0}
        aria-label={viewerMessages.sliderLabel}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(position)}
        aria-orientation="horizontal"
        data-testid="viewer-divider"
        onKeyDown={onKeyDown}
        className="absolute top-1/2 flex h-10 w-10 -translate-y-1/2 items-center justify-center rounded-full bg-white text-zinc-900 shadow-lg focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-violet-400"
      >
        <ChevronsLeftRight className="h-5 w-5" />
      </div>
    </div>
  );
}
