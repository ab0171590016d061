import { Hono } from 'hono';
import { html, raw } from 'hono/html';
import type { AppEnv } from '../http/env.js';
import { latestOutboxMessages } from '../repositories/email-outbox-repository.js';
import { clientIp } from '../auth/client-ip.js';
import { isLoopbackAddress, isLoopbackHost } from '../http/public-origin.js';

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * /dev/mailbox (never in production, nor with BASE_URL or TRUST_PROXY set: app.ts): the outbox newest first, each
 * message rendered, so a local user can verify an account without a mail server. Messages render in sandboxed frames:
 * no scripts, no access to this page.
 *
 * The outbox holds every verification and reset code, so it answers only this machine: a loopback peer that names
 * the server by a loopback host (a page rebound to 127.0.0.1 under a foreign name is refused too). Anyone else gets
 * the same 404 as in production.
 */
export const devMailboxRoute = new Hono<AppEnv>().get('/', async (c) => {
  const deps = c.var.deps;
  if (!isLoopbackAddress(clientIp(c, deps.config.TRUST_PROXY)) || !isLoopbackHost(c.req.raw)) {
    return c.json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
  }
  const rows = await latestOutboxMessages(deps.db, 100);
  const page = html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>Mailbox · ${deps.config.SITE_NAME}</title>
        <style>
          body {
            font-family: system-ui, sans-serif;
            margin: 0;
            background: #f4f4f5;
            color: #18181b;
          }
          header {
            padding: 16px 24px;
            background: #18181b;
            color: #fff;
          }
          main {
            max-width: 760px;
            margin: 0 auto;
            padding: 16px;
          }
          article {
            background: #fff;
            border-radius: 10px;
            margin: 16px 0;
            padding: 16px;
            box-shadow: 0 1px 2px rgba(0, 0, 0, 0.08);
          }
          dl {
            display: grid;
            grid-template-columns: max-content 1fr;
            gap: 2px 12px;
            margin: 0 0 12px;
            font-size: 14px;
          }
          dt {
            color: #71717a;
          }
          iframe {
            width: 100%;
            height: 640px;
            border: 1px solid #e4e4e7;
            border-radius: 6px;
            background: #fff;
          }
          pre {
            white-space: pre-wrap;
            font-size: 13px;
          }
        </style>
      </head>
      <body>
        <header><strong>${deps.config.SITE_NAME} mailbox</strong> · ${rows.length} message${rows.length === 1 ? '' : 's'} in the outbox, newest first</header>
        <main>
          ${rows.length === 0 ? html`<p>No messages yet.</p>` : ''}
          ${rows.map(
            (r) =>
              html`<article data-testid="mail" data-to="${r.toAddress}" data-template="${r.template}">
                <dl>
                  <dt>To</dt>
                  <dd class="to">${r.toAddress}</dd>
                  <dt>Subject</dt>
                  <dd class="subject">${r.subject}</dd>
                  <dt>Date</dt>
                  <dd>${r.createdAt.toISOString()}</dd>
                  <dt>Status</dt>
                  <dd>${r.status}${r.error ? ` (${r.error})` : ''}</dd>
                </dl>
                <iframe sandbox="" title="${r.subject}" srcdoc="${raw(escapeAttr(r.html))}"></iframe>
                <details>
                  <summary>Plain text</summary>
                  <pre class="text">${r.text}</pre>
                </details>
              </article>`,
          )}
        </main>
      </body>
    </html>`;
  return c.html(page, 200, { 'Cache-Control': 'no-store' });
});
