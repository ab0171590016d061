import { ChevronLeft, Coins, Layers, Loader2, SlidersHorizontal, Sparkles } from 'lucide-react';
import { msg } from '@shared/messages';
import { MODE_LABELS } from '@shared/enhancement';
import { targetSizeLabel } from '@shared/target-size';
import { computeReadout, computeTargetReadout } from '../lib/readout';
import { batchProgress, enhanceAllCandidates, enhanceInput, isBusy } from '@web/features/canvas-core/workspace-state';
import { planLabel } from '../lib/enhance-checks';
import { useWorkspaceContext } from './workspace-context';
import { ModePicker } from './PanelSections';
import { UpscaleSection } from './UpscaleSection';
import { useRemoveToolContext } from '@web/features/remove-tool/useRemoveTool';
import { RemoveToolPanel } from '@web/features/remove-tool/components/RemoveToolPanel';
import { formatCredits } from '@shared/credit-cost';
import { EstimateLine } from './EstimateLine';
import { useSelectionEstimate } from '../hooks/useSelectionEstimate';
import { formatSeconds } from '@shared/estimates';

function initials(first?: string | null, last?: string | null, email?: string | null) {
  const a = (first ?? '').trim()[0] ?? '';
  const b = (last ?? '').trim()[0] ?? '';
  return (a + b || (email ?? '?')[0] || '?').toUpperCase();
}

