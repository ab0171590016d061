import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ME_QUERY_KEY, useMe, type Me } from '@web/features/auth/session';
import type { ProfileDto } from '@web/features/canvas-core/types';

/**
 * The signed-in user and profile from GET /api/me through the auth module's query, so a credit change written
 * here shows in the navigation at once.
 */
export function useWorkspaceProfile() {
  const client = useQueryClient();
  const query = useMe();
  const setCredits = useCallback(
    (credits: number) => {
      client.setQueryData(ME_QUERY_KEY, (old: Me | null | undefined) =>
        old && old.profile ? { ...old, profile: { ...old.profile, credits_remaining: credits } } : old,
      );
    },
    [client],
  );
  const refresh = useCallback(() => client.invalidateQueries({ queryKey: ME_QUERY_KEY }), [client]);
  const data = query.data ?? null;
  const profile: ProfileDto | null = data?.profile ?? null;
  return { user: data?.user ?? null, profile, loading: query.isLoading, setCredits, refresh };
}
