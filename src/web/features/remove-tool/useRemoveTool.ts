/**
 * The remove tool of the workspace (seed 000 §2, §4, §5; 001 §8 Removal and masking): its on/off rules, the
 * mask being painted, the brush, and the removal job from submission to the result on the card.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, useRef, useState, type Dispatch } from 'react';
import { toast } from 'sonner';
import { msg } from '../../../shared/messages';
import type { JobDto } from '../../../shared/jobs';
import { ApiError } from '../../lib/api-client';
import { ZOOM_DEFAULT } from '../canvas-core/zoom';
import { isBusy, type WorkspaceAction, type WorkspaceImage, type WorkspaceState } from '../canvas-core/workspace-state';
import { removeApi } from '../sessions/api';
import { MAX_MASK_SHARE, maskTooLargeMessage } from '../../../shared/removal';
import { estimateMaskShare, exportMaskPng } from './lib/mask-raster';
import { removalBasis, removalTarget, strokesForTarget } from './lib/removal-target';
import { msUntilIdleOff, removeModeOff, removeModeReducer } from './lib/remove-mode';
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
  undoStroke,
  type MaskPoint,
  type MaskState,
} from './lib/strokes';

/** What the remove tool needs from the workspace. */
export interface RemoveToolHost {
  state: WorkspaceState;
  dispatch: Dispatch<WorkspaceAction>;
  selected: WorkspaceImage | null;
}

function splitToast(text: string, kind: 'error' | 'success' | 'info' = 'error') {
  const i = text.indexOf(': ');
  const j = text.indexOf(' - ');
  const at = i > 0 && (j < 0 || i < j) ? i : j;
  const sep = at === i ? 2 : 3;
  const [title, description] = at > 0 ? [text.slice(0, at), text.slice(at + sep)] : [text, undefined];
  toast[kind](title, description ? { description } : undefined);
}

const isRemoval = (img: WorkspaceImage | undefined | null) => Boolean(img && isBusy(img) && img.job?.workflow === 'remove');

/** The job with a URL the browser can load: results in the private bucket arrive on the live channel as paths. */
async function withLoadableUrl(job: JobDto): Promise<JobDto> {
  const url = job.processed_image_url;
  if (!url || /^(https?:|blob:|\/)/i.test(url)) return job;
  const [signed] = await removeApi.jobs([job.id]);
  return signed ?? job;
}

