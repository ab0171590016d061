import { useEffect, useState } from 'react';
import { AlertTriangle, Loader2, RotateCcw } from 'lucide-react';
import { msg } from '@shared/messages';
import { MODE_LABELS, isEnhancementMode } from '@shared/enhancement';
import type { WorkspaceImage } from '@web/features/canvas-core/workspace-state';
import { progressView, waitingDetail, type QueueSpot } from '../lib/progress';

/** The progress overlay ticks once a second so the 15-minute 'Almost done...' rule and the ETA stay current. */
function useNow() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  return now;
}

/** A card's upload in progress, or its failure with a retry. */
export function CardUploadStatus({ image, onRetry }: { image: WorkspaceImage; onRetry: () => void }) {
  return (
    <>
      {image.status === 'uploading' && (
        <div className="ws-status absolute inset-0 flex flex-col items-center justify-center text-white/85">
          <Loader2 className="ws-status-icon animate-spin text-violet-300" />
          <span className="font-medium">{msg('workspaceUploading')}</span>
        </div>
      )}

      {image.status === 'upload-failed' && (
        <div className="ws-status absolute inset-0 flex flex-col items-center justify-center p-[8%] text-center">
          <AlertTriangle className="ws-status-icon text-amber-400" />
          <p className="max-w-[85%] leading-snug text-white/85">{image.error ?? msg('uploadFailed')}</p>
          <button
            type="button"
            className="ws-btn nodrag inline-flex items-center bg-white/10 font-medium text-white ring-1 ring-white/15 hover:bg-white/20 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-400"
            onClick={(e) => {
              e.stopPropagation();
              onRetry();
            }}
          >
            <RotateCcw />
            {msg('workspaceRetryUpload')}
          </button>
        </div>
      )}
    </>
  );
}

/** The progress overlay of a card whose job runs: what it does, how far it is, and its cancel button. */
export function CardProgress({
  job,
  cancelling,
  spots,
  onCancel,
}: {
  job: NonNullable<WorkspaceImage['job']>;
  cancelling: boolean;
  spots: Map<string, QueueSpot>;
  onCancel: () => void;
}) {
  const now = useNow();
  const progress = progressView(job, now);
  // a job waiting for a worker says where it stands in the server's queue
  const view = progress && progress.detail === msg('workspaceWaitingForWorker') ? { ...progress, detail: waitingDetail(spots.get(job.id)) } : progress;
  if (!view) return null;
  return (
    <div className="absolute inset-0 flex items-end bg-gradient-to-t from-black/85 via-black/25 to-transparent" data-testid="progress-overlay">
      <div className="ws-progress w-full">
        <div className="flex items-baseline justify-between gap-4">
          <span className="ws-progress-title font-semibold text-white">
            {cancelling ? msg('workspaceCancelling') : job?.workflow === 'remove' ? msg('workspaceRemovingObjects') : msg('workspaceEnhancing')}
          </span>
          {!cancelling && (
            <span className="ws-progress-value font-mono tabular-nums text-white/90" data-testid="progress-percent">
              {view.percent}%
            </span>
          )}
        </div>
        <div
          className="ws-progress-bar overflow-hidden rounded-full bg-white/15"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={cancelling ? 100 : view.percent}
        >
          <div
            className={`h-full rounded-full transition-[width] duration-700 ease-out ${cancelling ? 'bg-zinc-400' : 'bg-gradient-to-r from-violet-500 to-fuchsia-400'}`}
            style={{ width: `${cancelling ? 100 : Math.max(2, view.percent)}%` }}
          />
        </div>
        <div className="flex items-center justify-between gap-4">
          <span className="ws-progress-detail truncate text-white/65">
            {job && job.workflow !== 'remove' && `${job.scale}× ${isEnhancementMode(job.mode) ? MODE_LABELS[job.mode] : job.mode}`}
            {view.detail && !cancelling ? ` · ${view.detail}` : ''}
          </span>
          {!cancelling && (
            <button
              type="button"
              className="ws-btn nodrag shrink-0 bg-white/10 font-medium text-white ring-1 ring-white/20 hover:bg-red-500/80 hover:ring-red-400 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-400"
              onClick={(e) => {
                e.stopPropagation();
                onCancel();
              }}
            >
              {msg('workspaceCancel')}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
