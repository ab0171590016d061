import { Hono, type Context, type Handler } from 'hono';
import { generateSpecs, resolver } from 'hono-openapi';
import type { AppEnv } from './env.js';
import { ProblemDetails } from '@shared/api/common.js';
import { API_KEY_SCOPES, API_KEY_SCOPE_LABELS, PUBLIC_API_PREFIX } from '@shared/api/api-keys.js';
import { API_KEY_SECURITY_SCHEME } from './openapi-document.js';
import { REFERENCE_COPY_SCRIPT, renderApiReference } from './public-api-reference.js';
import { WebhookEventPayload } from '@shared/api/webhooks.js';
import { WEBHOOK_EVENTS, WEBHOOK_EVENT_LABELS, WEBHOOK_RETRY_DELAYS_SECONDS, WEBHOOK_TIMEOUT_MS } from '@shared/webhooks.js';

type Doc = Awaited<ReturnType<typeof generateSpecs>>;

const problem = (description: string, headers: Record<string, { $ref: string }> = {}) => ({
  description,
  headers,
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/ProblemDetails' } } },
});

const COMMON_HEADERS = {
  'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' },
};
const RATE_HEADERS = {
  'RateLimit-Policy': { $ref: '#/components/headers/RateLimit-Policy' },
  RateLimit: { $ref: '#/components/headers/RateLimit' },
};

const DESCRIPTION = `The public API: upload renders, start enhancements and removals, follow them, and download the results — the same jobs, queue, rules, credits and messages as the web app.

**Authentication.** \`Authorization: Bearer rl_live_…\` with a key made on the profile's API tab. A key acts as its owner (plan, credits, limits) within its scopes: ${API_KEY_SCOPES.map((s) => `\`${s}\` (${API_KEY_SCOPE_LABELS[s].toLowerCase()})`).join(', ')}. A key without the scope a call needs gets 403.

