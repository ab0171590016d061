import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { createApp } from '../app.js';
import { startTestServer, TestClient, type TestServer } from '../testing/test-server.js';
import { signUpVerifiedUser } from '../testing/accounts.js';
import { waitForCampaign as waitForCampaignOf } from '../testing/campaigns.js';
import { backends } from '../testing/databases.js';
import { SseReader } from '../testing/sse.js';
import { makeAdmin } from '../services/accounts/make-admin.js';
import { sendCampaign } from '../services/notifications/send-campaign.js';
import { adminAuditLog, contactMessages, emailOutbox, notificationRecipients, profiles } from '../db/schema.js';
import { messages } from '@shared/messages.js';
import { cannotDemoteSelf, statusMessageRequired } from '@shared/admin.js';

describe.each(backends)('admin API (%s)', (backend) => {
  let server: TestServer;
  let admin: TestClient;
  let adminEmail: string;
  let plain: TestClient;
  let plainEmail: string;

  beforeAll(async () => {
    server = await startTestServer({ backend, env: { RATE_LIMIT_SIGN_UP: '100/60', RATE_LIMIT_SIGN_IN: '100/60', RATE_LIMIT_CONTACT: '2/600' } });
    admin = new TestClient(server.url);
    const a = await signUpVerifiedUser(admin, server.deps, { metadata: { first_name: 'Ada' } });
    adminEmail = a.email;
    await makeAdmin(server.deps.db, a.email);
    plain = new TestClient(server.url);
    plainEmail = (await signUpVerifiedUser(plain, server.deps, { metadata: { first_name: 'Grace' } })).email;
  });
  afterAll(async () => {
    await server?.stop();
  });

  const audit = async (action: string) => server.deps.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, action)).orderBy(adminAuditLog.id);

  const waitForCampaign = (id: string) => waitForCampaignOf(admin, id);

  it('every /api/admin route answers 401 signed out and 403 to a user without the admin role, read from the route list', async () => {
    const { app } = createApp(server.deps, { serveWeb: false });
    const routes = [
      ...new Map(app.routes.filter((r) => r.path.startsWith('/api/admin/') && r.method !== 'ALL').map((r) => [`${r.method} ${r.path}`, r])).values(),
    ];
    expect(routes.length).toBeGreaterThanOrEqual(12);
    const anonymous = new TestClient(server.url);
    const outcomes: string[] = [];
    for (const r of routes) {
      const path = r.path.replace(/:[a-zA-Z]+/g, '00000000-0000-4000-8000-000000000000');
      const init = { method: r.method, ...(r.method === 'GET' ? {} : { json: {} }) };
      const [anon, user] = [await anonymous.json(path, init), await plain.json(path, init)];
      outcomes.push(`${r.method} ${r.path} ${anon.status} ${user.status}`);
    }
    expect(outcomes).toEqual(routes.map((r) => `${r.method} ${r.path} 401 403`));
    expect((await admin.json('/api/admin/overview')).status).toBe(200);
  });

  it("the auth library's generic admin endpoints are closed, even to an admin: the user stays, keeps their role and is not banned", async () => {
    const me = await plain.json('/api/me');
    const userId = me.body.user?.id ?? me.body.id;
    expect(userId).toBeTruthy();
    const attempts: Array<[string, Record<string, unknown>]> = [
      ['/api/auth/admin/remove-user', { userId }],
      ['/api/auth/admin/ban-user', { userId, banReason: 'x' }],
      ['/api/auth/admin/set-role', { userId, role: 'admin' }],
      ['/api/auth/admin/impersonate-user', { userId }],
      ['/api/auth/admin/create-user', { email: 'made-by-admin@example.com', password: 'Password-123456', name: 'x' }],
      ['/api/auth/admin/set-user-password', { userId, newPassword: 'Password-654321' }],
    ];
    for (const [path, json] of attempts) expect([path, (await admin.json(path, { method: 'POST', json })).status]).toEqual([path, 404]);
    expect((await admin.json('/api/auth/admin/list-users')).status).toBe(404);
    const after = await plain.json('/api/me');
    expect(after.status).toBe(200);
    expect(JSON.stringify(after.body)).not.toContain('"role":"admin"');
    expect((await plain.json('/api/admin/overview')).status).toBe(403);
  });

  it('the service-status banner: saved, readable by anyone, pushed live to an open page, audited', async () => {
    const stream = await SseReader.open(`${server.url}/api/events`);
    try {
      await stream.next((m) => m.event === 'ready');
      const res = await admin.json('/api/admin/service-status', {
        method: 'PUT',
        json: { enabled: true, message: '  Upgrading the engine tonight  ', type: 'warning' },
      });
      expect(res.status).toBe(200);
      const pushed = await stream.next((m) => m.event === 'service_status');
      expect(JSON.parse(pushed.data).data).toEqual({ enabled: true, message: 'Upgrading the engine tonight', type: 'warning' });
    } finally {
      stream.close();
    }
    const anyone = await new TestClient(server.url).json('/api/service-status');
    expect(anyone.body.status).toEqual({ enabled: true, message: 'Upgrading the engine tonight', type: 'warning' });
    const [entry] = await audit('service_status.update');
    expect(entry).toMatchObject({ actorEmail: adminEmail, result: 'success', target: 'service_status' });

    const blank = await admin.json('/api/admin/service-status', { method: 'PUT', json: { enabled: true, message: '   ', type: 'info' } });
    expect(blank.status).toBe(400);
    expect(blank.body.error.message).toBe(statusMessageRequired);
    expect((await admin.json('/api/service-status')).body.status.message).toBe('Upgrading the engine tonight');
  });

  it('complimentary plans: future date, known user, credits_granted; every refusal audited', async () => {
    const past = await admin.json('/api/admin/grants/complimentary-plan', {
      method: 'POST',
      json: { email: plainEmail, plan_tier: 'business', expiration_date: '2020-01-01' },
    });
    expect(past.status).toBe(400);
    expect(past.body.error.message).toBe(messages.adminExpirationPast);
    const nobody = await admin.json('/api/admin/grants/complimentary-plan', {
      method: 'POST',
      json: { email: 'nobody@example.com', plan_tier: 'basic', expiration_date: '2099-01-01' },
    });
    expect(nobody.status).toBe(404);
    expect(nobody.body.error.message).toBe(messages.adminUserNotFound);
    const ok = await admin.json('/api/admin/grants/complimentary-plan', {
      method: 'POST',
      json: { email: plainEmail.toUpperCase(), plan_tier: 'business', expiration_date: '2099-01-01' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ credits_granted: 1000, balance_before: 4, balance_after: 1000 });
    const me = await plain.json('/api/me');
    expect(me.body.profile?.subscription_status ?? me.body.profile?.subscriptionStatus).toBe('business');
    const entries = await audit('grant.complimentary_plan');
    expect(entries.map((e) => e.result)).toEqual(['failure', 'failure', 'success']);
    expect(entries[0].details).toEqual({ message: messages.adminExpirationPast });
    expect(entries[2].details).toMatchObject({ balanceBefore: 4, balanceAfter: 1000 });

    // a lower plan keeps the balance: the panel and the audit log show 1000 → 1000
    const lower = await admin.json('/api/admin/grants/complimentary-plan', {
      method: 'POST',
      json: { email: plainEmail, plan_tier: 'basic', expiration_date: '2099-01-01' },
    });
    expect(lower.body).toMatchObject({ credits_granted: 200, balance_before: 1000, balance_after: 1000 });
    const [p] = await server.deps.db.select().from(profiles).where(eq(profiles.email, plainEmail));
    expect(p.creditsRemaining).toBe(1000);
    expect((await audit('grant.complimentary_plan'))[3].details).toMatchObject({ tier: 'basic', balanceBefore: 1000, balanceAfter: 1000 });
  });

  it('beta access: 2000 credits, the badge and the beta-access e-mail', async () => {
    const r = await admin.json('/api/admin/grants/beta-access', { method: 'POST', json: { email: plainEmail } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      success: true,
      credits_granted: 2000,
      email_sent: true,
      already_had_beta: false,
      balance_before: 1000,
      balance_after: 2000,
    });
    const [p] = await server.deps.db.select().from(profiles).where(eq(profiles.email, plainEmail));
    expect([p.betaAccess, p.creditsRemaining]).toEqual([true, 2000]);
    const betaMails = () =>
      server.deps.db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.toAddress, plainEmail), eq(emailOutbox.template, 'beta-access')));
    const [mail] = await betaMails();
    expect(mail.subject).toBe('Your Renderlift beta access is ready');
    expect(mail.text).toContain('Grace');

    // granting again changes nothing and sends nothing; the audit log says so with the unchanged balance
    const again = await admin.json('/api/admin/grants/beta-access', { method: 'POST', json: { email: plainEmail } });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ success: true, already_had_beta: true, email_sent: false, balance_before: 2000, balance_after: 2000 });
    expect(await betaMails()).toHaveLength(1);
    const entries = await audit('grant.beta_access');
    expect(entries.map((e) => e.details)).toEqual([
      expect.objectContaining({ balanceBefore: 1000, balanceAfter: 2000, emailSent: true, alreadyHadBeta: false }),
      expect.objectContaining({ balanceBefore: 2000, balanceAfter: 2000, emailSent: false, alreadyHadBeta: true }),
    ]);
  });

  it('admins give and take the admin role, but not their own', async () => {
    const self = await admin.json('/api/admin/admins', { method: 'POST', json: { email: adminEmail, admin: false } });
    expect(self.status).toBe(400);
    expect(self.body.error.message).toBe(cannotDemoteSelf);
    const give = await admin.json('/api/admin/admins', { method: 'POST', json: { email: plainEmail, admin: true } });
    expect(give.body).toMatchObject({ success: true, changed: true });
    expect((await plain.json('/api/admin/overview')).status).toBe(200);
    expect((await admin.json('/api/admin/admins')).body.admins.map((a: { email: string }) => a.email).sort()).toEqual([adminEmail, plainEmail].sort());
    const take = await admin.json('/api/admin/admins', { method: 'POST', json: { email: plainEmail, admin: false } });
    expect(take.body.changed).toBe(true);
    // the demoted user's sessions ended with the role
    expect((await plain.json('/api/admin/overview')).status).toBe(401);
    await plain.json('/api/auth/sign-in/email', { method: 'POST', json: { email: plainEmail, password: 'correct-horse-1' } });
    expect((await plain.json('/api/admin/overview')).status).toBe(403);
  });

  it('maintenance e-mails: a bad custom list changes nothing; a test goes to the admin only; a batch reaches every active user once', async () => {
    const bad = await admin.json('/api/admin/notifications/maintenance', {
      method: 'POST',
      json: { message: 'Down for an hour', severity: 'warning', audience: { kind: 'custom', customEmails: 'a@example.com; not-an-address' } },
    });
    expect(bad.status).toBe(400);
    // the seed's wording, naming the entry that is not an address
    expect(bad.body.error.message).toBe(`${messages.adminInvalidEmails}: not-an-address`);
    const empty = await admin.json('/api/admin/notifications/maintenance', { method: 'POST', json: { message: ' ', audience: { kind: 'test' } } });
    expect(empty.status).toBe(400);

    const test = await admin.json('/api/admin/notifications/maintenance', { method: 'POST', json: { message: 'Test notice', audience: { kind: 'test' } } });
    expect(test.status).toBe(202);
    expect(test.body.total).toBe(1);
    const done = await waitForCampaign(test.body.campaignId);
    expect(done).toMatchObject({ status: 'completed', emailsSent: 1, failed: 0 });
    const [mail] = await server.deps.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.template, 'maintenance-notice'), eq(emailOutbox.toAddress, adminEmail)));
    expect(mail.text).toContain('Test notice');
    expect(mail.text).toContain('24-48 hours');

    // a user who turned e-mail notifications off (in Settings or with an e-mail's unsubscribe link) is left out of both announcements
    const quiet = new TestClient(server.url);
    const quietEmail = (await signUpVerifiedUser(quiet, server.deps)).email;
    await quiet.json('/api/profile/notifications', { method: 'PUT', json: { email_notifications: false } });
    const all = await admin.json('/api/admin/notifications/application-available', {
      method: 'POST',
      json: { message: 'We are back.', callToActionText: 'Open the workspace', audience: { kind: 'active', targetDays: 30 } },
    });
    expect(all.status).toBe(202);
    const finished = await waitForCampaign(all.body.campaignId);
    expect(finished.emailsSent).toBe(all.body.total);
    expect(all.body.total).toBeGreaterThanOrEqual(2);
    const sent = await server.deps.db.select({ to: emailOutbox.toAddress }).from(emailOutbox).where(eq(emailOutbox.template, 'application-available'));
    expect(new Set(sent.map((s) => s.to)).size).toBe(sent.length);
    expect(sent.map((s) => s.to)).toEqual(expect.arrayContaining([adminEmail, plainEmail]));
    expect(sent.map((s) => s.to)).not.toContain(quietEmail);
    const notice = await admin.json('/api/admin/notifications/maintenance', { method: 'POST', json: { message: 'Tonight', audience: { kind: 'active' } } });
    await waitForCampaign(notice.body.campaignId);
    const notices = await server.deps.db.select({ to: emailOutbox.toAddress }).from(emailOutbox).where(eq(emailOutbox.template, 'maintenance-notice'));
    expect(notices.map((n) => n.to)).not.toContain(quietEmail);
  });

  it('a batch resumed after a crash sends the rest and no second copy', async () => {
    const list = Array.from({ length: 7 }, (_, i) => `resume${i}@example.com`).join('\n');
    const r = await admin.json('/api/admin/notifications/maintenance', {
      method: 'POST',
      json: { message: 'Resume test', audience: { kind: 'custom', customEmails: list } },
    });
    await waitForCampaign(r.body.campaignId);
    // as if the process died after delivering three messages but before marking them: they are pending again
    const rows = await server.deps.db
      .select()
      .from(notificationRecipients)
      .where(eq(notificationRecipients.campaignId, r.body.campaignId))
      .orderBy(notificationRecipients.id);
    for (const row of rows.slice(0, 3))
      await server.deps.db.update(notificationRecipients).set({ status: 'pending' }).where(eq(notificationRecipients.id, row.id));
    await sendCampaign(server.deps, r.body.campaignId);
    const mails = await server.deps.db.select({ to: emailOutbox.toAddress }).from(emailOutbox).where(like(emailOutbox.toAddress, 'resume%@example.com'));
    expect(mails).toHaveLength(7);
    expect((await admin.json(`/api/admin/notifications/${r.body.campaignId}`)).body.campaign).toMatchObject({ emailsSent: 7, total: 7 });
  });

  it('the contact form stores the message, notifies the mailbox of its type, confirms to the sender, and is rate-limited', async () => {
    const visitor = new TestClient(server.url);
    const missing = await visitor.json('/api/contact', { method: 'POST', json: { name: 'Jo', email: 'jo@studio.example', subject: '', message: 'Hi' } });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe(messages.contactRequired);
    const sent = await visitor.json('/api/contact', {
      method: 'POST',
      json: { name: 'Jo Park', email: 'jo@studio.example', inquiryType: 'billing', subject: 'Invoice copy', message: 'Could I get a copy of my invoice?' },
    });
    expect(sent.status).toBe(201);
    const [stored] = await server.deps.db.select().from(contactMessages).where(eq(contactMessages.email, 'jo@studio.example'));
    expect(stored).toMatchObject({ inquiryType: 'billing', subject: 'Invoice copy' });
    const notified = await server.deps.db.select().from(emailOutbox).where(eq(emailOutbox.template, 'contact-notification'));
    expect(notified.map((m) => m.toAddress)).toContain(server.deps.config.CONTACT_SUPPORT_EMAIL);
    const [confirmation] = await server.deps.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.template, 'contact-confirmation'), eq(emailOutbox.toAddress, 'jo@studio.example')));
    expect(confirmation.text).toContain('24 hours');
    const listed = await admin.json('/api/admin/contact-messages');
    expect(listed.body.items[0]).toMatchObject({ email: 'jo@studio.example', subject: 'Invoice copy' });
    expect((await visitor.json('/api/contact', { method: 'POST', json: {} })).status).toBe(429);
  });
});
