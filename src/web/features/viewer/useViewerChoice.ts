/**
 * What the viewer shows of a card: the comparison mode, the version on the right (or alone) and the one on the
 * left, and the loupe. A new card starts on the version its card shows, compared with the upload.
 */
import { useEffect, useState } from 'react';
import type { WorkspaceImage } from '@web/features/canvas-core/workspace-state';
import { shownVersionIndex, type ViewerVersion } from './viewer-versions';
import type { ViewerMode } from './ViewerStage';

export function useViewerChoice(image: WorkspaceImage | null, versions: ViewerVersion[]) {
  const [mode, setModeState] = useState<ViewerMode>('single');
  const [right, setRight] = useState(0);
  const [left, setLeft] = useState(0);
  const [loupe, setLoupe] = useState(false);

  const key = image?.key ?? null;
  useEffect(() => {
    if (!image) return;
    const shown = shownVersionIndex(image, versions);
    setRight(shown);
    setLeft(shown === 0 ? Math.min(1, versions.length - 1) : 0);
    if (versions.length < 2) setModeState('single');
    // only a new card resets the choice; a new result on the same card keeps it
  }, [key]);

  const last = Math.max(0, versions.length - 1);
  const r = Math.min(right, last);
  const l = Math.min(left, last);

  /** A comparison mode toggles: pressed again it goes back to one version. */
  const setMode = (next: ViewerMode, toggle = false) => {
    if (next !== 'single' && versions.length < 2) return;
    setModeState((m) => (toggle && m === next ? 'single' : next));
  };

  return { mode, setMode, right: r, setRight, left: l, setLeft, loupe, toggleLoupe: () => setLoupe((x) => !x) };
}
