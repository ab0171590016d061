import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createApp } from '../app.js';
import { startTestServer, TestClient, type TestServer } from '../testing/test-server.js';
import { signUpVerifiedUser } from '../testing/accounts.js';
import { grantPlan } from '../services/plans/grant-plan.js';
import { makeImage } from '../services/uploads/test-images.js';
import { imageJobs, images, viewportSessions } from '../db/schema.js';

/**
 * Isolation sweep (OWASP ASVS V8): every route that names a user's data by an id — in its path, its query or its
 * body — is called by a second user with the first user's ids. The answer is 404 (or an empty list), says nothing of
 * the data, and the data is unchanged. The routes with a path parameter are read from the app's own route table, so a
 * new one without an entry here fails the sweep; admin routes are swept by role in admin.test.ts.
 */
describe('isolation: another user learns nothing and changes nothing', () => {
  let server: TestServer;
  let alice: TestClient;
  let bob: TestClient;
  let aliceEmail: string;
  const ids = { image: '', job: '', viewport: '', checkout: '', filePath: '', fileUrl: '', bobImage: '', share: '', apiKey: '', bobKey: '', webhook: '' };
  /** Bob through the public API, with his own key of every scope. */
  const bobApi = async (path: string, init: RequestInit & { json?: unknown } = {}) => {
    const headers = new Headers(init.headers);
    headers.set('authorization', `Bearer ${ids.bobKey}`);
    if (init.json !== undefined) headers.set('content-type', 'application/json');
    const res = await fetch(new URL(path, server.url), { ...init, headers, body: init.json !== undefined ? JSON.stringify(init.json) : init.body });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
  const allScopes = ['images:write', 'jobs:write', 'jobs:read', 'files:read'];

  beforeAll(async () => {
    // no workers: Alice's job stays where it is while Bob tries it
    server = await startTestServer({ env: { WORKERS: '0' } });
    alice = new TestClient(server.url);
    bob = new TestClient(server.url);
    const a = await signUpVerifiedUser(alice, server.deps);
    aliceEmail = a.email;
    await signUpVerifiedUser(bob, server.deps);
    for (const email of [a.email]) await grantPlan(server.deps, { email, tier: 'business', until: new Date(Date.now() + 30 * 86_400_000) });

    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(await makeImage('png', 96, 72))], { type: 'image/png' }), 'alice-private-render.png');
    const up = await alice.json('/api/uploads', { method: 'POST', body: form });
    expect(up.status).toBe(201);
    ids.image = up.body.results[0].id;
    ids.filePath = up.body.results[0].filePath;
    ids.fileUrl = up.body.results[0].url;
    const job = await alice.json('/api/jobs', { method: 'POST', json: { imageId: ids.image, scale: 2, mode: 'precision' } });
    expect(job.status, JSON.stringify(job.body)).toBe(201);
    ids.job = job.body.job.id;
    // Bob's own image, to name Alice's job as the version to start from
    const bobForm = new FormData();
    bobForm.append('files', new Blob([new Uint8Array(await makeImage('png', 96, 72))], { type: 'image/png' }), 'bob.png');
    const bobUp = await bob.json('/api/uploads', { method: 'POST', body: bobForm });
    expect(bobUp.status).toBe(201);
    ids.bobImage = bobUp.body.results[0].id;
    const viewport = await alice.json('/api/viewports/new', { method: 'POST', json: { name: 'Alice private board' } });
    expect(viewport.status).toBeLessThan(300);
    ids.viewport = viewport.body.session.id;
    const share = await alice.json(`/api/images/${ids.image}/shares`, { method: 'POST', json: { expiresIn: '7d' } });
    expect(share.status).toBe(201);
    ids.share = share.body.share.id;
    const checkout = await alice.json('/api/billing/checkout', { method: 'POST', json: { plan: 'professional' } });
    expect(checkout.status).toBe(200);
    ids.checkout = checkout.body.url.split('/').pop();
    ids.apiKey = (await alice.json('/api/api-keys', { method: 'POST', json: { name: 'Alice farm', scopes: allScopes } })).body.apiKey.id;
    ids.bobKey = (await bob.json('/api/api-keys', { method: 'POST', json: { name: 'Bob farm', scopes: allScopes } })).body.key;
    // an endpoint of Alice's key (a public address: private targets are refused here)
    const hook = await alice.json('/api/webhook-endpoints', {
      method: 'POST',
      json: { url: 'https://93.184.215.14/alice-private-render-hook', events: ['job.completed'], api_key_id: ids.apiKey },
    });
    expect(hook.status).toBe(201);
    ids.webhook = hook.body.endpoint.id;
  });
  afterAll(() => server?.stop());

  /** Each route that takes an id of user data, as Bob calls it with Alice's id. Keys are the route table's paths. */
  const attempts: Record<string, () => Promise<{ status: number; body: any }>> = {
    'DELETE /api/images/:id': () => bob.json(`/api/images/${ids.image}`, { method: 'DELETE' }),
    'GET /api/images/:id/download': () => bob.json(`/api/images/${ids.image}/download`),
    'POST /api/trash/:id/restore': () => bob.json(`/api/trash/${ids.image}/restore`, { method: 'POST' }),
    'DELETE /api/trash/:id': () => bob.json(`/api/trash/${ids.image}`, { method: 'DELETE' }),
    'GET /api/library/:id': () => bob.json(`/api/library/${ids.image}`),
    'POST /api/images/:id/shares': () => bob.json(`/api/images/${ids.image}/shares`, { method: 'POST', json: { expiresIn: 'never' } }),
    'GET /api/images/:id/shares': () => bob.json(`/api/images/${ids.image}/shares`),
    'DELETE /api/shares/:id': () => bob.json(`/api/shares/${ids.share}`, { method: 'DELETE' }),
    'POST /api/jobs/:id/cancel': () => bob.json(`/api/jobs/${ids.job}/cancel`, { method: 'POST' }),
    'POST /api/jobs/:id/another-fill': () => bob.json(`/api/jobs/${ids.job}/another-fill`, { method: 'POST' }),
    'DELETE /api/jobs/:id/result': () => bob.json(`/api/jobs/${ids.job}/result`, { method: 'DELETE' }),
    'PUT /api/viewports/:id': () =>
      bob.json(`/api/viewports/${ids.viewport}`, {
        method: 'PUT',
        json: { name: 'taken over', base_version: 1, viewport_data: { images: [{ id: 'card-1', originalUrl: 'https://example.com/render.png' }] } },
      }),
    'DELETE /api/viewports/:id': () => bob.json(`/api/viewports/${ids.viewport}`, { method: 'DELETE' }),
    'POST /api/viewports/:id/load': () => bob.json(`/api/viewports/${ids.viewport}/load`, { method: 'POST' }),
    'GET /api/billing/checkout/:id': () => bob.json(`/api/billing/checkout/${ids.checkout}`),
    'GET /api/billing/test-checkout/:id': () => bob.json(`/api/billing/test-checkout/${ids.checkout}`),
    'POST /api/billing/test-checkout/:id': () => bob.json(`/api/billing/test-checkout/${ids.checkout}`, { method: 'POST', json: { outcome: 'success' } }),
    // a stored file is reached by its signed URL only; without the signature it is not there
    'GET /api/files/:bucket/*': () => bob.json(new URL(ids.fileUrl, server.url).pathname),
    'HEAD /api/files/:bucket/*': () => bob.json(new URL(ids.fileUrl, server.url).pathname, { method: 'HEAD' }),
    'DELETE /api/api-keys/:id': () => bob.json(`/api/api-keys/${ids.apiKey}`, { method: 'DELETE' }),
    'GET /api/v1/jobs/:id': () => bobApi(`/api/v1/jobs/${ids.job}`),
    'POST /api/v1/jobs/:id/cancel': () => bobApi(`/api/v1/jobs/${ids.job}/cancel`, { method: 'POST' }),
    'DELETE /api/v1/jobs/:id': () => bobApi(`/api/v1/jobs/${ids.job}`, { method: 'DELETE' }),
    'GET /api/v1/jobs/:id/download': () => bobApi(`/api/v1/jobs/${ids.job}/download`),
    'DELETE /api/v1/images/:id': () => bobApi(`/api/v1/images/${ids.image}`, { method: 'DELETE' }),
    'PATCH /api/webhook-endpoints/:id': () => bob.json(`/api/webhook-endpoints/${ids.webhook}`, { method: 'PATCH', json: { enabled: false } }),
    'DELETE /api/webhook-endpoints/:id': () => bob.json(`/api/webhook-endpoints/${ids.webhook}`, { method: 'DELETE' }),
    'POST /api/webhook-endpoints/:id/rotate-secret': () => bob.json(`/api/webhook-endpoints/${ids.webhook}/rotate-secret`, { method: 'POST' }),
    'GET /api/webhook-endpoints/:id/deliveries': () => bob.json(`/api/webhook-endpoints/${ids.webhook}/deliveries`),
    'POST /api/webhook-endpoints/:id/deliveries/:deliveryId/redeliver': () =>
      bob.json(`/api/webhook-endpoints/${ids.webhook}/deliveries/${ids.webhook}/redeliver`, { method: 'POST' }),
    'PATCH /api/v1/webhooks/:id': () => bobApi(`/api/v1/webhooks/${ids.webhook}`, { method: 'PATCH', json: { enabled: false } }),
    'DELETE /api/v1/webhooks/:id': () => bobApi(`/api/v1/webhooks/${ids.webhook}`, { method: 'DELETE' }),
    'POST /api/v1/webhooks/:id/rotate-secret': () => bobApi(`/api/v1/webhooks/${ids.webhook}/rotate-secret`, { method: 'POST' }),
    'GET /api/v1/webhooks/:id/deliveries': () => bobApi(`/api/v1/webhooks/${ids.webhook}/deliveries`),
    'POST /api/v1/webhooks/:id/deliveries/:deliveryId/redeliver': () =>
      bobApi(`/api/v1/webhooks/${ids.webhook}/deliveries/${ids.webhook}/redeliver`, { method: 'POST' }),
  };
  /** Routes with a path parameter that names no user's data, and why. */
  const notUserData: Record<string, string> = {
    'GET /api/email-preview/:name': "an e-mail template's name: the preview renders sample data, no user's",
    'GET /api/shared/:token': 'a share link: the secret is the capability its owner handed out on purpose (shares.test.ts)',
    'HEAD /api/shared/:token': 'a share link: the secret is the capability its owner handed out on purpose (shares.test.ts)',
    'GET /api/worker/v1/claims/:claimId/input': "a remote worker's claim: its signed URL is the capability (remote-workers.test.ts refuses a forged one)",
    'GET /api/worker/v1/claims/:claimId/mask': "a remote worker's claim: its signed URL is the capability (remote-workers.test.ts refuses a forged one)",
    'PUT /api/worker/v1/claims/:claimId/result': "a remote worker's claim: its signed URL is the capability (remote-workers.test.ts refuses a forged one)",
    'POST /api/worker/v1/claims/:claimId/progress': "a remote worker's claim: another worker token gets 409 (remote-workers.test.ts)",
    'POST /api/worker/v1/claims/:claimId/complete': "a remote worker's claim: another worker token gets 409 (remote-workers.test.ts)",
    'POST /api/worker/v1/claims/:claimId/fail': "a remote worker's claim: another worker token gets 409 (remote-workers.test.ts)",
  };
  /** Routes that take the id in the query or the body. */
  const bodyAttempts: Record<string, () => Promise<{ status: number; body: any }>> = {
    'POST /api/jobs (imageId)': () => bob.json('/api/jobs', { method: 'POST', json: { imageId: ids.image, scale: 2, mode: 'precision' } }),
    'POST /api/jobs/remove (targetImageId)': async () => {
      const f = new FormData();
      f.append('targetImageId', ids.image);
      f.append('maskImage', new Blob([new Uint8Array(await makeImage('png', 96, 72))], { type: 'image/png' }), 'mask.png');
      return bob.json('/api/jobs/remove', { method: 'POST', body: f });
    },
    'POST /api/jobs (sourceVersionId)': () =>
      bob.json('/api/jobs', { method: 'POST', json: { imageId: ids.bobImage, scale: 2, mode: 'precision', sourceVersionId: ids.job } }),
    'POST /api/jobs/remove (sourceVersionId)': async () => {
      const f = new FormData();
      f.append('targetImageId', ids.bobImage);
      f.append('sourceVersionId', ids.job);
      f.append('maskImage', new Blob([new Uint8Array(await makeImage('png', 96, 72))], { type: 'image/png' }), 'mask.png');
      return bob.json('/api/jobs/remove', { method: 'POST', body: f });
    },
    'POST /api/jobs/estimate (imageId)': () =>
      bob.json('/api/jobs/estimate', { method: 'POST', json: { items: [{ imageId: ids.image }], scale: 2, mode: 'precision' } }),
    'POST /api/jobs/estimate (sourceVersionId)': () =>
      bob.json('/api/jobs/estimate', { method: 'POST', json: { items: [{ imageId: ids.bobImage, sourceVersionId: ids.job }], scale: 2, mode: 'precision' } }),
    'POST /api/v1/jobs (imageId)': () => bobApi('/api/v1/jobs', { method: 'POST', json: { imageId: ids.image, scale: 2, mode: 'precision' } }),
    'POST /api/v1/quote (imageId)': () =>
      bobApi('/api/v1/quote', { method: 'POST', json: { workflow: 'enhance', imageId: ids.image, scale: 2, mode: 'precision' } }),
    'POST /api/v1/removals (targetImageId)': async () => {
      const f = new FormData();
      f.append('targetImageId', ids.image);
      f.append('maskImage', new Blob([new Uint8Array(await makeImage('png', 96, 72))], { type: 'image/png' }), 'mask.png');
      return bobApi('/api/v1/removals', { method: 'POST', body: f });
    },
    'GET /api/images/archive (ids)': () => bob.json(`/api/images/archive?ids=${ids.image}`),
    'GET /api/images/archive (viewportId)': () => bob.json(`/api/images/archive?viewportId=${ids.viewport}`),
    'GET /api/library (session)': () => bob.json(`/api/library?session=${ids.viewport}`),
    'POST /api/signed-urls (filePath)': () => bob.json('/api/signed-urls', { method: 'POST', json: { bucket: 'user-images', filePath: ids.filePath } }),
  };

  it('every /api route with a path parameter has an entry in the sweep', () => {
    const { app } = createApp(server.deps, { serveWeb: false });
    const withIds = [
      ...new Set(
        app.routes
          .filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/') && !r.path.startsWith('/api/admin/') && /[:*]/.test(r.path))
          .map((r) => `${r.method} ${r.path}`),
      ),
    ];
    // Hono answers HEAD with the GET route; it is swept on its own all the same
    const missing = withIds.filter((route) => !(route in attempts) && !(route in notUserData));
    expect(missing, 'routes that take an id but are not swept for isolation').toEqual([]);
  });

  it('a second user gets 404 for each, learns nothing of the data, and the data stays as it was', async () => {
    const outcomes: string[] = [];
    for (const [route, attempt] of Object.entries({ ...attempts, ...bodyAttempts })) {
      const res = await attempt();
      const text = JSON.stringify(res.body ?? '');
      const leaks = [ids.filePath, aliceEmail, 'alice-private-render', 'Alice private board'].filter((secret) => text.includes(secret));
      outcomes.push(`${route}: ${res.status}${leaks.length ? ` leaks ${leaks.join(', ')}` : ''}`);
    }
    // files answer 403 to an unsigned request (the signature is the capability); everything else 404
    expect(outcomes).toEqual(Object.keys({ ...attempts, ...bodyAttempts }).map((route) => `${route}: ${route.includes('/api/files/') ? 403 : 404}`));

    const [image] = await server.deps.db.select().from(images).where(eq(images.id, ids.image));
    expect(image).toBeDefined();
    expect(image.deletedAt).toBeNull();
    const [job] = await server.deps.db.select().from(imageJobs).where(eq(imageJobs.id, ids.job));
    expect(job.status).toBe('processing');
    const hooks = (await alice.json('/api/webhook-endpoints')).body.endpoints;
    expect(
      hooks.map((h: { id: string; enabled: boolean; previous_secret_expires_at: string | null }) => [h.id, h.enabled, h.previous_secret_expires_at]),
    ).toEqual([[ids.webhook, true, null]]);
    const [viewport] = await server.deps.db.select().from(viewportSessions).where(eq(viewportSessions.id, ids.viewport));
    expect([viewport.sessionName, (viewport.viewportData as { images?: unknown[] }).images]).toEqual(['Alice private board', []]);
    expect((await alice.json(`/api/billing/checkout/${ids.checkout}`)).status).toBe(200);
    expect((await alice.json(`/api/images/${ids.image}/shares`)).body.shares.map((x: { id: string }) => x.id)).toEqual([ids.share]);
    expect((await alice.json('/api/api-keys')).body.keys.map((k: { id: string; revoked_at: string | null }) => [k.id, k.revoked_at])).toEqual([
      [ids.apiKey, null],
    ]);
  });

  it("lists answer only the caller's own: jobs by id, images, viewports, credits", async () => {
    const jobs = await bob.json(`/api/jobs?ids=${ids.job}`);
    expect([jobs.status, jobs.body.jobs]).toEqual([200, []]);
    for (const path of [
      '/api/images',
      '/api/trash',
      '/api/library',
      '/api/viewports',
      '/api/jobs/active',
      '/api/jobs/recent',
      '/api/credits/ledger',
      '/api/webhook-endpoints',
    ]) {
      const res = await bob.json(path);
      expect(res.status, path).toBe(200);
      const text = JSON.stringify(res.body);
      expect(text, path).not.toContain(ids.image);
      expect(text, path).not.toContain(ids.job);
      expect(text, path).not.toContain(ids.viewport);
      expect(text, path).not.toContain(ids.webhook);
    }
    const batch = await bob.json('/api/signed-urls/batch', { method: 'POST', json: { urls: [{ bucket: 'user-images', filePath: ids.filePath }] } });
    expect([batch.status, batch.body.successful]).toEqual([200, []]);
  });
});
