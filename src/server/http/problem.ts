import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { STATUS_CODES } from 'node:http';
import type { ProblemDetails } from '@shared/api/common.js';
import { PUBLIC_API_PREFIX } from '@shared/api/api-keys.js';
import type { AppEnv } from './env.js';

/** Where a problem type is described: the public API's reference page, one anchor per code. */
export const problemType = (code: string) => `${PUBLIC_API_PREFIX}/reference#problem-${code.toLowerCase().replaceAll('_', '-')}`;

/** Whether a request is the public API's, whose errors answer problem details. */
export const isPublicApiPath = (path: string) => path === PUBLIC_API_PREFIX || path.startsWith(`${PUBLIC_API_PREFIX}/`);

/** An error of the public API as RFC 9457 problem details: the catalogue's message as `detail`, a stable `code`. */
export function problemResponse(c: Context<AppEnv>, status: ContentfulStatusCode, problem: { code: string; detail: string; details?: unknown }): Response {
  const body: ProblemDetails = {
    type: problemType(problem.code),
    title: STATUS_CODES[status] ?? 'Error',
    status,
    detail: problem.detail,
    code: problem.code,
    instance: new URL(c.req.url).pathname,
    ...(c.var.requestId ? { request_id: c.var.requestId } : {}),
    ...(problem.details !== undefined ? { details: problem.details } : {}),
  };
  c.header('Content-Type', 'application/problem+json');
  return c.body(JSON.stringify(body), status);
}
