/** What the app says about itself: its version (/api/version) and its e-mail templates (/api/email-preview). */
import { z } from 'zod';

/** GET /api/version: the deployed web app's version and build id (update detection, seed 001 §7.6). */
export const VersionResponse = z.strictObject({ version: z.string(), build: z.string() });
export type VersionResponse = z.infer<typeof VersionResponse>;

const EmailTemplateSummary = z.strictObject({ name: z.string(), category: z.string(), label: z.string() });
export const EmailTemplatesResponse = z.strictObject({ categories: z.array(z.string()), templates: z.array(EmailTemplateSummary) });
export type EmailTemplatesResponse = z.infer<typeof EmailTemplatesResponse>;

/** One template rendered with sample data. */
export const EmailPreview = EmailTemplateSummary.extend({ subject: z.string(), html: z.string(), text: z.string() });
export type EmailPreview = z.infer<typeof EmailPreview>;
export const EmailTemplateParam = z.object({ name: z.string() });
