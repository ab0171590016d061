/**
 * The one way the web app calls its API: JSON or multipart in, JSON out, errors as ApiError with the server's message.
 * Every call passes its area's circuit breaker (seed 001 §7.7). A 401 refreshes the session once and, when a session
 * is still there, the call is made once more: the server refused it before doing anything, so even a write is safe to
 * repeat. Nothing else is retried here; reads retry where their hooks say so, writes never do.
 */
import { shellMessages } from '@shared/shell-messages';
import { CircuitBreakers } from './circuit-breaker';
import { createConnectionMonitor } from './connection-status';

/** An API answer other than 2xx: { error: { code, message, details } } with the seed's wording, or a network failure (status 0). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** better-auth's session endpoint: answering it extends a session that is still valid. */
export const SESSION_REFRESH_PATH = '/api/auth/get-session';

/** The breaker's key: the API area, `/api/jobs` for `/api/jobs/123/cancel?x=1`. */
export function apiArea(path: string): string {
  const parts = new URL(path, 'http://x').pathname.split('/').filter(Boolean);
  return '/' + parts.slice(0, parts[0] === 'api' ? 2 : 1).join('/');
}

/** Calls whose 401 means a wrong credential or an ended session, where refreshing the session cannot help. */
const noRefresh = (area: string, path: string) => area === '/api/auth' || path.startsWith('/api/account/sign-out');

export interface ApiClientOptions {
  base?: string;
  fetch?: typeof fetch;
  now?: () => number;
  /** A call got no answer at all (the server or the network is down). */
  onNoAnswer?: () => void;
  /** A call got an answer, whatever its status. */
  onAnswer?: () => void;
}

export function createApiClient(opts: ApiClientOptions = {}) {
  const base = opts.base ?? '';
  const doFetch = opts.fetch ?? ((input, init) => fetch(input, init));
  const breakers = new CircuitBreakers(opts.now);
  let refreshing: Promise<boolean> | null = null;

  async function send(method: string, path: string, body: unknown, init: RequestInit): Promise<Response> {
    const json = body !== undefined && !(body instanceof FormData);
    try {
      return await doFetch(base + path, {
        method,
        credentials: 'same-origin',
        headers: json ? { 'Content-Type': 'application/json', Accept: 'application/json' } : { Accept: 'application/json' },
        body: body === undefined ? undefined : json ? JSON.stringify(body) : (body as FormData),
        ...init,
      });
    } catch {
      if (!init.signal?.aborted) opts.onNoAnswer?.();
      throw new ApiError(0, 'NETWORK', shellMessages.connectionLost);
    }
  }

  /** One refresh at a time, shared by every call that met a 401; true when a session is still there. */
  function refreshSession(): Promise<boolean> {
    refreshing ??= request<unknown>('GET', SESSION_REFRESH_PATH)
      .then((session) => session !== null && session !== undefined)
      .catch(() => false)
      .finally(() => (refreshing = null));
    return refreshing;
  }

  async function attempt(method: string, path: string, body: unknown, init: RequestInit): Promise<Response> {
    const area = apiArea(path);
    // the user hears what to do, not how the client protects the server; the area stays in the details
    if (!breakers.tryAcquire(area)) throw new ApiError(0, 'CIRCUIT_OPEN', shellMessages.connectionLost, { area });
    let res: Response;
    try {
      res = await send(method, path, body, init);
    } catch (err) {
      if (init.signal?.aborted) breakers.release(area);
      else breakers.failure(area);
      throw err;
    }
    opts.onAnswer?.();
    if (res.status >= 500) breakers.failure(area);
    else if (res.status < 400) breakers.success(area);
    else breakers.release(area);
    return res;
  }

  async function request<T>(method: string, path: string, body?: unknown, init: RequestInit = {}): Promise<T> {
    let res = await attempt(method, path, body, init);
    if (res.status === 401 && !noRefresh(apiArea(path), path) && (await refreshSession())) res = await attempt(method, path, body, init);
    if (res.status === 204) return undefined as T;
    const data = (await res.json().catch(() => null)) as { error?: { code?: string; message?: string; details?: Record<string, unknown> } } | null;
    if (!res.ok) {
      const e = data?.error;
      throw new ApiError(res.status, e?.code ?? `HTTP_${res.status}`, e?.message ?? shellMessages.unexpectedError, e?.details);
    }
    return data as T;
  }

  return { request, breakers };
}

/**
 * The app's one view of whether the server answers (the connection banner on every page): a call without an answer
 * or a dropped live channel has it check `/healthz`; when the server is back every breaker closes.
 */
export const connection = createConnectionMonitor({
  probe: async () => {
    try {
      const res = await fetch('/healthz', { cache: 'no-store', credentials: 'omit' });
      return res.status < 500;
    } catch {
      return false;
    }
  },
  onBack: () => serverIsBack(),
});

const client = createApiClient({ onNoAnswer: () => connection.suspect(), onAnswer: () => connection.answered() });

/**
 * The live channel has reconnected, so the server answers again: open breakers close now rather than after their
 * 30 s, so the refetch that follows a reconnect is not refused.
 */
export function serverIsBack(): void {
  client.breakers.reset();
}

export function apiRequest<T>(method: string, path: string, body?: unknown, init: RequestInit = {}): Promise<T> {
  return client.request<T>(method, path, body, init);
}
