/**
 * The public API's conventions on a real server: X-Request-Id on every answer, the key's rate limit told in
 * RateLimit-Policy/RateLimit and enforced with 429 + Retry-After (limits held in the database), a request still
 * running under its Idempotency-Key, and admins listing and revoking any key with an audit entry.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../testing/databases.js';
import { startTestServer, TestClient, type TestServer } from '../testing/test-server.js';
import { signUpVerifiedUser } from '../testing/accounts.js';
import { makeAdmin } from '../services/accounts/make-admin.js';
import { grantPlan } from '../services/plans/grant-plan.js';
import { makeImage } from '../services/uploads/test-images.js';
import { requestFingerprint, startIdempotent } from '../services/api-keys/idempotency.js';
import { ProblemDetails } from '@shared/api/common.js';
import { IDEMPOTENCY_TTL_SECONDS, apiKeyMessages } from '@shared/api/api-keys.js';
import { apiIdempotency } from '../db/schema.js';
import { runJobMaintenance } from '../services/jobs/maintenance.js';
import { eq } from 'drizzle-orm';

describe.each(backends)('public API conventions (%s)', (backend) => {
  let server: TestServer;
  let user: TestClient;
  let admin: TestClient;
  let userId: string;
  let key = '';
  let keyId = '';
  const api = (path: string, init: RequestInit & { json?: unknown; key?: string } = {}) => {
    const headers = new Headers(init.headers);
    headers.set('authorization', `Bearer ${init.key ?? key}`);
    if (init.json !== undefined) headers.set('content-type', 'application/json');
    return fetch(new URL(path, server.url), { ...init, headers, body: init.json !== undefined ? JSON.stringify(init.json) : init.body });
  };

  beforeAll(async () => {
    // a small limit, so that it is proven with a handful of real requests
    server = await startTestServer({ backend, env: { WORKERS: '0', RATE_LIMIT_API_KEY: '5/60' } });
    user = new TestClient(server.url);
    admin = new TestClient(server.url);
    const u = await signUpVerifiedUser(user, server.deps);
    userId = u.userId;
    await grantPlan(server.deps, { email: u.email, tier: 'business', until: new Date(Date.now() + 30 * 86_400_000) });
    const a = await signUpVerifiedUser(admin, server.deps);
    await makeAdmin(server.deps.db, a.email);
    const made = await user.json('/api/api-keys', { method: 'POST', json: { name: 'Nightly renders', scopes: ['images:write', 'jobs:write', 'jobs:read'] } });
    [key, keyId] = [made.body.key, made.body.apiKey.id];
  }, 60_000);
  afterAll(() => server?.stop());

  it('answers X-Request-Id on every answer: the request’s own, or a new one', async () => {
    const echoed = await api('/api/v1/jobs', { headers: { 'x-request-id': 'farm-42-frame-0007' } });
    expect([echoed.status, echoed.headers.get('x-request-id')]).toEqual([200, 'farm-42-frame-0007']);
    const made = await api('/api/v1/jobs');
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    // errors too, and the problem names it
    const refused = await fetch(new URL('/api/v1/jobs', server.url), { headers: { 'x-request-id': 'no-key-1' } });
    expect([refused.status, refused.headers.get('x-request-id')]).toEqual([401, 'no-key-1']);
    expect((await refused.json()).request_id).toBe('no-key-1');
    const unknown = await api('/api/v1/nothing-here', { headers: { 'x-request-id': 'lost-1' } });
    expect([unknown.status, unknown.headers.get('content-type'), unknown.headers.get('x-request-id')]).toEqual([404, 'application/problem+json', 'lost-1']);
  });

  it('a request still running under its Idempotency-Key makes a second one wait (409), and a malformed key is refused', async () => {
    const uploader = (
      await user.json('/api/api-keys', { method: 'POST', json: { name: 'Frame uploader', scopes: ['images:write', 'jobs:write', 'jobs:read'] } })
    ).body.key;
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(await makeImage('png', 96, 72))], { type: 'image/png' }), 'frame.png');
    const up = await api('/api/v1/uploads', { method: 'POST', body: form, key: uploader });
    const imageId = (await up.json()).results[0].id;
    const body = { imageId, scale: 2, mode: 'precision' };
    // the first request of this key is running (on this or another instance): it holds the key, without an answer yet
    expect(await startIdempotent(server.deps, userId, 'frame-7', requestFingerprint({ route: 'POST /jobs', body }))).toEqual({ kind: 'run' });
    const second = await api('/api/v1/jobs', { method: 'POST', json: body, headers: { 'idempotency-key': 'frame-7' }, key: uploader });
    expect(second.status).toBe(409);
    const problem = await second.json();
    expect(ProblemDetails.parse(problem)).toMatchObject({ code: 'IDEMPOTENCY_IN_FLIGHT', detail: apiKeyMessages.idempotencyInFlight });
    const bad = await api('/api/v1/jobs', { method: 'POST', json: body, headers: { 'idempotency-key': 'has space' }, key: uploader });
    expect([bad.status, (await bad.json()).detail]).toEqual([400, apiKeyMessages.idempotencyKeyInvalid]);
    // neither started a job
    expect((await (await api('/api/v1/jobs', { key: uploader })).json()).jobs).toEqual([]);
  });

  it('forgets an Idempotency-Key after a day, in the maintenance run', async () => {
    const dayAgo = () => new Date(Date.now() - IDEMPOTENCY_TTL_SECONDS * 1000 - 60_000);
    await startIdempotent({ db: server.deps.db, clock: dayAgo }, userId, 'old-frame', 'a');
    await startIdempotent(server.deps, userId, 'new-frame', 'b');
    await runJobMaintenance(server.deps);
    const left = await server.deps.db.select().from(apiIdempotency).where(eq(apiIdempotency.userId, userId));
    expect(left.map((r) => r.idempotencyKey).sort()).toEqual(['frame-7', 'new-frame']);
  });

  it('tells the key’s limit on every answer and answers 429 with Retry-After past it', async () => {
    const other = (await user.json('/api/api-keys', { method: 'POST', json: { name: 'Poller', scopes: ['jobs:read'] } })).body.key;
    const seen: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await api('/api/v1/jobs', { key: other });
      expect(res.status, `${i}: ${await res.clone().text()}`).toBe(200);
      expect(res.headers.get('ratelimit-policy')).toBe('"key";q=5;w=60');
      seen.push(res.headers.get('ratelimit')!.replace(/;t=\d+$/, ''));
    }
    expect(seen).toEqual(['"key";r=4', '"key";r=3', '"key";r=2', '"key";r=1', '"key";r=0']);
    const limited = await api('/api/v1/jobs', { key: other });
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.headers.get('ratelimit')).toBe(`"key";r=0;t=${retryAfter}`);
    const problem = ProblemDetails.parse(await limited.json());
    expect([problem.code, problem.detail]).toEqual(['RATE_LIMITED', apiKeyMessages.rateLimited.replace('{n}', String(retryAfter))]);
    // per key: the other key of the same account is not held back by it
    expect((await api('/api/v1/jobs')).status).toBe(200);
  });

  it('an admin lists every key and revokes any, with an audit entry; a user cannot', async () => {
    expect((await user.json('/api/admin/api-keys')).status).toBe(403);
    const list = await admin.json('/api/admin/api-keys');
    expect(list.status).toBe(200);
    const listed = list.body.keys.find((k: { id: string }) => k.id === keyId);
    expect(listed).toMatchObject({ name: 'Nightly renders', revoked_at: null });
    expect(listed.owner_email).toContain('@');
    expect(JSON.stringify(list.body)).not.toContain(key);

    const revoked = await admin.json(`/api/admin/api-keys/${keyId}`, { method: 'DELETE' });
    expect(revoked.status).toBe(200);
    expect(revoked.body.revoked_at).not.toBeNull();
    expect((await api('/api/v1/jobs')).status).toBe(401);
    const audit = await admin.json('/api/admin/audit-log');
    const entry = audit.body.items.find((e: { action: string }) => e.action === 'api_key.revoke');
    expect(entry).toMatchObject({ target: keyId, result: 'success' });
    expect(entry.details.prefix).toBe(listed.prefix);
    // the owner sees it revoked
    expect((await user.json('/api/api-keys')).body.keys.find((k: { id: string }) => k.id === keyId).revoked_at).not.toBeNull();
  });
});
