import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/env.js';
import { AppError } from '../errors.js';

/**
 * CSRF guard for our own state-changing routes, with better-auth's rule for its routes: a browser request must come
 * from a trusted origin (BASE_URL), and a cookie-carrying request without an Origin header is refused.
 */
export const requireTrustedOrigin: MiddlewareHandler<AppEnv> = async (c, next) => {
  const method = c.req.method;
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return next();
  const origin = c.req.header('origin');
  if (!origin) {
    if (c.req.header('cookie')) throw new AppError('INVALID_ORIGIN', 403, 'Missing or null Origin');
    return next();
  }
  const configured = c.var.deps.auth.options.trustedOrigins;
  const trusted = typeof configured === 'function' ? await configured() : (configured ?? []);
  if (!trusted.includes(origin.replace(/\/+$/, ''))) throw new AppError('INVALID_ORIGIN', 403, 'Invalid origin');
  return next();
};
