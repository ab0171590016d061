import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './env.js';
import { AppError } from '../errors.js';

const adminOnly = 'Admin access required';

/** Route guard of every /api/admin route: signed out 401, signed in without the admin role 403. */
export const requireAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  const user = c.var.user;
  if (!user) throw new AppError('UNAUTHORIZED', 401, 'Authentication required');
  if (user.role !== 'admin') throw new AppError('FORBIDDEN', 403, adminOnly);
  await next();
};
