/**
 * The admin panel's domain (seed 000 §2 Admin panel, §5 admin validation; seed 001 §7.5 admin functions, §9): the
 * service-status banner, notification e-mails with their recipients, grants and the admin role. Server and web
 * validate with the same schemas.
 */
import { z } from 'zod';
import { messages } from './messages.js';
import { GRANTABLE_TIERS } from './plans.js';
import { tooLong } from './accounts/names.js';

// ---------------------------------------------------------------- service status

/** The answers' schemas live in ./api/admin.ts (imported from there, never through here: no circle); the banner's facts in ./service-status.ts (no zod: the landing loads them). */
export {
  SERVICE_STATUS_TYPES,
  SERVICE_STATUS_KEY,
  DEFAULT_SERVICE_STATUS,
  SERVICE_STATUS_EVENT,
  STATUS_MESSAGE_MAX,
  statusMessageRequired,
  isBannerVisible,
  bannerDismissKey,
  type ServiceStatusType,
} from './service-status.js';
import { SERVICE_STATUS_TYPES, STATUS_MESSAGE_MAX, statusMessageRequired } from './service-status.js';

export const ServiceStatusInput = z
  .object({
    enabled: z.boolean({ error: 'Choose whether the banner shows.' }),
    message: z.string({ error: statusMessageRequired }).trim().max(STATUS_MESSAGE_MAX, tooLong('The status message', STATUS_MESSAGE_MAX)),
    type: z.enum(SERVICE_STATUS_TYPES, { error: 'Choose the banner type.' }),
  })
  // seed 000 §5: status message non-blank, for a banner that shows; a banner switched off needs none
  .refine((s) => !s.enabled || s.message.length > 0, { message: statusMessageRequired, path: ['message'] });

// ---------------------------------------------------------------- recipients

const EMAIL_LIKE = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/;
export const isEmailLike = (s: string) => EMAIL_LIKE.test(s);

/** The seed's 'Invalid Email Addresses', naming the entries (the first ten) that are not addresses. */
export function invalidEmailsMessage(invalid: string[]): string {
  if (invalid.length === 0) return messages.adminInvalidEmails;
  const shown = invalid.slice(0, 10).join(', ');
  return `${messages.adminInvalidEmails}: ${shown}${invalid.length > 10 ? ` and ${invalid.length - 10} more` : ''}`;
}

/**
 * seed 000 §5: custom recipients split on newline, comma or semicolon, each e-mail-like. Blank entries are
 * skipped; duplicates (in any letter case) count once.
 */
export function parseRecipients(text: string): { emails: string[]; invalid: string[] } {
  const seen = new Set<string>();
  const emails: string[] = [];
  const invalid: string[] = [];
  for (const part of text.split(/[\n\r,;]+/)) {
    const entry = part.trim();
    if (!entry) continue;
    if (!isEmailLike(entry)) {
      invalid.push(entry);
      continue;
    }
    const key = entry.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    emails.push(key);
  }
  return { emails, invalid };
}

const MAX_CUSTOM_RECIPIENTS = 5000;
export const DEFAULT_TARGET_DAYS = 30;
export const DEFAULT_MAINTENANCE_ESTIMATE = '24-48 hours';

const targetDaysRange = 'Target days must be between 1 and 365';

/** Who gets a notification: the admin alone (test), a typed list, or every user active in the last N days. */
export const Audience = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('test') }),
    z.object({
      kind: z.literal('custom'),
      customEmails: z.string({ error: messages.adminInvalidEmails }).superRefine((text, ctx) => {
        const { emails, invalid } = parseRecipients(text);
        if (invalid.length > 0 || emails.length === 0) ctx.addIssue({ code: 'custom', message: invalidEmailsMessage(invalid) });
        else if (emails.length > MAX_CUSTOM_RECIPIENTS) ctx.addIssue({ code: 'custom', message: `At most ${MAX_CUSTOM_RECIPIENTS} recipients at once` });
      }),
    }),
    z.object({
      kind: z.literal('active'),
      // every failure (not a number, a fraction, out of range) answers with the one sentence a person can act on
      targetDays: z.coerce
        .number({ error: targetDaysRange })
        .int(targetDaysRange)
        .min(1, targetDaysRange)
        .max(365, targetDaysRange)
        .default(DEFAULT_TARGET_DAYS),
    }),
  ],
  { error: 'Choose who receives it.' },
);
export type Audience = z.infer<typeof Audience>;

