import { useEffect, useSyncExternalStore } from 'react';
import { WifiOff } from 'lucide-react';
import { shellMessages } from '@shared/shell-messages';
import { connection } from '../lib/api-client';

const subscribe = (onChange: () => void) => connection.subscribe(onChange);
const isLost = () => connection.isLost();

/**
 * The banner every page shows while the server does not answer (`lib/connection-status.ts`): it appears when a call
 * or the live channel finds no server and goes once the server answers again. The browser's own offline and online
 * events start the same check.
 */
export function ConnectionBanner() {
  const lost = useSyncExternalStore(subscribe, isLost, () => false);
  useEffect(() => {
    const check = () => connection.suspect();
    window.addEventListener('offline', check);
    window.addEventListener('online', check);
    return () => {
      window.removeEventListener('offline', check);
      window.removeEventListener('online', check);
    };
  }, []);
  if (!lost) return null;
  return (
    <div role="alert" data-testid="connection-banner" className="border-b border-amber-800 bg-amber-950 text-amber-100">
      <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-2 text-sm sm:px-6 lg:px-8">
        <WifiOff className="size-4 shrink-0" aria-hidden />
        <p className="min-w-0 flex-1 leading-snug">{shellMessages.connectionLostBanner}</p>
      </div>
    </div>
  );
}
