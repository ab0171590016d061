/**
 * A remote worker's side of /api/worker/v1: every call with its token and versions, retried over a flaky link
 * (the calls are idempotent on the server), with the server's refusals turned into errors the worker acts on.
 */
import type { JobPhaseKind } from '@shared/estimates.js';
import {
  ClaimResponse,
  CompleteResponse,
  ENGINE_VERSION,
  FailResponse,
  HeartbeatResponse,
  ProgressResponse,
  WORKER_API_PREFIX,
  WORKER_ENGINE_HEADER,
  WORKER_PROTOCOL_HEADER,
  WORKER_PROTOCOL_VERSION,
  type CompleteRequest,
  type WorkerInfo,
} from '@shared/api/workers.js';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';

/** The server refuses this worker for good (bad or revoked token, another version, plain HTTP): it stops. */
export class WorkerRefused extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
  ) {
    super(message);
    this.name = 'WorkerRefused';
  }
}

/** The claim is no longer this worker's (expired, handed back, cancelled): it stops that job. */
export class ClaimGone extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ClaimGone';
  }
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** A worker token goes over HTTPS only; plain HTTP is allowed to this machine itself (a server on loopback). */
export function serverUrlProblem(server: string): string | null {
  let url: URL;
  try {
    url = new URL(server);
  } catch {
    return `--server must be the server's address, such as https://studio.example (got ${JSON.stringify(server)})`;
  }
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && (LOOPBACK.has(url.hostname) || url.hostname.startsWith('127.'))) return null;
  return `A worker token is only sent over HTTPS: use https://${url.host} (plain HTTP only to this machine itself).`;
}

export interface WorkerApiClientOptions {
  server: string;
  token: string;
  info: WorkerInfo;
  /** Attempts of a call that failed on the network or with a 5xx (502/503 while a server restarts). */
  attempts?: number;
  fetch?: typeof fetch;
  onRetry?: (what: string, err: unknown, attempt: number) => void;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function createWorkerApiClient(opts: WorkerApiClientOptions) {
  const base = opts.server.replace(/\/+$/, '');
  const doFetch = opts.fetch ?? fetch;
  const attempts = opts.attempts ?? 6;
  const headers = {
    authorization: `Bearer ${opts.token}`,
    [WORKER_PROTOCOL_HEADER]: String(WORKER_PROTOCOL_VERSION),
    [WORKER_ENGINE_HEADER]: String(ENGINE_VERSION),
  };
  const absolute = (url: string) => new URL(url, `${base}/`).toString();

  /** One call, retried on network errors and 5xx with a growing wait; a 4xx is answered at once. */
  async function call(what: string, make: () => Promise<Response>): Promise<Response> {
    for (let attempt = 1; ; attempt++) {
      let res: Response | undefined;
      let err: unknown;
      try {
        res = await make();
      } catch (e) {
        err = e;
      }
      if (res && res.status < 500) return res;
      if (attempt >= attempts) {
        if (res) throw new Error(`${what}: the server answered ${res.status}`);
        throw err;
      }
      opts.onRetry?.(what, err ?? new Error(`status ${res!.status}`), attempt);
      await res?.body?.cancel().catch(() => {});
      await sleep(Math.min(10_000, 250 * 2 ** attempt));
    }
  }

  async function refusal(res: Response): Promise<never> {
    const body = (await res.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
    const message = body?.error?.message ?? `the server answered ${res.status}`;
    const code = body?.error?.code ?? String(res.status);
    if (res.status === 409) throw new ClaimGone(message);
    if (res.status === 401 || res.status === 403 || res.status === 426) throw new WorkerRefused(message, res.status, code);
    throw new Error(`${code}: ${message}`);
  }

  async function post<S extends z.ZodType>(path: string, body: unknown, schema: S, signal?: AbortSignal): Promise<z.infer<S> | null> {
    const res = await call(`POST ${path}`, () =>
      doFetch(`${base}${WORKER_API_PREFIX}${path}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal,
      }),
    );
    if (res.status === 204) return null;
    if (!res.ok) return refusal(res);
    return schema.parse(await res.json());
  }

  return {
    /** The next job, or null when none came within the wait; retried with one key, so a lost answer is not a lost job. */
    claim: (waitSeconds: number, signal?: AbortSignal) => post('/claim', { ...opts.info, waitSeconds, claimKey: randomUUID() }, ClaimResponse, signal),
    progress: async (claimId: string, p: { fraction: number; etaMs: number | null; tilesDone?: number; tilesTotal?: number; phase?: JobPhaseKind }) =>
      (await post(`/claims/${claimId}/progress`, p, ProgressResponse))!,
    heartbeat: async (claims: string[]) => (await post('/heartbeat', { ...opts.info, claims }, HeartbeatResponse))!,
    complete: async (claimId: string, body: CompleteRequest) => (await post(`/claims/${claimId}/complete`, body, CompleteResponse))!,
    fail: async (claimId: string, body: { kind: 'engine' | 'handback'; code?: string; message: string }) =>
      (await post(`/claims/${claimId}/fail`, body, FailResponse))!,
    /** The bytes behind a signed URL (the job's input or mask). */
    async download(url: string): Promise<Buffer> {
      const res = await call('download', () => doFetch(absolute(url)));
      if (!res.ok) return refusal(res);
      return Buffer.from(await res.arrayBuffer());
    },
    /** The result's bytes, to the signed URL the claim gave. */
    async upload(url: string, data: Buffer, contentType: string): Promise<void> {
      const res = await call('upload', () =>
        doFetch(absolute(url), {
          method: 'PUT',
          headers: { 'content-type': contentType },
          body: new Uint8Array(data.buffer as ArrayBuffer, data.byteOffset, data.byteLength),
        }),
      );
      if (!res.ok) return refusal(res);
    },
  };
}

export type WorkerApiClient = ReturnType<typeof createWorkerApiClient>;