/** `onOpenProfile`: the avatar opens the Profile Settings side panel over the canvas. */
export function ControlPanel({ collapsed, onToggle, onOpenProfile }: { collapsed: boolean; onToggle: () => void; onOpenProfile: () => void }) {
  const ws = useWorkspaceContext();
  const { state, selected, profile, user } = ws;
  const { scale, mode, target } = state.settings;
  const credits = profile?.credits_remaining ?? null;
  // the version the card shows is what gets enhanced: the readout and the cost follow its size
  const input = selected && selected.width > 0 ? enhanceInput(selected) : null;
  const readout = input && target ? computeTargetReadout(input, target, credits) : input && scale ? computeReadout(input, scale, credits) : null;
  const busy = selected ? isBusy(selected) : false;
  // seed 000 §2: in remove mode the panel holds the brush and the main button reads Remove Object
  const removeTool = useRemoveToolContext();
  const batch = batchProgress(state);
  const candidates = enhanceAllCandidates(state).length;
  const multi = state.multiSelected.length > 0;
  const { estimate, loading, batchEtaMs } = useSelectionEstimate(state, selected, batch);
  // in place of the workers line (its hint says it): the same height, so the panel does not jump while it loads
  const showEstimate = !busy && !batch && estimate !== null;

  if (collapsed) {
    return (
      <button
        type="button"
        onClick={onToggle}
        aria-label={msg('workspaceExpandPanel')}
        aria-expanded={false}
        className="pointer-events-auto flex items-center gap-2.5 rounded-xl border border-white/10 bg-[#16171b] px-3 py-2.5 text-[13px] font-medium text-zinc-200 shadow-2xl hover:bg-[#1c1d22] focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-400"
      >
        <SlidersHorizontal className="h-4 w-4 text-violet-300" />
        <span>
          {target ? targetSizeLabel(target) : `${scale}×`} · {mode ? MODE_LABELS[mode] : ''}
        </span>
        {busy && <Loader2 className="h-3.5 w-3.5 animate-spin text-violet-300" />}
      </button>
    );
  }

  return (
    <aside
      aria-label="Enhance"
      className="pointer-events-auto flex max-h-full w-full flex-col overflow-hidden rounded-2xl border border-white/10 bg-[#16171b] text-zinc-200 shadow-[0_24px_64px_-16px_rgba(0,0,0,0.7)] sm:w-[288px]"
      data-testid="control-panel"
    >
      <header className="flex items-center gap-2.5 border-b border-white/[0.06] px-3.5 py-3">
        {profile?.beta_access ? (
          <span className="rounded-md bg-gradient-to-r from-violet-500/25 to-fuchsia-500/25 px-2 py-0.5 text-[11px] font-semibold uppercase tracking-wider text-violet-200 ring-1 ring-violet-400/30">
            {msg('workspaceBeta')}
          </span>
        ) : (
          <span className="rounded-md bg-white/[0.06] px-2 py-0.5 text-[11px] font-semibold uppercase tracking-wider text-zinc-300 ring-1 ring-white/10">
            {planLabel(profile?.subscription_status ?? null, false)}
          </span>
        )}
        <span className="inline-flex items-center gap-1 text-[12px] tabular-nums text-zinc-400" title={formatCredits(credits ?? 0)}>
          <Coins className="h-3.5 w-3.5" />
          <span data-testid="panel-credits">{credits ?? '—'}</span>
        </span>
        <div className="ml-auto flex items-center gap-1">
          <button
            type="button"
            onClick={onOpenProfile}
            aria-label={msg('sidePanelTitle')}
            title={msg('sidePanelTitle')}
            aria-haspopup="dialog"
            data-testid="open-side-panel"
            className="flex h-7 w-7 items-center justify-center rounded-full bg-gradient-to-br from-violet-500 to-fuchsia-500 text-[11px] font-semibold text-white ring-1 ring-white/20 hover:brightness-110 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-300"
          >
            {initials(profile?.first_name, profile?.last_name, user?.email)}
          </button>
          <button
            type="button"
            onClick={onToggle}
            aria-label={msg('workspaceCollapsePanel')}
            aria-expanded
            className="flex h-7 w-7 items-center justify-center rounded-md text-zinc-400 hover:bg-white/[0.06] hover:text-zinc-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-400"
          >
            <ChevronLeft className="h-4 w-4" />
          </button>
        </div>
      </header>

      {removeTool?.active ? (
        <RemoveToolPanel tool={removeTool} selected={selected} />
      ) : (
        <>
          {/* compact on a short window: the panel fits a 1280 × 720 laptop without scrolling */}
          <div className="flex-1 space-y-5 overflow-y-auto px-3.5 py-4 [@media(max-height:800px)]:space-y-3.5 [@media(max-height:800px)]:py-3">
            <UpscaleSection
              scale={scale}
              target={target}
              readout={readout}
              onScale={(f) => ws.dispatch({ type: 'setScale', scale: f })}
              onTarget={(t) => ws.dispatch({ type: 'setTarget', target: t })}
            />

            <ModePicker mode={mode} onPick={(m) => ws.dispatch({ type: 'setMode', mode: m })} />
          </div>

          <footer className="space-y-2 border-t border-white/[0.06] p-3.5 [@media(max-height:800px)]:space-y-1.5 [@media(max-height:800px)]:p-3">
            {showEstimate && <EstimateLine estimate={estimate} loading={loading} workers={ws.queue.workers} />}
            <button
              type="button"
              onClick={ws.enhanceSelected}
              // over the resolution limit the inline message says why; the button does not repeat it as a toast
              disabled={busy || Boolean(readout?.error)}
              aria-describedby={readout?.error ? 'enhance-readout-error' : undefined}
              aria-keyshortcuts="E"
              className="flex h-10 w-full items-center justify-center gap-2 rounded-lg bg-gradient-to-r from-violet-500 to-fuchsia-500 text-[14px] font-semibold text-white shadow-[0_8px_24px_-8px_rgba(139,92,246,0.7)] transition hover:brightness-110 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-300 focus-visible:ring-offset-2 focus-visible:ring-offset-[#16171b] disabled:cursor-not-allowed disabled:opacity-60"
            >
              {busy ? <Loader2 className="h-4 w-4 animate-spin" /> : <Sparkles className="h-4 w-4" />}
              {busy ? msg(selected?.job?.workflow === 'remove' ? 'workspaceRemoving' : 'workspaceEnhancing') : msg('workspaceEnhanceImage')}
            </button>
            <button
              type="button"
              onClick={ws.enhanceAll}
              disabled={candidates === 0 || batch !== null}
              className="flex h-9 w-full items-center justify-center gap-2 rounded-lg bg-white/[0.05] [@media(max-height:800px)]:h-8 text-[13px] font-medium text-zinc-200 ring-1 ring-white/10 transition hover:bg-white/[0.09] focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-400 disabled:cursor-not-allowed disabled:opacity-50"
            >
              <Layers className="h-4 w-4" />
              {multi ? msg('workspaceEnhanceSelected', { n: candidates }) : msg('workspaceEnhanceAll')}
              {!multi && candidates > 0 && <span className="rounded bg-white/10 px-1.5 text-[11px] tabular-nums text-zinc-300">{candidates}</span>}
            </button>
            {/* the estimate says how many the server runs at once in its hint: one line less on a 720 px laptop */}
            {!showEstimate && ws.queue.workers !== null && ws.queue.workers > 0 && (
              <p className="text-center text-[11.5px] text-zinc-500" data-testid="server-workers">
                {ws.queue.workers === 1 ? msg('workspaceWorkerOne') : msg('workspaceWorkersAtOnce', { n: ws.queue.workers })}
              </p>
            )}
            {batch && (
              <div className="pt-1" data-testid="batch-progress">
                <div className="mb-1 flex items-center justify-between gap-2 text-[11.5px] text-zinc-400">
                  <span>{msg('workspaceEnhanceAllProgress', { done: batch.enhanced, total: batch.total })}</span>
                  <span className="ml-auto font-mono tabular-nums">{Math.round(batch.fraction * 100)}%</span>
                  {batch.waiting > 0 && (
                    <button
                      type="button"
                      onClick={ws.stopBatch}
                      data-testid="batch-stop"
                      className="rounded px-1.5 py-0.5 text-[11px] font-medium text-zinc-300 ring-1 ring-white/15 transition hover:bg-white/10 hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-400"
                    >
                      {msg('workspaceEnhanceAllStop')}
                    </button>
                  )}
                </div>
                {batchEtaMs !== null && batch.finished < batch.total && (
                  <p className="mb-1 text-[11.5px] text-zinc-400" data-testid="batch-eta">
                    {msg('batchEtaLeft', { n: batch.total, time: formatSeconds(batchEtaMs / 1000) })}
                  </p>
                )}
                <div className="h-1 overflow-hidden rounded-full bg-white/10">
                  <div
                    className="h-full rounded-full bg-violet-400 transition-[width] duration-700"
                    style={{ width: `${Math.round(batch.fraction * 100)}%` }}
                  />
                </div>
              </div>
            )}
          </footer>
        </>
      )}
    </aside>
  );
}
