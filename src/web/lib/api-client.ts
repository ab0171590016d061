/** The one way the web app calls its API: JSON or multipart in, JSON out, errors as ApiError with the server's message. */
import { shellMessages } from '@shared/shell-messages';

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

export async function apiRequest<T>(method: string, path: string, body?: unknown, init: RequestInit = {}): Promise<T> {
  const json = body !== undefined && !(body instanceof FormData);
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: json ? { 'Content-Type': 'application/json', Accept: 'application/json' } : { Accept: 'application/json' },
      body: body === undefined ? undefined : json ? JSON.stringify(body) : (body as FormData),
      ...init,
    });
  } catch {
    throw new ApiError(0, 'NETWORK', shellMessages.unexpectedError);
  }
  if (res.status === 204) return undefined as T;
  const data = (await res.json().catch(() => null)) as { error?: { code?: string; message?: string; details?: Record<string, unknown> } } | null;
  if (!res.ok) {
    const e = data?.error;
    throw new ApiError(res.status, e?.code ?? `HTTP_${res.status}`, e?.message ?? shellMessages.unexpectedError, e?.details);
  }
  return data as T;
}
