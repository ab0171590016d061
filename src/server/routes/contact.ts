import { Hono } from 'hono';
import type { AppEnv } from '../http/env.js';
import { validate } from '../http/validate.js';
import { clientIp } from '../auth/client-ip.js';
import { enforceRateLimit } from '../services/security/rate-limit.js';
import { recordSecurityEvent } from '../services/security/record-security-event.js';
import { contactInfo, sendContactMessage } from '../services/contact/send-contact-message.js';
import { contactSent } from '@shared/contact.js';
import { messages } from '@shared/messages.js';
import { contract } from '../http/contract.js';
import { ContactInfo, ContactRequest, ContactSent } from '@shared/api/contact.js';

/** /api/contact: the public contact form (seed 001 §7.5 send-contact-email) and the mailboxes the page shows. */
export const contactRoute = new Hono<AppEnv>()
  .get('/', contract({ summary: 'The mailboxes the contact page shows', tag: 'contact', access: 'public', responses: { 200: ContactInfo } }), (c) =>
    c.json(contactInfo(c.var.deps.config)),
  )
  .post('/', async (c, next) => {
    const deps = c.var.deps;
    // counted before validation: a flood of malformed posts is a flood too; its first refusal is recorded
    const ip = clientIp(c, deps.config.TRUST_PROXY);
    await enforceRateLimit(deps, `contact:${ip ?? 'unknown'}`, deps.config.RATE_LIMIT_CONTACT, messages.contactTooMany, {
      onFirstRefusal: (r) =>
        recordSecurityEvent(deps, {
          userId: c.var.user?.id ?? null,
          action: 'rate_limited',
          resource: 'contact',
          status: 'failure',
          details: { limit: deps.config.RATE_LIMIT_CONTACT.max, window_seconds: deps.config.RATE_LIMIT_CONTACT.window, retry_after: r.retryAfter },
          ipAddress: ip,
          userAgent: c.req.header('user-agent') ?? null,
        }),
    });
    await next();
  })
  .post(
    '/',
    contract({ summary: 'Send a message to the team', tag: 'contact', access: 'public', responses: { 201: ContactSent } }),
    validate('json', ContactRequest),
    async (c) => {
      const r = await sendContactMessage(c.var.deps, c.req.valid('json'), c.var.user);
      return c.json({ success: true, id: r.id, message: contactSent }, 201);
    },
  );
