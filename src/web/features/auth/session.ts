import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { NavigateFunction } from 'react-router';
import { profileRetry } from '@web/lib/retry-policy';
import { authApi, broadcastAuthEvent, onAuthEvent } from './api';
import { clearCachedDataIfWanted } from './cached-data';
import type { ProfileDto, SessionUserDto } from '@shared/api/profile';

/** GET /api/me's answer, from the API's schemas (src/shared/api/profile.ts). */
export type MeUser = SessionUserDto;
/** The part of the profile the account screens read. */
export type MeProfile = Pick<ProfileDto, 'first_name' | 'last_name' | 'email' | 'credits_remaining' | 'beta_access' | 'subscription_status' | 'is_business'> &
  Partial<Pick<ProfileDto, 'avatar_url' | 'complimentary'>>;
export interface Me {
  user: MeUser;
  profile: MeProfile | null;
}

export const ME_QUERY_KEY = ['auth', 'me'] as const;

/** GET /api/me: the signed-in user and profile, or null when signed out. */
export async function fetchMe(): Promise<Me | null> {
  const res = await fetch('/api/me', { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  if (res.status === 401) return null;
  if (!res.ok) throw new Error(`GET /api/me answered ${res.status}`);
  return (await res.json()) as Me;
}

/**
 * The account screens' view of the session; refreshed when another tab signs in or out. Loading the user and
 * profile is retried like the profile fetch (seed 001 §7.7): up to 2 times, 1 s apart.
 */
export function useMe() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onAuthEvent(() => {
        void queryClient.invalidateQueries();
      }),
    [queryClient],
  );
  return useQuery({ queryKey: ME_QUERY_KEY, queryFn: fetchMe, staleTime: 30_000, ...profileRetry });
}

/**
 * After sign-in, sign-out or deletion every cached answer may belong to the wrong person: reset them all, so guards
 * mounted next wait for fresh answers instead of acting on the old session's.
 */
export async function resetClientState(queryClient: ReturnType<typeof useQueryClient>) {
  await queryClient.resetQueries();
}

/**
 * The session has ended (log out, account deleted): home first, then forget the cached answers (and, with the
 * switch on, what this browser keeps of the account). The page on screen
 * (profile, workspace) must be gone before the signed-out state reaches it, or its guard sends the browser to
 * /login: the navigation is committed at once (flushSync) instead of as a transition that the reset would interrupt.
 */
export async function leaveSignedOut(navigate: NavigateFunction, queryClient: ReturnType<typeof useQueryClient>) {
  broadcastAuthEvent('SIGNED_OUT');
  await navigate('/', { replace: true, flushSync: true });
  // Settings → General 'Clear cache automatically'
  clearCachedDataIfWanted(queryClient);
  await resetClientState(queryClient);
}

/** Keeps the session cookie's lifetime sliding with the server's session while the app is open. */
export function useSessionKeepAlive(enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    void authApi.refreshSession().catch(() => undefined);
    const timer = setInterval(() => void authApi.refreshSession().catch(() => undefined), 60 * 60 * 1000);
    return () => clearInterval(timer);
  }, [enabled]);
}
