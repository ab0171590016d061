import fs from 'node:fs/promises';
import path from 'node:path';
import { Hono } from 'hono';
import type { AppEnv } from '../http/env.js';
import { contract } from '../http/contract.js';
import { VersionResponse } from '@shared/api/meta.js';

/**
 * GET /api/version: the deployed web app's version and build id (seed 001 §7.6, update detection), read from the
 * build's version.json on every request, so a new build is noticed without restarting the server.
 */
export const versionRoute = new Hono<AppEnv>().get(
  '/',
  contract({ summary: 'The deployed web app’s version and build', tag: 'meta', access: 'public', responses: { 200: VersionResponse } }),
  async (c) => {
    c.header('Cache-Control', 'no-store');
    try {
      const raw = JSON.parse(await fs.readFile(path.join(c.var.deps.config.paths.webDist, 'version.json'), 'utf8')) as { version?: unknown; build?: unknown };
      return c.json({ version: String(raw.version ?? ''), build: String(raw.build ?? '') });
    } catch {
      return c.json({ error: { code: 'NO_BUILD', message: 'The web app has not been built.' } }, 404);
    }
  },
);
