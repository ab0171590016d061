import http from 'node:http';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { startTestServer, TestClient, type TestServer } from '../testing/test-server.js';
import { latestMail, signupBody, signUpVerifiedUser, verificationCodeFrom, waitForMail } from '../testing/accounts.js';
import { emailOutbox } from '../db/schema.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * Without an Origin rule: routes signed by the provider (payment webhooks), and the public API, which takes only an
 * `Authorization: Bearer` key a browser never adds by itself and ignores the session cookie (checked below).
 */
const SIGNED_ELSEWHERE = /^\/api\/(webhooks|v1)\//;

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

/** An address of this machine other than loopback (a LAN address), when it has one. */
function interfaceAddress(): string | undefined {
  const all = Object.values(os.networkInterfaces()).flatMap((list) => list ?? []);
  return all.find((a) => !a.internal && a.family === 'IPv4')?.address;
}

/** Every outbox row to this address, for checking that none of them carries a link to a foreign host. */
async function allMailTo(server: TestServer, to: string) {
  const rows = await server.deps.db.select().from(emailOutbox);
  return rows.filter((r) => r.toAddress === to);
}

describe('origins without BASE_URL (the single-machine default)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      env: {
        HOST: '::',
        RATE_LIMIT_SIGN_UP: '100/60',
        RATE_LIMIT_SIGN_IN: '100/60',
        RATE_LIMIT_PASSWORD_RESET: '100/60',
        RESEND_COOLDOWN_SECONDS: '0',
        ALLOWED_HOSTS: 'studio-nas.lan',
      },
    });
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
    // the public API ignores the session cookie: a signed-in browser's request without a key is not authenticated
    const viaCookie = await c.json('/api/v1/jobs', { method: 'POST', json: { imageId: '00000000-0000-4000-8000-000000000000', scale: 2 } });
    expect(viaCookie.status).toBe(401);
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

  it('a page reached at this machine’s LAN address, its host name or a name in ALLOWED_HOSTS is same-origin there, and its e-mail links lead back to it', async () => {
    const names = [os.hostname(), `${os.hostname()}.local`, 'studio-nas.lan', 'STUDIO-NAS.lan', interfaceAddress()].filter((n): n is string => !!n);
    for (const name of names) {
      const host = `${name}:${server.port}`;
      const body = signupBody();
      // a browser sends its Origin in lower case, whatever case the address bar had
      const res = await requestAs(server, host, '/api/accounts/signup', { method: 'POST', body, headers: { origin: `http://${host.toLowerCase()}` } });
      expect(res.status, host).toBe(201);
      const mail = await latestMail(server.deps, body.email, 'verification');
      expect(mail.html).toContain(`http://${host.toLowerCase()}/verify/${verificationCodeFrom(mail.text)}`);
      // the same page on another port of that host is another origin
      const other = await requestAs(server, host, '/api/accounts/signup', {
        method: 'POST',
        body: signupBody(),
        headers: { origin: `http://${host.toLowerCase().replace(/:\d+$/, ':8080')}` },
      });
      expect(other.status).toBe(403);
    }
  });

  it('loopback names and addresses work as they always did', async () => {
    for (const host of [
      `localhost:${server.port}`,
      `127.0.0.1:${server.port}`,
      `127.0.0.2:${server.port}`,
      `[::1]:${server.port}`,
      `app.localhost:${server.port}`,
    ]) {
      const body = signupBody();
      const res = await requestAs(server, host, '/api/accounts/signup', { method: 'POST', body, headers: { origin: `http://${host}` } });
      expect(res.status, host).toBe(201);
      expect((await latestMail(server.deps, body.email, 'verification')).html).toContain(`http://${host}/verify/`);
    }
  });

  it('a request that names the server by a foreign host is refused with 421, naming what to set, and no mail carries that host', async () => {
    const c = new TestClient(`http://127.0.0.1:${server.port}`);
    const { email } = await signUpVerifiedUser(c, server.deps);
    const host = `evil.example:${server.port}`;
    const reset = await requestAs(server, host, '/api/accounts/forgot-password', { method: 'POST', body: { email }, headers: { origin: `http://${host}` } });
    expect(reset.status).toBe(421);
    expect(reset.body.error.code).toBe('MISDIRECTED_REQUEST');
    expect(reset.body.error.message).toContain('evil.example');
    expect(reset.body.error.message).toContain('ALLOWED_HOSTS');
    expect(reset.body.error.message).toContain('BASE_URL');
    // without an Origin too, and for pages as for the API
    expect((await requestAs(server, host, '/api/accounts/forgot-password', { method: 'POST', body: { email } })).status).toBe(421);
    expect((await requestAs(server, host, '/reset-password/ABCDEF')).status).toBe(421);
    // a name that merely ends like an allowed one is another name
    expect((await requestAs(server, `evilstudio-nas.lan:${server.port}`, '/api/version')).status).toBe(421);
    expect((await requestAs(server, `localhost.evil.example:${server.port}`, '/api/version')).status).toBe(421);

    const signup = signupBody();
    const refused = await requestAs(server, host, '/api/accounts/signup', { method: 'POST', body: signup, headers: { origin: `http://${host}` } });
    expect(refused.status).toBe(421);
    expect(await allMailTo(server, signup.email)).toHaveLength(0);

    // the genuine request, made after the hostile one, is mailed; nothing was ever queued for the foreign host
    const genuine = await c.json('/api/accounts/forgot-password', { method: 'POST', json: { email } });
    expect(genuine.status).toBe(200);
    expect((await waitForMail(server.deps, email, 'password-reset')).html).toContain(`http://127.0.0.1:${server.port}/reset-password/`);
    await new Promise((r) => setTimeout(r, 500));
    const mails = await allMailTo(server, email);
    expect(mails.filter((r) => r.template === 'password-reset')).toHaveLength(1);
    for (const r of mails) expect(r.html + r.text).not.toContain('evil.example');
  });

  it('the health checks answer whatever name they are asked by: orchestrators probe by IP or container name', async () => {
    expect((await requestAs(server, 'renderlift-api-1:3000', '/healthz')).status).toBe(200);
    expect((await requestAs(server, 'renderlift-api-1:3000', '/readyz')).status).toBe(200);
  });

  it('the mailbox answers this machine only', async () => {
    expect((await requestAs(server, `127.0.0.1:${server.port}`, '/dev/mailbox')).status).toBe(200);
    expect((await requestAs(server, `localhost:${server.port}`, '/dev/mailbox')).status).toBe(200);
    expect((await requestAs(server, `[::1]:${server.port}`, '/dev/mailbox')).status).toBe(200);
    // a loopback peer that calls the server by a foreign name: a page rebound to 127.0.0.1
    const rebound = await requestAs(server, `evil.example:${server.port}`, '/dev/mailbox');
    expect(rebound.status).toBe(421);
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

  it('answers any Host, since links and trusted origins come from BASE_URL alone: a foreign Host changes no link', async () => {
    const c = new TestClient(`http://127.0.0.1:${server.port}`, 'https://app.renderlift.example');
    const { email } = await signUpVerifiedUser(c, server.deps);
    for (const headers of [
      { origin: 'https://app.renderlift.example' },
      { origin: 'https://app.renderlift.example', 'x-forwarded-host': 'evil.example' },
    ] as Record<string, string>[]) {
      const res = await requestAs(server, 'evil.example', '/api/accounts/forgot-password', { method: 'POST', body: { email }, headers });
      expect(res.status).toBe(200);
    }
    await waitForMail(server.deps, email, 'password-reset');
    for (const r of await allMailTo(server, email)) {
      expect(r.html + r.text).not.toContain('evil.example');
      expect(r.html).toContain('https://app.renderlift.example/');
    }
  });

  it('has no mailbox, even for a loopback client that names the server by a loopback host', async () => {
    for (const host of [`127.0.0.1:${server.port}`, `localhost:${server.port}`]) {
      expect((await requestAs(server, host, '/dev/mailbox')).status).toBe(404);
      expect((await requestAs(server, host, '/dev/mailbox', { headers: { 'x-forwarded-for': '127.0.0.1' } })).status).toBe(404);
      expect((await requestAs(server, host, '/dev/mailbox', { headers: { 'x-forwarded-for': '203.0.113.9' } })).status).toBe(404);
    }
  });
});

