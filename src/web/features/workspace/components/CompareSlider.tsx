import { useCallback, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { msg } from '@shared/messages';

/** Labels hide near the edges, where they would sit over the handle (seed 000 §2). */
const LABEL_EDGE = 14;

interface CompareSliderProps {
  before: string;
  after: string;
  alt: string;
  /** 0..100, default 50. */
  initial?: number;
  onError?: () => void;
  /** The result (after) failed to load; `onError` when not given. */
  onAfterError?: () => void;
  onAfterLoad?: () => void;
  imageStyle?: React.CSSProperties;
}

/**
 * Before/after comparison inside a canvas card: the original on the left of the handle, the enhanced image on
 * the right. Dragged by mouse, touch or pen on the handle, or with the arrow keys once focused. Marked nodrag so
 * moving the handle does not move the card.
 */
export function CompareSlider({ before, after, alt, initial = 50, onError, onAfterError, onAfterLoad, imageStyle }: CompareSliderProps) {
  const [position, setPosition] = useState(initial);
  const box = useRef<HTMLDivElement>(null);

  const moveTo = useCallback((clientX: number) => {
    const rect = box.current?.getBoundingClientRect();
    if (!rect || rect.width === 0) return;
    setPosition(Math.min(100, Math.max(0, ((clientX - rect.left) / rect.width) * 100)));
  }, []);

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    e.stopPropagation();
    e.currentTarget.setPointerCapture(e.pointerId);
    moveTo(e.clientX);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (e.currentTarget.hasPointerCapture(e.pointerId)) moveTo(e.clientX);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = e.shiftKey ? 10 : 2;
    if (e.key === 'ArrowLeft') setPosition((p) => Math.max(0, p - step));
    else if (e.key === 'ArrowRight') setPosition((p) => Math.min(100, p + step));
    else if (e.key === 'Home') setPosition(0);
    else if (e.key === 'End') setPosition(100);
    else return;
    e.preventDefault();
    e.stopPropagation();
  };

  return (
    <div ref={box} className="relative h-full w-full select-none overflow-hidden" data-testid="compare-slider">
      <img
        src={after}
        alt={alt}
        draggable={false}
        className="absolute inset-0 h-full w-full object-contain"
        style={imageStyle}
        onError={onAfterError ?? onError}
        onLoad={onAfterLoad}
      />
      <div className="absolute inset-0" style={{ clipPath: `inset(0 ${100 - position}% 0 0)` }}>
        <img src={before} alt="" draggable={false} className="absolute inset-0 h-full w-full object-contain" style={imageStyle} onError={onError} />
      </div>
      {position > LABEL_EDGE && (
        <span className="ws-label pointer-events-none absolute left-0 top-0 rounded bg-black/65 font-semibold tracking-[0.12em] text-white/90">
          {msg('workspaceBefore')}
        </span>
      )}
      {position < 100 - LABEL_EDGE && (
        <span className="ws-label pointer-events-none absolute right-0 top-0 rounded bg-black/65 font-semibold tracking-[0.12em] text-white/90">
          {msg('workspaceAfter')}
        </span>
      )}
      <div
        role="slider"
        tabIndex={0}
        aria-label={`${msg('workspaceBefore')} / ${msg('workspaceAfter')}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(position)}
        data-testid="compare-handle"
        className="ws-handle nodrag nopan nowheel absolute inset-y-0 z-10 flex -translate-x-1/2 cursor-ew-resize touch-none items-center justify-center outline-none focus-visible:[&>span]:ring-4 focus-visible:[&>span]:ring-violet-400/60"
        style={{ left: `${position}%` }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onKeyDown={onKeyDown}
      >
        <div className="absolute inset-y-0 left-1/2 w-0.5 -translate-x-1/2 bg-white/90 shadow-[0_0_0_0.5px_rgba(0,0,0,0.4)]" />
        <span className="ws-knob relative flex items-center justify-center rounded-full border border-white/70 bg-black/60 text-white shadow-lg">
          <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" aria-hidden>
            <path d="m9 6-6 6 6 6M15 6l6 6-6 6" />
          </svg>
        </span>
      </div>
    </div>
  );
}
