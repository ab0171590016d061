/**
 * The public API (/api/v1) end to end on a real server: keys made on the profile's API tab, a job created, run by the
 * engine, charged once and downloaded through the API; idempotency; scopes; another user's job.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { and, eq } from 'drizzle-orm';
import { Validator } from '@seriousme/openapi-schema-validator';
import { backends } from '../testing/databases.js';
import { startJobTestServer, type JobTestServer } from '../testing/job-test-server.js';
import { TestClient } from '../testing/test-server.js';
import { signUpVerifiedUser } from '../testing/accounts.js';
import { grantPlan } from '../services/plans/grant-plan.js';
import { makeImage } from '../services/uploads/test-images.js';
import { processImageJob } from '../services/jobs/process-image-job.js';
import { apiKeys, creditLedger, imageJobs, profiles } from '../db/schema.js';
import { hashSecretToken } from '../services/security/secret-tokens.js';
import { ProblemDetails } from '@shared/api/common.js';
import { API_KEY_PREFIX, apiKeyMessages } from '@shared/api/api-keys.js';
import { msg } from '@shared/messages.js';
import { V1_CURL_EXAMPLES } from '@shared/api/v1-examples.js';

describe.each(backends)('public API (%s)', (backend) => {
  let t: JobTestServer;
  let alice: TestClient;
  let bob: TestClient;
  let aliceId: string;
  const keys = { write: '', read: '', bob: '' };

  const api = (key: string, path: string, init: RequestInit & { json?: unknown } = {}) => {
    const headers = new Headers(init.headers);
    if (key) headers.set('authorization', `Bearer ${key}`);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    }
    return fetch(new URL(path, t.server.url), { ...init, headers, body, redirect: 'manual' });
  };
  const upload = async (key: string, name = 'render.png') => {
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(await makeImage('png', 96, 72))], { type: 'image/png' }), name);
    return api(key, '/api/v1/uploads', { method: 'POST', body: form });
  };
  /** A problem answer: its media type and body match RFC 9457 and the schema; returns the body. */
  const problem = async (res: Response, status: number, code: string) => {
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    const body = await res.json();
    expect(ProblemDetails.safeParse(body).success, JSON.stringify(body)).toBe(true);
    expect([body.status, body.code]).toEqual([status, code]);
    expect(body.title.length).toBeGreaterThan(0);
    return body;
  };
  const credits = async () => (await t.server.deps.db.select().from(profiles).where(eq(profiles.userId, aliceId)))[0].creditsRemaining;

  beforeAll(async () => {
    t = await startJobTestServer(backend);
    alice = new TestClient(t.server.url);
    bob = new TestClient(t.server.url);
    const a = await signUpVerifiedUser(alice, t.server.deps);
    aliceId = a.userId;
    // a paid plan: the free plan runs no enhancement at a time
    await grantPlan(t.server.deps, { email: a.email, tier: 'business', until: new Date(Date.now() + 30 * 86_400_000) });
    await signUpVerifiedUser(bob, t.server.deps);
  }, 60_000);
  afterAll(() => t?.stop());

  it('creates a key shown once with the scopes asked for, and stores only its hash', async () => {
    const made = await alice.json('/api/api-keys', {
      method: 'POST',
      json: { name: 'Render farm', scopes: ['images:write', 'jobs:write', 'jobs:read', 'files:read'] },
    });
    expect(made.status).toBe(201);
    expect(made.body.message).toBe(apiKeyMessages.created);
    expect(made.body.key).toMatch(new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{32}$`));
    expect(made.body.key.startsWith(made.body.apiKey.prefix)).toBe(true);
    keys.write = made.body.key;
    const [row] = await t.server.deps.db.select().from(apiKeys).where(eq(apiKeys.id, made.body.apiKey.id));
    expect(row.keyHash).toBe(hashSecretToken(keys.write));
    expect(JSON.stringify(row)).not.toContain(keys.write);
    // listed afterwards without the secret
    const list = await alice.json('/api/api-keys');
    expect(list.body.keys.map((k: { name: string }) => k.name)).toEqual(['Render farm']);
    expect(JSON.stringify(list.body)).not.toContain(keys.write);
    expect(list.body.keys[0].last_used_at).toBeNull();

    const read = await alice.json('/api/api-keys', { method: 'POST', json: { name: 'Dashboard', scopes: ['jobs:read'] } });
    keys.read = read.body.key;
    keys.bob = (
      await bob.json('/api/api-keys', { method: 'POST', json: { name: 'Bob', scopes: ['jobs:read', 'jobs:write', 'files:read', 'images:write'] } })
    ).body.key;
    // bad input changes nothing and says why
    const noScopes = await alice.json('/api/api-keys', { method: 'POST', json: { name: 'x', scopes: [] } });
    expect([noScopes.status, noScopes.body.error.message]).toEqual([400, apiKeyMessages.scopesRequired]);
    expect((await alice.json('/api/api-keys')).body.keys).toHaveLength(2);
  });

  it('refuses a call without a key or with an unknown one, as problem details', async () => {
    const missing = await problem(await api('', '/api/v1/jobs'), 401, 'UNAUTHORIZED');
    expect(missing.detail).toBe(apiKeyMessages.missingKey);
    expect((await problem(await api('rl_live_nope', '/api/v1/jobs'), 401, 'UNAUTHORIZED')).detail).toBe(apiKeyMessages.unknownKey);
    // a session cookie is no key
    expect((await alice.fetch('/api/v1/jobs')).status).toBe(401);
  });

  it('a job made through the API is charged once, seen by the web app, and downloadable', async () => {
    const up = await upload(keys.write);
    expect(up.status).toBe(201);
    const imageId = (await up.json()).results[0].id;
    const before = await credits();

    const quote = await api(keys.write, '/api/v1/quote', { method: 'POST', json: { workflow: 'enhance', imageId, scale: 2, mode: 'precision' } });
    expect(quote.status).toBe(200);
    const q = await quote.json();
    expect(q).toMatchObject({ workflow: 'enhance', credits: 1, credits_remaining: before, affordable: true, scale: 2, output: { width: 192, height: 144 } });
    // the estimator's time: nothing has run on this server yet, so its cautious default, and no queue ahead
    expect([q.run_seconds.basis, q.wait_seconds]).toEqual(['unmeasured', 0]);
    expect(q.eta_ms).toBeGreaterThan(0);
    const removal = await (await api(keys.write, '/api/v1/quote', { method: 'POST', json: { workflow: 'remove', imageId } })).json();
    expect(removal).toMatchObject({ workflow: 'remove', credits: 1, scale: null, output: { width: 96, height: 72 } });
    // a quote reserves nothing
    expect(await credits()).toBe(before);

    const created = await api(keys.write, '/api/v1/jobs', {
      method: 'POST',
      json: { imageId, scale: 2, mode: 'precision' },
      headers: { 'idempotency-key': 'farm-frame-0001' },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const createdBody = await created.json();
    const { job, credits_remaining } = createdBody;
    expect(created.headers.get('location')).toBe(`/api/v1/jobs/${job.id}`);
    expect(job).toHaveProperty('eta_ms');
    // the expected time as it was queued, by the same estimator as the quote
    expect(createdBody.estimate).toEqual({ eta_ms: q.eta_ms, run_seconds: q.run_seconds, wait_seconds: 0 });
    expect(credits_remaining).toBe(before - 1);
    // the web app sees the same job
    expect((await alice.json(`/api/jobs?ids=${job.id}`)).body.jobs.map((j: { id: string }) => j.id)).toEqual([job.id]);

    // the same request again: the stored answer, no second job, no second charge
    const again = await api(keys.write, '/api/v1/jobs', {
      method: 'POST',
      json: { scale: 2, imageId, mode: 'precision' },
      headers: { 'idempotency-key': 'farm-frame-0001' },
    });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('location')).toBe(`/api/v1/jobs/${job.id}`);
    expect((await again.json()).job.id).toBe(job.id);
    expect(await t.server.deps.db.select().from(imageJobs).where(eq(imageJobs.userId, aliceId))).toHaveLength(1);
    // the same key with another request
    const other = await api(keys.write, '/api/v1/jobs', {
      method: 'POST',
      json: { imageId, scale: 4, mode: 'precision' },
      headers: { 'idempotency-key': 'farm-frame-0001' },
    });
    expect((await problem(other, 422, 'IDEMPOTENCY_KEY_REUSED')).detail).toBe(apiKeyMessages.idempotencyMismatch);

    // not downloadable until done
    await problem(await api(keys.write, `/api/v1/jobs/${job.id}/download`), 409, 'NOT_DOWNLOADABLE');
    // while it waits, its time from now by the estimator, as when it was queued
    const waiting = await (await api(keys.write, `/api/v1/jobs/${job.id}`)).json();
    expect([waiting.job.status, waiting.estimate]).toEqual(['processing', createdBody.estimate]);
    await processImageJob({ ...t.server.deps, engine: t.engine }, job.id, new AbortController().signal);
    const done = await (await api(keys.write, `/api/v1/jobs/${job.id}`)).json();
    expect([done.job.status, done.job.credit_state, done.job.credits_used, done.estimate]).toEqual(['completed', 'charged', 1, null]);
    expect(await credits()).toBe(before - 1);
    const charges = await t.server.deps.db.select().from(creditLedger).where(eq(creditLedger.jobId, job.id));
    expect(charges.filter((e) => e.delta < 0).reduce((n, e) => n + e.delta, 0)).toBe(-1);

    // a short-lived link by default (a redirect), the same as JSON, and the bytes on request
    const link = await api(keys.write, `/api/v1/jobs/${job.id}/download`);
    expect(link.status).toBe(302);
    const location = link.headers.get('location')!;
    expect(new URL(location).searchParams.get('sig')).toBeTruthy();
    const viaLink = await fetch(location);
    expect([viaLink.status, viaLink.headers.get('content-type')]).toEqual([200, 'image/png']);
    const asJson = await (await api(keys.write, `/api/v1/jobs/${job.id}/download`, { headers: { accept: 'application/json' } })).json();
    expect(Date.parse(asJson.expires_at) - Date.now()).toBeLessThanOrEqual(300_000);
    const bytes = await api(keys.write, `/api/v1/jobs/${job.id}/download?redirect=false`);
    expect([bytes.status, bytes.headers.get('content-type')], await bytes.clone().text()).toEqual([200, 'image/png']);
    const png = Buffer.from(await bytes.arrayBuffer());
    expect(png.readUInt32BE(16)).toBe(192);
    const jpeg = await api(keys.write, `/api/v1/jobs/${job.id}/download?format=jpeg`);
    expect(jpeg.headers.get('content-type')).toBe('image/jpeg');

    // the list pages by cursor and filters by status
    const page = await (await api(keys.write, '/api/v1/jobs?status=completed&limit=1')).json();
    expect([page.jobs.map((j: { id: string }) => j.id), page.next_cursor]).toEqual([[job.id], null]);
    expect((await (await api(keys.write, '/api/v1/jobs?status=failed,cancelled')).json()).jobs).toEqual([]);
    // the key was used
    expect((await alice.json('/api/api-keys')).body.keys.find((k: { name: string }) => k.name === 'Render farm').last_used_at).not.toBeNull();
  });

  it('a removal through the API: image and mask, charged once however often it is sent with its Idempotency-Key', async () => {
    const imageId = (await (await upload(keys.write, 'hallway.png')).json()).results[0].id;
    const before = await credits();
    // a small object painted in the middle of the frame
    const painted = Buffer.alloc(96 * 72);
    for (let y = 30; y < 42; y++) painted.fill(255, y * 96 + 40, y * 96 + 56);
    const mask = await sharp(painted, { raw: { width: 96, height: 72, channels: 1 } })
      .png()
      .toBuffer();
    const send = async () => {
      const form = new FormData();
      form.append('targetImageId', imageId);
      form.append('maskImage', new Blob([new Uint8Array(mask)], { type: 'image/png' }), 'mask.png');
      return api(keys.write, '/api/v1/removals', { method: 'POST', body: form, headers: { 'idempotency-key': 'hallway-remove-1' } });
    };
    const first = await send();
    expect(first.status, await first.clone().text()).toBe(201);
    const body = await first.json();
    expect([body.job.workflow_type, first.headers.get('location'), body.estimate.wait_seconds]).toEqual(['remove', `/api/v1/jobs/${body.jobId}`, 0]);
    // sent again (another multipart boundary, the same request): the stored answer
    const again = await send();
    expect([again.status, again.headers.get('idempotent-replayed'), (await again.json()).jobId]).toEqual([201, 'true', body.jobId]);
    expect(await credits()).toBe(before - 1);
    const removals = await t.server.deps.db.select().from(imageJobs).where(eq(imageJobs.targetImageId, imageId));
    expect(removals.map((j) => j.workflowType)).toEqual(['remove']);
  });

  it('scopes: a jobs:read key reads but cannot start, upload or download', async () => {
    const jobsBefore = (await t.server.deps.db.select().from(imageJobs).where(eq(imageJobs.userId, aliceId))).length;
    expect((await api(keys.read, '/api/v1/jobs')).status).toBe(200);
    const refused = await problem(
      await api(keys.read, '/api/v1/jobs', { method: 'POST', json: { imageId: crypto.randomUUID(), scale: 2, mode: 'precision' } }),
      403,
      'SCOPE_MISSING',
    );
    expect(refused.detail).toBe(apiKeyMessages.scopeMissing.replace('{scope}', 'jobs:write'));
    await problem(await upload(keys.read), 403, 'SCOPE_MISSING');
    const [job] = await t.server.deps.db
      .select()
      .from(imageJobs)
      .where(and(eq(imageJobs.userId, aliceId), eq(imageJobs.workflowType, 'enhance')));
    await problem(await api(keys.read, `/api/v1/jobs/${job.id}/download`), 403, 'SCOPE_MISSING');
    expect(await t.server.deps.db.select().from(imageJobs).where(eq(imageJobs.userId, aliceId))).toHaveLength(jobsBefore);
  });

  it("another user's job and image are not found to a key, and stay as they were", async () => {
    const [job] = await t.server.deps.db
      .select()
      .from(imageJobs)
      .where(and(eq(imageJobs.userId, aliceId), eq(imageJobs.workflowType, 'enhance')));
    for (const [method, path] of [
      ['GET', `/api/v1/jobs/${job.id}`],
      ['GET', `/api/v1/jobs/${job.id}/download`],
      ['POST', `/api/v1/jobs/${job.id}/cancel`],
      ['DELETE', `/api/v1/images/${job.targetImageId}`],
    ]) {
      const res = await api(keys.bob, path, { method });
      expect(res.status, `${method} ${path}`).toBe(404);
      const body = await res.json();
      expect(JSON.stringify([body.detail, body.details ?? null])).not.toContain(job.targetImageId);
    }
    const quote = await api(keys.bob, '/api/v1/quote', {
      method: 'POST',
      json: { workflow: 'enhance', imageId: job.targetImageId, scale: 2, mode: 'precision' },
    });
    expect((await problem(quote, 404, 'IMAGE_NOT_FOUND')).detail).toBe(msg('enhanceNoSource'));
    const start = await api(keys.bob, '/api/v1/jobs', { method: 'POST', json: { imageId: job.targetImageId, scale: 2, mode: 'precision' } });
    await problem(start, 404, 'IMAGE_NOT_FOUND');
    expect((await (await api(keys.bob, '/api/v1/jobs')).json()).jobs).toEqual([]);
    const [still] = await t.server.deps.db.select().from(imageJobs).where(eq(imageJobs.id, job.id));
    expect(still.status).toBe('completed');
  });

  it('a revoked key is refused on its next call; another user cannot revoke it', async () => {
    const [row] = await t.server.deps.db
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.keyHash, hashSecretToken(keys.read)));
    expect((await bob.json(`/api/api-keys/${row.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await api(keys.read, '/api/v1/jobs')).status).toBe(200);
    const revoked = await alice.json(`/api/api-keys/${row.id}`, { method: 'DELETE' });
    expect([revoked.status, revoked.body.message]).toEqual([200, apiKeyMessages.revoked]);
    expect((await problem(await api(keys.read, '/api/v1/jobs'), 401, 'API_KEY_REVOKED')).detail).toBe(apiKeyMessages.revokedKey);
    // revoking twice finds nothing
    expect((await alice.json(`/api/api-keys/${row.id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('publishes /api/v1/openapi.json as valid OpenAPI 3.1 with bearer keys and problem answers', async () => {
    const res = await fetch(new URL('/api/v1/openapi.json', t.server.url));
    expect(res.status).toBe(200);
    const doc = await res.json();
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(Object.keys(doc.paths).sort()).toEqual(
      [
        '/api/v1/images/{id}',
        '/api/v1/jobs',
        '/api/v1/jobs/{id}',
        '/api/v1/jobs/{id}/cancel',
        '/api/v1/jobs/{id}/download',
        '/api/v1/quote',
        '/api/v1/removals',
        '/api/v1/uploads',
        '/api/v1/webhooks',
        '/api/v1/webhooks/{id}',
        '/api/v1/webhooks/{id}/rotate-secret',
        '/api/v1/webhooks/{id}/deliveries',
        '/api/v1/webhooks/{id}/deliveries/{deliveryId}/redeliver',
      ].sort(),
    );
    const create = doc.paths['/api/v1/jobs'].post;
    expect(create.security).toEqual([{ apiKey: ['jobs:write'] }]);
    expect(create.parameters).toContainEqual(expect.objectContaining({ in: 'header', name: 'Idempotency-Key' }));
    expect(Object.keys(create.responses['201'].headers)).toEqual(expect.arrayContaining(['Location', 'X-Request-Id', 'RateLimit', 'RateLimit-Policy']));
    expect(create.responses.default.content['application/problem+json'].schema).toEqual({ $ref: '#/components/schemas/ProblemDetails' });
    expect(Object.keys(create.responses['429'].headers)).toContain('Retry-After');
  });

  it('serves a reference page built from the document: every endpoint with a curl example, and the problem codes', async () => {
    const doc = await (await fetch(new URL('/api/v1/openapi.json', t.server.url))).json();
    const res = await fetch(new URL('/api/v1/reference', t.server.url));
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'text/html; charset=UTF-8']);
    const html = await res.text();
    for (const [path, item] of Object.entries<Record<string, unknown>>(doc.paths))
      for (const method of Object.keys(item)) {
        expect(html, `${method} ${path}`).toContain(`<span class="method ${method}">${method.toUpperCase()}</span> <code>${path}</code>`);
        expect(V1_CURL_EXAMPLES[`${method.toUpperCase()} ${path}`], `curl example of ${method} ${path}`).toBeDefined();
      }
    expect(html).toContain(`curl -X POST ${t.server.url.replace(/\/$/, '')}/api/v1/quote`);
    // every problem's type names its anchor on this page
    const problemAnswer = await (await api('', '/api/v1/jobs')).json();
    expect(html).toContain(`id="${problemAnswer.type.split('#')[1]}"`);
    const script = await fetch(new URL('/api/v1/reference/copy.js', t.server.url));
    expect([script.status, script.headers.get('content-type')]).toEqual([200, 'text/javascript; charset=utf-8']);
    expect(html).toContain('<script src="/api/v1/reference/copy.js"></script>');
  });
});
