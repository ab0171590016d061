import type { SessionUser } from '../deps.js';
import type { Auth } from './auth.js';

/** The signed-in user of a request from its session cookie, or null (signed out, expired, or still in the two-factor step). */
export async function getSessionFromHeaders(auth: Auth, headers: Headers) {
  const result = await auth.api.getSession({ headers });
  if (!result) return null;
  const u = result.user as typeof result.user & { role?: string | null };
  const user: SessionUser = {
    id: u.id,
    email: u.email,
    name: u.name,
    role: u.role === 'admin' ? 'admin' : 'user',
    emailVerified: u.emailVerified,
  };
  return { user, sessionId: result.session.id };
}

/** AppOptions.resolveUser for createApp: every /api request except better-auth's own. */
export function createUserResolver(auth: Auth) {
  return async (req: Request): Promise<SessionUser | null> => {
    if (new URL(req.url).pathname.startsWith('/api/auth/')) return null;
    return (await getSessionFromHeaders(auth, req.headers))?.user ?? null;
  };
}