**Errors** are RFC 9457 problem details (\`application/problem+json\`): \`detail\` is the message the web app shows, \`code\` a stable name to branch on.

**Every answer** carries \`X-Request-Id\` (the request's own when it sent one) and the key's rate limit as \`RateLimit-Policy\` and \`RateLimit\` (IETF draft); over the limit, 429 with \`Retry-After\`.

**Idempotency.** Calls that spend credits take an \`Idempotency-Key\` header: the same key with the same request replays the first answer with \`Idempotent-Replayed: true\` (no second job, no second charge); with another request 422; while the first is still running 409.

**Jobs** are created with a \`Location\` header; their body carries \`progress\` and \`eta_ms\` while they run.

**Webhooks.** A key with \`jobs:read\` registers endpoints (\`/api/v1/webhooks\`) that are posted the job events they choose (${WEBHOOK_EVENTS.map((e) => `\`${e}\``).join(', ')}), signed per Standard Webhooks (\`webhook-id\`, \`webhook-timestamp\`, \`webhook-signature\`; verify with the \`standardwebhooks\` package and the \`whsec_\` secret shown at creation). The body is \`WebhookEventPayload\` (see *webhooks*): \`data\` is the job as \`GET /api/v1/jobs/{id}\` answers it. A non-2xx answer, or none within ${WEBHOOK_TIMEOUT_MS / 1000} s, is retried after ${WEBHOOK_RETRY_DELAYS_SECONDS.map(delayText).join(', ')}, never past 24 h.`;

function delayText(seconds: number): string {
  return seconds < 60 ? `${seconds} s` : seconds < 3600 ? `${seconds / 60} min` : `${seconds / 3600} h`;
}

const SIGNATURE_HEADERS = [
  { name: 'webhook-id', description: 'The message id (msg_…): the same for every attempt and redelivery of one event' },
  { name: 'webhook-timestamp', description: 'Unix seconds of this attempt' },
  { name: 'webhook-signature', description: 'Space-separated v1,<base64 HMAC-SHA256> signatures: two while a rotated secret’s grace lasts' },
].map((h) => ({ in: 'header', required: true, schema: { type: 'string' }, ...h }));

/** The public API's OpenAPI 3.1 document, from the same route contracts and zod schemas as /api/openapi.json. */
export async function buildPublicApiDocument(v1: Hono<any>, meta: { title: string; version: string; baseUrl: string }): Promise<Doc> {
  const root = new Hono().route(PUBLIC_API_PREFIX, v1);
  const doc = await generateSpecs(root, {
    documentation: {
      info: { title: `${meta.title} public API`, version: meta.version, description: DESCRIPTION },
      servers: [{ url: meta.baseUrl }],
      tags: [{ name: 'public api', description: 'Everything a key can do' }],
      components: {
        securitySchemes: { apiKey: API_KEY_SECURITY_SCHEME },
        headers: {
          'X-Request-Id': { description: 'The request’s id: the X-Request-Id it sent, or one made for it', schema: { type: 'string' } },
          'RateLimit-Policy': { description: 'The key’s limit, e.g. "key";q=300;w=60 (300 requests per 60 s)', schema: { type: 'string' } },
          RateLimit: { description: 'What is left, e.g. "key";r=299;t=60 (299 requests, the window restarts in 60 s)', schema: { type: 'string' } },
          'Retry-After': { description: 'Seconds to wait before the next request', schema: { type: 'integer' } },
        },
      },
    },
    excludeStaticFile: false,
    defaultValidationErrorResponse: problem('The request does not match its schema'),
  });
  const paths = doc.paths as Record<string, Record<string, any>>;
  for (const item of Object.values(paths)) {
    for (const op of Object.values(item)) {
      for (const response of Object.values<any>(op.responses ?? {})) {
        response.headers = { ...COMMON_HEADERS, ...(response.content?.['application/problem+json'] ? {} : RATE_HEADERS), ...response.headers };
      }
      op.responses['401'] ??= problem('No key, an unknown key or a revoked key', COMMON_HEADERS);
      op.responses['403'] ??= problem('The key lacks the scope this call needs', COMMON_HEADERS);
      op.responses['429'] ??= problem('Over the key’s rate limit', {
        ...COMMON_HEADERS,
        ...RATE_HEADERS,
        'Retry-After': { $ref: '#/components/headers/Retry-After' },
      });
    }
  }
  // ProblemDetails carries its own id, so the resolver answers a $ref to it and puts its fields among the components
  const problemDetails = await resolver(ProblemDetails, { options: { io: 'output' } }).toOpenAPISchema();
  const event = await resolver(WebhookEventPayload, { options: { io: 'output' } }).toOpenAPISchema();
  doc.components = {
    ...doc.components,
    schemas: { ...doc.components?.schemas, ...problemDetails.components?.schemas, ...event.components?.schemas },
  } as Doc['components'];
  // what the server posts to a registered endpoint, one entry per event (OpenAPI 3.1 webhooks)
  (doc as { webhooks?: unknown }).webhooks = Object.fromEntries(
    WEBHOOK_EVENTS.map((name) => [
      name,
      {
        post: {
          summary: WEBHOOK_EVENT_LABELS[name],
          tags: ['public api'],
          parameters: SIGNATURE_HEADERS,
          requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/WebhookEventPayload' } } } },
          responses: { '2XX': { description: 'Received. Any other answer, or none in time, is retried.' } },
        },
      },
    ]),
  );
  return doc;
}

/**
 * GET /api/v1/openapi.json and /api/v1/reference (with its copy script): one document, built once on first request;
 * the server's address in it is the one this client reached it on (BASE_URL when set).
 */
export function publicApiDocs(
  v1: Hono<any>,
  meta: { title: string; version: string },
): { openapi: Handler<AppEnv>; reference: Handler<AppEnv>; script: Handler<AppEnv> } {
  let doc: Promise<Doc> | undefined;
  const load = () => (doc ??= buildPublicApiDocument(v1, { ...meta, baseUrl: '/' }));
  const base = (c: Context<AppEnv>) => c.var.deps.config.BASE_URL.replace(/\/+$/, '');
  return {
    openapi: async (c) => {
      c.header('Cache-Control', 'no-cache');
      return c.json({ ...(await load()), servers: [{ url: base(c) }] });
    },
    reference: async (c) => {
      c.header('Cache-Control', 'no-cache');
      return c.html(renderApiReference((await load()) as unknown as Parameters<typeof renderApiReference>[0], base(c)));
    },
    script: (c) => {
      c.header('Content-Type', 'text/javascript; charset=utf-8');
      c.header('Cache-Control', 'public, max-age=3600');
      return c.body(REFERENCE_COPY_SCRIPT);
    },
  };
}
