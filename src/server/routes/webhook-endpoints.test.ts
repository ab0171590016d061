/**
 * Webhooks end to end: endpoints made through the public API and the profile, job events posted to a real receiver on
 * loopback (the operator's setting allows it), verified with the `standardwebhooks` package; the events filter,
 * progress at most every 2 s, a failed delivery retried, secret rotation, Redeliver, isolation, and the SSRF refusals
 * of a server where the setting is off.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { createEngine, type Engine } from '@engine/index.js';
import { TEST_MODELS_DIR } from '@engine/test-models.js';
import { backends } from '../testing/databases.js';
import { startTestServer, TestClient, type TestServer } from '../testing/test-server.js';
import { signUpVerifiedUser } from '../testing/accounts.js';
import { grantPlan } from '../services/plans/grant-plan.js';
import { makeImage } from '../services/uploads/test-images.js';
import { processImageJob } from '../services/jobs/process-image-job.js';
import { markJobStarted, recordJobProgress } from '../services/jobs/job-lifecycle.js';
import { createEndpoint, deleteEndpoint } from '../services/webhooks/endpoints.js';
import { queueJobWebhooks } from '../services/webhooks/deliveries.js';
import { runWebhookMaintenance } from '../services/webhooks/webhook-maintenance.js';
import { securityEvents, webhookDeliveries, webhookEndpoints } from '../db/schema.js';
import { JobDto } from '@shared/api/jobs.js';
import { WebhookEventPayload } from '@shared/api/webhooks.js';
import { fill } from '@shared/messages.js';
import { webhookMessages } from '@shared/webhooks.js';

interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * A receiver on loopback: records every request as it answers it; `fail` answers 500 to the next requests on a path,
 * `hold` keeps the next request on a path this many ms before answering (a slow receiver).
 */
