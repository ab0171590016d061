import { Hono } from 'hono';
import type { AppEnv } from '../http/env.js';

export const health = new Hono<AppEnv>()
  // process up
  .get('/healthz', (c) => c.json({ status: 'ok' }))
  // database reachable
  .get('/readyz', async (c) => {
    try {
      await c.var.deps.database.ping();
      const { rss, heapTotal, heapUsed, external, arrayBuffers } = process.memoryUsage();
      const memory = {
        // bytes; the process's RSS includes the engine thread, whose own heap and buffers are `engine`
        process: { rss, heapTotal, heapUsed, external, arrayBuffers },
        engine: (await c.var.deps.engineMemory?.()) ?? null,
      };
      const { provider, warning } = c.var.deps.engineProvider;
      return c.json({
        status: 'ready',
        database: c.var.deps.database.kind,
        models: c.var.deps.engineModels,
        engine: { provider, ...(warning && { warning }) },
        memory,
      });
    } catch (err) {
      c.var.log.warn({ err }, 'readiness check failed');
      return c.json({ status: 'unavailable', database: c.var.deps.database.kind }, 503);
    }
  });
