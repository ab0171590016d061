import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { startServer } from '@main/server.js';
import { backends } from '../testing/databases.js';
import { startTestServer, TestClient, type TestServer } from '../testing/test-server.js';
import { signupBody } from '../testing/accounts.js';
import { accountMessages as m } from '@shared/accounts/messages.js';

// small limits so that each one is proven with a handful of real requests
const env = {
  RATE_LIMIT_SIGN_IN: '3/60',
  RATE_LIMIT_SIGN_UP: '2/600',
  RATE_LIMIT_PASSWORD_RESET: '2/600',
  RATE_LIMIT_RESEND: '2/3600',
};

describe.each(backends)('rate limits (%s)', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ backend, env });
  });
  afterAll(async () => {
    await server?.stop();
  });
  const client = () => new TestClient(server.url);

  it('sign-in: the fourth attempt within a minute is answered 429', async () => {
    const c = client();
    const email = 'someone@example.com';
    for (let i = 0; i < 3; i++) {
      expect((await c.json('/api/auth/sign-in/email', { method: 'POST', json: { email, password: 'wrong-password' } })).status).toBe(401);
    }
    const limited = await c.json('/api/auth/sign-in/email', { method: 'POST', json: { email, password: 'wrong-password' } });
    expect(limited.status).toBe(429);
    expect(limited.body.error.message).toBe(m.signInTooMany);
    expect(Number(limited.res.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('sign-up: the third within the window is answered 429 with the seed message', async () => {
    const c = client();
    expect((await c.json('/api/accounts/signup', { method: 'POST', json: signupBody() })).status).toBe(201);
    // a malformed attempt counts too
    expect((await c.json('/api/accounts/signup', { method: 'POST', json: { email: 'x' } })).status).toBe(400);
    const limited = await c.json('/api/accounts/signup', { method: 'POST', json: signupBody() });
    expect(limited.status).toBe(429);
    expect(limited.body.error.message).toBe(m.signupTooMany);
  });

  it('password reset requests and reset attempts are limited separately', async () => {
    const c = client();
    for (let i = 0; i < 2; i++)
      expect((await c.json('/api/accounts/forgot-password', { method: 'POST', json: { email: `a${i}@example.com` } })).status).toBe(200);
    const limited = await c.json('/api/accounts/forgot-password', { method: 'POST', json: { email: 'a3@example.com' } });
    expect(limited.status).toBe(429);
    expect(limited.body.error.message).toBe(m.resetTooMany);

    for (let i = 0; i < 2; i++)
      expect((await c.json('/api/accounts/reset-password', { method: 'POST', json: { token: 'ZZZZZZ', newPassword: 'whatever-1' } })).status).toBe(400);
    const guessed = await c.json('/api/accounts/reset-password', { method: 'POST', json: { token: 'ZZZZZZ', newPassword: 'whatever-1' } });
    expect(guessed.status).toBe(429);
    expect(guessed.body.error.message).toBe(m.resetTooMany);
  });

  it('resend: per address a 60-second cooldown, per client a limit whose message mentions the rate limit', async () => {
    const c = client();
    for (let i = 0; i < 2; i++)
      expect((await c.json('/api/accounts/resend-verification', { method: 'POST', json: { email: `r${i}@example.com` } })).status).toBe(200);
    const limited = await c.json('/api/accounts/resend-verification', { method: 'POST', json: { email: 'r9@example.com' } });
    expect(limited.status).toBe(429);
    expect(limited.body.error.message.toLowerCase()).toContain('rate limit');
  });

  // instances share a database only with PostgreSQL (PGlite is one process's database)
  if (backend === 'postgres')
    it('limits hold across API instances sharing the database', async () => {
      const second = await startServer(
        loadConfig({
          NODE_ENV: 'test',
          PORT: '0',
          HOST: '127.0.0.1',
          DATA_DIR: server.dataDir,
          LOG_LEVEL: 'silent',
          DATABASE_URL: server.deps.database.kind === 'postgres' ? server.deps.database.connectionString : '',
          WEB_DIST_DIR: server.dataDir + '/no-web',
          RATE_LIMIT_SIGN_UP: '2/600',
        }),
      );
      try {
        const one = new TestClient(server.url);
        const two = new TestClient(second.url);
        // the sign-up test above spent this client address's budget on the first instance; the second one counts in the same table
        const res = await two.json('/api/accounts/signup', { method: 'POST', json: signupBody() });
        expect(res.status).toBe(429);
        expect((await one.json('/api/accounts/signup', { method: 'POST', json: signupBody() })).status).toBe(429);
      } finally {
        await second.close();
      }
    });
});
