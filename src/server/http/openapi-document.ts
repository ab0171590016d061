import type { Handler, Hono } from 'hono';
import { generateSpecs, resolver } from 'hono-openapi';
import type { z } from 'zod';
import type { AppEnv } from './env.js';
import { ErrorResponse, ProblemDetails } from '@shared/api/common.js';
import {
  DisableTotpResult,
  EnableTotpResult,
  PasswordConfirmation,
  SessionResult,
  SignInEmailRequest,
  SignInResult,
  VerifyTotpRequest,
  VerifyTotpResult,
} from '@shared/api/auth.js';

type Doc = Awaited<ReturnType<typeof generateSpecs>>;

/** The public API's keys (/api/v1): made on the profile's API tab, sent as a bearer token. */
export const API_KEY_SECURITY_SCHEME = {
  type: 'http',
  scheme: 'bearer',
  description: 'An API key (rl_live_…) made on the profile’s API tab: Authorization: Bearer rl_live_…. It acts as its owner, within its scopes.',
} as const;

const json = async (schema: z.ZodType, io: 'input' | 'output') => {
  const { schema: s, components } = await resolver(schema, { options: { io } }).toOpenAPISchema();
  return { schema: s, components };
};

const errorResponse = {
  description: 'Error: { error: { code, message } } with the spec’s wording',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } },
};

/**
 * /api/auth/*: better-auth's handler (sign-in, sign-out, sessions, two-factor, password change). It is documented as
 * one group, with the endpoints the web app calls spelled out; better-auth validates their bodies itself.
 */
async function betterAuthPaths() {
  const op = async (summary: string, response: z.ZodType, request?: z.ZodType) => ({
    summary,
    tags: ['auth'],
    ...(request ? { requestBody: { required: true, content: { 'application/json': { schema: (await json(request, 'input')).schema } } } } : {}),
    responses: { 200: { description: 'OK', content: { 'application/json': { schema: (await json(response, 'output')).schema } } }, default: errorResponse },
  });
  return {
    '/api/auth/{path}': {
      parameters: [
        {
          in: 'path',
          name: 'path',
          required: true,
          schema: { type: 'string' },
          description: 'A better-auth endpoint, e.g. sign-out, list-sessions, change-password',
        },
      ],
      get: {
        summary: 'better-auth endpoints read with GET',
        tags: ['auth'],
        responses: { 200: { description: 'better-auth’s answer' }, default: errorResponse },
      },
      post: {
        summary: 'better-auth endpoints that act (POST)',
        tags: ['auth'],
        responses: { 200: { description: 'better-auth’s answer' }, default: errorResponse },
      },
    },
    '/api/auth/sign-in/email': { post: await op('Sign in with e-mail and password', SignInResult, SignInEmailRequest) },
    '/api/auth/two-factor/verify-totp': { post: await op('Complete a sign-in with a TOTP code', VerifyTotpResult, VerifyTotpRequest) },
    '/api/auth/two-factor/enable': { post: await op('Start two-factor enrolment', EnableTotpResult, PasswordConfirmation) },
    '/api/auth/two-factor/disable': { post: await op('Turn two-factor off', DisableTotpResult, PasswordConfirmation) },
    '/api/auth/get-session': { get: await op('The current session (null when signed out)', SessionResult) },
  };
}

/** The app's OpenAPI 3.1 document: every /api route's contract, from the schemas in src/shared/api. */
async function buildOpenApiDocument(app: Hono<AppEnv>, meta: { title: string; version: string }): Promise<Doc> {
  const doc = await generateSpecs(app, {
    documentation: {
      info: {
        title: `${meta.title} API`,
        version: meta.version,
        description: 'Every /api route with its request and response schemas. Errors answer { error: { code, message } } with the spec’s wording.',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'renderlift.session_token', description: 'The session cookie set by sign-in' },
          workerToken: { type: 'http', scheme: 'bearer', description: 'A worker token (rlw_…) made by an admin, for /api/worker/v1 only' },
          apiKey: API_KEY_SECURITY_SCHEME,
        },
      },
    },
    // /api/openapi.json and /api/credits/ledger.csv are routes, not static files
    excludeStaticFile: false,
    defaultValidationErrorResponse: {
      description: 'The request does not match its schema',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } },
    },
  });
  const paths = doc.paths as Record<string, Record<string, any>>;
  // `/:bucket/*`: the object key may hold slashes; OpenAPI names it as one parameter
  for (const [path, item] of Object.entries(paths)) {
    if (!path.endsWith('/*')) continue;
    delete paths[path];
    const named = `${path.slice(0, -2)}/{key}`;
    for (const op of Object.values(item))
      op.parameters = [
        ...(op.parameters ?? []),
        { in: 'path', name: 'key', required: true, schema: { type: 'string' }, description: 'The object key (may contain /)' },
      ];
    paths[named] = item;
  }
  Object.assign(paths, await betterAuthPaths());
  doc.components = {
    ...doc.components,
    schemas: {
      ...doc.components?.schemas,
      ErrorResponse: (await json(ErrorResponse, 'output')).schema,
      ProblemDetails: (await json(ProblemDetails, 'output')).schema,
    },
  } as Doc['components'];
  return doc;
}

/** GET /api/openapi.json: built once, on first request, from the routes the app has. */
export function openApiRoute(app: Hono<AppEnv>, meta: { title: string; version: string }): Handler<AppEnv> {
  let doc: Promise<Doc> | undefined;
  return async (c) => {
    doc ??= buildOpenApiDocument(app, meta);
    c.header('Cache-Control', 'no-cache');
    return c.json(await doc);
  };
}
