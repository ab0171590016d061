import createClient, { type Client } from 'openapi-fetch';
import { CLI_EXIT, cliMessages } from '@shared/cli.js';
import { fill } from '@shared/messages.js';
import type { paths } from './api-types.js';
import { CliError } from './exit-error.js';

export type ApiClient = Client<paths>;

/** The public API's client, typed from its OpenAPI document (api-types.ts), with the key on every call. */
export function apiClient(server: string, key: string): ApiClient {
  return createClient<paths>({ baseUrl: server.replace(/\/+$/, ''), headers: { Authorization: `Bearer ${key}` } });
}

interface Problem {
  detail?: string;
  code?: string;
  status?: number;
  details?: unknown;
}

/** The exit code a refusal of this status means. */
export function exitCodeOf(status: number): 1 | 3 | 4 {
  if (status === 401 || status === 403) return CLI_EXIT.auth;
  if (status === 402) return CLI_EXIT.noCredits;
  return CLI_EXIT.someFailed;
}

/** A refusal of the API as the error the command ends with: the problem's `detail` (the catalogue's message) and code. */
export function problemError(error: unknown, response: Response): CliError & { details?: unknown } {
  const p = (error && typeof error === 'object' ? error : {}) as Problem;
  const detail = typeof p.detail === 'string' ? p.detail : `${response.status} ${response.statusText}`;
  const err = new CliError(detail, exitCodeOf(response.status), p.code, response.status) as CliError & { details?: unknown };
  err.details = p.details;
  // the server's stored answer to an earlier request under the same Idempotency-Key
  return err;
}

/** Runs one call; a network failure becomes "server unreachable" (exit 5), a refusal its problem's message. */
export async function call<T extends { data?: unknown; error?: unknown; response: Response }>(
  server: string,
  request: () => Promise<T>,
): Promise<NonNullable<T['data']> & {}> {
  let result: T;
  try {
    result = await request();
  } catch (err) {
    throw unreachable(server, err);
  }
  if (!result.response.ok) throw problemError(result.error, result.response);
  return result.data as NonNullable<T['data']> & {};
}

export function unreachable(server: string, err: unknown): CliError {
  const cause = (err as { cause?: { code?: string; message?: string } })?.cause;
  const reason = cause?.code ?? cause?.message ?? (err as Error)?.message ?? String(err);
  return new CliError(fill(cliMessages.unreachable, { server, reason }), CLI_EXIT.unreachable, 'UNREACHABLE');
}
