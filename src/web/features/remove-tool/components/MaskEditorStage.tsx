import { useEffect, useRef, useState } from 'react';
import { Loader2 } from 'lucide-react';
import { msg } from '@shared/messages';
import { maskEditorMessages as m } from '@shared/mask-editor-messages';
import { drawStrokes, OVERLAY_OPACITY, OVERLAY_STROKE_COLOR } from '../lib/mask-raster';
import { visibleStrokes, type MaskState } from '../lib/strokes';
import type { EditorTool } from '../lib/editor-keys';
import type { Point, Size } from '../lib/editor-view';
import { useEditorGestures, type PaintActions } from '../hooks/useEditorGestures';
import type { EditorView } from '../hooks/useEditorView';

interface StageProps {
  stageRef: (el: HTMLDivElement | null) => void;
  stageEl: HTMLDivElement | null;
  view: EditorView;
  src: string;
  alt: string;
  picture: Size;
  natural: Size;
  mask: MaskState;
  showMask: boolean;
  tool: EditorTool;
  eraser: boolean;
  brushSize: number;
  paint: PaintActions;
  spaceHeld: () => boolean;
  /** 'loading' until the picture is drawn: nothing is painted over an empty frame. */
  status: 'loading' | 'ready' | 'failed';
  onStatus: (status: 'ready' | 'failed') => void;
}

/**
 * The masking window's stage: the picture at the view's place and size, the mask drawn over it on a canvas the size
 * of the stage (so 400 % of a large render costs no more than Fit), and the tool's outline under the pointer.
 */
export function MaskEditorStage(p: StageProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [cursor, setCursor] = useState<Point | null>(null);
  const ready = p.status === 'ready';
  const gestures = useEditorGestures({
    stageEl: p.stageEl,
    view: p.view,
    picture: p.picture,
    natural: p.natural,
    tool: p.tool,
    eraser: p.eraser,
    brushSize: p.brushSize,
    paint: p.paint,
    spaceHeld: p.spaceHeld,
    disabled: !ready,
    showCursor: setCursor,
  });
  const { view, stage } = p.view;

  useEffect(() => {
    const el = canvasRef.current;
    if (!el || stage.width === 0 || !(p.natural.width > 0)) return;
    const dpr = Math.min(2, window.devicePixelRatio || 1);
    el.width = Math.round(stage.width * dpr);
    el.height = Math.round(stage.height * dpr);
    const ctx = el.getContext('2d');
    if (!ctx) return;
    ctx.clearRect(0, 0, el.width, el.height);
    if (!p.showMask) return;
    drawStrokes(ctx, visibleStrokes(p.mask), OVERLAY_STROKE_COLOR, (view.width / p.natural.width) * dpr, { offset: { x: view.x * dpr, y: view.y * dpr } });
  }, [p.mask, p.showMask, view, stage, p.natural.width]);

  const height = p.picture.width > 0 ? (view.width * p.picture.height) / p.picture.width : 0;
  return (
    <div
      ref={p.stageRef}
      tabIndex={0}
      role="application"
      aria-label={msg('maskModalHint')}
      aria-busy={!ready}
      data-testid="mask-modal-canvas"
      data-ready={ready}
      data-strokes={p.mask.strokes.length}
      data-zoom={Math.round(p.view.zoom * 100)}
      className={`relative min-h-0 flex-1 touch-none select-none overflow-hidden bg-[#0d0e10] outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-violet-400 ${!ready ? '' : p.tool === 'brush' ? 'cursor-none' : 'cursor-crosshair'}`}
      {...gestures}
    >
      {p.src && (
        <img
          src={p.src}
          alt={p.alt}
          draggable={false}
          onLoad={(e) => p.onStatus(e.currentTarget.naturalWidth > 0 ? 'ready' : 'failed')}
          onError={() => p.onStatus('failed')}
          className={`pointer-events-none absolute max-w-none select-none ${ready ? '' : 'opacity-0'}`}
          style={{ left: view.x, top: view.y, width: view.width, height }}
        />
      )}
      <canvas
        ref={canvasRef}
        aria-hidden
        className="pointer-events-none absolute inset-0 h-full w-full"
        style={{ opacity: OVERLAY_OPACITY }}
        data-testid="mask-overlay-canvas"
        data-shown={p.showMask}
      />
      {ready && cursor && p.tool === 'brush' && (
        <span
          aria-hidden
          data-testid="mask-cursor"
          className={`pointer-events-none absolute rounded-full border-2 shadow-[0_0_0_1px_rgba(0,0,0,0.6)] ${p.eraser ? 'border-dashed border-amber-300' : 'border-white/90'}`}
          style={{ left: cursor.x - p.brushSize / 2, top: cursor.y - p.brushSize / 2, width: p.brushSize, height: p.brushSize }}
        />
      )}
      {!ready && (
        <div role="status" className="absolute inset-0 flex flex-col items-center justify-center gap-3 text-[13px] text-zinc-400">
          {p.status === 'failed' ? (
            <span>{m.loadFailed}</span>
          ) : (
            <>
              <Loader2 className="h-6 w-6 animate-spin text-violet-300" aria-hidden />
              <span>{m.loading}</span>
            </>
          )}
        </div>
      )}
    </div>
  );
}
