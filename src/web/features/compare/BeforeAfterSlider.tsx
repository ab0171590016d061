import { useCallback, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { ChevronsLeftRight, ImageOff, RotateCcw } from 'lucide-react';
import { cn } from '@web/lib/cn';
import { DEFAULT_POSITION, labelVisibility, positionForKey, positionFromPointer } from './slider-position';
import { useSliderLoad } from './useSliderLoad';
import { Picture, type ImageSources } from '@web/ui/picture';

interface BeforeAfterSliderProps {
  beforeSrc: string;
  afterSrc: string;
  /** Names the comparison for assistive technology, e.g. "Winter Architecture". */
  name: string;
  beforeAlt?: string;
  afterAlt?: string;
  /** Controlled position in percent; leave out to let the slider keep its own. */
  position?: number;
  defaultPosition?: number;
  onPositionChange?: (position: number) => void;
  beforeLabel?: string;
  afterLabel?: string;
  /** CSS aspect-ratio of the frame; the images cover it. */
  aspectRatio?: string;
  /** Load at once instead of when the slider nears the viewport. */
  eager?: boolean;
  className?: string;
  /** Drawn above the images, e.g. a badge; it does not take pointer events. */
  overlay?: ReactNode;
  /** Smaller widths and AVIF of both images, with the width the frame takes (`sizes`). */
  sources?: { before: ImageSources; after: ImageSources };
  sizes?: string;
}

/**
 * A before/after comparison: the enhanced image fills the frame and the original is revealed left of the handle.
 * Dragging works with mouse, pen and touch through pointer events (vertical swipes still scroll the page), and the
 * frame itself is a keyboard slider.
 */
export function BeforeAfterSlider({
  beforeSrc,
  afterSrc,
  name,
  beforeAlt = `${name}, before enhancement`,
  afterAlt = `${name}, enhanced`,
  position: controlled,
  defaultPosition = DEFAULT_POSITION,
  onPositionChange,
  beforeLabel = 'BEFORE',
  afterLabel = 'ENHANCED',
  aspectRatio = '4 / 3',
  eager = false,
  className,
  overlay,
  sources,
  sizes,
}: BeforeAfterSliderProps) {
  const frameRef = useRef<HTMLDivElement>(null);
  const [own, setOwn] = useState(defaultPosition);
  const position = controlled ?? own;
  const [dragging, setDragging] = useState(false);
  const { active, attempt, load, state, setLoad, retry, srcFor } = useSliderLoad(frameRef, eager);

  const setPosition = useCallback(
    (next: number) => {
      const rounded = Math.round(next * 10) / 10;
      if (controlled === undefined) setOwn(rounded);
      onPositionChange?.(rounded);
    },
    [controlled, onPositionChange],
  );

  const moveTo = (clientX: number) => {
    const rect = frameRef.current?.getBoundingClientRect();
    if (rect) setPosition(positionFromPointer(clientX, rect.left, rect.width));
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    e.currentTarget.focus({ preventScroll: true });
    setDragging(true);
    moveTo(e.clientX);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (dragging) moveTo(e.clientX);
  };
  const endDrag = (e: PointerEvent<HTMLDivElement>) => {
    if (e.currentTarget.hasPointerCapture(e.pointerId)) e.currentTarget.releasePointerCapture(e.pointerId);
    setDragging(false);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const next = positionForKey(e.key, position, e.shiftKey);
    if (next === null) return;
    e.preventDefault();
    setPosition(next);
  };

  const labels = labelVisibility(position);
  const rounded = Math.round(position);

  return (
    <div
      ref={frameRef}
      role="slider"
      tabIndex={0}
      aria-label={`${name}: before and after comparison`}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={rounded}
      aria-valuetext={`${rounded}% before, ${100 - rounded}% enhanced`}
      aria-orientation="horizontal"
      aria-busy={state === 'loading'}
      data-state={state}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
      onKeyDown={onKeyDown}
      style={{ aspectRatio }}
      className={cn(
        'group relative isolate w-full cursor-ew-resize touch-pan-y select-none overflow-hidden rounded-xl bg-zinc-900 outline-none ring-1 ring-white/10',
        'focus-visible:ring-2 focus-visible:ring-violet-400 focus-visible:ring-offset-2 focus-visible:ring-offset-zinc-950',
        className,
      )}
    >
      {active && (
        <>
          <Picture
            key={`after-${attempt}`}
            src={srcFor(afterSrc)}
            sources={sources?.after}
            sizes={sizes}
            alt={afterAlt}
            draggable={false}
            decoding="async"
            onLoad={() => setLoad((l) => ({ ...l, enhanced: 'loaded' }))}
            onError={() => setLoad((l) => ({ ...l, enhanced: 'error' }))}
            className="absolute inset-0 size-full object-cover"
          />
          <Picture
            key={`before-${attempt}`}
            src={srcFor(beforeSrc)}
            sources={sources?.before}
            sizes={sizes}
            alt={beforeAlt}
            draggable={false}
            decoding="async"
            onLoad={() => setLoad((l) => ({ ...l, before: 'loaded' }))}
            onError={() => setLoad((l) => ({ ...l, before: 'error' }))}
            style={{ clipPath: `inset(0 ${100 - position}% 0 0)` }}
            className="absolute inset-0 size-full object-cover"
          />
        </>
      )}

      {state === 'ready' && (
        <>
          <span
            aria-hidden
            className={cn(
              'pointer-events-none absolute left-3 top-3 rounded-md bg-black/60 px-2 py-1 text-[11px] font-semibold tracking-[0.14em] text-zinc-100 backdrop-blur transition-opacity',
              labels.before ? 'opacity-100' : 'opacity-0',
            )}
            data-label="before"
            data-visible={labels.before}
          >
            {beforeLabel}
          </span>
          <span
            aria-hidden
            className={cn(
              'pointer-events-none absolute right-3 top-3 rounded-md bg-violet-600/85 px-2 py-1 text-[11px] font-semibold tracking-[0.14em] text-white backdrop-blur transition-opacity',
              labels.enhanced ? 'opacity-100' : 'opacity-0',
            )}
            data-label="enhanced"
            data-visible={labels.enhanced}
          >
            {afterLabel}
          </span>
          <div aria-hidden className="pointer-events-none absolute inset-y-0 z-10 -translate-x-1/2" style={{ left: `${position}%` }}>
            <div className="h-full w-0.5 bg-white/90 shadow-[0_0_12px_rgba(0,0,0,0.6)]" />
            <div
              className={cn(
                'absolute left-1/2 top-1/2 flex size-10 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full border border-white/70 bg-zinc-950/70 text-white shadow-lg backdrop-blur transition-transform',
                dragging && 'scale-110',
                'group-focus-visible:border-violet-300 group-focus-visible:bg-violet-600',
              )}
            >
              <ChevronsLeftRight className="size-5" />
            </div>
          </div>
          {overlay && <div className="pointer-events-none absolute inset-0">{overlay}</div>}
        </>
      )}

      {state === 'loading' && <div className="absolute inset-0 animate-pulse bg-gradient-to-br from-zinc-900 via-zinc-800/60 to-zinc-900" aria-hidden />}

      {state === 'error' && (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-zinc-900 px-6 text-center" role="alert">
          <ImageOff className="size-8 text-zinc-500" aria-hidden />
          <p className="text-sm text-zinc-300">{load.timedOut ? 'The images took too long to load.' : 'The images could not be loaded.'}</p>
          <button
            type="button"
            onPointerDown={(e) => e.stopPropagation()}
            onClick={retry}
            className="inline-flex items-center gap-1.5 rounded-lg border border-white/10 bg-white/5 px-3 py-1.5 text-sm text-zinc-100 outline-none hover:bg-white/10 focus-visible:ring-2 focus-visible:ring-violet-400"
          >
            <RotateCcw className="size-4" aria-hidden /> Retry
          </button>
        </div>
      )}
    </div>
  );
}
