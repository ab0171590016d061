import { useEffect, useSyncExternalStore } from 'react';
import { RefreshCw, X } from 'lucide-react';
import { Button } from '@web/ui/button';
import { shellMessages } from '@shared/shell-messages';
import { dismiss, getState, startUpdateChecks, subscribe, updateNow } from './update-store';

/** The 'Update Available' notice at the bottom of every page, with the countdown when auto-update is on. */
export function UpdateNotice() {
  const s = useSyncExternalStore(subscribe, getState);
  useEffect(() => startUpdateChecks(), []);
  if (!s.available || s.dismissed) return null;
  return (
    <div
      role="alertdialog"
      aria-labelledby="update-title"
      aria-describedby="update-body"
      data-testid="update-notice"
      className="fixed bottom-4 left-4 z-50 w-[min(24rem,calc(100vw-2rem))] rounded-xl border border-violet-500/30 bg-zinc-900/95 p-4 shadow-2xl shadow-black/50 backdrop-blur"
    >
      <div className="flex items-start gap-3">
        <RefreshCw className="mt-0.5 size-5 shrink-0 text-violet-300" aria-hidden />
        <div className="min-w-0 flex-1">
          <p id="update-title" className="font-semibold text-white">
            {shellMessages.updateAvailable}
          </p>
          <p id="update-body" className="mt-1 text-sm text-zinc-300">
            {shellMessages.updateAvailableBody}
          </p>
          {s.waitingFor ? (
            <p className="mt-2 text-xs text-amber-300" data-testid="update-waiting">
              The update waits until {s.waitingFor}.
            </p>
          ) : (
            s.countdown !== null && (
              <p className="mt-2 text-xs text-zinc-400" data-testid="update-countdown">
                Updating in {s.countdown} s…
              </p>
            )
          )}
          <div className="mt-3 flex gap-2">
            <Button size="sm" onClick={() => void updateNow()} disabled={!!s.waitingFor}>
              Update Now
            </Button>
            <Button size="sm" variant="ghost" onClick={dismiss}>
              Later
            </Button>
          </div>
        </div>
        <button
          type="button"
          aria-label="Dismiss"
          onClick={dismiss}
          className="rounded p-1 text-zinc-400 outline-none hover:text-white focus-visible:ring-2 focus-visible:ring-violet-400"
        >
          <X className="size-4" aria-hidden />
        </button>
      </div>
    </div>
  );
}