const MAINTENANCE_SEVERITIES = ['warning', 'error'] as const;
const maintenanceMessageRequired = 'Enter the maintenance message.';
const availableMessageRequired = 'Enter the announcement message.';

export const MaintenanceNotificationInput = z.object({
  message: z.string({ error: maintenanceMessageRequired }).trim().min(1, maintenanceMessageRequired).max(5000, tooLong('The message', 5000)),
  estimatedCompletionTime: z
    .string()
    .trim()
    .max(100, tooLong('The estimated completion time', 100))
    .default(DEFAULT_MAINTENANCE_ESTIMATE)
    .transform((v) => v || DEFAULT_MAINTENANCE_ESTIMATE),
  severity: z.enum(MAINTENANCE_SEVERITIES, { error: 'Choose the severity: warning or error.' }).default('warning'),
  audience: Audience,
});
export type MaintenanceNotificationInput = z.infer<typeof MaintenanceNotificationInput>;

export const DEFAULT_CALL_TO_ACTION = 'Open Renderlift';
export const ApplicationAvailableInput = z.object({
  message: z.string({ error: availableMessageRequired }).trim().min(1, availableMessageRequired).max(5000, tooLong('The message', 5000)),
  callToActionText: z
    .string()
    .trim()
    .max(60, tooLong('The button text', 60))
    .default(DEFAULT_CALL_TO_ACTION)
    .transform((v) => v || DEFAULT_CALL_TO_ACTION),
  audience: Audience,
});
export type ApplicationAvailableInput = z.infer<typeof ApplicationAvailableInput>;

export const NOTIFICATION_KINDS = ['maintenance', 'application-available'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const CAMPAIGN_STATUSES = ['queued', 'sending', 'completed', 'failed'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

// ---------------------------------------------------------------- grants and roles

const enterEmail = 'Enter a valid email address';
const emailField = z.string({ error: enterEmail }).trim().toLowerCase().refine(isEmailLike, enterEmail);

export const GrantPlanInput = z.object({
  email: emailField,
  plan_tier: z.enum(GRANTABLE_TIERS as unknown as [string, ...string[]], { error: 'Choose the plan to grant.' }),
  // seed 000 §5: a future expiration date; the panel sends the day as YYYY-MM-DD or a full timestamp
  expiration_date: z.string({ error: messages.adminExpirationPast }).refine((v) => !Number.isNaN(Date.parse(v)), messages.adminExpirationPast),
});
export type GrantPlanInput = z.infer<typeof GrantPlanInput>;

export const GrantBetaInput = z.object({ email: emailField });
export const SetAdminInput = z.object({ email: emailField, admin: z.boolean({ error: 'Choose whether to give or take the admin role.' }) });
export const cannotDemoteSelf = 'You cannot remove your own admin role.';
export const adminRoleGiven = (email: string) => `${email} is now an admin.`;
export const adminRoleTaken = (email: string) => `${email} is no longer an admin.`;

// ---------------------------------------------------------------- audit log

export const ADMIN_ACTIONS = [
  'service_status.update',
  'notification.maintenance',
  'notification.application_available',
  'grant.complimentary_plan',
  'grant.beta_access',
  'role.grant_admin',
  'role.revoke_admin',
  'worker_token.create',
  'worker_token.revoke',
  'api_key.revoke',
] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];
