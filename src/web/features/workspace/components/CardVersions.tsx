/**
 * The card's results, so an earlier one stays reachable after an enhancement or a removal replaced it: choosing
 * one shows it, and downloads and removals then work on it. Shown only when the card has more than one.
 */
import { msg } from '@shared/messages';
import { isEnhancementMode, MODE_LABELS } from '@shared/enhancement';
import { isBusy, versionsOf, type EnhancedResult, type WorkspaceImage } from '@web/features/canvas-core/workspace-state';
import { useWorkspaceContext } from './workspace-context';

function versionLabel(v: EnhancedResult, n: number): string {
  const size = { n, width: v.width, height: v.height };
  if (v.mode === 'remove') return msg('workspaceVersionRemoval', size);
  return msg('workspaceVersionEnhanced', { ...size, scale: v.scale, mode: isEnhancementMode(v.mode) ? MODE_LABELS[v.mode] : v.mode });
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
            {versionLabel(v, i + 1)}
          </option>
        ))}
      </select>
    </label>
  );
}
