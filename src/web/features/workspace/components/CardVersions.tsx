/**
 * The card's results, so an earlier one stays reachable after an enhancement or a removal replaced it: choosing
 * one shows it, and downloads and removals then work on it. Shown only when the card has more than one.
 */
import { msg } from '@shared/messages';
import { isBusy, versionLabelOf, versionsOf, type EnhancedResult, type WorkspaceImage } from '@web/features/canvas-core/workspace-state';
import { useWorkspaceContext } from './workspace-context';

/** "2. Removed 1 object · ×2 Precision · 400 × 300": each version named by the steps that made it. */
function versionLabel(image: WorkspaceImage, v: EnhancedResult, n: number): string {
  return msg('workspaceVersionOption', { n, chain: versionLabelOf(image, v), width: v.width, height: v.height });
}

export function CardVersions({ image }: { image: WorkspaceImage }) {
  const ws = useWorkspaceContext();
  const versions = versionsOf(image);
  if (versions.length < 2 || !image.enhanced) return null;
  const current = versions.findIndex((v) => v === image.enhanced || (v.jobId !== '' && v.jobId === image.enhanced!.jobId));
  return (
    <label className="ws-caption nodrag flex items-center gap-2 border-t border-white/5 text-zinc-400">
      <span className="shrink-0">{msg('workspaceVersion')}</span>
      <select
        className="min-w-0 flex-1 truncate rounded bg-white/5 text-zinc-200 ring-1 ring-white/10 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-400"
        data-testid="card-versions"
        value={current >= 0 ? versions[current].jobId : ''}
        disabled={isBusy(image)}
        onClick={(e) => e.stopPropagation()}
        onChange={(e) => ws.dispatch({ type: 'showVersion', key: image.key, jobId: e.target.value })}
      >
        {versions.map((v, i) => (
          <option key={v.jobId || v.url} value={v.jobId}>
            {versionLabel(image, v, i + 1)}
          </option>
        ))}
      </select>
    </label>
  );
}
