import { AlertTriangle, ImagePlus, Loader2, UploadCloud } from 'lucide-react';
import { msg } from '@shared/messages';
import type { UploadProgress } from '../hooks/useUploads';

export function EmptyState({ onBrowse }: { onBrowse: () => void }) {
  return (
    <div className="pointer-events-none absolute inset-0 flex items-center justify-center p-6">
      <div className="pointer-events-auto flex w-full max-w-[440px] flex-col items-center text-center" data-testid="empty-state">
        <h1 className="text-[22px] font-semibold tracking-tight text-zinc-100">{msg('workspaceEmptyTitle')}</h1>
        <button
          type="button"
          onClick={onBrowse}
          className="group mt-5 flex w-full flex-col items-center gap-3 rounded-2xl border border-dashed border-white/15 bg-white/[0.02] px-8 py-12 transition-colors hover:border-violet-400/60 hover:bg-violet-500/[0.04] focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-400"
        >
          <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-white/[0.05] ring-1 ring-white/10 transition-colors group-hover:bg-violet-500/15 group-hover:ring-violet-400/40">
            <ImagePlus className="h-6 w-6 text-zinc-300 group-hover:text-violet-200" />
          </span>
          <span className="text-[15px] font-medium text-zinc-100">{msg('workspaceDropHere')}</span>
          <span className="text-[13px] text-zinc-500">{msg('workspaceClickToBrowse')}</span>
        </button>
        <p className="mt-4 text-[12px] text-zinc-500">{msg('workspaceSupportedFormats')}</p>
      </div>
    </div>
  );
}

export function LoadingState() {
  return (
    <div className="absolute inset-0 flex items-center justify-center" role="status" aria-live="polite">
      <div className="flex flex-col items-center gap-3 text-center">
        <Loader2 className="h-7 w-7 animate-spin text-violet-300" />
        <p className="text-[14px] font-medium text-zinc-200">{msg('workspaceLoading')}</p>
        <p className="text-[12px] text-zinc-500">{msg('workspaceLoadingDetail')}</p>
      </div>
    </div>
  );
}

export function DropOverlay() {
  return (
    <div
      className="pointer-events-none absolute inset-3 z-40 flex items-center justify-center rounded-2xl border-2 border-dashed border-violet-400/70 bg-violet-500/[0.08]"
      data-testid="drop-overlay"
    >
      <div className="flex flex-col items-center gap-3 text-center">
        <UploadCloud className="h-10 w-10 text-violet-200" />
        <p className="text-[18px] font-semibold text-white">{msg('workspaceDropHere')}</p>
        <p className="text-[13px] text-violet-100/70">{msg('workspaceReleaseToUpload')}</p>
      </div>
    </div>
  );
}

export function UploadProgressCard({ progress }: { progress: UploadProgress }) {
  const percent = progress.total === 0 ? 0 : Math.round((progress.done / progress.total) * 100);
  return (
    <div
      className="pointer-events-auto w-[300px] rounded-xl border border-white/10 bg-[#16171b] p-3.5 shadow-2xl"
      role="status"
      aria-live="polite"
      data-testid="upload-progress"
    >
      <div className="mb-2 flex items-center justify-between text-[13px]">
        <span className="inline-flex items-center gap-2 font-medium text-zinc-100">
          <Loader2 className="h-3.5 w-3.5 animate-spin text-violet-300" />
          {msg('workspaceUploading')}
        </span>
        <span className="font-mono tabular-nums text-zinc-400">{percent}%</span>
      </div>
      <div className="h-1.5 overflow-hidden rounded-full bg-white/10">
        <div
          className="h-full rounded-full bg-gradient-to-r from-violet-500 to-fuchsia-400 transition-[width] duration-300"
          style={{ width: `${Math.max(3, percent)}%` }}
        />
      </div>
      <p className="mt-2 text-[12px] tabular-nums text-zinc-500">{msg('workspaceUploadProgress', { done: progress.done, total: progress.total })}</p>
    </div>
  );
}

export function BlockingOverlay({ label }: { label: string }) {
  return (
    <div className="absolute inset-0 z-50 flex items-center justify-center bg-black/50" role="status" aria-live="polite">
      <div className="flex items-center gap-3 rounded-xl border border-white/10 bg-[#16171b] px-5 py-3.5 text-[14px] font-medium text-zinc-100 shadow-2xl">
        <Loader2 className="h-4 w-4 animate-spin text-violet-300" />
        {label}
      </div>
    </div>
  );
}

export function UrlRefreshFailed({ onRetry, onUseOriginal }: { onRetry: () => void; onUseOriginal: () => void }) {
  return (
    <div
      className="pointer-events-auto flex items-center gap-3 rounded-xl border border-amber-400/20 bg-[#1d1a14]/95 px-4 py-3 text-[13px] text-amber-100 shadow-2xl"
      role="alert"
    >
      <AlertTriangle className="h-4 w-4 shrink-0 text-amber-300" />
      <span>{msg('imageFailedToLoad')}</span>
      <button
        type="button"
        onClick={onRetry}
        className="rounded-md bg-amber-300 px-2.5 py-1 text-[12px] font-semibold text-amber-950 hover:bg-amber-200 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-200"
      >
        {msg('retryRefresh')}
      </button>
      <button
        type="button"
        onClick={onUseOriginal}
        className="rounded-md px-2.5 py-1 text-[12px] font-medium text-amber-100/80 ring-1 ring-amber-200/20 hover:bg-white/5 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-200"
      >
        {msg('useOriginalUrls')}
      </button>
    </div>
  );
}

export function UrlRefreshing() {
  return (
    <div
      className="pointer-events-auto flex items-center gap-2.5 rounded-xl border border-white/10 bg-[#16171b] px-4 py-3 text-[13px] text-zinc-200 shadow-2xl"
      role="status"
    >
      <Loader2 className="h-4 w-4 animate-spin text-violet-300" />
      {msg('refreshingUrls')}
    </div>
  );
}
