/**
 * Where the viewer draws: one pane (a version alone, or two under the before/after divider) or two panes side by
 * side (stacked on a phone), all drawn from one view so zoom and pan stay in step. The loupe follows the pointer.
 */
import { useState, type PointerEvent, type ReactNode, type Ref } from 'react';
import { fill } from '@shared/messages';
import { viewerMessages } from '@shared/viewer';
import type { ViewerVersion } from './viewer-versions';
import { drawnHeight, type Point, type View } from './view-transform';
import { ViewerImage } from './ViewerImage';
import { ViewerLoupe } from './ViewerLoupe';
import { ViewerDivider } from './ViewerDivider';
import type { usePanZoomGestures } from './usePanZoomGestures';

export type ViewerMode = 'single' | 'slider' | 'side';

interface ViewerStageProps {
  mode: ViewerMode;
  left: ViewerVersion;
  right: ViewerVersion;
  view: View;
  zoom: number;
  loupe: boolean;
  phone: boolean;
  fitted: boolean;
  container: Ref<HTMLDivElement>;
  main: Ref<HTMLDivElement>;
  gestures: ReturnType<typeof usePanZoomGestures>;
}

const Label = ({ children, side }: { children: ReactNode; side: 'left' | 'right' }) => (
  <span
    className={`pointer-events-none absolute top-2 z-10 max-w-[45%] truncate rounded-full bg-black/70 px-2.5 py-1 text-[12px] font-medium text-white/90 ring-1 ring-white/10 ${side === 'left' ? 'left-2' : 'right-2'}`}
  >
    {children}
  </span>
);

export function ViewerStage({ mode, left, right, view, zoom, loupe, phone, fitted, container, main, gestures }: ViewerStageProps) {
  const [position, setPosition] = useState(50);
  const [hover, setHover] = useState<{ pane: 'left' | 'main'; at: Point; width: number; touch: boolean } | null>(null);
  const height = drawnHeight(view, right);

  // the pane under the pointer, found by position: while a drag holds the pointer captured, events name the stage
  const track = (e: PointerEvent<HTMLDivElement>) => {
    const el = document.elementFromPoint(e.clientX, e.clientY)?.closest<HTMLElement>('[data-pane]');
    if (!el || !e.currentTarget.contains(el)) return setHover(null);
    const r = el.getBoundingClientRect();
    setHover({
      pane: el.dataset.pane === 'left' ? 'left' : 'main',
      at: { x: e.clientX - r.left, y: e.clientY - r.top },
      width: r.width,
      touch: e.pointerType === 'touch',
    });
  };

  const loupeFor = (pane: 'left' | 'main') => {
    if (!loupe || !hover || hover.pane !== pane) return null;
    // under the divider: the version on the side of it the pointer is
    const version = pane === 'left' || (mode === 'slider' && hover.at.x < (position / 100) * hover.width) ? left : right;
    return <ViewerLoupe version={version} view={view} at={hover.at} zoom={zoom} phone={phone} touch={hover.touch} />;
  };

  const pane = 'relative min-h-0 min-w-0 flex-1 overflow-hidden bg-[#0b0c0e]';
  return (
    <div
      ref={container}
      className={`relative flex min-h-0 flex-1 touch-none outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-violet-400 select-none gap-0.5 bg-black max-sm:flex-col ${fitted ? 'cursor-zoom-in' : 'cursor-grab active:cursor-grabbing'} ${loupe ? '!cursor-none' : ''}`}
      data-testid="viewer-stage"
      tabIndex={0}
      role="group"
      aria-label={fill(viewerMessages.stage, { zoom: Math.round(zoom * 100) })}
      {...gestures}
      onPointerMove={(e) => {
        gestures.onPointerMove(e);
        if (loupe) track(e);
      }}
      onPointerDown={(e) => {
        gestures.onPointerDown(e);
        // a finger has no hover: the loupe shows from the touch on
        if (loupe) track(e);
      }}
      onPointerLeave={() => setHover(null)}
    >
      {mode === 'side' && (
        <div key="left" data-pane="left" className={pane} data-testid="viewer-pane-left">
          <ViewerImage version={left} view={view} zoom={zoom} height={height} testId="viewer-image-left" />
          <Label side="left">{left.label}</Label>
          {loupeFor('left')}
        </div>
      )}
      <div key="main" ref={main} data-pane="main" className={pane} data-testid="viewer-pane">
        <ViewerImage version={right} view={view} zoom={zoom} height={height} testId="viewer-image" />
        {mode === 'slider' && (
          <>
            <div className="pointer-events-none absolute inset-0" style={{ clipPath: `inset(0 ${100 - position}% 0 0)` }}>
              <ViewerImage version={left} view={view} zoom={zoom} height={height} testId="viewer-image-left" quiet />
            </div>
            {position > 12 && <Label side="left">{left.label}</Label>}
            <ViewerDivider position={position} onChange={setPosition} />
          </>
        )}
        {(mode !== 'slider' || position < 88) && <Label side="right">{right.label}</Label>}
        {loupeFor('main')}
      </div>
    </div>
  );
}
