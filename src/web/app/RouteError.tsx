import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { AlertTriangle } from 'lucide-react';
import { Button } from '../ui/button';
import { shellMessages } from '@shared/shell-messages';

/** Sends what broke to the server's security and operations log; a failed report is not a second error. */
function reportError(error: unknown) {
  const e = error instanceof Error ? error : new Error(typeof error === 'string' ? error : 'Unknown error');
  void fetch('/api/security-events', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      action: 'client_error',
      resource: 'web',
      status: 'failure',
      details: { message: e.message.slice(0, 500), name: e.name, stack: (e.stack ?? '').slice(0, 1500) },
      page_url: window.location.href.slice(0, 2000),
      timestamp: new Date().toISOString(),
    }),
    keepalive: true,
  }).catch(() => undefined);
}

/**
 * The error boundary of every route (seed 001 §8): what a user sees instead of a blank page when a screen breaks,
 * with a way back; the error goes to the server's log.
 */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => reportError(error), [error]);
  return (
    <div role="alert" className="flex min-h-[60vh] flex-col items-center justify-center px-4 text-center" data-testid="route-error">
      <AlertTriangle className="size-10 text-amber-400" aria-hidden />
      <h1 className="mt-4 text-2xl font-semibold text-white">{shellMessages.somethingWentWrong}</h1>
      <p className="mt-2 max-w-md text-zinc-400">{shellMessages.unexpectedErrorRefresh}</p>
      <Button className="mt-6" onClick={() => window.location.reload()}>
        {shellMessages.refreshPage}
      </Button>
    </div>
  );
}
