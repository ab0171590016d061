import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../http/env.js';
import { contract } from '../http/contract.js';
import { validate } from '../http/validate.js';
import { SuccessMessage } from '@shared/api/common.js';
import { messages } from '@shared/messages.js';
import { AppError } from '../errors.js';
import { UNSUBSCRIBE_PATH, unsubscribe, verifyUnsubscribeToken } from '../services/notifications/unsubscribe.js';

const TokenQuery = z.object({
  token: z.string({ error: messages.unsubscribeInvalid }).min(1, messages.unsubscribeInvalid).max(300, messages.unsubscribeInvalid),
});
const html = { media: 'text/html', description: 'A page for the person who opened the link' };

const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** A page of its own, outside the web app: the link works from any mail client without loading the app. */
function page(c: Context<AppEnv>, body: string, status: 200 | 400 = 200) {
  const site = escape(c.var.deps.config.SITE_NAME);
  return c.html(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
      `<title>${escape(messages.unsubscribeTitle)} · ${site}</title></head>` +
      `<body style="font-family:Helvetica,Arial,sans-serif;background:#f4f4f5;color:#18181b;margin:0;padding:24px">` +
      `<main style="background:#fff;border-radius:12px;max-width:480px;margin:0 auto;padding:24px;line-height:1.5">` +
      `<h1 style="font-size:20px;margin:0 0 12px">${escape(messages.unsubscribeTitle)} · ${site}</h1>${body}</main></body></html>`,
    status,
  );
}

/**
 * /api/notifications/unsubscribe: what the link and the List-Unsubscribe headers of announcements lead to. The link
 * opens a page that asks first (mail scanners follow links; a GET changes nothing); a mail client's one-click POST
 * (RFC 8058) turns optional e-mail off at once. The signed token is the authority: no session is needed.
 */
export const unsubscribeRoute = new Hono<AppEnv>()
  .get(
    '/',
    contract({ summary: 'The page an announcement’s unsubscribe link opens', tag: 'notifications', access: 'public', responses: { 200: html, 400: html } }),
    (c) => {
      const token = c.req.query('token') ?? '';
      if (!verifyUnsubscribeToken(c.var.deps.config, token)) return page(c, `<p>${escape(messages.unsubscribeInvalid)}</p>`, 400);
      const action = `?token=${encodeURIComponent(token)}`;
      return page(
        c,
        `<p>${escape(messages.unsubscribeConfirm)}</p><form method="post" action="${UNSUBSCRIBE_PATH}/confirm${escape(action)}">` +
          `<button type="submit" style="background:#7c3aed;color:#fff;border:0;border-radius:8px;padding:10px 20px;font-size:15px;cursor:pointer">` +
          `${escape(messages.unsubscribeButton)}</button></form>`,
      );
    },
  )
  .post(
    '/',
    contract({
      summary: 'One-click unsubscribe (RFC 8058): turns the user’s optional e-mail off',
      tag: 'notifications',
      access: 'public',
      responses: { 200: SuccessMessage },
    }),
    validate('query', TokenQuery),
    async (c) => {
      await unsubscribe(c.var.deps, c.req.valid('query').token);
      return c.json({ success: true, message: messages.unsubscribeDone });
    },
  )
  .post(
    '/confirm',
    contract({ summary: 'The unsubscribe page’s button', tag: 'notifications', access: 'public', responses: { 200: html, 400: html } }),
    async (c) => {
      try {
        await unsubscribe(c.var.deps, c.req.query('token') ?? '');
      } catch (err) {
        if (err instanceof AppError && err.status === 400) return page(c, `<p>${escape(err.message)}</p>`, 400);
        throw err;
      }
      return page(c, `<p>${escape(messages.unsubscribeDone)}</p>`);
    },
  );
