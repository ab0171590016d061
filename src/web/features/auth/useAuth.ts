import { useMe, type MeProfile, type MeUser } from './session';

type AuthStatus = 'loading' | 'signed-in' | 'signed-out';

interface AuthState {
  status: AuthStatus;
  user: MeUser | null;
  profile: MeProfile | null;
}

/**
 * The app shell's view of the session, from GET /api/me (200 signed in, 401 signed out). It shares useMe's cache,
 * so the navigation and the account screens never disagree. An unreachable API counts as signed out: the public
 * pages must still render.
 */
export function useAuth(): AuthState {
  const { data, isPending, isError } = useMe();
  if (isPending && !isError) return { status: 'loading', user: null, profile: null };
  if (!data) return { status: 'signed-out', user: null, profile: null };
  return { status: 'signed-in', user: data.user, profile: data.profile };
}
