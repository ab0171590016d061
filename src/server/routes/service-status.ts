import { Hono } from 'hono';
import type { AppEnv } from '../http/env.js';
import { getServiceStatus } from '../services/settings/service-status.js';
import { contract } from '../http/contract.js';
import { ServiceStatusResponse } from '@shared/api/service-status.js';

/** GET /api/service-status: the banner every page shows (seed 001 §7.2); changes arrive over /api/events. */
export const serviceStatusRoute = new Hono<AppEnv>().get(
  '/',
  contract({ summary: 'The service-status banner', tag: 'service-status', access: 'public', responses: { 200: ServiceStatusResponse } }),
  async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ status: await getServiceStatus(c.var.deps.db) });
  },
);
