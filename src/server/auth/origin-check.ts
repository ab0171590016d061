import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/env.js';
import { AppError } from '../errors.js';
import { untrustedOriginMessage } from '../http/public-origin.js';

/**
 * CSRF guard for every state-changing API request, with better-auth's rule: a browser request must come from a
 * trusted origin (the address the server was reached on, or BASE_URL and TRUSTED_ORIGINS when BASE_URL is set), and a
 * cookie-carrying request without an Origin header is refused. Requests without cookies and without an Origin (API
 * clients, signed webhooks) carry no ambient authority and pass.
 */
export const requireTrustedOrigin: MiddlewareHandler<AppEnv> = async (c, next) => {
  const method = c.req.method;
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return next();
  const config = c.var.deps.config;
  const origin = c.req.header('origin');
  if (!origin) {
    if (c.req.header('cookie')) throw new AppError('INVALID_ORIGIN', 403, untrustedOriginMessage(config, null));
    return next();
  }
  const configured = c.var.deps.auth.options.trustedOrigins;
  const trusted = typeof configured === 'function' ? await configured(c.req.raw) : (configured ?? []);
  if (!trusted.includes(origin.replace(/\/+$/, ''))) throw new AppError('INVALID_ORIGIN', 403, untrustedOriginMessage(config, origin));
  return next();
};
