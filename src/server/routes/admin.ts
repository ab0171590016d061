import { Hono } from 'hono';
import type { AppEnv } from '../http/env.js';
import { validate } from '../http/validate.js';
import { requireAdmin } from '../http/require-admin.js';
import { userOf } from '../http/require-user.js';
import { AppError } from '../errors.js';
import { messages } from '@shared/messages.js';
import {
  adminRoleGiven,
  adminRoleTaken,
  ApplicationAvailableInput,
  GrantBetaInput,
  GrantPlanInput,
  MaintenanceNotificationInput,
  ServiceStatusInput,
  SetAdminInput,
} from '@shared/admin.js';
import { PageQuery } from '@shared/pagination.js';
import { planName } from '@shared/plans.js';
import { auditedAdminAction, listAuditLog } from '../services/admin/audit-log.js';
import { getServiceStatus, setServiceStatus } from '../services/settings/service-status.js';
import { createCampaign } from '../services/notifications/create-campaign.js';
import { previewCampaign } from '../services/notifications/preview-campaign.js';
import { getCampaign, listCampaigns } from '../services/notifications/send-campaign.js';
import { grantPlan } from '../services/plans/grant-plan.js';
import { grantBeta } from '../services/plans/grant-beta.js';
import { listAdmins, setAdminRole } from '../services/admin/admin-role.js';
import { listContactMessages } from '../services/contact/send-contact-message.js';
import { listSecurityEvents, operatorOverview } from '../services/admin/operator-overview.js';
import { contract, type RouteContract } from '../http/contract.js';
import {
  AdminRoleChanged,
  AdminsResponse,
  AuditLogPage,
  BetaGranted,
  CampaignCreated,
  CampaignIdParam,
  CampaignPreview,
  CampaignResponse,
  CampaignsResponse,
  ContactMessagesPage,
  OperatorOverview,
  PlanGranted,
  SecurityEventsPage,
  SecurityEventsQuery,
  ServiceStatusResponse,
} from '@shared/api/admin.js';

const AUDIT_TEXT_MAX = 200;

const doc = (summary: string, responses: RouteContract['responses']) => contract({ summary, tag: 'admin', access: 'admin', responses });

/** A batch's audit details: which batch, how many recipients (and how many left out by their own choice), what it said. */
const campaignDetails = (r: { campaignId: string; total: number; optedOut: number; audience: string }, message: string) => ({
  campaignId: r.campaignId,
  recipients: r.total,
  optedOut: r.optedOut,
  audience: r.audience,
  message: message.length > AUDIT_TEXT_MAX ? `${message.slice(0, AUDIT_TEXT_MAX - 1)}…` : message,
});

const actorOf = (c: Parameters<typeof userOf>[0]) => {
  const u = userOf(c);
  return { id: u.id, email: u.email };
};

/**
 * /api/admin: the admin panel (seed 000 §2, seed 001 §7.5). Every route is behind requireAdmin; every action that
 * changes something goes through auditedAdminAction, so the audit log holds who did what to whom, when, and how it
 * ended.
 */
