import { useCallback, useEffect, useRef, useState } from 'react';
import { SIGNED_URL_BATCH_MAX, SIGNED_URL_TTL } from '@shared/limits';
import { workspaceApi } from '../api/workspace-api';
import { needsRefresh, refreshRequests } from '../lib/signed-urls';
import type { WorkspaceCore } from './workspace-core';

/** seed 001 §9: the URL cache is cleaned every 10 minutes. */
const URL_SWEEP_MS = 10 * 60_000;
/** Images failing again this soon after a successful refresh are not an expiry problem; ask instead of looping. */
const URL_RETRY_GRACE_MS = 30_000;

type UrlRefreshState = 'idle' | 'refreshing' | 'failed';

/** Signed URLs: renewed before they expire, and at once when a card's image fails to load. */
export function useUrlRefresh({ stateRef, dispatch }: WorkspaceCore) {
  const [urlRefresh, setUrlRefresh] = useState<UrlRefreshState>('idle');

  const refreshUrls = useCallback(
    async (opts: { onlyExpiring: boolean }) => {
      const now = Date.now();
      const urls: string[] = [];
      for (const img of stateRef.current.images) {
        for (const u of [img.url, img.thumbnailUrl, img.enhanced?.url ?? null, img.enhanced?.previewUrl ?? null])
          if (u && (!opts.onlyExpiring || needsRefresh(u, now))) urls.push(u);
      }
      const requests = refreshRequests(urls, SIGNED_URL_TTL.processedResult);
      if (requests.length === 0) return true;
      // the server signs at most SIGNED_URL_BATCH_MAX per request; a large canvas needs several
      const successful: { bucket: string; filePath: string; signedUrl: string }[] = [];
      for (let i = 0; i < requests.length; i += SIGNED_URL_BATCH_MAX) {
        const part = await workspaceApi.signUrls(requests.slice(i, i + SIGNED_URL_BATCH_MAX).map((r) => r.request));
        successful.push(...part.successful);
      }
      const map: Record<string, string> = {};
      for (const r of requests) {
        const hit = successful.find((s) => s.bucket === r.request.bucket && s.filePath === r.request.filePath);
        if (hit) map[r.url] = hit.signedUrl;
      }
      dispatch({ type: 'replaceUrls', urls: map });
      return Object.keys(map).length > 0;
    },
    [stateRef, dispatch],
  );

  useEffect(() => {
    const timer = setInterval(() => void refreshUrls({ onlyExpiring: true }).catch(() => {}), URL_SWEEP_MS);
    return () => clearInterval(timer);
  }, [refreshUrls]);

  /**
   * A card's image failed to load: its signed URL has likely expired. One refresh at a time; when images still
   * fail right after a refresh, or the refresh fails, the user chooses between retrying and the URLs they have.
   */
  const refreshState = useRef<{ running: boolean; lastOk: number; gaveUp: boolean }>({ running: false, lastOk: 0, gaveUp: false });
  const imageFailed = useCallback(
    async (opts: { manual?: boolean } = {}) => {
      const r = refreshState.current;
      if (r.running || (r.gaveUp && !opts.manual)) return;
      if (!opts.manual && Date.now() - r.lastOk < URL_RETRY_GRACE_MS) {
        setUrlRefresh('failed');
        return;
      }
      r.running = true;
      setUrlRefresh('refreshing');
      try {
        await refreshUrls({ onlyExpiring: false });
        r.lastOk = Date.now();
        r.gaveUp = false;
        setUrlRefresh('idle');
      } catch {
        setUrlRefresh('failed');
      } finally {
        r.running = false;
      }
    },
    [refreshUrls],
  );
  const useOriginalUrls = useCallback(() => {
    // seed 001 §7.7: on a failed refresh the original address is used; stop asking until the user retries
    refreshState.current.gaveUp = true;
    setUrlRefresh('idle');
  }, []);

  return { urlRefresh, imageFailed, retryUrlRefresh: () => imageFailed({ manual: true }), useOriginalUrls };
}
