import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { toast } from 'sonner';
import { msg } from '@shared/messages';
import { isBusy, type WorkspaceImage } from '@web/features/canvas-core/workspace-state';
import {
  BRUSH_DEFAULT,
  beginStroke,
  cancelStroke,
  clampBrush,
  clearMask,
  commitStroke,
  emptyMask,
  extendStroke,
  hasMask,
  beginShape,
  redoStroke,
  reshape,
  undoStroke,
  type MaskPoint,
  type MaskState,
} from '../lib/strokes';
import { clampFeather, FEATHER_DEFAULT } from '../lib/feather';
import type { RemoveToolHost } from './useRemoveMode';

export const isRemoval = (img: WorkspaceImage | undefined | null) => Boolean(img && isBusy(img) && img.job?.workflow === 'remove');

/** The brush and the mask being painted on the selected image. */
export function useMaskPainting(hostRef: RefObject<RemoveToolHost>, selectedKey: string | null, used: () => void) {
  const [mask, setMask] = useState<MaskState>(emptyMask);
  const [maskFor, setMaskFor] = useState<string | null>(null);
  const [brushSize, setBrushSizeRaw] = useState(BRUSH_DEFAULT);
  const [feather, setFeatherRaw] = useState(FEATHER_DEFAULT);
  const featherRef = useRef(feather);
  featherRef.current = feather;
  const maskRef = useRef(mask);
  maskRef.current = mask;

  // seed 000 §4: the mask goes with a change of the selected image ('Mask Cleared' when no job runs)
  useEffect(() => {
    if (maskFor !== null && maskFor !== selectedKey) {
      const had = hasMask(maskRef.current) || maskRef.current.current !== null;
      setMask(clearMask());
      setMaskFor(null);
      if (had && !hostRef.current.state.images.some(isRemoval)) toast(msg('maskCleared'));
    }
  }, [selectedKey]);

  const setBrushSize = useCallback(
    (size: number) => {
      setBrushSizeRaw(clampBrush(size));
      used();
    },
    [used],
  );

  const setFeather = useCallback(
    (radius: number) => {
      setFeatherRaw(clampFeather(radius));
      used();
    },
    [used],
  );

  const startStroke = useCallback(
    (point: MaskPoint, sizeInImagePx: number, erase = false) => {
      const img = hostRef.current.selected;
      if (!img) return;
      setMaskFor(img.key);
      setMask((m) => beginStroke(m, point, sizeInImagePx, erase));
      used();
    },
    [used, hostRef],
  );
  /** A rectangle or lasso: its first points; `reshapeStroke` (rectangle) or `moveStroke` (lasso) follow the pointer. */
  const startShape = useCallback(
    (points: MaskPoint[], erase = false) => {
      const img = hostRef.current.selected;
      if (!img) return;
      setMaskFor(img.key);
      setMask((m) => beginShape(m, points, erase));
      used();
    },
    [used, hostRef],
  );
  const reshapeStroke = useCallback((points: MaskPoint[]) => setMask((m) => reshape(m, points)), []);
  const moveStroke = useCallback((point: MaskPoint) => setMask((m) => extendStroke(m, point)), []);
  const endStroke = useCallback(() => {
    setMask((m) => commitStroke(m));
    used();
  }, [used]);
  const abortStroke = useCallback(() => setMask((m) => cancelStroke(m)), []);
  const undo = useCallback(() => {
    setMask((m) => undoStroke(m));
    used();
  }, [used]);
  const redo = useCallback(() => {
    setMask((m) => redoStroke(m));
    used();
  }, [used]);
  /** The mask is gone (a removal's result arrived): no toast, no use of the tool. */
  const resetMask = useCallback(() => {
    setMask(clearMask());
    setMaskFor(null);
  }, []);
  const clear = useCallback(() => {
    resetMask();
    used();
  }, [used, resetMask]);

  return {
    mask,
    maskRef,
    maskFor,
    brushSize,
    setBrushSize,
    feather,
    featherRef,
    setFeather,
    startStroke,
    startShape,
    reshapeStroke,
    moveStroke,
    endStroke,
    abortStroke,
    undo,
    redo,
    clear,
    resetMask,
  };
}