describe('behind a proxy without BASE_URL (TRUST_PROXY=true)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { TRUST_PROXY: 'true', RESEND_COOLDOWN_SECONDS: '0' } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('a foreign X-Forwarded-Host is refused like a foreign Host, and no mail carries it', async () => {
    const c = new TestClient(`http://127.0.0.1:${server.port}`);
    const { email } = await signUpVerifiedUser(c, server.deps);
    const reset = await requestAs(server, `127.0.0.1:${server.port}`, '/api/accounts/forgot-password', {
      method: 'POST',
      body: { email },
      headers: { origin: 'https://evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    });
    expect(reset.status).toBe(421);
    expect(reset.body.error.message).toContain('evil.example');
    const signup = signupBody();
    const refused = await requestAs(server, `127.0.0.1:${server.port}`, '/api/accounts/signup', {
      method: 'POST',
      body: signup,
      headers: { origin: 'https://evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    });
    expect(refused.status).toBe(421);
    expect(await allMailTo(server, signup.email)).toHaveLength(0);
    await new Promise((r) => setTimeout(r, 500));
    expect(await allMailTo(server, email).then((rows) => rows.filter((r) => r.template === 'password-reset'))).toHaveLength(0);
  });

  it('the proxy’s own X-Forwarded-Host and -Proto, the right-most entries, make the links; what the client wrote left of them does not', async () => {
    const host = `localhost:${server.port}`;
    const body = signupBody();
    const res = await requestAs(server, `127.0.0.1:${server.port}`, '/api/accounts/signup', {
      method: 'POST',
      body,
      headers: { origin: `https://${host}`, 'x-forwarded-host': `evil.example, ${host}`, 'x-forwarded-proto': 'http, https' },
    });
    expect(res.status).toBe(201);
    const mail = await latestMail(server.deps, body.email, 'verification');
    expect(mail.html).toContain(`https://${host}/verify/`);
    expect(mail.html).not.toContain('evil.example');
  });

  it('has no mailbox, even for a loopback client that names the server by a loopback host', async () => {
    expect((await requestAs(server, `127.0.0.1:${server.port}`, '/dev/mailbox')).status).toBe(404);
    expect((await requestAs(server, `localhost:${server.port}`, '/dev/mailbox', { headers: { 'x-forwarded-for': '127.0.0.1' } })).status).toBe(404);
  });
});

describe('with BASE_URL and no proxy', () => {
  it('has no mailbox, even for a loopback client that names the server by a loopback host', async () => {
    const server = await startTestServer({ env: { BASE_URL: 'http://localhost:3000' } });
    try {
      expect((await requestAs(server, `127.0.0.1:${server.port}`, '/dev/mailbox')).status).toBe(404);
      expect((await requestAs(server, `localhost:${server.port}`, '/dev/mailbox')).status).toBe(404);
    } finally {
      await server.stop();
    }
  });
});
