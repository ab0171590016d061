import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, desc, eq } from 'drizzle-orm';
import { startTestServer, TestClient, type TestServer } from '../testing/test-server.js';
import { signUpVerifiedUser } from '../testing/accounts.js';
import { waitForCampaign as waitForCampaignOf } from '../testing/campaigns.js';
import { backends } from '../testing/databases.js';
import { makeAdmin } from '../services/accounts/make-admin.js';
import { adminAuditLog, emailOutbox, notificationCampaigns } from '../db/schema.js';
import { messages } from '@shared/messages.js';

/** The operator's view of notification batches (preview before sending, history with counts) and what the audit log says. */
describe.each(backends)('admin campaigns and audit details (%s)', (backend) => {
  let server: TestServer;
  let admin: TestClient;
  let adminEmail: string;
  let userEmail: string;
  let quietEmail: string;

  beforeAll(async () => {
    server = await startTestServer({ backend, env: { RATE_LIMIT_SIGN_UP: '100/60', RATE_LIMIT_SIGN_IN: '100/60' } });
    admin = new TestClient(server.url);
    adminEmail = (await signUpVerifiedUser(admin, server.deps)).email;
    await makeAdmin(server.deps.db, adminEmail);
    userEmail = (await signUpVerifiedUser(new TestClient(server.url), server.deps, { metadata: { first_name: 'Grace' } })).email;
    const quiet = new TestClient(server.url);
    quietEmail = (await signUpVerifiedUser(quiet, server.deps)).email;
    expect((await quiet.json('/api/profile/notifications', { method: 'PUT', json: { email_notifications: false } })).status).toBe(200);
  });
  afterAll(async () => {
    await server?.stop();
  });

  const latestAudit = async (action: string) =>
    (await server.deps.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, action)).orderBy(desc(adminAuditLog.id)).limit(1))[0];
  const rowsIn = async () => ({
    campaigns: Number((await server.deps.db.select({ n: count() }).from(notificationCampaigns))[0].n),
    mails: Number((await server.deps.db.select({ n: count() }).from(emailOutbox))[0].n),
  });
  const waitForCampaign = (id: string) => waitForCampaignOf(admin, id);

  it('a preview answers the subject, the body and the recipient count, and writes and sends nothing', async () => {
    const before = await rowsIn();
    const custom = await admin.json('/api/admin/notifications/maintenance/preview', {
      method: 'POST',
      json: {
        message: 'The render farm moves on Saturday night.',
        severity: 'error',
        audience: { kind: 'custom', customEmails: `${userEmail}\nleo@studio.example` },
      },
    });
    expect(custom.status).toBe(200);
    expect(custom.body).toMatchObject({ total: 2, optedOut: 0, audience: 'custom list (2)' });
    expect(custom.body.subject).toBe('Renderlift service disruption');
    expect(custom.body.text).toContain('The render farm moves on Saturday night.');
    // rendered as the first recipient gets it: the account's first name
    expect(custom.body.text).toContain('Grace');
    expect(custom.body.html).toContain('Saturday night');

    const active = await admin.json('/api/admin/notifications/application-available/preview', {
      method: 'POST',
      json: { message: 'We are back.', audience: { kind: 'active', targetDays: 30 } },
    });
    expect(active.status).toBe(200);
    expect(active.body).toMatchObject({ total: 2, optedOut: 1 });
    expect(active.body.text).toContain('We are back.');

    const bad = await admin.json('/api/admin/notifications/maintenance/preview', {
      method: 'POST',
      json: { message: 'x', audience: { kind: 'custom', customEmails: 'ana@studio.example; not an address' } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain(messages.adminInvalidEmails);
    expect(await rowsIn()).toEqual(before);
    expect(await server.deps.db.select().from(adminAuditLog)).toHaveLength(0);
  });

  it('the history lists each batch with sent, failed and opted-out counts and its message; the audit entry names the count', async () => {
    const sent = await admin.json('/api/admin/notifications/application-available', {
      method: 'POST',
      json: { message: 'Creativity mode is back.', audience: { kind: 'active', targetDays: 30 } },
    });
    expect(sent.status).toBe(202);
    expect(sent.body).toMatchObject({ total: 2, optedOut: 1 });
    await waitForCampaign(sent.body.campaignId);
    const history = await admin.json('/api/admin/notifications');
    const row = history.body.campaigns.find((c: { id: string }) => c.id === sent.body.campaignId);
    expect(row).toMatchObject({
      kind: 'application-available',
      status: 'completed',
      total: 2,
      emailsSent: 2,
      failed: 0,
      optedOut: 1,
      message: 'Creativity mode is back.',
    });
    const to = (await server.deps.db.select({ to: emailOutbox.toAddress }).from(emailOutbox).where(eq(emailOutbox.template, 'application-available'))).map(
      (m) => m.to,
    );
    expect(to).not.toContain(quietEmail);

    const entry = await latestAudit('notification.application_available');
    expect(entry.details).toMatchObject({ campaignId: sent.body.campaignId, recipients: 2, optedOut: 1, message: 'Creativity mode is back.' });
  });

  it('audit entries say what changed: the banner before and after, the plan by name, the role before and after', async () => {
    await admin.json('/api/admin/service-status', { method: 'PUT', json: { enabled: true, message: 'Engine upgrade at 22:00.', type: 'warning' } });
    await admin.json('/api/admin/service-status', { method: 'PUT', json: { enabled: true, message: 'Engine upgrade moved to 23:00.', type: 'info' } });
    const banner = await latestAudit('service_status.update');
    expect(banner.details).toEqual({
      enabled: true,
      message: 'Engine upgrade moved to 23:00.',
      type: 'info',
      before: { enabled: true, message: 'Engine upgrade at 22:00.', type: 'warning' },
    });

    const plan = await admin.json('/api/admin/grants/complimentary-plan', {
      method: 'POST',
      json: { email: userEmail, plan_tier: 'business', expiration_date: '2099-06-30T23:59:59.000Z' },
    });
    expect(plan.status).toBe(200);
    expect((await latestAudit('grant.complimentary_plan')).details).toMatchObject({ tier: 'business', planName: 'Business', balanceAfter: 1000 });

    expect((await admin.json('/api/admin/admins', { method: 'POST', json: { email: userEmail, admin: true } })).status).toBe(200);
    expect((await latestAudit('role.grant_admin')).details).toEqual({ changed: true, roleBefore: 'user', roleAfter: 'admin' });
    expect((await admin.json('/api/admin/admins', { method: 'POST', json: { email: userEmail, admin: false } })).status).toBe(200);
    expect((await latestAudit('role.revoke_admin')).details).toEqual({ changed: true, roleBefore: 'admin', roleAfter: 'user' });
  });
});
