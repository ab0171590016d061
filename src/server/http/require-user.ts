import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './env.js';
import type { SessionUser } from '../deps.js';
import { AppError } from '../errors.js';

/** Route guard: signed-out requests get 401 with the given message (the seed words it per feature). */
export const requireUser =
  (message = 'Authentication required'): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    if (!c.var.user) throw new AppError('UNAUTHORIZED', 401, message);
    await next();
  };

/** The signed-in user behind requireUser. */
export function userOf(c: { var: { user: SessionUser | null } }): SessionUser {
  if (!c.var.user) throw new AppError('UNAUTHORIZED', 401, 'Authentication required');
  return c.var.user;
}
