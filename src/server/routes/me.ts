import { Hono } from 'hono';
import type { AppEnv } from '../http/env.js';
import { unauthorized } from '../errors.js';
import { getProfile } from '../services/profiles/get-profile.js';
import { contract } from '../http/contract.js';
import { MeResponse } from '@shared/api/profile.js';

/** GET /api/me: the signed-in user and profile, 401 when signed out. */
export const me = new Hono<AppEnv>().get(
  '/',
  contract({ summary: 'The signed-in user and profile', tag: 'profile', access: 'user', responses: { 200: MeResponse } }),
  async (c) => {
    const user = c.var.user;
    if (!user) throw unauthorized();
    const profile = await getProfile(c.var.deps, user.id);
    return c.json({ user, profile });
  },
);
