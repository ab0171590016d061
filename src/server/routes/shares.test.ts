import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { backends } from '../testing/databases.js';
import { startTestServer, TestClient, type TestServer } from '../testing/test-server.js';
import { signUpVerifiedUser } from '../testing/accounts.js';
import { storeImage, syntheticPng } from '../testing/images.js';
import { imageShares } from '../db/schema.js';

const DAY = 86_400_000;

/** Share links: made on purpose by the owner, public while open, gone once revoked or expired; nobody else's to touch. */
describe.each(backends)('share links (%s)', (backend) => {
  let server: TestServer;
  let now = new Date('2026-05-04T10:00:00Z');
  let alice: TestClient;
  let bob: TestClient;
  let anonymous: TestClient;
  let png: Buffer;
  let imageId = '';

  beforeAll(async () => {
    server = await startTestServer({ backend, clock: () => now, env: { WORKERS: '0' } });
    alice = new TestClient(server.url);
    bob = new TestClient(server.url);
    anonymous = new TestClient(server.url);
    const a = await signUpVerifiedUser(alice, server.deps);
    await signUpVerifiedUser(bob, server.deps);
    png = await syntheticPng(64, 48);
    imageId = (await storeImage(server.deps, a.userId, png, 'nda-render.png')).id;
  });
  afterAll(() => server?.stop());

  const create = (client: TestClient, expiresIn: string, id = imageId) => client.json(`/api/images/${id}/shares`, { method: 'POST', json: { expiresIn } });
  const open = (url: string, init: RequestInit = {}) => anonymous.fetch(new URL(url).pathname, init);

  it('serves the image to anyone holding the link, with the stored-file safety headers, until it expires', async () => {
    const made = await create(alice, '7d');
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const { share } = made.body;
    expect(share.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(share.url).toBe(`${server.url}/api/shared/${share.id}`);
    expect([share.imageId, share.createdAt, share.expiresAt]).toEqual([imageId, now.toISOString(), new Date(now.getTime() + 7 * DAY).toISOString()]);

    const res = await open(share.url);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(png)).toBe(true);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect((await open(share.url, { method: 'HEAD' })).status).toBe(200);

    expect((await alice.json(`/api/images/${imageId}/shares`)).body.shares.map((s: { id: string }) => s.id)).toContain(share.id);
    now = new Date(now.getTime() + 7 * DAY - 1000);
    expect((await open(share.url)).status).toBe(200);
    now = new Date(now.getTime() + 1000);
    const gone = await open(share.url);
    expect(gone.status).toBe(404);
    expect((await gone.json()).error.message).toBe('This share link has been revoked or has expired.');
    expect((await alice.json(`/api/images/${imageId}/shares`)).body.shares.map((s: { id: string }) => s.id)).not.toContain(share.id);
  });

  it('keeps a link without expiry until the owner revokes it, then answers 404 for ever', async () => {
    const { share } = (await create(alice, 'never')).body;
    expect(share.expiresAt).toBeNull();
    now = new Date(now.getTime() + 400 * DAY);
    expect((await open(share.url)).status).toBe(200);
    const revoked = await alice.fetch(`/api/shares/${share.id}`, { method: 'DELETE' });
    expect(revoked.status).toBe(204);
    expect((await open(share.url)).status).toBe(404);
    expect((await open(share.url, { method: 'HEAD' })).status).toBe(404);
    expect((await alice.fetch(`/api/shares/${share.id}`, { method: 'DELETE' })).status).toBe(404);
    const [row] = await server.deps.db.select().from(imageShares).where(eq(imageShares.id, share.id));
    expect(row.revokedAt?.toISOString()).toBe(now.toISOString());
  });

  it("lets no other user create, list or revoke links of someone else's image: 404, and the link keeps working", async () => {
    const { share } = (await create(alice, '30d')).body;
    const before = await server.deps.db.select().from(imageShares);
    const tries = [await create(bob, '7d'), await bob.json(`/api/images/${imageId}/shares`), await bob.json(`/api/shares/${share.id}`, { method: 'DELETE' })];
    expect(tries.map((t) => t.status)).toEqual([404, 404, 404]);
    expect(JSON.stringify(tries.map((t) => t.body))).not.toContain(share.id);
    expect(await server.deps.db.select().from(imageShares)).toEqual(before);
    expect((await open(share.url)).status).toBe(200);
    // signed out: asked to sign in, nothing made
    expect((await create(anonymous, '7d')).status).toBe(401);
    expect((await anonymous.json(`/api/images/${imageId}/shares`)).status).toBe(401);
  });

  it('refuses an expiry outside the choices and unknown or malformed links, changing nothing', async () => {
    const before = await server.deps.db.select().from(imageShares);
    for (const expiresIn of ['2d', '', 'forever']) {
      const res = await create(alice, expiresIn);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain('expiresIn must be one of 1d, 7d, 30d, never');
    }
    expect((await create(alice, '7d', '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect(await server.deps.db.select().from(imageShares)).toEqual(before);
    expect((await anonymous.fetch('/api/shared/AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    expect((await anonymous.fetch('/api/shared/..%2F..%2Fsecret')).status).toBe(404);
  });

  it('ends with the image: in the trash its links answer 404, deleted forever they are gone', async () => {
    const { share } = (await create(alice, 'never')).body;
    expect((await alice.fetch(`/api/images/${imageId}`, { method: 'DELETE' })).status).toBe(204);
    expect((await open(share.url)).status).toBe(404);
    expect((await alice.fetch(`/api/trash/${imageId}`, { method: 'DELETE' })).status).toBe(204);
    expect((await open(share.url)).status).toBe(404);
  });
});
