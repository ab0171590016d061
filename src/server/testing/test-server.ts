import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config.js';
import { startServer, type RunningServer } from '@main/server.js';
import { createTestDatabase, type Backend } from './databases.js';
import type { Logger } from '../logger.js';

export interface TestServer extends RunningServer {
  backend: Backend;
  dataDir: string;
  /** Stops the server, drops its database and removes its data folder. */
  stop(): Promise<void>;
}

/**
 * A real server on a random loopback port with its own fresh database and data folder.
 * `env` overrides configuration (e.g. SMTP_URL) exactly as the environment would.
 */
export async function startTestServer(
  opts: { backend?: Backend; env?: Record<string, string>; clock?: () => Date; logger?: Logger } = {},
): Promise<TestServer> {
  const backend = opts.backend ?? 'pglite';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'renderlift-test-'));
  const testDb = await createTestDatabase(backend);
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    ...(testDb.url ? { DATABASE_URL: testDb.url } : {}),
    ...opts.env,
  });
  const server = await startServer(config, { database: testDb.database, clock: opts.clock, logger: opts.logger });
  return {
    ...server,
    backend,
    dataDir,
    stop: async () => {
      await server.close();
      await testDb.dispose();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** fetch with a cookie jar, an Origin header (required for POSTs) and JSON helpers: one per simulated browser. */
export class TestClient {
  private cookies = new Map<string, string>();
  /** `origin`: the page's origin the requests claim, the server's own address unless a public BASE_URL is being tried. */
  constructor(
    public readonly baseUrl: string,
    private readonly origin = baseUrl,
  ) {}

  async fetch(pathname: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set('cookie', this.cookieHeader());
    if (!headers.has('origin')) headers.set('origin', this.origin);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    }
    const res = await fetch(new URL(pathname, this.baseUrl), { ...init, headers, body, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /max-age=0/i.test(a.trim())) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  async json<T = any>(pathname: string, init: RequestInit & { json?: unknown } = {}): Promise<{ status: number; body: T; res: Response }> {
    const res = await this.fetch(pathname, init);
    const text = await res.text();
    let body: any = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON */
    }
    return { status: res.status, body, res };
  }

  /** The Cookie header this client sends, for raw requests such as an SSE stream. */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  hasCookies() {
    return this.cookies.size > 0;
  }
}

/**
 * Signs up `email` on a server started as its own process (the benchmarks' and the crash scenario's), verifies it
 * with the code from the server's `/dev/mailbox`, and signs in: a client holding a verified user's session.
 */
export async function signUpVerified(url: string, email: string, name: { first: string; last: string }): Promise<TestClient> {
  const client = new TestClient(url);
  const password = 'correct-horse-1';
  const signup = await client.json('/api/accounts/signup', {
    method: 'POST',
    json: {
      email,
      password,
      terms_accepted: true,
      user_metadata: { first_name: name.first, last_name: name.last, country: 'SE', is_business: false, marketing_opt_in: false },
    },
  });
  if (signup.status !== 201) throw new Error(`sign-up: ${signup.status} ${JSON.stringify(signup.body)}`);
  const mailbox = await (await fetch(`${url}/dev/mailbox`)).text();
  const code = mailbox.slice(mailbox.indexOf(email)).match(/\b([A-Z0-9]{4})-([A-Z0-9]{4})-([A-Z0-9]{4})-([A-Z0-9]{4})\b/);
  if (!code) throw new Error(`no verification code for ${email}`);
  await client.json('/api/accounts/verify-email', { method: 'POST', json: { token: code.slice(1).join('') } });
  const signIn = await client.json('/api/auth/sign-in/email', { method: 'POST', json: { email, password } });
  if (signIn.status !== 200) throw new Error(`sign-in: ${signIn.status}`);
  return client;
}
