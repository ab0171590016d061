import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startTestServer, TestClient, type TestServer } from '@server/testing/test-server.js';
import { signUpVerifiedUser } from '@server/testing/accounts.js';
import { backends } from '@server/testing/databases.js';
import { emailOutbox, imageJobs, user } from '@server/db/schema.js';
import { grantCredits, reserveCredits } from '../credits/ledger.js';
import { notifyLowCredits, notifyProcessingComplete } from './user-notifications.js';

describe.each(backends)('notification e-mails honour the user’s settings (%s)', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ backend, env: { RATE_LIMIT_SIGN_UP: '100/60', RATE_LIMIT_SIGN_IN: '100/60' } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function newUser() {
    const client = new TestClient(server.url);
    const { email } = await signUpVerifiedUser(client, server.deps);
    const [u] = await server.deps.db.select({ id: user.id }).from(user).where(eq(user.email, email));
    return { client, email, id: u.id };
  }
  const mails = (to: string, template: string) =>
    server.deps.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.template, template)));
  const finishedJob = (userId: string, status: 'completed' | 'failed', at: Date) =>
    server.deps.db
      .insert(imageJobs)
      .values({ userId, status, processedImageUrl: status === 'completed' ? 'enhanced-images/x.png' : null, scale: 2, mode: 'detail', finishedAt: at });

  it('the settings are the seed’s defaults until changed, saved on the server, and only the user’s own', async () => {
    const a = await newUser();
    const b = await newUser();
    expect((await a.client.json('/api/profile/notifications')).body.preferences).toEqual({
      email_notifications: true,
      processing_complete: true,
      marketing_emails: false,
      low_credits_warning: true,
    });
    const saved = await a.client.json('/api/profile/notifications', { method: 'PUT', json: { processing_complete: false } });
    expect(saved.body.preferences.processing_complete).toBe(false);
    expect((await a.client.json('/api/profile/notifications')).body.preferences.processing_complete).toBe(false);
    expect((await b.client.json('/api/profile/notifications')).body.preferences.processing_complete).toBe(true);
    expect((await a.client.json('/api/profile/notifications', { method: 'PUT', json: { processing_complete: 'no' } })).status).toBe(400);
  });

  it('a low-credit e-mail goes out once when the balance first drops to 5 or fewer, and again only after it rose above', async () => {
    const u = await newUser();
    await grantCredits(server.deps.db, u.id, 6, 'adjustment');
    await reserveCredits(server.deps.db, u.id, 3);
    expect(await notifyLowCredits(server.deps, u.id)).toBe(false);
    await reserveCredits(server.deps.db, u.id, 3);
    expect(await notifyLowCredits(server.deps, u.id)).toBe(true);
    await reserveCredits(server.deps.db, u.id, 1);
    expect(await notifyLowCredits(server.deps, u.id)).toBe(false);
    const [mail] = await mails(u.email, 'low-credits');
    expect(mail.subject).toBe('You have 4 credits left');
    await grantCredits(server.deps.db, u.id, 10, 'adjustment');
    await reserveCredits(server.deps.db, u.id, 10);
    expect(await notifyLowCredits(server.deps, u.id)).toBe(true);
    expect(await mails(u.email, 'low-credits')).toHaveLength(2);
  });

  it('a user who turned low-credit or all optional e-mail off gets none', async () => {
    for (const off of [{ low_credits_warning: false }, { email_notifications: false }]) {
      const u = await newUser();
      await u.client.json('/api/profile/notifications', { method: 'PUT', json: off });
      await reserveCredits(server.deps.db, u.id, 1);
      expect(await notifyLowCredits(server.deps, u.id)).toBe(false);
      expect(await mails(u.email, 'low-credits')).toHaveLength(0);
    }
  });

  it('one processing-complete e-mail when the last running job ends, counting the batch; none when turned off', async () => {
    const u = await newUser();
    const t0 = new Date(Date.now() - 60_000);
    await finishedJob(u.id, 'completed', t0);
    await finishedJob(u.id, 'failed', t0);
    // another job still running: no e-mail yet
    await server.deps.db.insert(imageJobs).values({ userId: u.id, status: 'processing', scale: 2, mode: 'detail' });
    expect(await notifyProcessingComplete(server.deps, u.id)).toBe(false);
    await server.deps.db
      .update(imageJobs)
      .set({ status: 'completed', processedImageUrl: 'enhanced-images/y.png', finishedAt: new Date() })
      .where(and(eq(imageJobs.userId, u.id), eq(imageJobs.status, 'processing')));
    expect(await notifyProcessingComplete(server.deps, u.id)).toBe(true);
    const [mail] = await mails(u.email, 'processing-complete');
    expect(mail.subject).toBe('Your 2 renders are ready');
    expect(mail.text).toContain('1 job did not finish');
    // nothing new finished: nothing more to say
    expect(await notifyProcessingComplete(server.deps, u.id)).toBe(false);

    await u.client.json('/api/profile/notifications', { method: 'PUT', json: { processing_complete: false } });
    await finishedJob(u.id, 'completed', new Date(Date.now() + 1000));
    expect(await notifyProcessingComplete(server.deps, u.id)).toBe(false);
    expect(await mails(u.email, 'processing-complete')).toHaveLength(1);
  });

  it('lists the user’s signed-in devices with this one marked, and recent sign-ins', async () => {
    const u = await newUser();
    const other = new TestClient(server.url);
    const [row] = await server.deps.db.select({ email: user.email }).from(user).where(eq(user.id, u.id));
    await other.json('/api/auth/sign-in/email', { method: 'POST', json: { email: row.email, password: 'correct-horse-1' } });
    const r = await u.client.json('/api/profile/sessions');
    expect(r.body.sessions).toHaveLength(2);
    expect(r.body.sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(JSON.stringify(r.body)).not.toMatch(/token/i);
    expect(r.body.signIns.filter((e: { action: string }) => e.action === 'sign_in').length).toBeGreaterThanOrEqual(2);
    await u.client.json('/api/account/sign-out?scope=others', { method: 'POST' });
    expect((await u.client.json('/api/profile/sessions')).body.sessions).toHaveLength(1);
    expect((await other.json('/api/me')).status).toBe(401);
  });
});
