import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { backends } from '../testing/databases.js';
import { startTestServer, TestClient, type TestServer } from '../testing/test-server.js';
import { signUpVerifiedUser } from '../testing/accounts.js';
import { SseReader } from '../testing/sse.js';
import { viewportSessions } from '../db/schema.js';
import { msg } from '@shared/messages.js';

const data = (n = 2, extra: Record<string, unknown> = {}) => ({
  images: Array.from({ length: n }, (_, i) => ({
    id: `img-${i}`,
    originalUrl: `/api/files/user-images/u/${i}.png?exp=1&sig=x`,
    position: { x: i * 900, y: 0 },
    scale: 1,
  })),
  currentMode: 'enhance',
  enhancementParams: { creativity: 50, resolutionScale: 2 },
  brushSize: 20,
  ...extra,
});

describe.each(backends)('viewport sessions on %s', (backend) => {
  let server: TestServer;
  let a: TestClient;
  let b: TestClient;
  let userA: string;
  let tick = Date.parse('2026-11-22T10:00:00Z');
  beforeAll(async () => {
    server = await startTestServer({ backend, env: { WORKERS: '0' }, clock: () => new Date((tick += 1000)) });
    a = new TestClient(server.url);
    b = new TestClient(server.url);
    userA = (await signUpVerifiedUser(a, server.deps)).userId;
    await signUpVerifiedUser(b, server.deps);
  });
  afterAll(async () => {
    await server?.stop();
  });

  const active = async () => (await server.deps.db.select().from(viewportSessions).where(eq(viewportSessions.userId, userA))).filter((r) => r.isActive);

  it('creates, lists newest first, keeps exactly one active, loads and deletes', async () => {
    const sse = await SseReader.open(`${server.url}/api/events`, { cookie: a.cookieHeader() });
    await sse.next((m) => m.event === 'ready');
    const villaA = await a.json('/api/viewports', { method: 'POST', json: { name: '  Villa A  ', viewport_data: data(2) } });
    expect(villaA.status).toBe(201);
    expect(villaA.body.session).toMatchObject({ session_name: 'Villa A', is_active: true, image_count: 2 });
    expect(JSON.parse((await sse.next((m) => m.event === 'viewports')).data).data).toEqual({ action: 'created', id: villaA.body.session.id });
    const moved = data(2);
    moved.images[0].position = { x: 123, y: 456 };
    const upd = await a.json(`/api/viewports/${villaA.body.session.id}`, { method: 'PUT', json: { viewport_data: moved, base_version: 1 } });
    expect(upd.status).toBe(200);
    expect(upd.body.session.viewport_data.images[0].position).toEqual({ x: 123, y: 456 });
    const villaB = await a.json('/api/viewports', { method: 'POST', json: { name: 'Villa B', viewport_data: data(3) } });
    expect((await active()).map((r) => r.sessionName)).toEqual(['Villa B']);
    const list = (await a.json('/api/viewports')).body.sessions;
    expect(list.map((s: { session_name: string }) => s.session_name)).toEqual(['Villa B', 'Villa A']);
    const loaded = await a.json(`/api/viewports/${villaA.body.session.id}/load`, { method: 'POST' });
    expect(loaded.body.session).toMatchObject({ session_name: 'Villa A', is_active: true });
    expect(loaded.body.session.viewport_data.images[0].position).toEqual({ x: 123, y: 456 });
    expect((await active()).map((r) => r.sessionName)).toEqual(['Villa A']);
    expect((await a.json('/api/viewports/active')).body.session.id).toBe(villaA.body.session.id);
    const del = await a.json(`/api/viewports/${villaA.body.session.id}`, { method: 'DELETE' });
    expect(del.body).toEqual({ wasActive: true });
    expect((await a.json('/api/viewports/active')).body.session).toBeNull();
    expect((await a.json('/api/viewports')).body.sessions.map((s: { id: string }) => s.id)).toEqual([villaB.body.session.id]);
    sse.close();
  });

  it('creates a named, empty viewport as the active one, and refuses a blank name', async () => {
    const sse = await SseReader.open(`${server.url}/api/events`, { cookie: a.cookieHeader() });
    await sse.next((m) => m.event === 'ready');
    const blank = await a.json('/api/viewports/new', { method: 'POST', json: { name: '   ' } });
    expect(blank.status).toBe(400);
    expect(blank.body.error.message).toBe('Please enter a viewport name');
    const before = (await a.json('/api/viewports')).body.sessions.length;
    const created = await a.json('/api/viewports/new', { method: 'POST', json: { name: ' Kitchen ' } });
    expect(created.status).toBe(201);
    expect(created.body.session).toMatchObject({ session_name: 'Kitchen', is_active: true, image_count: 0 });
    expect(created.body.session.viewport_data.images).toEqual([]);
    expect(JSON.parse((await sse.next((m) => m.event === 'viewports')).data).data).toEqual({ action: 'created', id: created.body.session.id });
    expect((await active()).map((r) => r.sessionName)).toEqual(['Kitchen']);
    expect((await a.json('/api/viewports')).body.sessions).toHaveLength(before + 1);
    sse.close();
  });

  it('refuses bad saves with the seed wording and changes nothing', async () => {
    const before = (await a.json('/api/viewports')).body.sessions.length;
    const cases: [unknown, string][] = [
      [{ name: 'x', viewport_data: data(0) }, msg('sessionNoImages')],
      [{ name: 'x', viewport_data: data(1, { images: [{ id: 'a', originalUrl: 'data:image/png;base64,AAAA' }] }) }, msg('sessionBase64')],
      [
        { name: 'x', viewport_data: { images: [{ id: 'a' }, { originalUrl: 'https://x.test/1.png' }] } },
        'Cannot save session - 2 images are missing required data (id or originalUrl)',
      ],
      [{ name: '   ', viewport_data: data(1) }, msg('viewportNameRequired')],
      [{ name: 'x'.repeat(101), viewport_data: data(1) }, 'Viewport name must be at most 100 characters'],
    ];
    for (const [body, message] of cases) {
      const res = await a.json('/api/viewports', { method: 'POST', json: body });
      expect(res.status, message).toBe(400);
      expect(res.body.error.message).toBe(message);
    }
    expect((await a.json('/api/viewports')).body.sessions.length).toBe(before);
    // a base64 enhancedUrl is dropped, the image kept
    const kept = await a.json('/api/viewports', {
      method: 'POST',
      json: { name: 'Kept', viewport_data: { images: [{ id: 'a', originalUrl: 'https://x.test/1.png', enhancedUrl: 'data:image/png;base64,AAAA' }] } },
    });
    expect(kept.status).toBe(201);
    expect(kept.body.session.viewport_data.images).toEqual([{ id: 'a', originalUrl: 'https://x.test/1.png', position: { x: 0, y: 0 }, scale: 1 }]);
  });

  it('never shows or changes another user’s sessions', async () => {
    const mine = (await a.json('/api/viewports')).body.sessions[0];
    expect((await b.json('/api/viewports')).body.sessions).toEqual([]);
    expect((await b.json('/api/viewports/active')).body.session).toBeNull();
    for (const [path, method] of [
      [`/api/viewports/${mine.id}/load`, 'POST'],
      [`/api/viewports/${mine.id}`, 'DELETE'],
    ] as const) {
      const res = await b.json(path, { method });
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe(msg('sessionNotFound'));
    }
    expect((await b.json(`/api/viewports/${mine.id}`, { method: 'PUT', json: { viewport_data: data(1), base_version: mine.version } })).status).toBe(404);
    expect((await a.json('/api/viewports')).body.sessions[0]).toMatchObject({ id: mine.id, image_count: mine.image_count });
    const anon = await new TestClient(server.url).json('/api/viewports');
    expect(anon.status).toBe(401);
    expect(anon.body.error.message).toBe(msg('sessionLoginToLoad'));
  });
});
