/**
 * The remove tool of the workspace (seed 000 §2, §4, §5; 001 §8 Removal and masking): its on/off rules, the
 * mask being painted, the brush, and the removal job from submission to the result on the card. Each is a hook
 * in hooks/.
 */
import { createContext, useContext, useEffect, useMemo, useRef } from 'react';
import { isBusy } from '../canvas-core/workspace-state';
import { msUntilIdleOff } from './lib/remove-mode';
import { emptyMask } from './lib/strokes';
import { isRemoval, useMaskPainting } from './hooks/useMaskPainting';
import { useRemoval } from './hooks/useRemoval';
import { useRemoveMode, type RemoveToolHost } from './hooks/useRemoveMode';

export function useRemoveTool(host: RemoveToolHost) {
  const hostRef = useRef(host);
  hostRef.current = host;
  const selected = host.selected;
  const selectedKey = selected?.key ?? null;

  const { mode, dispatchMode, used, modalOpen, setModalOpen, turnOn, turnOff, toggle } = useRemoveMode(hostRef, selected);
  const painting = useMaskPainting(hostRef, selectedKey, used);
  const { mask, maskFor } = painting;
  const { submit, anotherFill, submitting, onJob } = useRemoval(hostRef, { ...painting, used, closeModal: () => setModalOpen(false) });
  const removalRunning = host.state.images.some(isRemoval);

  // seed 001 §9: off after 30 s without use; painting, the modal or a running removal count as use
  const busyForTimer = mask.current !== null || modalOpen || removalRunning || submitting;
  useEffect(() => {
    const wait = msUntilIdleOff(mode, Date.now());
    if (wait === null) return;
    const t = setTimeout(() => dispatchMode({ type: 'tick', now: Date.now(), busy: busyForTimer }), wait + 10);
    return () => clearTimeout(t);
  }, [mode, busyForTimer]);

  const canSubmit = Boolean(selected) && !(selected && isBusy(selected)) && !submitting && !removalRunning;
  const { brushSize, setBrushSize, feather, setFeather, startStroke, startShape, reshapeStroke, moveStroke, endStroke, abortStroke, undo, redo, clear } =
    painting;

  return useMemo(
    () => ({
      active: mode.active,
      mode,
      brushSize,
      setBrushSize,
      feather,
      setFeather,
      mask: maskFor === selectedKey ? mask : emptyMask,
      maskFor,
      modalOpen,
      openModal: () => {
        if (!mode.active && !turnOn()) return;
        setModalOpen(true);
        used();
      },
      closeModal: () => setModalOpen(false),
      toggle,
      turnOn,
      turnOff,
      startStroke,
      startShape,
      reshapeStroke,
      moveStroke,
      endStroke,
      abortStroke,
      undo,
      redo,
      clear,
      submit,
      anotherFill,
      submitting,
      removalRunning,
      canSubmit,
      onJob,
      used,
    }),
    [
      mode,
      brushSize,
      setBrushSize,
      feather,
      setFeather,
      mask,
      maskFor,
      selectedKey,
      modalOpen,
      toggle,
      turnOn,
      turnOff,
      startStroke,
      startShape,
      reshapeStroke,
      moveStroke,
      endStroke,
      abortStroke,
      undo,
      redo,
      clear,
      submit,
      anotherFill,
      submitting,
      removalRunning,
      canSubmit,
      onJob,
      used,
    ],
  );
}

export type RemoveTool = ReturnType<typeof useRemoveTool>;

export const RemoveToolContext = createContext<RemoveTool | null>(null);

export function useRemoveToolContext(): RemoveTool | null {
  return useContext(RemoveToolContext);
}
