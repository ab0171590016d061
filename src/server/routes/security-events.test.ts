import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../testing/databases.js';
import { startTestServer, TestClient, type TestServer } from '../testing/test-server.js';
import { signUpVerifiedUser } from '../testing/accounts.js';
import { makeAdmin } from '../services/accounts/make-admin.js';
import { securityEvents } from '../db/schema.js';

describe.each(backends)('client security reports (%s)', (backend) => {
  let server: TestServer;
  let admin: TestClient;

  beforeAll(async () => {
    server = await startTestServer({ backend, env: { RATE_LIMIT_SIGN_UP: '100/60', RATE_LIMIT_SIGN_IN: '100/60' } });
    admin = new TestClient(server.url);
    const a = await signUpVerifiedUser(admin, server.deps);
    await makeAdmin(server.deps.db, a.email);
  });
  afterAll(async () => {
    await server?.stop();
  });

  const report = (c: TestClient, json: Record<string, unknown>) => c.json('/api/security-events', { method: 'POST', json });

  it('a browser cannot report the kinds the server records: an anonymous sign-in failure is refused and nothing is stored', async () => {
    const anonymous = new TestClient(server.url);
    const before = await server.deps.db.select().from(securityEvents);
    for (const forged of [
      { action: 'sign_in', resource: 'auth', status: 'failure', details: { status: 401 } },
      { action: 'two_factor_verify', resource: 'auth', status: 'failure' },
      { action: 'password_reset', status: 'success' },
      // the browser reports a sign-in it completed; failed ones are the server's to record
      { action: 'login', resource: 'auth', status: 'failure' },
    ]) {
      const r = await report(anonymous, forged);
      expect(r.status, forged.action).toBe(400);
    }
    expect(await server.deps.db.select().from(securityEvents)).toHaveLength(before.length);
  });

  it('a client report reads back marked as reported by a browser in the admin list, server events as the server’s', async () => {
    const visitor = new TestClient(server.url);
    const r = await report(visitor, {
      action: 'client_error',
      resource: 'web',
      status: 'failure',
      // a report cannot claim to be the server's
      details: { message: 'boom', reported_by: 'server', source: 'server' },
      page_url: '/enhance',
    });
    expect(r.status).toBe(202);
    await visitor.json('/api/auth/sign-in/email', { method: 'POST', json: { email: 'nobody@studio.example', password: 'wrong-password' } });

    const listed = await admin.json('/api/admin/security-events?failures=1');
    expect(listed.status).toBe(200);
    const clientError = listed.body.items.find((e: { action: string }) => e.action === 'client_error');
    expect(clientError).toMatchObject({ source: 'client', status: 'failure' });
    const signInFailure = listed.body.items.find(
      (e: { action: string; email: string | null }) => e.action === 'sign_in' && e.email === 'nobody@studio.example',
    );
    expect(signInFailure).toMatchObject({ source: 'server', status: 'failure' });
  });

  it('the user’s own list marks their browser’s reports too', async () => {
    const c = new TestClient(server.url);
    await signUpVerifiedUser(c, server.deps);
    expect((await report(c, { action: 'login', resource: 'auth', status: 'success', details: { method: 'password' } })).status).toBe(202);
    const own = await c.json('/api/security-events');
    expect(own.body.events.find((e: { action: string }) => e.action === 'login')).toMatchObject({ source: 'client' });
    expect(own.body.events.find((e: { action: string }) => e.action === 'sign_in')).toMatchObject({ source: 'server' });
  });
});
