import { Hono } from 'hono';
import type { AppEnv } from '../http/env.js';
import { validate } from '../http/validate.js';
import { clientIp } from '../auth/client-ip.js';
import { enforceRateLimit } from '../services/security/rate-limit.js';
import { contactInfo, sendContactMessage } from '../services/contact/send-contact-message.js';
import { contactSent } from '@shared/contact.js';
import { contract } from '../http/contract.js';
import { ContactInfo, ContactRequest, ContactSent } from '@shared/api/contact.js';

const tooMany = 'Too many messages from this address. Please try again in {n} seconds.';

/** /api/contact: the public contact form (seed 001 §7.5 send-contact-email) and the mailboxes the page shows. */
export const contactRoute = new Hono<AppEnv>()
  .get('/', contract({ summary: 'The mailboxes the contact page shows', tag: 'contact', access: 'public', responses: { 200: ContactInfo } }), (c) =>
    c.json(contactInfo(c.var.deps.config)),
  )
  .post('/', async (c, next) => {
    const deps = c.var.deps;
    // counted before validation: a flood of malformed posts is a flood too
    await enforceRateLimit(deps, `contact:${clientIp(c, deps.config.TRUST_PROXY) ?? 'unknown'}`, deps.config.RATE_LIMIT_CONTACT, tooMany);
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
