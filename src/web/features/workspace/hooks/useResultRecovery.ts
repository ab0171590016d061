import { useCallback, useRef, useState } from 'react';
import { toast } from 'sonner';
import { msg } from '@shared/messages';

/** seed 001 §9: an image is retried 2 times, 1000 ms apart. */
const RESULT_RETRIES = 2;
const RESULT_RETRY_MS = 1_000;

interface Attempt {
  tries: number;
  running: boolean;
  gaveUp: boolean;
}

/**
 * The reachability of finished results (seed 001 §7.6, §7.7, §8). A result is checked with a HEAD request when its
 * job completes; when that check or the card's image fails, the user is told ('Image Display Issue… Attempting
 * recovery'), the signed URLs are renewed and the image is loaded again, up to two times a second apart. A result
 * that then shows says 'Image Recovered'; one that does not says 'Enhancement completed but image is not accessible.'
 * `reloads[key]` changes with each attempt so the card loads its image again even when its URL did not change.
 */
export function useResultRecovery(refreshUrls: () => Promise<unknown>) {
  const attempts = useRef(new Map<string, Attempt>());
  const [reloads, setReloads] = useState<Record<string, number>>({});

  const recover = useCallback(
    async (key: string, reason: 'unreachable' | 'access-error' = 'unreachable') => {
      const a = attempts.current.get(key) ?? { tries: 0, running: false, gaveUp: false };
      attempts.current.set(key, a);
      if (a.running || a.gaveUp) return;
      const id = `result-${key}`;
      if (a.tries >= RESULT_RETRIES) {
        a.gaveUp = true;
        toast.error(msg(reason === 'access-error' ? 'enhanceAccessError' : 'enhanceNotAccessible'), { id, description: msg('enhancedFailedToLoad') });
        return;
      }
      a.running = true;
      if (a.tries === 0) toast.warning(msg('enhanceDisplayIssue'), { id });
      try {
        await refreshUrls();
      } catch {
        // the next attempt asks again; the URLs the card has are tried meanwhile
      }
      await new Promise((r) => setTimeout(r, RESULT_RETRY_MS));
      a.tries++;
      a.running = false;
      setReloads((r) => ({ ...r, [key]: a.tries }));
    },
    [refreshUrls],
  );

  /** The job of a card completed with this result: is it reachable? */
  const checkResult = useCallback(
    async (key: string, url: string) => {
      try {
        const res = await fetch(url, { method: 'HEAD', cache: 'no-store', credentials: 'same-origin' });
        if (!res.ok) void recover(key);
      } catch {
        void recover(key, 'access-error');
      }
    },
    [recover],
  );

  /** The card's result image failed to load. */
  const resultFailed = useCallback((key: string) => void recover(key), [recover]);

  /** The card's result image loaded: a recovery in progress has succeeded. */
  const resultLoaded = useCallback((key: string) => {
    const a = attempts.current.get(key);
    if (!a || a.running) return;
    attempts.current.delete(key);
    if (a.tries > 0 && !a.gaveUp) toast.success(msg('enhanceRecovered'), { id: `result-${key}` });
  }, []);

  return { reloads, checkResult, resultFailed, resultLoaded };
}
