import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TestClient, type TestServer } from '../testing/test-server.js';
import { signUpVerifiedUser } from '../testing/accounts.js';
import { SseReader } from '../testing/sse.js';
import { DEFAULT_SSE_MAX_STREAMS_PER_ADDRESS, DEFAULT_SSE_MAX_STREAMS_PER_USER, liveStreamMessages } from '@shared/limits.js';

describe('live events: open streams are capped per user and per client address', () => {
  let server: TestServer;
  let user: TestClient;
  const open: SseReader[] = [];
  beforeAll(async () => {
    server = await startTestServer({ env: { WORKERS: '0' } });
    user = new TestClient(server.url);
    await signUpVerifiedUser(user, server.deps);
  });
  afterEach(() => {
    for (const s of open.splice(0)) s.close();
  });
  afterAll(() => server?.stop());

  const url = () => `${server.url}/api/events`;
  async function stream(headers: Record<string, string> = {}) {
    const s = await SseReader.open(url(), headers);
    open.push(s);
    expect(s.status).toBe(200);
    await s.next((m) => m.event === 'ready');
    return s;
  }
  /** A refused stream answers JSON, so it is read with plain fetch. */
  async function refused(headers: Record<string, string> = {}) {
    const res = await fetch(url(), { headers: { accept: 'text/event-stream', ...headers } });
    const body = res.status === 200 ? (void res.body?.cancel(), null) : await res.json();
    return { status: res.status, body };
  }

  it(`a user's stream past ${DEFAULT_SSE_MAX_STREAMS_PER_USER} is answered 429; closing one frees its place`, async () => {
    const cookie = { cookie: user.cookieHeader() };
    const streams: SseReader[] = [];
    for (let i = 0; i < DEFAULT_SSE_MAX_STREAMS_PER_USER; i++) streams.push(await stream(cookie));
    const over = await refused(cookie);
    expect(over.status).toBe(429);
    expect(over.body.error.message).toBe(liveStreamMessages.perUser);

    streams[0].close();
    // the server sees the close when the socket does: give it a moment
    let status = 0;
    for (let i = 0; i < 50 && status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 100));
      status = (await refused(cookie)).status;
    }
    expect(status).toBe(200);
  });

  it(`past ${DEFAULT_SSE_MAX_STREAMS_PER_ADDRESS} streams from one address, signed in or not, the next is answered 429`, async () => {
    for (let i = 0; i < 10; i++) await stream({ cookie: user.cookieHeader() });
    for (let i = 10; i < DEFAULT_SSE_MAX_STREAMS_PER_ADDRESS; i++) await stream();
    const over = await refused();
    expect(over.status).toBe(429);
    expect(over.body.error.message).toBe(liveStreamMessages.perAddress);
  });
});
