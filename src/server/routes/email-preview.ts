import { Hono } from 'hono';
import type { AppEnv } from '../http/env.js';
import { contract } from '../http/contract.js';
import { validate } from '../http/validate.js';
import { EmailPreview, EmailTemplateParam, EmailTemplatesResponse } from '@shared/api/meta.js';
import { EMAIL_CATEGORIES, emailTemplates, renderEmail, type EmailTemplateName } from '@emails/index.js';

/**
 * /api/email-preview: every e-mail template rendered from the components that are sent, with sample data only
 * (seed 000 §2 Email preview, public).
 */
export const emailPreviewRoute = new Hono<AppEnv>()
  .get('/', contract({ summary: 'The e-mail templates, by category', tag: 'meta', access: 'public', responses: { 200: EmailTemplatesResponse } }), (c) =>
    c.json({
      categories: EMAIL_CATEGORIES,
      templates: Object.entries(emailTemplates).map(([name, t]) => ({ name, category: t.category, label: t.label })),
    }),
  )
  .get(
    '/:name',
    contract({ summary: 'One e-mail template rendered with sample data', tag: 'meta', access: 'public', responses: { 200: EmailPreview } }),
    validate('param', EmailTemplateParam),
    async (c) => {
      const name = c.req.valid('param').name;
      if (!Object.hasOwn(emailTemplates, name)) return c.json({ error: { code: 'NOT_FOUND', message: `No e-mail template named ${name}` } }, 404);
      const entry = emailTemplates[name as EmailTemplateName];
      const sample = entry.sample({ siteName: c.var.deps.config.SITE_NAME, baseUrl: c.var.deps.config.BASE_URL });
      const mail = await renderEmail(name as EmailTemplateName, sample as never);
      return c.json({ name, category: entry.category, label: entry.label, subject: mail.subject, html: mail.html, text: mail.text });
    },
  );