export function useRemoveTool(host: RemoveToolHost) {
  const [mode, dispatchMode] = useReducer(removeModeReducer, removeModeOff);
  const [mask, setMask] = useState<MaskState>(emptyMask);
  const [maskFor, setMaskFor] = useState<string | null>(null);
  const [brushSize, setBrushSizeRaw] = useState(BRUSH_DEFAULT);
  const [modalOpen, setModalOpen] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const hostRef = useRef(host);
  hostRef.current = host;
  const maskRef = useRef(mask);
  maskRef.current = mask;

  const selected = host.selected;
  const removalRunning = host.state.images.some(isRemoval);
  const painting = mask.current !== null;

  const used = useCallback(() => dispatchMode({ type: 'used', now: Date.now() }), []);

  // ---------------------------------------------------------------- on and off

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
  }, []);

  const turnOff = useCallback(() => {
    dispatchMode({ type: 'turnOff' });
    setModalOpen(false);
  }, []);

  const toggle = useCallback(() => (mode.active ? turnOff() : void turnOn()), [mode.active, turnOn, turnOff]);

  // seed 000 §4: off when the selected image changes; the mask goes with it ('Mask Cleared' when no job runs)
  const selectedKey = selected?.key ?? null;
  useEffect(() => {
    dispatchMode({ type: 'imageChanged', imageKey: selectedKey });
    if (maskFor !== null && maskFor !== selectedKey) {
      const had = hasMask(maskRef.current) || maskRef.current.current !== null;
      setMask(clearMask());
      setMaskFor(null);
      if (had && !hostRef.current.state.images.some(isRemoval)) toast(msg('maskCleared'));
    }
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

  // seed 001 §9: off after 30 s without use; painting, the modal or a running removal count as use
  const busyForTimer = painting || modalOpen || removalRunning || submitting;
  useEffect(() => {
    const wait = msUntilIdleOff(mode, Date.now());
    if (wait === null) return;
    const t = setTimeout(() => dispatchMode({ type: 'tick', now: Date.now(), busy: busyForTimer }), wait + 10);
    return () => clearTimeout(t);
  }, [mode, busyForTimer]);

  useEffect(() => {
    if (!mode.active) setModalOpen(false);
  }, [mode.active]);

  // ---------------------------------------------------------------- brush and mask

  const setBrushSize = useCallback(
    (size: number) => {
      setBrushSizeRaw(clampBrush(size));
      used();
    },
    [used],
  );

  const startStroke = useCallback(
    (point: MaskPoint, sizeInImagePx: number) => {
      const img = hostRef.current.selected;
      if (!img) return;
      setMaskFor(img.key);
      setMask((m) => beginStroke(m, point, sizeInImagePx));
      used();
    },
    [used],
  );
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
  const clear = useCallback(() => {
    setMask(clearMask());
    setMaskFor(null);
    used();
  }, [used]);

  // ---------------------------------------------------------------- removal

  const submit = useCallback(async () => {
    const { selected: img } = hostRef.current;
    if (!img) {
      toast.error(msg('removeNoImage'));
      return;
    }
    const m = maskRef.current;
    if (!hasMask(m) || maskFor !== img.key) {
      splitToast(msg('maskNoneHint'));
      return;
    }
    if (isBusy(img)) return;
    // the removal works on what the card shows, at its resolution; removals on a removal add up
    const target = removalTarget(img);
    if (!target) {
      splitToast(msg('maskDetectionFailed'));
      return;
    }
    // the limit is the server's; measuring here spares an upload that would be refused
    const share = estimateMaskShare(m.strokes, img.width, img.height);
    if (share > MAX_MASK_SHARE) {
      toast.error(msg('processingFailedTitle'), { description: maskTooLargeMessage(share) });
      return;
    }
    setSubmitting(true);
    used();
    try {
      let png: Blob;
      try {
        png = await exportMaskPng(strokesForTarget(m.strokes, img, target), target.width, target.height);
      } catch {
        splitToast(msg('maskApplyFailed'));
        return;
      }
      const { job } = await removeApi.submit(target.imageId, png);
      hostRef.current.dispatch({ type: 'jobSubmitted', key: img.key, job, now: Date.now() });
      setModalOpen(false);
      splitToast(msg('removeStarted'), 'info');
    } catch (err) {
      const text = err instanceof ApiError && err.status !== 0 && err.status < 500 ? err.message : msg('removeFailed');
      toast.error(msg('processingFailedTitle'), { description: text });
    } finally {
      setSubmitting(false);
    }
  }, [maskFor, used]);

  /**
   * Removal jobs from the live channel and the polls. Returns true when the job was a removal and is handled here:
   * the result replaces the card's current image as a new version (the original stays as the 'before'), preview
   * mode turns on and the mask clears.
   */
  const onJob = useCallback((job: JobDto): boolean => {
    if (job.workflow_type !== 'remove') return false;
    const { state, dispatch } = hostRef.current;
    const card = state.images.find((i) => i.job?.id === job.id);
    if (!card) return true;
    if (job.status === 'processing' || job.status === 'pending') {
      dispatch({ type: 'jobUpdate', job, now: Date.now() });
      return true;
    }
    if (job.status === 'completed' && job.processed_image_url) {
      void withLoadableUrl(job)
        .then((loadable) => {
          // the result keeps the size of the version it worked on
          const scale = removalBasis(card, job.target_image_id)?.scale ?? 1;
          dispatch({ type: 'jobUpdate', job: { ...loadable, scale, mode: 'remove' }, now: Date.now() });
          dispatch({ type: 'setView', key: card.key, view: 'preview' });
          setMask(clearMask());
          setMaskFor(null);
        })
        .catch(() => {
          dispatch({ type: 'jobUpdate', job: { ...job, status: 'failed', processed_image_url: null, error_message: msg('processedSaveFailed') }, now: Date.now() });
          toast.error(msg('processingFailedTitle'), { description: msg('processingFailedWith', { reason: msg('processedSaveFailed') }) });
        });
      return true;
    }
    dispatch({ type: 'jobUpdate', job, now: Date.now() });
    // seed 000 §4: a failed or cancelled removal shows a destructive toast and ends processing
    if (job.status === 'cancelled') toast.error(msg('processingCancelled'));
    else toast.error(msg('processingFailedTitle'), { description: job.error_message ? msg('processingFailedWith', { reason: job.error_message }) : msg('processingFailed') });
    return true;
  }, []);

  const canSubmit = Boolean(selected) && !(selected && isBusy(selected)) && !submitting && !removalRunning;

  return useMemo(
    () => ({
      active: mode.active,
      mode,
      brushSize,
      setBrushSize,
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
      moveStroke,
      endStroke,
      abortStroke,
      undo,
      clear,
      submit,
      submitting,
      removalRunning,
      canSubmit,
      onJob,
      used,
    }),
    [mode, brushSize, setBrushSize, mask, maskFor, selectedKey, modalOpen, toggle, turnOn, turnOff, startStroke, moveStroke, endStroke, abortStroke, undo, clear, submit, submitting, removalRunning, canSubmit, onJob, used],
  );
}

export type RemoveTool = ReturnType<typeof useRemoveTool>;

export const RemoveToolContext = createContext<RemoveTool | null>(null);

export function useRemoveToolContext(): RemoveTool | null {
  return useContext(RemoveToolContext);
}
