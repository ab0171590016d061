import type { Context, MiddlewareHandler } from 'hono';
import { resolver, uniqueSymbol } from 'hono-openapi';
import type { z } from 'zod';
import { ErrorResponse, ProblemDetails } from '@shared/api/common.js';
import type { AppEnv } from './env.js';

/** A body other than JSON: its media type, and a schema when it has a structure worth describing. */
export interface MediaBody {
  media: string;
  schema?: z.ZodType;
  description?: string;
}

/** What one status answers: a JSON schema, another media type, or null for no body (204, 304). */
export type ResponseBody = z.ZodType | MediaBody | null;

export interface RouteContract {
  summary: string;
  tag: string;
  description?: string;
  /**
   * Who may call: the signed-in user (session cookie), an admin, a remote worker (its bearer token), an API key (the
   * public API, /api/v1, within `scopes`), or anyone.
   */
  access: 'user' | 'admin' | 'worker' | 'apiKey' | 'public';
  /** The API key scopes the route needs (access 'apiKey'). */
  scopes?: readonly string[];
  /** Errors answer RFC 9457 problem details (application/problem+json), as the public API does. */
  problems?: boolean;
  /** The route takes an `Idempotency-Key` header (it spends credits). */
  idempotent?: boolean;
  /** Response headers worth documenting, by status: name → description. */
  headers?: Record<number, Record<string, string>>;
  /** A request body the route reads itself (multipart); JSON bodies, queries and params come from `validate`. */
  body?: MediaBody & { schema: z.ZodType };
  /** The answers by status. Any 4xx/5xx not listed answers the common error body. */
  responses: Record<number, ResponseBody>;
}

const isMedia = (b: ResponseBody): b is MediaBody => b !== null && 'media' in b;
// image/png matches image/png, image/* and */* (a media range)
const mediaMatches = (range: string, type: string) => {
  const [want, got] = [range.split('/'), type.split(';')[0].trim().split('/')];
  return got.length === 2 && (want[0] === '*' || want[0] === got[0]) && (want[1] === '*' || want[1] === got[1]);
};
// responses are documented as what the server sends (zod's output), requests as what a client sends (input)
const output = (schema: z.ZodType) => resolver(schema, { options: { io: 'output' } });

const DESCRIPTIONS: Record<number, string> = { 200: 'OK', 201: 'Created', 202: 'Accepted', 204: 'No content', 206: 'Partial content', 304: 'Not modified' };

function openApiSpec(contract: RouteContract) {
  const responses: Record<string, unknown> = {};
  for (const [status, body] of Object.entries(contract.responses)) {
    const description = (body && isMedia(body) && body.description) || DESCRIPTIONS[Number(status)] || (Number(status) >= 400 ? 'Error' : 'Answer');
    if (body === null) responses[status] = { description };
    else if (isMedia(body)) responses[status] = { description, content: { [body.media]: body.schema ? { schema: output(body.schema) } : {} } };
    else responses[status] = { description, content: { 'application/json': { schema: output(body) } } };
    const headers = contract.headers?.[Number(status)];
    if (headers)
      (responses[status] as Record<string, unknown>).headers = Object.fromEntries(
        Object.entries(headers).map(([name, d]) => [name, { description: d, schema: { type: 'string' } }]),
      );
  }
  // the common error body is one component of the document (see openapi-document.ts)
  responses.default = problemsOf(contract)
    ? {
        description: 'Error: RFC 9457 problem details; detail is the message the web app shows, code its stable name',
        content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/ProblemDetails' } } },
      }
    : {
        description: 'Error: { error: { code, message } } with the spec’s wording',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } },
      };
  return {
    summary: contract.summary,
    tags: [contract.tag],
    ...(contract.description ? { description: contract.description } : {}),
    security: securityOf(contract),
    ...(contract.idempotent
      ? {
          parameters: [
            {
              in: 'header',
              name: 'Idempotency-Key',
              required: false,
              schema: { type: 'string', maxLength: 255 },
              description:
                'Any unique string (a UUID): the same key with the same request replays the first answer (Idempotent-Replayed: true) instead of running and charging again; with another request 422; while the first still runs 409. Kept 24 hours.',
            },
          ],
        }
      : {}),
    ...(contract.body ? { requestBody: { required: true, content: { [contract.body.media]: { schema: resolver(contract.body.schema) } } } } : {}),
    responses,
  };
}

const problemsOf = (contract: RouteContract) => contract.problems ?? contract.access === 'apiKey';

function securityOf(contract: RouteContract) {
  if (contract.access === 'public') return [];
  if (contract.access === 'worker') return [{ workerToken: [] }];
  if (contract.access === 'apiKey') return [{ apiKey: [...(contract.scopes ?? [])] }];
  return [{ session: [] }];
}

/** Thrown (and answered as a 500) when a route's answer is not what its contract declares. */
class ResponseContractViolation extends Error {
  constructor(
    readonly route: string,
    readonly status: number,
    readonly issues: string[],
  ) {
    super(`${route} answered ${status} outside its declared contract: ${issues.join('; ')}`);
    this.name = 'ResponseContractViolation';
  }
}

/** What is wrong with an answer, by its contract; an empty list means it conforms. */
export async function contractIssues(contract: RouteContract, res: Response): Promise<string[]> {
  const status = res.status;
  const declared = Object.hasOwn(contract.responses, status)
    ? contract.responses[status]
    : status >= 400
      ? problemsOf(contract)
        ? { media: 'application/problem+json', schema: ProblemDetails }
        : ErrorResponse
      : undefined;
  if (declared === undefined) return [`status ${status} is not declared`];
  const type = res.headers.get('content-type') ?? '';
  if (declared === null) return res.body === null || type === '' ? [] : [`status ${status} declares no body but one of type ${type} was sent`];
  if (isMedia(declared)) {
    if (!mediaMatches(declared.media, type)) return [`content type ${type || '(none)'} is not ${declared.media}`];
    // a JSON body of another media type (problem details) is checked against its schema all the same
    if (!declared.schema || !/\+json\b/.test(type)) return [];
    return jsonIssues(declared.schema, res);
  }
  if (!type.includes('application/json')) return [`content type ${type || '(none)'} is not application/json`];
  return jsonIssues(declared, res);
}

async function jsonIssues(declared: z.ZodType, res: Response): Promise<string[]> {
  let body: unknown;
  try {
    body = await res.clone().json();
  } catch {
    return ['the body is not valid JSON'];
  }
  const result = await declared.safeParseAsync(body);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`);
}

/**
 * Declares a route's contract: its OpenAPI description (read by /api/openapi.json) and, outside production, a check
 * of every answer against it. An answer the contract does not allow is replaced by a loud 500, so every route test
 * also tests the route's schemas.
 */
export function contract(spec: RouteContract): MiddlewareHandler<AppEnv> {
  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    await next();
    if (c.var.deps.config.isProduction) return;
    await enforceContract(c, spec);
  };
  return Object.assign(middleware, { [uniqueSymbol]: { spec: openApiSpec(spec) } });
}

async function enforceContract(c: Context<AppEnv>, spec: RouteContract) {
  const issues = await contractIssues(spec, c.res);
  if (issues.length === 0) return;
  const violation = new ResponseContractViolation(`${c.req.method} ${c.req.routePath}`, c.res.status, issues);
  c.var.log.error({ err: violation, issues }, 'response outside its contract');
  if (c.var.deps.config.NODE_ENV === 'test') console.error(violation.message);
  c.res = undefined;
  c.res = c.json({ error: { code: 'RESPONSE_CONTRACT_VIOLATION', message: violation.message } }, 500);
}
