import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { startTestServer, TestClient, type TestServer } from '../testing/test-server.js';
import { createApp } from '../app.js';

/** `/api/jobs/:id/cancel` → `/api/jobs/{id}/cancel`; a trailing `*` is the `{key}` (files) or `{path}` (a mounted handler). */
function openApiPath(path: string, wildcardName: string): string {
  return path
    .split('/')
    .map((s) => (s.startsWith(':') ? `{${s.slice(1)}}` : s === '*' ? `{${wildcardName}}` : s))
    .join('/');
}

/**
 * The /api endpoints the app registers, from Hono's own route table. `use()` middleware is registered as ALL on a
 * prefix with routes beneath it; an ALL route on a prefix with nothing else beneath it is a mounted handler (better-auth).
 */
function registeredEndpoints(routes: { method: string; path: string }[]): { method: string; path: string }[] {
  const api = routes.filter((r) => r.path.startsWith('/api/') || r.path === '/api');
  const endpoints = new Map<string, { method: string; path: string }>();
  for (const r of api) {
    if (r.method !== 'ALL') {
      endpoints.set(`${r.method} ${r.path}`, r);
      continue;
    }
    if (!r.path.endsWith('/*')) continue;
    const prefix = r.path.slice(0, -2);
    const beneath = api.some((o) => o.method !== 'ALL' && (o.path === prefix || o.path.startsWith(`${prefix}/`)));
    const fallback = api.some((o) => o !== r && o.method === 'ALL' && o.path !== r.path && o.path.startsWith(`${prefix}/`));
    if (!beneath && !fallback) endpoints.set(`ALL ${r.path}`, r);
  }
  return [...endpoints.values()];
}

describe('the OpenAPI document', () => {
  let server: TestServer;
  let doc: any;

  beforeAll(async () => {
    server = await startTestServer({ env: { WORKERS: '0' } });
    // anyone may read it, without a session or an Origin header
    const res = await fetch(new URL('/api/openapi.json', server.url));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    doc = await res.json();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('is valid OpenAPI 3.1', async () => {
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(doc.openapi).toMatch(/^3\.1\./);
  });

  it('covers every /api route the app registers, by method and path', () => {
    const { app } = createApp(server.deps, { serveWeb: false });
    const endpoints = registeredEndpoints(app.routes);
    // the route table is what it is expected to be: dozens of endpoints, the mounted better-auth handler among them
    expect(endpoints.length).toBeGreaterThan(50);
    expect(endpoints).toContainEqual(expect.objectContaining({ method: 'ALL', path: '/api/auth/*' }));
    const missing: string[] = [];
    for (const { method, path } of endpoints) {
      const item = doc.paths[openApiPath(path, method === 'ALL' ? 'path' : 'key')];
      const methods = method === 'ALL' ? ['get', 'post'] : [method.toLowerCase()];
      for (const m of methods) if (!item?.[m]) missing.push(`${m.toUpperCase()} ${path}`);
    }
    expect(missing).toEqual([]);
  });

  it('gives every documented operation a response schema and the common error body', () => {
    const withoutSchema: string[] = [];
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      if (path === '/api/auth/{path}') continue;
      for (const [method, op] of Object.entries<any>(item)) {
        if (method === 'parameters') continue;
        const success = Object.entries<any>(op.responses).filter(([status]) => /^2/.test(status));
        if (success.length === 0) withoutSchema.push(`${method} ${path}: no success response`);
        for (const [status, r] of success) {
          if (status !== '204' && method !== 'head' && !r.content) withoutSchema.push(`${method} ${path} ${status}: no content`);
        }
        // the public API answers its errors as problem details (RFC 9457), the web app's API as { error }
        const errorMedia = path.startsWith('/api/v1/') ? 'application/problem+json' : 'application/json';
        expect(op.responses.default?.content?.[errorMedia]?.schema, `${method} ${path}`).toBeTruthy();
      }
    }
    expect(withoutSchema).toEqual([]);
  });

  it('names the shared answer shapes as components, and every reference resolves', () => {
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining(['ErrorResponse', 'ProblemDetails', 'JobDto', 'WorkspaceImage', 'ProfileDto', 'ViewportSessionDto', 'BillingStatus', 'ApiKeyDto']),
    );
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]);
    expect(refs.length).toBeGreaterThan(50);
    expect(refs.filter((name) => !doc.components.schemas[name])).toEqual([]);
    expect(doc.paths['/api/jobs/active'].get.responses[200].content['application/json'].schema.properties.jobs.items).toEqual({
      $ref: '#/components/schemas/JobDto',
    });
  });

  it('describes request bodies and parameters from the same schemas the routes validate with', () => {
    const enhance = doc.paths['/api/jobs'].post;
    const body = enhance.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(expect.arrayContaining(['imageId', 'mode']));
    // exactly one of a factor and an exact target size (checked by the same schema when the route validates)
    expect(Object.keys(body.properties)).toEqual(expect.arrayContaining(['scale', 'targetSize']));
    expect(doc.paths['/api/jobs/{id}/cancel'].post.parameters).toContainEqual(expect.objectContaining({ in: 'path', name: 'id', required: true }));
    expect(doc.paths['/api/jobs'].get.parameters).toContainEqual(expect.objectContaining({ in: 'query', name: 'ids' }));
    expect(Object.keys(doc.paths['/api/jobs/remove'].post.requestBody.content)).toEqual(['multipart/form-data']);
    // the public API's enhance body is the web app's, with its key's scope and the idempotency header
    const v1 = doc.paths['/api/v1/jobs'].post;
    expect(v1.requestBody.content['application/json'].schema).toEqual(body);
    expect(v1.security).toEqual([{ apiKey: ['jobs:write'] }]);
    expect(v1.parameters).toContainEqual(expect.objectContaining({ in: 'header', name: 'Idempotency-Key' }));
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('is served to a signed-in client as well', async () => {
    const client = new TestClient(server.url);
    const { status, body } = await client.json('/api/openapi.json');
    expect(status).toBe(200);
    expect(Object.keys(body.paths)).toEqual(Object.keys(doc.paths));
  });
});
