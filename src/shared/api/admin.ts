/** The admin panel (/api/admin): service status, notification batches, grants, admins, and what the operator reads. */
import { z } from 'zod';
import { ADMIN_ACTIONS, CAMPAIGN_STATUSES, NOTIFICATION_KINDS } from '../admin.js';
import { SERVICE_STATUS_TYPES } from '../service-status.js';
import { IsoDateTime, pageOf } from './common.js';
import { PageQuery } from '../pagination.js';

/** app_settings.service_status (seed 001 §3). */
export const ServiceStatus = z.strictObject({ enabled: z.boolean(), message: z.string(), type: z.enum(SERVICE_STATUS_TYPES) }).meta({ id: 'ServiceStatus' });
export type ServiceStatus = z.infer<typeof ServiceStatus>;
export const ServiceStatusResponse = z.strictObject({ status: ServiceStatus });
export type ServiceStatusResponse = z.infer<typeof ServiceStatusResponse>;

/** A notification batch as the panel shows it while it is sent. */
export const CampaignView = z
  .strictObject({
    id: z.string(),
    kind: z.enum(NOTIFICATION_KINDS),
    status: z.enum(CAMPAIGN_STATUSES),
    audience: z.string(),
    total: z.number().int(),
    /** seed 001 §7.5: the functions answer emailsSent */
    emailsSent: z.number().int(),
    failed: z.number().int(),
    /** Active users left out because they turned e-mail notifications off. */
    optedOut: z.number().int(),
    /** What the batch said. */
    message: z.string(),
    createdAt: IsoDateTime,
    finishedAt: IsoDateTime.nullable(),
  })
  .meta({ id: 'CampaignView' });
export type CampaignView = z.infer<typeof CampaignView>;

/** A notification batch just queued: how many recipients, and who they are in words. */
export const CampaignCreated = z
  .strictObject({ campaignId: z.string(), total: z.number().int(), optedOut: z.number().int(), audience: z.string() })
  .meta({ id: 'CampaignCreated' });
export type CampaignCreated = z.infer<typeof CampaignCreated>;
/** A batch not yet sent: who it would reach and the message as its first recipient would get it. Nothing is written. */
export const CampaignPreview = z
  .strictObject({
    subject: z.string(),
    text: z.string(),
    html: z.string(),
    total: z.number().int(),
    optedOut: z.number().int(),
    audience: z.string(),
  })
  .meta({ id: 'CampaignPreview' });
export type CampaignPreview = z.infer<typeof CampaignPreview>;
export const CampaignsResponse = z.strictObject({ campaigns: z.array(CampaignView) });
export type CampaignsResponse = z.infer<typeof CampaignsResponse>;
export const CampaignResponse = z.strictObject({ campaign: CampaignView });
export type CampaignResponse = z.infer<typeof CampaignResponse>;
export const CampaignIdParam = z.object({ id: z.uuid() });

/** seed 001 §7.5 grant-complimentary-plan; the balance before and after (a grant never lowers it). */
export const PlanGranted = z.strictObject({
  success: z.boolean(),
  credits_granted: z.number().int(),
  tier: z.string(),
  expires_at: IsoDateTime.nullable(),
  balance_before: z.number().int(),
  balance_after: z.number().int(),
});
export type PlanGranted = z.infer<typeof PlanGranted>;
/** seed 001 §7.5 grant-beta-access; a user who already had beta access is left unchanged and gets no second e-mail. */
export const BetaGranted = z.strictObject({
  success: z.boolean(),
  credits_granted: z.number().int(),
  email_sent: z.boolean(),
  already_had_beta: z.boolean(),
  balance_before: z.number().int(),
  balance_after: z.number().int(),
});
export type BetaGranted = z.infer<typeof BetaGranted>;

export const AdminsResponse = z.strictObject({ admins: z.array(z.strictObject({ id: z.string(), email: z.string(), name: z.string() })) });
export type AdminsResponse = z.infer<typeof AdminsResponse>;
export const AdminRoleChanged = z.strictObject({ success: z.boolean(), changed: z.boolean(), message: z.string() });
export type AdminRoleChanged = z.infer<typeof AdminRoleChanged>;

export const AuditEntry = z
  .strictObject({
    id: z.number().int(),
    actorEmail: z.string().nullable(),
    action: z.enum(ADMIN_ACTIONS),
    target: z.string().nullable(),
    result: z.enum(['success', 'failure']),
    details: z.record(z.string(), z.unknown()),
    createdAt: IsoDateTime,
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof AuditEntry>;
export const AuditLogPage = pageOf(AuditEntry);

export const OperatorOverview = z
  .strictObject({
    jobs: z.strictObject({
      waiting: z.number().int(),
      running: z.number().int(),
      completed24h: z.number().int(),
      failed24h: z.number().int(),
      workers: z.number().int(),
    }),
    failures: z.array(
      z.strictObject({
        id: z.string(),
        userEmail: z.string(),
        workflow: z.string(),
        scale: z.number().nullable(),
        mode: z.string().nullable(),
        error: z.string().nullable(),
        at: IsoDateTime,
      }),
    ),
    /** Output megapixels per second of wall time over the last completed enhancements. */
    throughput: z.strictObject({ jobs: z.number().int(), megapixels: z.number(), seconds: z.number(), mpPerSecond: z.number().nullable() }),
    storage: z.strictObject({ files: z.number().int(), bytes: z.number() }),
    usersByPlan: z.array(z.strictObject({ plan: z.string(), beta: z.number().int(), users: z.number().int() })),
    users: z.number().int(),
  })
  .meta({ id: 'OperatorOverview' });
export type OperatorOverview = z.infer<typeof OperatorOverview>;

export const SecurityEventView = z
  .strictObject({
    id: z.number().int(),
    email: z.string().nullable(),
    action: z.string(),
    status: z.string(),
    ipAddress: z.string().nullable(),
    /** 'client': reported by a browser (anyone may post one), not recorded by the server. */
    source: z.enum(['server', 'client']),
    at: IsoDateTime,
  })
  .meta({ id: 'SecurityEventView' });
export type SecurityEventView = z.infer<typeof SecurityEventView>;
export const SecurityEventsPage = pageOf(SecurityEventView);
export const SecurityEventsQuery = PageQuery.extend({ failures: z.enum(['0', '1']).default('0') });

export const ContactMessageView = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    inquiryType: z.enum(['general', 'support', 'billing']),
    subject: z.string(),
    message: z.string(),
    createdAt: IsoDateTime,
  })
  .meta({ id: 'ContactMessageView' });
export type ContactMessageView = z.infer<typeof ContactMessageView>;
export const ContactMessagesPage = pageOf(ContactMessageView);
