/**
 * The API client against a server on a loopback port that answers as the API does when a session has lapsed or the
 * server fails: what goes over the wire is counted, so a refresh, a repeat or a refused call is seen, not assumed.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { shellMessages } from '@shared/shell-messages';
import { ApiError, apiArea, createApiClient } from './api-client';

type Answer = { status: number; body?: unknown };
let server: http.Server;
let base: string;
let seen: string[];
let answers: Record<string, Answer[]>;

beforeEach(async () => {
  seen = [];
  answers = {};
  server = http.createServer((req, res) => {
    const key = `${req.method} ${req.url}`;
    seen.push(key);
    const a = answers[key]?.shift() ?? { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found' } } };
    res.writeHead(a.status, { 'Content-Type': 'application/json' }).end(a.status === 204 ? undefined : JSON.stringify(a.body === undefined ? {} : a.body));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(() => new Promise<void>((r) => server.close(() => r())));

const unauthorized: Answer = { status: 401, body: { error: { code: 'UNAUTHORIZED', message: 'Authentication required' } } };
const failed: Answer = { status: 500, body: { error: { code: 'INTERNAL', message: 'Server error' } } };

describe('API client', () => {
  it('names the area of a path for the breaker', () => {
    expect(apiArea('/api/jobs/123/cancel?x=1')).toBe('/api/jobs');
    expect(apiArea('/api/profile')).toBe('/api/profile');
  });

  it('a 401 refreshes the session once and repeats the call once when a session is still there', async () => {
    answers['POST /api/viewports'] = [unauthorized, { status: 201, body: { session: { id: 'v1' } } }];
    answers['GET /api/auth/get-session'] = [{ status: 200, body: { session: { id: 's' }, user: { id: 'u' } } }];
    const api = createApiClient({ base });
    expect(await api.request('POST', '/api/viewports', { name: 'A' })).toEqual({ session: { id: 'v1' } });
    expect(seen).toEqual(['POST /api/viewports', 'GET /api/auth/get-session', 'POST /api/viewports']);
  });

  it('when the session is gone the 401 stands, after one refresh shared by the calls that met it', async () => {
    answers['GET /api/profile'] = [unauthorized];
    answers['GET /api/images'] = [unauthorized];
    answers['GET /api/auth/get-session'] = [{ status: 200, body: null }];
    const api = createApiClient({ base });
    const results = await Promise.allSettled([api.request('GET', '/api/profile'), api.request('GET', '/api/images')]);
    for (const r of results) expect(r.status === 'rejected' && r.reason instanceof ApiError && r.reason.status).toBe(401);
    expect(seen.filter((s) => s === 'GET /api/auth/get-session')).toHaveLength(1);
    expect(seen).toHaveLength(3);
  });

  it('a refused sign-in is not followed by a session refresh', async () => {
    answers['POST /api/auth/sign-in/email'] = [unauthorized];
    const api = createApiClient({ base });
    await expect(api.request('POST', '/api/auth/sign-in/email', { email: 'a@b.c', password: 'x' })).rejects.toMatchObject({ status: 401 });
    expect(seen).toEqual(['POST /api/auth/sign-in/email']);
  });

  it('a write that fails is sent once; after 3 failures the area is refused without a request for 30 s', async () => {
    let now = 0;
    answers['POST /api/jobs'] = [failed, failed, failed, { status: 201, body: { job: { id: 'j' } } }];
    const api = createApiClient({ base, now: () => now });
    for (let i = 0; i < 3; i++) await expect(api.request('POST', '/api/jobs', { imageId: 'i' })).rejects.toMatchObject({ status: 500 });
    expect(seen).toHaveLength(3);
    // the user is told the connection is lost, never the breaker's inner workings
    await expect(api.request('POST', '/api/jobs', { imageId: 'i' })).rejects.toMatchObject({
      code: 'CIRCUIT_OPEN',
      message: shellMessages.connectionLost,
      details: { area: '/api/jobs' },
    });
    await expect(api.request('GET', '/api/jobs/queue')).rejects.toMatchObject({ code: 'CIRCUIT_OPEN' });
    expect(seen).toHaveLength(3);
    // other areas still answer
    answers['GET /api/images'] = [{ status: 200, body: { images: [] } }];
    expect(await api.request('GET', '/api/images')).toEqual({ images: [] });
    now += 30_000;
    expect(await api.request('POST', '/api/jobs', { imageId: 'i' })).toEqual({ job: { id: 'j' } });
    expect(api.breakers.state('/api/jobs')).toBe('closed');
  });

  it('refusals (4xx) do not count as failures; a server that is gone does', async () => {
    answers['PATCH /api/profile'] = Array.from({ length: 4 }, () => ({ status: 400, body: { error: { code: 'VALIDATION', message: 'Invalid' } } }));
    const heard: string[] = [];
    const api = createApiClient({ base, onAnswer: () => heard.push('answer'), onNoAnswer: () => heard.push('none') });
    for (let i = 0; i < 4; i++) await expect(api.request('PATCH', '/api/profile', {})).rejects.toMatchObject({ status: 400 });
    expect(api.breakers.state('/api/profile')).toBe('closed');
    expect(heard).toEqual(['answer', 'answer', 'answer', 'answer']);

    await new Promise<void>((r) => server.close(() => r()));
    heard.length = 0;
    for (let i = 0; i < 3; i++) {
      await expect(api.request('GET', '/api/profile')).rejects.toMatchObject({ status: 0, code: 'NETWORK', message: shellMessages.connectionLost });
    }
    expect(heard).toEqual(['none', 'none', 'none']);
    await expect(api.request('GET', '/api/profile')).rejects.toMatchObject({ code: 'CIRCUIT_OPEN', message: shellMessages.connectionLost });
    server.listen(0, '127.0.0.1');
  });

  it('an aborted call is not a lost connection', async () => {
    await new Promise<void>((r) => server.close(() => r()));
    const heard: string[] = [];
    const api = createApiClient({ base, onNoAnswer: () => heard.push('none') });
    const abort = new AbortController();
    abort.abort();
    await expect(api.request('GET', '/api/profile', undefined, { signal: abort.signal })).rejects.toMatchObject({ code: 'NETWORK' });
    expect(heard).toEqual([]);
    server.listen(0, '127.0.0.1');
  });
});
