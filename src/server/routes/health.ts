import { Hono } from 'hono';
import type { AppEnv } from '../http/env.js';

export const health = new Hono<AppEnv>()
  // process up
  .get('/healthz', (c) => c.json({ status: 'ok' }))
  // database reachable
  .get('/readyz', async (c) => {
    try {
      await c.var.deps.database.ping();
      return c.json({ status: 'ready', database: c.var.deps.database.kind, models: c.var.deps.engineModels });
    } catch (err) {
      c.var.log.warn({ err }, 'readiness check failed');
      return c.json({ status: 'unavailable', database: c.var.deps.database.kind }, 503);
    }
  });
