import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { backends } from '../testing/databases.js';
import { startTestServer, TestClient, type TestServer } from '../testing/test-server.js';
import { signUpVerifiedUser } from '../testing/accounts.js';
import { viewportSessions } from '../db/schema.js';
import { msg } from '@shared/messages.js';

/** A layout of `n` cards, the first one at x. */
const layout = (n: number, x = 0) => ({
  images: Array.from({ length: n }, (_, i) => ({
    id: `card-${i}`,
    originalUrl: `/api/files/user-images/u/${i}.png?exp=1&sig=x`,
    position: { x: x + i * 900, y: 0 },
  })),
});

describe.each(backends)('viewport versions on %s', (backend) => {
  let server: TestServer;
  let a: TestClient;
  let tick = Date.parse('2026-11-22T10:00:00Z');
  beforeAll(async () => {
    server = await startTestServer({ backend, env: { WORKERS: '0' }, clock: () => new Date((tick += 1000)) });
    a = new TestClient(server.url);
    await signUpVerifiedUser(a, server.deps);
  });
  afterAll(async () => {
    await server?.stop();
  });

  const row = async (id: string) => (await server.deps.db.select().from(viewportSessions).where(eq(viewportSessions.id, id)))[0];
  const create = async (name: string, n = 5) => {
    const res = await a.json('/api/viewports', { method: 'POST', json: { name, viewport_data: layout(n) } });
    expect(res.status).toBe(201);
    return res.body.session as { id: string; version: number; updated_at: string };
  };
  const put = (id: string, body: Record<string, unknown>) => a.json(`/api/viewports/${id}`, { method: 'PUT', json: body });

  it('starts at 1 and rises by one with every save; loading and the active flag leave it', async () => {
    const s = await create('Villa Keller – Phase 1');
    expect(s.version).toBe(1);
    for (let v = 1; v <= 3; v++) {
      const res = await put(s.id, { viewport_data: layout(5, v * 10), base_version: v });
      expect(res.status).toBe(200);
      expect(res.body.session.version).toBe(v + 1);
    }
    // a rename is a save too
    const renamed = await put(s.id, { name: 'Villa Keller – Phase 2', viewport_data: layout(5), base_version: 4 });
    expect(renamed.body.session).toMatchObject({ session_name: 'Villa Keller – Phase 2', version: 5 });
    await create('Other');
    expect((await a.json(`/api/viewports/${s.id}/load`, { method: 'POST' })).body.session.version).toBe(5);
    expect((await a.json('/api/viewports/active')).body.session.version).toBe(5);
    expect((await a.json('/api/viewports')).body.sessions.find((x: { id: string }) => x.id === s.id).version).toBe(5);
    expect((await row(s.id)).version).toBe(5);
  });

  it('refuses a save based on an older version with the current version, and keeps the first save', async () => {
    const s = await create('Villa Keller – Phase 1', 5);
    // the desktop adds three cards and saves on version 1
    const desktop = await put(s.id, { viewport_data: layout(8), base_version: 1 });
    expect(desktop.status).toBe(200);
    expect(desktop.body.session).toMatchObject({ version: 2, image_count: 8 });
    // the phone, still on version 1, saves its five cards
    const phone = await put(s.id, { viewport_data: layout(5, 300), base_version: 1 });
    expect(phone.status).toBe(409);
    expect(phone.body.error).toEqual({
      code: 'SESSION_CONFLICT',
      message: msg('sessionConflict'),
      details: { current_version: 2, updated_at: desktop.body.session.updated_at, session_name: 'Villa Keller – Phase 1' },
    });
    const kept = await row(s.id);
    expect(kept.version).toBe(2);
    expect((kept.viewportData as { images: unknown[] }).images).toHaveLength(8);
    expect(kept.updatedAt.toISOString()).toBe(desktop.body.session.updated_at);
    // a version from the future is no better
    expect((await put(s.id, { viewport_data: layout(5), base_version: 7 })).status).toBe(409);
    // saving over it on purpose names the current version
    const over = await put(s.id, { viewport_data: layout(5, 300), base_version: phone.body.error.details.current_version });
    expect(over.body.session).toMatchObject({ version: 3, image_count: 5 });
  });

  it('lets exactly one of two saves made at once on the same version through', async () => {
    const s = await create('Concurrent', 2);
    const [first, second] = await Promise.all([
      put(s.id, { viewport_data: layout(3), base_version: 1 }),
      put(s.id, { viewport_data: layout(4), base_version: 1 }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const winner = first.status === 200 ? first : second;
    const loser = first.status === 200 ? second : first;
    expect(loser.body.error.details.current_version).toBe(2);
    const stored = await row(s.id);
    expect(stored.version).toBe(2);
    expect((stored.viewportData as { images: unknown[] }).images).toHaveLength(winner.body.session.image_count);
  });

  it('refuses an update without a version, with a bad one, or for a missing session, and changes nothing', async () => {
    const s = await create('Strict', 2);
    for (const base of [undefined, 'one', 1.5, -1, null]) {
      const res = await put(s.id, { viewport_data: layout(3), ...(base === undefined ? {} : { base_version: base }) });
      expect(res.status, String(base)).toBe(400);
      expect(res.body.error.message).toBe(msg('sessionVersionMissing'));
    }
    // bad data is refused before the version is looked at
    const empty = await put(s.id, { viewport_data: layout(0), base_version: 1 });
    expect([empty.status, empty.body.error.message]).toEqual([400, msg('sessionNoImages')]);
    const missing = await put('00000000-0000-4000-8000-000000000000', { viewport_data: layout(1), base_version: 1 });
    expect([missing.status, missing.body.error.message]).toEqual([404, msg('sessionNotFound')]);
    const stored = await row(s.id);
    expect([stored.version, (stored.viewportData as { images: unknown[] }).images.length]).toEqual([1, 2]);
  });
});
