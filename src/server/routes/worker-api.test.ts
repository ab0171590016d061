/**
 * The worker endpoints' guards: a token only over HTTPS (or from this machine), only with a known, unrevoked token,
 * at the token's rate, and only on /api/worker/v1.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@server/testing/test-server.js';
import { createWorkerToken, revokeWorkerToken } from '@server/services/workers/worker-tokens.js';
import {
  ENGINE_VERSION,
  WORKER_API_PREFIX,
  WORKER_CALLS_PER_MINUTE,
  WORKER_ENGINE_HEADER,
  WORKER_PROTOCOL_HEADER,
  WORKER_PROTOCOL_VERSION,
  workerMessages,
} from '@shared/api/workers.js';

describe('worker endpoints', () => {
  let server: TestServer;
  let token: string;
  let tokenId: string;
  /** When set, the time the server sees. */
  let frozen: Date | undefined;
  const versions = { [WORKER_PROTOCOL_HEADER]: String(WORKER_PROTOCOL_VERSION), [WORKER_ENGINE_HEADER]: String(ENGINE_VERSION) };
  const heartbeat = (headers: Record<string, string>) =>
    fetch(`${server.url}${WORKER_API_PREFIX}/heartbeat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...versions, ...headers },
      body: JSON.stringify({ version: '1.0.0', provider: 'cpu', claims: [] }),
    });

  beforeAll(async () => {
    // behind one proxy: the client is the right-most X-Forwarded-For entry, its scheme X-Forwarded-Proto
    server = await startTestServer({ env: { WORKERS: '0', TRUST_PROXY: 'true' }, clock: () => frozen ?? new Date() });
    const made = await createWorkerToken(server.deps, { name: 'gpu box', capabilities: ['gpu'] });
    [token, tokenId] = [made.token, made.row.id];
  });
  afterAll(() => server?.stop());

  it('takes the token over HTTPS, or over plain HTTP from this machine only', async () => {
    expect((await heartbeat({ authorization: `Bearer ${token}` })).status).toBe(200);
    const remotePlain = await heartbeat({ authorization: `Bearer ${token}`, 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'http' });
    expect(remotePlain.status).toBe(403);
    expect((await remotePlain.json()).error.message).toBe(workerMessages.plainHttp);
    expect((await heartbeat({ authorization: `Bearer ${token}`, 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https' })).status).toBe(200);
  });

  it('refuses a missing or unknown token, and the token anywhere but the worker endpoints', async () => {
    const missing = await heartbeat({});
    expect([missing.status, (await missing.json()).error.message]).toEqual([401, workerMessages.missingToken]);
    const unknown = await heartbeat({ authorization: 'Bearer rlw_nope' });
    expect([unknown.status, (await unknown.json()).error.message]).toEqual([401, workerMessages.unknownToken]);
    expect((await fetch(`${server.url}/api/me`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
    expect((await fetch(`${server.url}/api/admin/workers`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
  });

  it('limits each token to its calls a minute, with Retry-After', async () => {
    const made = await createWorkerToken(server.deps, { name: 'chatty' });
    const auth = { authorization: `Bearer ${made.token}` };
    // the minute stands still while the calls are made, however long a busy machine takes over them
    frozen = new Date();
    const statuses: number[] = [];
    for (let i = 0; i < WORKER_CALLS_PER_MINUTE; i += 20) {
      const batch = Array.from({ length: Math.min(20, WORKER_CALLS_PER_MINUTE - i) }, () => heartbeat(auth).then((r) => r.status));
      statuses.push(...(await Promise.all(batch)));
    }
    expect(statuses).toHaveLength(WORKER_CALLS_PER_MINUTE);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const over = await heartbeat(auth);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await over.json()).error.message).toBe(workerMessages.rateLimited);
    // another token is not held back by it
    expect((await heartbeat({ authorization: `Bearer ${token}` })).status).toBe(200);
    frozen = undefined;
  }, 300_000);

  it('refuses a revoked token on its next call', async () => {
    expect(await revokeWorkerToken(server.deps, tokenId)).toBe(true);
    const res = await heartbeat({ authorization: `Bearer ${token}` });
    expect([res.status, (await res.json()).error]).toEqual([401, { code: 'TOKEN_REVOKED', message: workerMessages.revokedToken }]);
    expect(await revokeWorkerToken(server.deps, tokenId)).toBe(false);
  });
});
