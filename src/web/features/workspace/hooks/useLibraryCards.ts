import { useCallback, useMemo, useRef, useState, type DragEvent } from 'react';
import { useReactFlow } from '@xyflow/react';
import { toast } from 'sonner';
import { fill } from '@shared/messages';
import { LIBRARY_DRAG_TYPE, libraryMessages } from '@shared/library';
import { fitCard } from '@web/features/canvas-core/layout';
import { libraryApi } from '@web/features/library/api';
import type { Workspace } from './useWorkspace';

/** A card the camera should go to: framed, or left where it is when the user dropped it in view (`keep`). */
export interface CanvasFocus {
  key: string;
  keep: boolean;
  seq: number;
}

const isLibraryDrag = (e: DragEvent) => Array.from(e.dataTransfer?.types ?? []).includes(LIBRARY_DRAG_TYPE);

/**
 * Cards from the library: an upload is added with its versions (as a session puts it back), in the next free grid
 * slot or centred where it was dropped; one already on the canvas is never doubled, it is selected and shown instead
 * (and moved, when dropped).
 */
export function useLibraryCards(ws: Workspace) {
  const flow = useReactFlow();
  const { dispatch } = ws;
  const stateRef = useRef(ws.state);
  stateRef.current = ws.state;
  const [focus, setFocus] = useState<CanvasFocus | null>(null);
  const [adding, setAdding] = useState<string | null>(null);
  const seq = useRef(0);
  const show = useCallback((key: string, keep = false) => setFocus({ key, keep, seq: ++seq.current }), []);

  /** `at`: the screen point it was dropped on. False when it could not be added (a toast says so). */
  const add = useCallback(
    async (imageId: string, name: string, at?: { x: number; y: number }): Promise<boolean> => {
      const point = at ? flow.screenToFlowPosition(at) : null;
      const centred = (w: number, h: number) => {
        const box = fitCard(w, h);
        return point ? { x: point.x - box.width / 2, y: point.y - box.height / 2 } : undefined;
      };
      const existing = stateRef.current.images.find((i) => i.imageId === imageId);
      if (existing) {
        const position = centred(existing.width, existing.height);
        if (position) dispatch({ type: 'move', key: existing.key, position });
        dispatch({ type: 'select', key: existing.key });
        show(existing.key, Boolean(point));
        return true;
      }
      setAdding(imageId);
      try {
        const card = await libraryApi.card(imageId);
        dispatch({ type: 'addFromLibrary', image: card, position: centred(card.width, card.height), now: Date.now() });
        show(card.id, Boolean(point));
        return true;
      } catch {
        toast.error(fill(libraryMessages.addFailed, { name }));
        return false;
      } finally {
        setAdding(null);
      }
    },
    [flow, dispatch, show],
  );

  /** The workspace's drag handlers call this first: true when it was an upload dragged from the library. */
  const handleDrag = useCallback(
    (e: DragEvent): boolean => {
      if (!isLibraryDrag(e)) return false;
      e.preventDefault();
      if (e.type === 'dragover') e.dataTransfer.dropEffect = 'copy';
      if (e.type === 'drop') {
        const id = e.dataTransfer.getData(LIBRARY_DRAG_TYPE);
        if (id) void add(id, e.dataTransfer.getData('text/plain') || id, { x: e.clientX, y: e.clientY });
      }
      return true;
    },
    [add],
  );

  /** Upload id → the key of its card on the canvas. */
  const onCanvas = useMemo(() => new Map(ws.state.images.flatMap((i) => (i.imageId ? [[i.imageId, i.key] as const] : []))), [ws.state.images]);

  return { add, show, handleDrag, onCanvas, adding, focus };
}

export type LibraryCards = ReturnType<typeof useLibraryCards>;