export const adminRoute = new Hono<AppEnv>()
  .use('*', requireAdmin)
  // seed 001 §7.5 update-app-settings (service_status)
  .put('/service-status', doc('Set the service-status banner', { 200: ServiceStatusResponse }), validate('json', ServiceStatusInput), async (c) => {
    const input = c.req.valid('json');
    const deps = c.var.deps;
    const actor = actorOf(c);
    const status = await auditedAdminAction(
      deps,
      { actor, action: 'service_status.update', target: 'service_status', failureMessage: messages.adminStatusFailed },
      async () => {
        const before = await getServiceStatus(deps.db);
        const saved = await setServiceStatus(deps, input, actor.id);
        // what changed: the banner as it was and as it is now (shown as before → after in the panel)
        return { result: saved, details: { ...saved, before } };
      },
    );
    return c.json({ status });
  })
  // seed 001 §7.5 send-maintenance-notification
  .post(
    '/notifications/maintenance',
    doc('Send a maintenance notification', { 202: CampaignCreated }),
    validate('json', MaintenanceNotificationInput),
    async (c) => {
      const input = c.req.valid('json');
      const deps = c.var.deps;
      const actor = actorOf(c);
      const failureMessage = input.audience.kind === 'test' ? messages.adminTestEmailFailed : messages.adminMaintenanceFailed;
      const created = await auditedAdminAction(deps, { actor, action: 'notification.maintenance', target: input.audience.kind, failureMessage }, async () => {
        const { audience, ...fields } = input;
        const r = await createCampaign(deps, { kind: 'maintenance', audience, payload: { ...fields, baseUrl: deps.config.BASE_URL }, admin: actor });
        return { result: r, details: { ...campaignDetails(r, fields.message), severity: fields.severity } };
      });
      return c.json(created, 202);
    },
  )
  // seed 001 §7.5 send-application-available
  .post(
    '/notifications/application-available',
    doc('Announce that the application is available', { 202: CampaignCreated }),
    validate('json', ApplicationAvailableInput),
    async (c) => {
      const input = c.req.valid('json');
      const deps = c.var.deps;
      const actor = actorOf(c);
      const failureMessage = input.audience.kind === 'test' ? messages.adminTestEmailFailed : messages.adminAvailableFailed;
      const created = await auditedAdminAction(
        deps,
        { actor, action: 'notification.application_available', target: input.audience.kind, failureMessage },
        async () => {
          const { audience, ...fields } = input;
          const r = await createCampaign(deps, {
            kind: 'application-available',
            audience,
            payload: { ...fields, baseUrl: deps.config.BASE_URL },
            admin: actor,
          });
          return { result: r, details: campaignDetails(r, fields.message) };
        },
      );
      return c.json(created, 202);
    },
  )
  // the confirmation before a batch goes out: the same input, answered with the recipients and the message, nothing written
  .post(
    '/notifications/maintenance/preview',
    doc('Preview a maintenance notification', { 200: CampaignPreview }),
    validate('json', MaintenanceNotificationInput),
    async (c) => {
      const { audience, ...fields } = c.req.valid('json');
      const deps = c.var.deps;
      return c.json(await previewCampaign(deps, { kind: 'maintenance', audience, payload: { ...fields, baseUrl: deps.config.BASE_URL }, admin: actorOf(c) }));
    },
  )
  .post(
    '/notifications/application-available/preview',
    doc('Preview an application-available announcement', { 200: CampaignPreview }),
    validate('json', ApplicationAvailableInput),
    async (c) => {
      const { audience, ...fields } = c.req.valid('json');
      const deps = c.var.deps;
      const payload = { ...fields, baseUrl: deps.config.BASE_URL };
      return c.json(await previewCampaign(deps, { kind: 'application-available', audience, payload, admin: actorOf(c) }));
    },
  )
  .get('/notifications', doc('The last notification batches', { 200: CampaignsResponse }), async (c) => c.json({ campaigns: await listCampaigns(c.var.deps) }))
  .get('/notifications/:id', doc('One notification batch and its progress', { 200: CampaignResponse }), validate('param', CampaignIdParam), async (c) => {
    const campaign = await getCampaign(c.var.deps, c.req.valid('param').id);
    if (!campaign) throw new AppError('NOT_FOUND', 404, 'Notification batch not found');
    return c.json({ campaign });
  })
  // seed 001 §7.5 grant-complimentary-plan: answers credits_granted
  .post('/grants/complimentary-plan', doc('Grant a complimentary plan', { 200: PlanGranted }), validate('json', GrantPlanInput), async (c) => {
    const input = c.req.valid('json');
    const deps = c.var.deps;
    const actor = actorOf(c);
    const r = await auditedAdminAction(
      deps,
      { actor, action: 'grant.complimentary_plan', target: input.email, failureMessage: messages.adminGrantFailed },
      async () => {
        const granted = await grantPlan(deps, { email: input.email, tier: input.plan_tier, until: new Date(input.expiration_date), grantedBy: actor.id });
        return {
          result: granted,
          details: {
            tier: granted.tier,
            planName: planName(granted.tier),
            creditsGranted: granted.creditsGranted,
            expiresAt: granted.expiresAt?.toISOString() ?? null,
            balanceBefore: granted.balanceBefore,
            balanceAfter: granted.balanceAfter,
          },
        };
      },
    );
    return c.json({
      success: true,
      credits_granted: r.creditsGranted,
      tier: r.tier,
      expires_at: r.expiresAt?.toISOString() ?? null,
      balance_before: r.balanceBefore,
      balance_after: r.balanceAfter,
    });
  })
  // seed 001 §7.5 grant-beta-access, with the beta-access e-mail (none to a user who already has beta access)
  .post('/grants/beta-access', doc('Grant beta access', { 200: BetaGranted }), validate('json', GrantBetaInput), async (c) => {
    const { email } = c.req.valid('json');
    const deps = c.var.deps;
    const actor = actorOf(c);
    const r = await auditedAdminAction(deps, { actor, action: 'grant.beta_access', target: email, failureMessage: messages.adminBetaFailed }, async () => {
      const granted = await grantBeta(deps, { email, grantedBy: actor.id });
      return {
        result: granted,
        details: {
          creditsGranted: granted.creditsGranted,
          emailSent: granted.emailSent,
          alreadyHadBeta: granted.alreadyHadBeta,
          balanceBefore: granted.balanceBefore,
          balanceAfter: granted.balanceAfter,
        },
      };
    });
    return c.json({
      success: true,
      credits_granted: r.creditsGranted,
      email_sent: r.emailSent,
      already_had_beta: r.alreadyHadBeta,
      balance_before: r.balanceBefore,
      balance_after: r.balanceAfter,
    });
  })
  .get('/admins', doc('The admins', { 200: AdminsResponse }), async (c) => c.json({ admins: await listAdmins(c.var.deps) }))
  .post('/admins', doc('Give or take the admin role', { 200: AdminRoleChanged }), validate('json', SetAdminInput), async (c) => {
    const input = c.req.valid('json');
    const deps = c.var.deps;
    const actor = actorOf(c);
    const action = input.admin ? 'role.grant_admin' : 'role.revoke_admin';
    const r = await auditedAdminAction(deps, { actor, action, target: input.email, failureMessage: 'Failed to change the admin role' }, async () => {
      const changed = await setAdminRole(deps, { ...input, actorId: actor.id });
      return { result: changed, details: { changed: changed.changed, roleBefore: changed.roleBefore, roleAfter: changed.roleAfter } };
    });
    return c.json({ success: true, changed: r.changed, message: input.admin ? adminRoleGiven(input.email) : adminRoleTaken(input.email) });
  })
  .get('/audit-log', doc('One page of the admin audit log', { 200: AuditLogPage }), validate('query', PageQuery), async (c) =>
    c.json(await listAuditLog(c.var.deps.db, c.req.valid('query').page)),
  )
  .get('/contact-messages', doc('One page of contact messages', { 200: ContactMessagesPage }), validate('query', PageQuery), async (c) =>
    c.json(await listContactMessages(c.var.deps, c.req.valid('query').page)),
  )
  .get('/overview', doc('Queue, failures, throughput, storage and users at a glance', { 200: OperatorOverview }), async (c) =>
    c.json(await operatorOverview(c.var.deps)),
  )
  .get('/security-events', doc('One page of security events', { 200: SecurityEventsPage }), validate('query', SecurityEventsQuery), async (c) => {
    const q = c.req.valid('query');
    return c.json(await listSecurityEvents(c.var.deps, q.page, q.failures === '1'));
  });
