import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { startTestServer, TestClient, type TestServer } from '../testing/test-server.js';
import { latestMail, signupBody, signUpVerifiedUser, verificationCodeFrom } from '../testing/accounts.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Signed by the provider, never sent by a browser: the one family of state-changing routes without an Origin rule. */
const SIGNED_ELSEWHERE = /^\/api\/webhooks\//;

/** Every state-changing /api route the app declares, with its parameters filled in. */
function stateChangingRoutes(server: TestServer) {
  const { app } = createApp(server.deps, { serveWeb: false });
  const seen = new Set<string>();
  const routes: { method: string; path: string }[] = [];
  for (const r of app.routes) {
    if (!STATE_CHANGING.has(r.method) || !r.path.startsWith('/api/') || SIGNED_ELSEWHERE.test(r.path)) continue;
    const path = r.path.replace(/:[A-Za-z_]+(\{[^}]*\})?/g, '00000000-0000-4000-8000-000000000000').replace(/\/\*$/, '/sign-out');
    const key = `${r.method} ${path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    routes.push({ method: r.method, path });
  }
  return routes;
}

/** A raw request with a Host header of our choosing, as a browser on another address of this machine sends it. */
function requestAs(server: TestServer, host: string, pathname: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const body = init.body === undefined ? undefined : JSON.stringify(init.body);
  return new Promise<{ status: number; body: any }>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: server.port,
        path: pathname,
        method: init.method ?? 'GET',
        headers: { host, ...(body ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) } : {}), ...init.headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => {
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            /* HTML or empty */
          }
          resolve({ status: res.statusCode ?? 0, body: parsed });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('origins without BASE_URL (the single-machine default)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { HOST: '::', RATE_LIMIT_SIGN_UP: '100/60', RATE_LIMIT_SIGN_IN: '100/60' } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('every state-changing API route refuses a foreign Origin and a cookie without one, before its handler runs', async () => {
    const c = new TestClient(`http://127.0.0.1:${server.port}`);
    await signUpVerifiedUser(c, server.deps);
    const routes = stateChangingRoutes(server);
    // the route list is read from the app itself, so a route added later is covered without touching this test
    expect(routes.length).toBeGreaterThan(20);
    for (const paths of ['/api/viewports', '/api/uploads', '/api/billing/checkout', '/api/viewports/clear-active']) {
      expect(routes.some((r) => r.path === paths && r.method === 'POST')).toBe(true);
    }
    const refused: string[] = [];
    for (const { method, path } of routes) {
      const foreign = await c.json(path, { method, json: {}, headers: { origin: 'http://127.0.0.1:1' } });
      const bare = await c.json(path, { method, json: {}, headers: { origin: '' } });
      if (foreign.status === 403 && foreign.body?.error?.code === 'INVALID_ORIGIN' && bare.status === 403 && bare.body?.error?.code === 'INVALID_ORIGIN') {
        refused.push(`${method} ${path}`);
      }
    }
    expect(refused).toEqual(routes.map((r) => `${r.method} ${r.path}`));
    // nothing reached a handler: the user's workspace is as empty as before
    expect((await c.json('/api/viewports')).body.sessions ?? []).toHaveLength(0);
    expect((await c.json('/api/me')).status).toBe(200);
  });

  it('tells a refused caller which origin and what decides', async () => {
    const c = new TestClient(`http://127.0.0.1:${server.port}`);
    const res = await c.json('/api/accounts/signup', { method: 'POST', json: signupBody(), headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toContain('https://evil.example');
    expect(res.body.error.message).toContain('BASE_URL');
    expect(res.body.error.message).toContain('TRUSTED_ORIGINS');
  });

  it('signs up, verifies and signs in at [::1] as at 127.0.0.1', async () => {
    const c = new TestClient(`http://[::1]:${server.port}`);
    const { email } = await signUpVerifiedUser(c, server.deps);
    const me = await c.json('/api/me');
    expect(me.status).toBe(200);
    expect(me.body.user?.email ?? me.body.email).toBe(email);
  });

  it('a page reached at a LAN address or host name is same-origin there, and its e-mail links lead back to it', async () => {
    for (const host of [`192.168.1.20:${server.port}`, `studio-nas.local:${server.port}`]) {
      const body = signupBody();
      const res = await requestAs(server, host, '/api/accounts/signup', { method: 'POST', body, headers: { origin: `http://${host}` } });
      expect(res.status).toBe(201);
      const mail = await latestMail(server.deps, body.email, 'verification');
      expect(mail.html).toContain(`http://${host}/verify/${verificationCodeFrom(mail.text)}`);
      // the same page on another port of that host is another origin
      const other = await requestAs(server, host, '/api/accounts/signup', {
        method: 'POST',
        body: signupBody(),
        headers: { origin: `http://${host.replace(/:\d+$/, ':8080')}` },
      });
      expect(other.status).toBe(403);
    }
  });

  it('the mailbox answers this machine only', async () => {
    expect((await requestAs(server, `127.0.0.1:${server.port}`, '/dev/mailbox')).status).toBe(200);
    expect((await requestAs(server, `localhost:${server.port}`, '/dev/mailbox')).status).toBe(200);
    expect((await requestAs(server, `[::1]:${server.port}`, '/dev/mailbox')).status).toBe(200);
    // a loopback peer that calls the server by a foreign name: a page rebound to 127.0.0.1
    const rebound = await requestAs(server, `evil.example:${server.port}`, '/dev/mailbox');
    expect(rebound.status).toBe(404);
    expect(JSON.stringify(rebound.body)).not.toContain('Verify your email');
  });
});

describe('origins with BASE_URL and TRUSTED_ORIGINS (production behind a known name)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      env: {
        BASE_URL: 'https://app.renderlift.example',
        TRUSTED_ORIGINS: 'https://admin.renderlift.example, https://www.renderlift.example/',
        TRUST_PROXY: 'true',
      },
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('accepts BASE_URL and the listed origins only, and links in e-mails use BASE_URL whatever the Host', async () => {
    const c = new TestClient(server.url);
    const own = await c.json('/api/accounts/signup', { method: 'POST', json: signupBody(), headers: { origin: server.url } });
    expect(own.status).toBe(403);
    expect(own.body.error.message).toContain('https://app.renderlift.example (BASE_URL)');
    for (const origin of ['https://app.renderlift.example', 'https://admin.renderlift.example', 'https://www.renderlift.example']) {
      const body = signupBody();
      const res = await c.json('/api/accounts/signup', { method: 'POST', json: body, headers: { origin } });
      expect(res.status).toBe(201);
      const mail = await latestMail(server.deps, body.email, 'verification');
      expect(mail.html).toContain(`https://app.renderlift.example/verify/`);
    }
  });

  it('the mailbox refuses a client the proxy says is remote', async () => {
    const remote = await requestAs(server, `127.0.0.1:${server.port}`, '/dev/mailbox', { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(remote.status).toBe(404);
    const local = await requestAs(server, `127.0.0.1:${server.port}`, '/dev/mailbox', { headers: { 'x-forwarded-for': '127.0.0.1' } });
    expect(local.status).toBe(200);
  });
});
