import { useCallback, useEffect, useReducer, useRef, useState, type Dispatch, type RefObject } from 'react';
import { toast } from 'sonner';
import { msg } from '@shared/messages';
import { ZOOM_DEFAULT } from '@web/features/canvas-core/zoom';
import { isBusy, type WorkspaceAction, type WorkspaceImage, type WorkspaceState } from '@web/features/canvas-core/workspace-state';
import { removeModeOff, removeModeReducer } from '../lib/remove-mode';

/** What the remove tool needs from the workspace. */
export interface RemoveToolHost {
  state: WorkspaceState;
  dispatch: Dispatch<WorkspaceAction>;
  selected: WorkspaceImage | null;
}

/** The tool's on/off rules (seed 000 §4, §5) and its modal. */
export function useRemoveMode(hostRef: RefObject<RemoveToolHost>, selected: WorkspaceImage | null) {
  const [mode, dispatchMode] = useReducer(removeModeReducer, removeModeOff);
  const [modalOpen, setModalOpen] = useState(false);

  const used = useCallback(() => dispatchMode({ type: 'used', now: Date.now() }), []);

  const turnOn = useCallback(() => {
    const img = hostRef.current.selected;
    // seed 000 §5: brush tools need a selected image
    if (!img) {
      toast.error(msg('removeNoImage'));
      return false;
    }
    dispatchMode({ type: 'turnOn', now: Date.now(), imageKey: img.key });
    // painting happens on the image as it is shown, never on a comparison slider
    if (img.enhanced && img.view === 'compare') hostRef.current.dispatch({ type: 'setView', key: img.key, view: 'preview' });
    // the in-place overlay covers the card's frame; a zoomed-in image inside it would not line up with the strokes
    if (img.zoom !== ZOOM_DEFAULT) hostRef.current.dispatch({ type: 'setZoom', key: img.key, zoom: ZOOM_DEFAULT });
    return true;
  }, [hostRef]);

  const turnOff = useCallback(() => {
    dispatchMode({ type: 'turnOff' });
    setModalOpen(false);
  }, []);

  const toggle = useCallback(() => (mode.active ? turnOff() : void turnOn()), [mode.active, turnOn, turnOff]);

  // seed 000 §4: off when the selected image changes
  const selectedKey = selected?.key ?? null;
  useEffect(() => {
    dispatchMode({ type: 'imageChanged', imageKey: selectedKey });
  }, [selectedKey]);

  // seed 000 §4: off when comparison mode turns on
  const view = selected?.view ?? null;
  const prevView = useRef(view);
  useEffect(() => {
    // a job's start shows the comparison by itself; only the user turning it on counts
    if (prevView.current !== null && prevView.current !== 'compare' && view === 'compare' && selected?.enhanced && !isBusy(selected)) {
      dispatchMode({ type: 'comparisonOn' });
      setModalOpen(false);
    }
    prevView.current = view;
  }, [view, selected]);

  useEffect(() => {
    if (!mode.active) setModalOpen(false);
  }, [mode.active]);

  return { mode, dispatchMode, used, modalOpen, setModalOpen, turnOn, turnOff, toggle };
}
