import { activeJobCount, enhanceAllCandidates, enhanceInput, type WorkspaceImage, type WorkspaceState } from '@web/features/canvas-core/workspace-state';
import { useEstimate } from './useEstimate';
import { useBatchEta } from './useBatchEta';

/**
 * The estimate for what a press would enhance: the several selected (or, with none selected, every card Enhance all
 * takes), else the selected card; and the running batch's one ETA.
 */
export function useSelectionEstimate(state: WorkspaceState, selected: WorkspaceImage | null, batch: { total: number; fraction: number } | null) {
  const multi = state.multiSelected.length > 0;
  const keys = multi || !selected ? enhanceAllCandidates(state) : [selected.key];
  const items = keys.flatMap((k) => {
    const img = state.images.find((i) => i.key === k);
    return img?.imageId && img.width > 0 ? [{ imageId: img.imageId, versionId: enhanceInput(img).versionId }] : [];
  });
  // the query key is hashed by value: a new array each render asks nothing again
  const { scale, mode, target } = state.settings;
  const { data, loading } = useEstimate({ items, scale, target, mode, finishedJobs: activeJobCount(state) });
  const batchEtaMs = useBatchEta(batch, data);
  return { estimate: data, loading, batchEtaMs };
}
