import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { backends } from '../testing/databases.js';
import { startTestServer, TestClient, type TestServer } from '../testing/test-server.js';
import { signUpVerifiedUser } from '../testing/accounts.js';
import { session, user } from '../db/schema.js';

describe.each(backends)("the auth library's own endpoints (%s)", (backend) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ backend, env: { RATE_LIMIT_SIGN_UP: '100/60', RATE_LIMIT_SIGN_IN: '100/60' } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('update-user is closed: a 900 KB name and a javascript: picture change nothing (the profile routes own name and avatar)', async () => {
    const c = new TestClient(server.url);
    const { userId } = await signUpVerifiedUser(c, server.deps);
    const [before] = await server.deps.db.select().from(user).where(eq(user.id, userId));
    const r = await c.json('/api/auth/update-user', {
      method: 'POST',
      json: { name: 'A'.repeat(900_000), image: 'javascript:alert(document.cookie)' },
      // refused before its body is read: this connection is not reused for the next test's requests
      headers: { connection: 'close' },
    });
    expect(r.status).toBe(404);
    for (const path of ['/api/auth/update-user/', '/api/auth/Update-User', '/api/auth/update-user?x=1']) {
      expect((await c.json(path, { method: 'POST', json: { name: 'Renamed', image: 'javascript:alert(1)' } })).status).toBe(404);
    }
    const [after] = await server.deps.db.select().from(user).where(eq(user.id, userId));
    expect(after.name).toBe(before.name);
    expect(after.image).toBe(before.image);
  });

  it("no answer hands a page script a session token: list-sessions is closed, sign-in and get-session leave it out, the app's own list never had it", async () => {
    const c = new TestClient(server.url);
    const { email, password, userId } = await signUpVerifiedUser(c, server.deps);
    const second = new TestClient(server.url);
    const signIn = await second.json('/api/auth/sign-in/email', { method: 'POST', json: { email, password } });
    expect(signIn.status).toBe(200);
    expect(signIn.body.user.id).toBe(userId);

    const tokens = (await server.deps.db.select({ token: session.token }).from(session).where(eq(session.userId, userId))).map((s) => s.token);
    expect(tokens).toHaveLength(2);
    // the cookie carries the token (signed); page scripts never read the cookie
    expect(tokens.some((t) => second.cookieHeader().includes(t))).toBe(true);

    const listed = await c.json('/api/auth/list-sessions');
    expect(listed.status).toBe(404);
    const got = await c.json('/api/auth/get-session');
    expect(got.status).toBe(200);
    expect(got.body.session.userId).toBe(userId);
    const devices = await c.json('/api/profile/sessions');
    expect(devices.status).toBe(200);
    expect(devices.body.sessions).toHaveLength(2);

    for (const answer of [signIn, listed, got, devices]) {
      const text = JSON.stringify(answer.body);
      for (const t of tokens) expect(text).not.toContain(t);
    }
  });
});
