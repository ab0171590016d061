import { Hono } from 'hono';
import type { AppEnv } from '../http/env.js';
import { validate } from '../http/validate.js';
import { unauthorized } from '../errors.js';
import { clientIp } from '../auth/client-ip.js';
import { accountMessages as m } from '@shared/accounts/messages.js';
import { contract } from '../http/contract.js';
import { OwnSecurityEventsResponse, SecurityEventRecorded, SecurityEventRequest } from '@shared/api/account.js';
import { enforceRateLimit } from '../services/security/rate-limit.js';
import { recordSecurityEvent } from '../services/security/record-security-event.js';
import { listSecurityEvents } from '../services/security/list-security-events.js';

// anyone may report, so reports are bounded per address
const REPORTS_PER_MINUTE = { max: 20, window: 60 };

/** seed 001 §7.5 security-monitor: the web app reports what it saw; the user and address come from the server. */
export const securityEventsRoute = new Hono<AppEnv>()
  .post(
    '/',
    contract({ summary: 'Report a security event the browser saw', tag: 'account', access: 'public', responses: { 202: SecurityEventRecorded } }),
    validate('json', SecurityEventRequest),
    async (c) => {
      const ip = clientIp(c, c.var.deps.config.TRUST_PROXY);
      await enforceRateLimit(c.var.deps, `security-events:${ip ?? 'unknown'}`, REPORTS_PER_MINUTE, m.tooManyRequests);
      const e = c.req.valid('json');
      const user = c.var.user;
      await recordSecurityEvent(c.var.deps, {
        userId: user?.id ?? null,
        email: user?.email ?? null,
        action: e.action,
        resource: e.resource ?? null,
        status: e.status,
        details: { ...(e.details ?? {}), ...(e.timestamp ? { client_timestamp: e.timestamp } : {}) },
        ipAddress: ip,
        userAgent: e.user_agent ?? c.req.header('user-agent') ?? null,
        pageUrl: e.page_url ?? null,
        source: 'client',
      });
      return c.json({ recorded: true }, 202);
    },
  )
  .get(
    '/',
    contract({ summary: 'The user’s own security events', tag: 'account', access: 'user', responses: { 200: OwnSecurityEventsResponse } }),
    async (c) => {
      const user = c.var.user;
      if (!user) throw unauthorized();
      return c.json({ events: await listSecurityEvents(c.var.deps, user.id) });
    },
  );