async function startReceiver() {
  const received: Received[] = [];
  const fail = new Map<string, number>();
  const hold = new Map<string, number>();
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', async () => {
      const path = req.url ?? '/';
      const wait = hold.get(path);
      if (wait) {
        hold.delete(path);
        await new Promise((r) => setTimeout(r, wait));
      }
      received.push({ path, headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])), body });
      const left = fail.get(path) ?? 0;
      if (left > 0) {
        fail.set(path, left - 1);
        res.writeHead(500).end('receiver down');
      } else res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, received, fail, hold, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined | null | false>, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.each(backends)('webhooks (%s)', (backend) => {
  let server: TestServer;
  let engine: Engine;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let alice: TestClient;
  let bob: TestClient;
  const keys = { alice: '', aliceOther: '', aliceNoRead: '', bob: '' };
  const hook = { id: '', secret: '', completedId: '', completedSecret: '' };
  let jobId = '';
  let flakyId = '';
  let aliceId = '';

  const api = (key: string, path: string, init: RequestInit & { json?: unknown } = {}) => {
    const headers = new Headers(init.headers);
    headers.set('authorization', `Bearer ${key}`);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    }
    return fetch(new URL(path, server.url), { ...init, headers, body });
  };
  const newJob = async () => {
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(await makeImage('png', 96, 72))], { type: 'image/png' }), 'render.png');
    const up = await (await api(keys.alice, '/api/v1/uploads', { method: 'POST', body: form })).json();
    const made = await api(keys.alice, '/api/v1/jobs', { method: 'POST', json: { imageId: up.results[0].id, scale: 2, mode: 'precision' } });
    expect(made.status).toBe(201);
    return ((await made.json()) as { job: JobDto }).job.id;
  };
  const at = (path: string) => receiver.received.filter((r) => r.path === path);
  const verify = (secret: string, r: Received) =>
    WebhookEventPayload.parse(
      new Webhook(secret).verify(r.body, {
        'webhook-id': r.headers['webhook-id'],
        'webhook-timestamp': r.headers['webhook-timestamp'],
        'webhook-signature': r.headers['webhook-signature'],
      }),
    );
  const deliveriesOf = async (client: TestClient, endpointId: string) => (await client.json(`/api/webhook-endpoints/${endpointId}/deliveries`)).body.deliveries;

  beforeAll(async () => {
    receiver = await startReceiver();
    engine = createEngine({ modelsDir: TEST_MODELS_DIR, threads: 1, tileSize: 64 });
    // no image workers: the test runs each job as a worker would; the webhooks queue runs in the server all the same
    server = await startTestServer({ backend, env: { WORKERS: '0', WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' } });
    alice = new TestClient(server.url);
    bob = new TestClient(server.url);
    const a = await signUpVerifiedUser(alice, server.deps);
    aliceId = a.userId;
    await grantPlan(server.deps, { email: a.email, tier: 'business', until: new Date(Date.now() + 30 * 86_400_000) });
    await signUpVerifiedUser(bob, server.deps);
    const key = async (client: TestClient, scopes: string[]) =>
      (await client.json('/api/api-keys', { method: 'POST', json: { name: 'farm', scopes } })).body.key;
    keys.alice = await key(alice, ['images:write', 'jobs:write', 'jobs:read', 'files:read']);
    keys.aliceOther = await key(alice, ['jobs:read']);
    keys.aliceNoRead = await key(alice, ['images:write']);
    keys.bob = await key(bob, ['jobs:read']);
  }, 60_000);
  afterAll(async () => {
    await engine?.close();
    await server?.stop();
    await receiver?.close();
  });

  it('makes endpoints through the API (a key with jobs:read) and the profile, the secret shown once', async () => {
    const made = await api(keys.alice, '/api/v1/webhooks', {
      method: 'POST',
      json: { url: `${receiver.url}/all`, events: ['job.completed', 'job.started', 'job.progress'] },
    });
    expect(made.status).toBe(201);
    const body = await made.json();
    expect(body.message).toBe(webhookMessages.created);
    expect(body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    // events in the order a job goes through them
    expect(body.endpoint).toMatchObject({ url: `${receiver.url}/all`, events: ['job.started', 'job.progress', 'job.completed'], enabled: true });
    expect(body.endpoint.api_key_prefix).toBe(keys.alice.slice(0, 14));
    hook.id = body.endpoint.id;
    hook.secret = body.secret;

    const web = await alice.json('/api/webhook-endpoints', { method: 'POST', json: { url: `${receiver.url}/completed`, events: ['job.completed'] } });
    expect(web.status).toBe(201);
    hook.completedId = web.body.endpoint.id;
    hook.completedSecret = web.body.secret;
    expect(web.body.endpoint.api_key_id).toBeNull();

    // never again: not in the lists, not in the database as written
    const list = await alice.json('/api/webhook-endpoints');
    expect(list.body.endpoints.map((e: { id: string }) => e.id).sort()).toEqual([hook.id, hook.completedId].sort());
    expect(JSON.stringify(list.body)).not.toContain(hook.secret.slice(6));
    const [row] = await server.deps.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, hook.id));
    expect(row.secretCiphertext).not.toContain(hook.secret.slice(6));
    // a key lists only its own endpoints; a key without jobs:read may not manage them
    expect((await (await api(keys.alice, '/api/v1/webhooks')).json()).endpoints.map((e: { id: string }) => e.id)).toEqual([hook.id]);
    expect((await (await api(keys.aliceOther, '/api/v1/webhooks')).json()).endpoints).toEqual([]);
    const noScope = await api(keys.aliceNoRead, '/api/v1/webhooks');
    expect([noScope.status, (await noScope.json()).code]).toEqual([403, 'SCOPE_MISSING']);
    // bad input changes nothing
    const bad = await alice.json('/api/webhook-endpoints', { method: 'POST', json: { url: `${receiver.url}/x`, events: [] } });
    expect([bad.status, bad.body.error.message]).toEqual([400, webhookMessages.eventsRequired]);
    const badEvent = await api(keys.alice, '/api/v1/webhooks', { method: 'POST', json: { url: `${receiver.url}/x`, events: ['job.exploded'] } });
    expect(badEvent.status).toBe(400);
    expect((await alice.json('/api/webhook-endpoints')).body.endpoints).toHaveLength(2);
  });

  it('posts signed events of a job as it runs, as GET /api/v1/jobs/{id} answers it, filtered per endpoint', async () => {
    jobId = await newJob();
    await processImageJob({ ...server.deps, engine }, jobId, new AbortController().signal);
    const done = await waitFor('both completions', async () => at('/all').some((r) => r.body.includes('"job.completed"')) && at('/completed').length > 0);
    expect(done).toBe(true);
    const events = at('/all').map((r) => verify(hook.secret, r));
    expect(events[0].type).toBe('job.started');
    expect(events.at(-1)!.type).toBe('job.completed');
    expect(new Set(events.map((e) => e.type))).toEqual(
      new Set(events.map((e) => e.type).filter((t) => ['job.started', 'job.progress', 'job.completed'].includes(t))),
    );
    const completed = events.at(-1)!;
    const got = (await (await api(keys.alice, `/api/v1/jobs/${jobId}`)).json()).job as JobDto;
    // the same job: every field as the API answers it, the signed result URLs made a moment apart
    const unsigned = (j: JobDto) => ({ ...j, processed_image_url: j.processed_image_url?.split('?')[0], preview_url: j.preview_url?.split('?')[0] });
    expect(unsigned(completed.data)).toEqual(unsigned(got));
    expect(completed.data.status).toBe('completed');
    // the filter: the completed-only endpoint got that one event, signed with its own secret
    expect(at('/completed').map((r) => verify(hook.completedSecret, r).type)).toEqual(['job.completed']);
    expect(() => verify(hook.secret, at('/completed')[0])).toThrow();
    // the Standard Webhooks headers
    const h = at('/all')[0].headers;
    expect(h['webhook-id']).toMatch(/^msg_/);
    expect(Math.abs(Number(h['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
    expect(h['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/=]+$/);
  }, 60_000);

  it('sends job.progress at most once every 2 s per job, and no event the endpoint did not ask for', async () => {
    const id = await newJob();
    await markJobStarted(server.deps, id);
    for (let i = 1; i <= 20; i++) await recordJobProgress(server.deps, id, i / 40, null, true);
    await new Promise((r) => setTimeout(r, 2100));
    for (let i = 21; i <= 30; i++) await recordJobProgress(server.deps, id, i / 40, null, true);
    const cancel = await api(keys.alice, `/api/v1/jobs/${id}/cancel`, { method: 'POST' });
    expect(cancel.status).toBe(200);
    const rows = await server.deps.db
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.endpointId, hook.id), eq(webhookDeliveries.jobId, id)));
    // started, one progress per 2 s window (30 updates), and no job.canceled: /all did not ask for it
    expect(rows.map((r) => r.event).sort()).toEqual(['job.progress', 'job.progress', 'job.started']);
    const times = rows.filter((r) => r.event === 'job.progress').map((r) => r.createdAt.getTime());
    expect(Math.abs(times[1] - times[0])).toBeGreaterThanOrEqual(2000);
    const forCompleted = await server.deps.db
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.endpointId, hook.completedId), eq(webhookDeliveries.jobId, id)));
    expect(forCompleted).toEqual([]);
  }, 30_000);

  it('posts a job’s events to an endpoint in order: a later event waits for the earlier one’s attempt to end', async () => {
    // made and deleted through the service: the account's security events stay as the rotation test counts them
    const ordered = await createEndpoint(
      server.deps,
      { userId: aliceId },
      { url: `${receiver.url}/ordered`, events: ['job.started', 'job.progress', 'job.canceled'] },
    );
    // the receiver takes 1.5 s over the first event; the next two are made meanwhile and sit in the queue beside it
    receiver.hold.set('/ordered', 1500);
    const id = await newJob();
    await markJobStarted(server.deps, id);
    await recordJobProgress(server.deps, id, 0.5, null, true);
    expect((await api(keys.alice, `/api/v1/jobs/${id}/cancel`, { method: 'POST' })).status).toBe(200);
    await waitFor('three events', async () => at('/ordered').length >= 3);
    const events = at('/ordered').map((r) => verify(ordered.secret, r));
    expect(events.map((e) => e.type)).toEqual(['job.started', 'job.progress', 'job.canceled']);
    expect(events.map((e) => e.data.id)).toEqual([id, id, id]);
    await deleteEndpoint(server.deps, { userId: aliceId }, ordered.endpoint.id);
  }, 30_000);

  it('retries a failed delivery and logs both attempts with their status codes', async () => {
    const flaky = await alice.json('/api/webhook-endpoints', { method: 'POST', json: { url: `${receiver.url}/flaky`, events: ['job.canceled'] } });
    expect(flaky.status).toBe(201);
    flakyId = flaky.body.endpoint.id;
    receiver.fail.set('/flaky', 1);
    const id = await newJob();
    expect((await api(keys.alice, `/api/v1/jobs/${id}/cancel`, { method: 'POST' })).status).toBe(200);
    const [delivery] = await waitFor('the retried delivery', async () => {
      const log = await deliveriesOf(alice, flaky.body.endpoint.id);
      return log[0]?.status === 'succeeded' ? log : null;
    });
    expect(delivery).toMatchObject({ event: 'job.canceled', job_id: id, attempts: 2, response_status: 204, error: null });
    expect(
      delivery.attempt_log.map((a: { attempt: number; response_status: number; error: string | null }) => [a.attempt, a.response_status, a.error]),
    ).toEqual([
      [1, 500, 'HTTP 500: receiver down'],
      [2, 204, null],
    ]);
    // the receiver saw the same message twice (one webhook-id), each signed and valid
    const posts = at('/flaky');
    expect(posts).toHaveLength(2);
    expect(posts[0].headers['webhook-id']).toBe(posts[1].headers['webhook-id']);
    expect(posts.map((p) => verify(flaky.body.secret, p).data.id)).toEqual([id, id]);
  }, 30_000);

  it('signs with both secrets during a rotation’s grace, then with the new one only; Redeliver posts the payload again', async () => {
    const rotated = await alice.json(`/api/webhook-endpoints/${hook.id}/rotate-secret`, { method: 'POST' });
    expect(rotated.status).toBe(200);
    expect(rotated.body.message).toBe(webhookMessages.rotated);
    const newSecret: string = rotated.body.secret;
    expect(newSecret).not.toBe(hook.secret);
    expect(Date.parse(rotated.body.endpoint.previous_secret_expires_at) - Date.now()).toBeGreaterThan(23 * 3600_000);
    // in the account's security events, as every change of where its jobs go
    const events = await server.deps.db.select().from(securityEvents).where(eq(securityEvents.resource, 'webhook_endpoint'));
    expect(events.map((e) => [e.action, e.details.endpointId]).sort()).toEqual(
      [
        ['webhook_endpoint_created', hook.id],
        ['webhook_endpoint_created', hook.completedId],
        ['webhook_endpoint_created', flakyId],
        ['webhook_secret_rotated', hook.id],
      ].sort(),
    );

    const log = await deliveriesOf(alice, hook.id);
    const original = log.find((d: { event: string; job_id: string }) => d.event === 'job.completed' && d.job_id === jobId);
    const before = at('/all').length;
    const again = await alice.json(`/api/webhook-endpoints/${hook.id}/deliveries/${original.id}/redeliver`, { method: 'POST' });
    expect(again.status).toBe(202);
    expect(again.body.delivery).toMatchObject({ redelivery_of: original.id, event: 'job.completed', message_id: original.message_id });
    const post = await waitFor('the redelivery', async () => at('/all')[before]);
    expect(post.headers['webhook-signature'].split(' ')).toHaveLength(2);
    // both secrets verify it, and it is the first delivery's payload
    expect(verify(hook.secret, post)).toEqual(verify(newSecret, post));
    expect(verify(newSecret, post).data.id).toBe(jobId);
    expect(post.body).toBe(at('/all').find((r) => r.headers['webhook-id'] === original.message_id)!.body);
    const logged = await waitFor('the redelivery logged', async () => {
      const l = await deliveriesOf(alice, hook.id);
      return l.find((d: { id: string; status: string }) => d.id === again.body.delivery.id && d.status === 'succeeded');
    });
    expect(logged.attempts).toBe(1);

    // the grace is over: the new secret alone
    await server.deps.db
      .update(webhookEndpoints)
      .set({ previousSecretExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(webhookEndpoints.id, hook.id));
    const through = await api(keys.alice, `/api/v1/webhooks/${hook.id}/deliveries/${original.id}/redeliver`, { method: 'POST' });
    expect(through.status).toBe(202);
    const late = await waitFor('the redelivery after the grace', async () => at('/all')[before + 1]);
    expect(late.headers['webhook-signature'].split(' ')).toHaveLength(1);
    expect(verify(newSecret, late).type).toBe('job.completed');
    expect(() => verify(hook.secret, late)).toThrow();
  }, 30_000);

  it('documents the routes and the payload in the public OpenAPI document', async () => {
    const doc = await (await fetch(new URL('/api/v1/openapi.json', server.url))).json();
    expect(doc.paths['/api/v1/webhooks'].post.security).toEqual([{ apiKey: ['jobs:read'] }]);
    expect(Object.keys(doc.webhooks).sort()).toEqual(['job.canceled', 'job.completed', 'job.failed', 'job.progress', 'job.started']);
    const post = doc.webhooks['job.completed'].post;
    expect(post.parameters.map((p: { name: string }) => p.name)).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
    expect(post.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/WebhookEventPayload' });
    expect(doc.components.schemas.WebhookEventPayload.required).toEqual(expect.arrayContaining(['type', 'timestamp', 'data']));
  });

  it('another user (or another key) cannot see, change or redeliver an endpoint', async () => {
    const [delivery] = await deliveriesOf(alice, hook.id);
    const bobApi = (path: string, method = 'GET', json?: unknown) => api(keys.bob, path, { method, json });
    const outcomes = [
      (await bob.json(`/api/webhook-endpoints/${hook.id}/deliveries`)).status,
      (await bob.json(`/api/webhook-endpoints/${hook.id}/deliveries/${delivery.id}/redeliver`, { method: 'POST' })).status,
      (await bob.json(`/api/webhook-endpoints/${hook.id}`, { method: 'PATCH', json: { enabled: false } })).status,
      (await bob.json(`/api/webhook-endpoints/${hook.id}/rotate-secret`, { method: 'POST' })).status,
      (await bob.json(`/api/webhook-endpoints/${hook.id}`, { method: 'DELETE' })).status,
      (await bobApi(`/api/v1/webhooks/${hook.id}/deliveries`)).status,
      (await bobApi(`/api/v1/webhooks/${hook.id}/deliveries/${delivery.id}/redeliver`, 'POST')).status,
      (await bobApi(`/api/v1/webhooks/${hook.id}`, 'PATCH', { enabled: false })).status,
      (await bobApi(`/api/v1/webhooks/${hook.id}`, 'DELETE')).status,
      // Alice's other key does not reach the first key's endpoint either
      (await api(keys.aliceOther, `/api/v1/webhooks/${hook.id}/deliveries`)).status,
    ];
    expect(outcomes).toEqual(Array(outcomes.length).fill(404));
    expect((await bob.json('/api/webhook-endpoints')).body.endpoints).toEqual([]);
    const [row] = await server.deps.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, hook.id));
    expect(row.enabled).toBe(true);
    // its owner changes it, through either face
    const patched = await api(keys.alice, `/api/v1/webhooks/${hook.id}`, { method: 'PATCH', json: { events: ['job.failed'], enabled: false } });
    expect(patched.status).toBe(200);
    expect((await patched.json()).endpoint).toMatchObject({ events: ['job.failed'], enabled: false });
    // turned off, it is posted nothing: a redelivery ends unsent
    const posts = receiver.received.length;
    const off = await api(keys.alice, `/api/v1/webhooks/${hook.id}/deliveries/${delivery.id}/redeliver`, { method: 'POST' });
    const offId = (await off.json()).delivery.id;
    const ended = await waitFor('the unsent delivery', async () => {
      const l = await deliveriesOf(alice, hook.id);
      return l.find((d: { id: string; status: string }) => d.id === offId && d.status === 'failed');
    });
    expect([ended.attempts, ended.response_status, ended.error]).toEqual([1, null, webhookMessages.endpointOff]);
    expect(receiver.received.length).toBe(posts);
    expect((await alice.json(`/api/webhook-endpoints/${hook.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await api(keys.alice, '/api/v1/webhooks')).status).toBe(200);
    expect((await (await api(keys.alice, '/api/v1/webhooks')).json()).endpoints).toEqual([]);
  });

  it('maintenance deletes deliveries past the log’s retention and queues a delivery that never reached the queue', async () => {
    const now = Date.now();
    // the completed job's delivery, copied as an old one and as one that never reached the queue
    const [first] = await server.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, hook.completedId));
    const base = { endpointId: first.endpointId, userId: first.userId, event: first.event, jobId: first.jobId, payload: first.payload };
    const [old] = await server.deps.db
      .insert(webhookDeliveries)
      .values({ ...base, messageId: 'msg_old', status: 'succeeded', createdAt: new Date(now - 31 * 86_400_000) })
      .returning();
    const [lost] = await server.deps.db
      .insert(webhookDeliveries)
      .values({ ...base, messageId: 'msg_lost', nextAttemptAt: new Date(now - 11 * 60_000), createdAt: new Date(now - 11 * 60_000) })
      .returning();
    expect(await runWebhookMaintenance(server.deps)).toEqual({ purged: 1, requeued: 1 });
    expect(await server.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, old.id))).toEqual([]);
    const post = await waitFor('the lost delivery', async () => at('/completed').find((r) => r.headers['webhook-id'] === 'msg_lost'));
    expect(verify(hook.completedSecret, post).data.id).toBe(jobId);
    await waitFor(
      'it logged',
      async () => (await server.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, lost.id)))[0].status === 'succeeded',
    );
    expect(await runWebhookMaintenance(server.deps)).toEqual({ purged: 0, requeued: 0 });
  });
});

describe.each(backends)('webhook targets without WEBHOOKS_ALLOW_PRIVATE_TARGETS (%s)', (backend) => {
  let server: TestServer;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let alice: TestClient;
  let userId = '';

  beforeAll(async () => {
    receiver = await startReceiver();
    server = await startTestServer({ backend, env: { WORKERS: '0' } });
    alice = new TestClient(server.url);
    const a = await signUpVerifiedUser(alice, server.deps);
    userId = a.userId;
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await receiver?.close();
  });

  it('refuses private, loopback and link-local targets at creation, with the message naming the address', async () => {
    const port = new URL(receiver.url).port;
    const tries: [string, string][] = [
      [`http://127.0.0.1:${port}/hook`, fill(webhookMessages.urlPrivate, { host: '127.0.0.1', address: '127.0.0.1' })],
      ['http://10.0.0.8/hook', fill(webhookMessages.urlPrivate, { host: '10.0.0.8', address: '10.0.0.8' })],
      ['http://169.254.169.254/latest/meta-data/', fill(webhookMessages.urlPrivate, { host: '169.254.169.254', address: '169.254.169.254' })],
      [`http://[::1]:${port}/hook`, fill(webhookMessages.urlPrivate, { host: '::1', address: '::1' })],
      ['http://100.64.1.1/hook', fill(webhookMessages.urlPrivate, { host: '100.64.1.1', address: '100.64.1.1' })],
      ['ftp://example.com/hook', webhookMessages.urlScheme],
      ['https://user:secret@example.com/hook', webhookMessages.urlCredentials],
    ];
    const outcomes = [];
    for (const [url] of tries) {
      const res = await alice.json('/api/webhook-endpoints', { method: 'POST', json: { url, events: ['job.completed'] } });
      outcomes.push([res.status, res.body.error?.message]);
    }
    expect(outcomes).toEqual(tries.map(([, message]) => [400, message]));
    // a host name that resolves to loopback
    const local = await alice.json('/api/webhook-endpoints', { method: 'POST', json: { url: `http://localhost:${port}/hook`, events: ['job.completed'] } });
    expect(local.status).toBe(400);
    expect(local.body.error.message).toMatch(/^localhost is a private, loopback or otherwise local address \((127\.0\.0\.1|::1)\)/);
    expect(await server.deps.db.select().from(webhookEndpoints)).toEqual([]);
  });

  it('checks the address again at delivery: a name that now resolves to loopback gets nothing', async () => {
    // as if both had passed when they were made (a name that resolved to a public address then: DNS rebinding)
    const port = new URL(receiver.url).port;
    const then = { ...server.deps, config: { ...server.deps.config, WEBHOOKS_ALLOW_PRIVATE_TARGETS: true } };
    const { endpoint: row } = await createEndpoint(then, { userId }, { url: `http://localhost:${port}/rebound`, events: ['job.completed'] });
    const { endpoint: ip } = await createEndpoint(then, { userId }, { url: `http://127.0.0.1:${port}/literal`, events: ['job.completed'] });
    const now = new Date();
    const job = { id: '00000000-0000-4000-8000-000000000001', userId, status: 'completed', startedAt: now, updatedAt: now };
    expect(await queueJobWebhooks(server.deps, job, { id: job.id, status: 'completed' } as JobDto)).toBe(2);
    const logs = await waitFor('both refusals logged', async () => {
      const rows = await server.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.userId, userId));
      return rows.length === 2 && rows.every((r) => r.attempts === 1) ? rows : null;
    });
    const byEndpoint = new Map(logs.map((d) => [d.endpointId, d]));
    expect(byEndpoint.get(row.id)!.responseStatus).toBeNull();
    expect(byEndpoint.get(row.id)!.lastError).toMatch(/^localhost is a private, loopback or otherwise local address/);
    expect(byEndpoint.get(ip.id)!.lastError).toBe(fill(webhookMessages.urlPrivate, { host: '127.0.0.1', address: '127.0.0.1' }));
    // retried later on the schedule, and nothing reached the receiver
    expect(logs.map((d) => d.status)).toEqual(['pending', 'pending']);
    expect(receiver.received).toEqual([]);
  });
});
