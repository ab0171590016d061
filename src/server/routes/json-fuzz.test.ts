/**
 * Hostile JSON on every write route (OWASP ASVS V5): the routes are read from the app's own OpenAPI document, so a new
 * POST/PUT/PATCH/DELETE with a JSON body is covered the day it is added. Each gets invalid JSON, bodies that are not
 * objects, a 5 MB body, every field of the wrong type, absurd numbers, unknown and prototype-polluting fields, deeply
 * nested values and random JSON from fast-check. The answer is a 4xx with a clear message, never a 5xx, and nothing
 * is written (the database's public tables are compared before and after, apart from the two that record the attempt
 * itself: rate-limit counters and security events).
 */
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TestClient, type TestServer } from '../testing/test-server.js';
import { signupBody, signUpVerifiedUser } from '../testing/accounts.js';
import { makeAdmin } from '../services/accounts/make-admin.js';

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}
interface WriteOperation {
  method: string;
  path: string;
  schema: JsonSchema;
}

/** Tables that record the attempt itself, so they change on a refused request by design. */
// an API key's last use is a record of the attempt too
const RECORDS_OF_ATTEMPTS = new Set(['rate_limits', 'security_events', 'api_keys']);

/** Every property a body schema names, through its variants (anyOf/oneOf), with its declared type. */
function propertiesOf(schema: JsonSchema): Map<string, string> {
  const out = new Map<string, string>();
  for (const variant of [schema, ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) {
    for (const [name, prop] of Object.entries(variant.properties ?? {})) {
      const type = Array.isArray(prop.type) ? prop.type[0] : (prop.type ?? (prop.anyOf || prop.oneOf ? 'union' : 'any'));
      out.set(name, type);
    }
  }
  return out;
}

/** A value no schema of `type` accepts. */
function wrongTypeFor(type: string): unknown {
  switch (type) {
    case 'string':
      return { not: 'a string' };
    case 'number':
    case 'integer':
      return 'twelve';
    case 'boolean':
      return 'yes';
    case 'array':
      return { length: 1 };
    case 'object':
      return ['not', 'an', 'object'];
    default:
      return 'not-the-expected-shape';
  }
}

const ABSURD_NUMBERS: unknown[] = ['NaN', 'Infinity', '-Infinity', '1e999', 1e308, -1e308, -1, 2 ** 64, -(2 ** 63), 1.5e-320, Number.MAX_SAFE_INTEGER * 1024];

/**
 * Every field (and one unknown) holding `[[[[…]]]]` or `{"a":{"a":…}}` this deep: a parser or validator that recurses
 * per level would overflow.
 */
function deeplyNested(fields: string[], depth: number): string {
  const arrays = `${'['.repeat(depth)}${']'.repeat(depth)}`;
  const objects = `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
  return `{${[...fields, 'unknown'].map((f, i) => `${JSON.stringify(f)}:${i % 2 ? objects : arrays}`).join(',')}}`;
}

describe('JSON fuzz: every write route answers hostile bodies with a clear 4xx and writes nothing', () => {
  let server: TestServer;
  let admin: TestClient;
  const operations: WriteOperation[] = [];
  const realIds: Record<string, string> = {};
  /** The public API (/api/v1) is called with a key of every scope, so that its bodies reach their validation. */
  let apiKey = '';

  async function snapshot(): Promise<string> {
    const db = server.deps.db;
    const tables = (await db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    )) as unknown as {
      rows: { table_name: string }[];
    };
    const parts: string[] = [];
    for (const { table_name } of tables.rows.sort((a, b) => a.table_name.localeCompare(b.table_name))) {
      if (RECORDS_OF_ATTEMPTS.has(table_name)) continue;
      const rows = (await db.execute(sql.raw(`select * from "${table_name}"`))) as unknown as { rows: Record<string, unknown>[] };
      parts.push(`${table_name}:${JSON.stringify(rows.rows.map((r) => JSON.stringify(r)).sort())}`);
    }
    return parts.join('\n');
  }

  /** The path with its parameters filled: the signed-in user's own ids where there is one, so the body is what is judged. */
  const concrete = (path: string) => path.replace(/\{(\w+)\}/g, (_, name: string) => realIds[`${path}:${name}`] ?? '00000000-0000-4000-8000-000000000000');

  async function send(op: WriteOperation, body: string) {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (op.path.startsWith('/api/v1/')) headers.authorization = `Bearer ${apiKey}`;
    const res = await admin.fetch(concrete(op.path), { method: op.method, body, headers });
    const text = await res.text();
    let parsed: any = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* judged below */
    }
    // the public API's problem details carry the message as `detail`
    return { status: res.status, text, message: parsed?.error?.message ?? parsed?.detail ?? parsed?.message };
  }

  /** Refused with a 4xx whose message a person can read: no stack, no SQL, no empty string. */
  function expectClearRefusal(label: string, r: { status: number; text: string; message: unknown }) {
    expect(r.status, `${label}: ${r.text.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
    expect(r.status, `${label}: ${r.text.slice(0, 300)}`).toBeLessThan(500);
    expect(typeof r.message, `${label}: a message`).toBe('string');
    const message = r.message as string;
    expect(message.length, `${label}: ${message}`).toBeGreaterThan(3);
    expect(message.length, `${label}: ${message.slice(0, 200)}`).toBeLessThan(400);
    expect(message, label).not.toMatch(/\n\s+at |select |insert into|update .* set|syntaxerror|\[object /i);
  }

  beforeAll(async () => {
    // the sweep sends many bodies from one address; the sign-up with an emoji must still reach the route
    server = await startTestServer({ env: { WORKERS: '0', RATE_LIMIT_SIGN_UP: '1000/600' } });
    admin = new TestClient(server.url);
    const a = await signUpVerifiedUser(admin, server.deps);
    await makeAdmin(server.deps.db, a.email);
    const viewport = await admin.json('/api/viewports/new', { method: 'POST', json: { name: 'Fuzzed board' } });
    realIds['/api/viewports/{id}:id'] = viewport.body.session.id;
    const checkout = await admin.json('/api/billing/checkout', { method: 'POST', json: { plan: 'professional' } });
    realIds['/api/billing/test-checkout/{id}:id'] = String(checkout.body.url).split('/').pop()!;
    const key = await admin.json('/api/api-keys', {
      method: 'POST',
      json: { name: 'Fuzz', scopes: ['images:write', 'jobs:write', 'jobs:read', 'files:read'] },
    });
    apiKey = key.body.key;

    const doc: any = await (await fetch(new URL('/api/openapi.json', server.url))).json();
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      for (const method of ['post', 'put', 'patch', 'delete']) {
        const schema = item[method]?.requestBody?.content?.['application/json']?.schema;
        if (schema) operations.push({ method: method.toUpperCase(), path, schema });
      }
    }
  });
  afterAll(() => server?.stop());

  it('the OpenAPI document names the write routes with JSON bodies', () => {
    const names = operations.map((op) => `${op.method} ${op.path}`);
    // a sample the sweep must reach; every other route in the document is swept the same way
    for (const route of [
      'POST /api/jobs',
      'PUT /api/viewports/{id}',
      'POST /api/accounts/signup',
      'PATCH /api/profile',
      'PUT /api/admin/service-status',
      'POST /api/contact',
      'POST /api/v1/jobs',
      'POST /api/v1/quote',
    ]) {
      expect(names).toContain(route);
    }
    expect(operations.length).toBeGreaterThanOrEqual(30);
  });

  it("a refusal in the schema's default wording names the field it is about", async () => {
    const missing = await admin.json('/api/jobs', { method: 'POST', json: {} });
    expect([missing.status, missing.body.error.message]).toEqual([400, 'imageId is required']);
    const wrong = await admin.json('/api/signed-urls', { method: 'POST', json: { bucket: 'user-images', filePath: 'a.png', expiresIn: 'soon' } });
    expect([wrong.status, wrong.body.error.message]).toEqual([400, 'expiresIn: Invalid input: expected number, received string']);
    const notAnObject = await admin.json('/api/contact', { method: 'POST', json: [1] });
    expect([notAnObject.status, notAnObject.body.error.message]).toEqual([400, 'The request body: Invalid input: expected object, received array']);
  });

  it('invalid JSON, bodies that are not objects and a 5 MB body: 4xx, nothing written', async () => {
    const before = await snapshot();
    const big = JSON.stringify({ name: 'x'.repeat(5 * 1024 * 1024) });
    for (const op of operations) {
      const label = `${op.method} ${op.path}`;
      for (const body of ['{"name":', "{'name':'x'}", '{"a":1,}', 'NaN', '\u0000', '', '{"a":"\\ud800"', 'null', '[]', '"text"', '42', 'true']) {
        expectClearRefusal(`${label} ${JSON.stringify(body)}`, await send(op, body));
      }
      const tooBig = await send(op, big);
      expect(tooBig.status, `${label} 5 MB`).toBe(413);
      expectClearRefusal(`${label} 5 MB`, tooBig);
    }
    expect(await snapshot()).toBe(before);
  });

  it('every field of the wrong type, absurd numbers, unknown and prototype fields, deep nesting: 4xx, nothing written', async () => {
    let before = await snapshot();
    for (const op of operations) {
      const label = `${op.method} ${op.path}`;
      const props = propertiesOf(op.schema);
      const required = new Set([...(op.schema.required ?? []), ...[...(op.schema.anyOf ?? []), ...(op.schema.oneOf ?? [])].flatMap((v) => v.required ?? [])]);
      const wrong = Object.fromEntries([...props].map(([name, type]) => [name, wrongTypeFor(type)]));
      expectClearRefusal(`${label} wrong types`, await send(op, JSON.stringify(wrong)));
      for (const n of ABSURD_NUMBERS) {
        // numbers go to the numeric fields; "NaN" is a fine name, so text fields get a wrong type instead
        const body = Object.fromEntries(
          [...props].map(([name, type]) => [name, type === 'number' || type === 'integer' || typeof n === 'number' ? n : wrongTypeFor(type)]),
        );
        expectClearRefusal(`${label} ${String(n)} everywhere`, await send(op, JSON.stringify(body)));
      }
      // unknown fields alone: refused where a field is required; where every field is optional it is an empty body
      const unknown = await send(op, '{"__proto__":{"role":"admin","isAdmin":true},"constructor":{"prototype":{"polluted":1}},"unknown_field":"x"}');
      if (required.size > 0) expectClearRefusal(`${label} unknown fields`, unknown);
      else {
        const empty = await send(op, '{}');
        // times and a problem's request id differ between any two answers
        const same = (text: string) => text.replace(/"[^"]*\d{4}-\d\d-\d\dT[^"]*"/g, '').replace(/"request_id":"[^"]*"/, '');
        expect([unknown.status, same(unknown.text)], `${label} unknown fields`).toEqual([empty.status, same(empty.text)]);
        before = await snapshot();
      }
      expect(({} as Record<string, unknown>).polluted ?? ({} as Record<string, unknown>).role).toBeUndefined();
      for (const depth of [64, 5_000]) expectClearRefusal(`${label} nested ${depth}`, await send(op, deeplyNested([...props.keys()], depth)));
    }
    expect(await snapshot()).toBe(before);
  });

  it('a NUL or an unpaired surrogate in any field, nested value or name: 400 naming where, nothing written', async () => {
    const before = await snapshot();
    // Stripe's webhooks are judged by their signature over the exact bytes first (an unsigned body is refused unread)
    for (const op of operations.filter((o) => !o.path.startsWith('/api/webhooks/'))) {
      const label = `${op.method} ${op.path}`;
      // PostgreSQL text cannot hold U+0000, and an unpaired surrogate has no UTF-8 form: both are refused before any rule
      for (const [bad, what] of [
        ['a\u0000b', 'NUL'],
        ['a\ud800b', 'unpaired surrogate'],
        ['\udfff', 'unpaired surrogate'],
      ]) {
        for (const name of propertiesOf(op.schema).keys()) {
          const r = await send(op, JSON.stringify({ [name]: bad }));
          expect([r.status, r.message], `${label} ${name} ${what}`).toEqual([400, expect.stringContaining(`${name}: `)]);
          expect(r.message, `${label} ${name}`).toContain(what);
        }
        const nested = await send(op, JSON.stringify({ unknown_field: { list: ['fine', bad] } }));
        expect([nested.status, nested.message], `${label} nested ${what}`).toEqual([400, expect.stringContaining('unknown_field.list.1: ')]);
        const key = await send(op, JSON.stringify({ [`x${bad}`]: 1 }));
        expect(key.status, `${label} name with ${what}`).toBe(400);
        expectClearRefusal(`${label} name with ${what}`, key);
      }
    }
    expect(await snapshot()).toBe(before);
  });

  it('sign-up with a NUL or an unpaired surrogate in the name: 400 naming the field; a paired one (emoji) is fine', async () => {
    const visitor = new TestClient(server.url);
    const before = await snapshot();
    const body = (first_name: string) => signupBody({ metadata: { first_name } });
    const nul = await visitor.json('/api/accounts/signup', { method: 'POST', json: body('Ada\u0000') });
    expect([nul.status, nul.body.error.message]).toEqual([400, expect.stringMatching(/^user_metadata\.first_name: .*NUL/)]);
    const lone = await visitor.json('/api/accounts/signup', { method: 'POST', json: body('Ada\ud83d') });
    expect([lone.status, lone.body.error.message]).toEqual([400, expect.stringMatching(/^user_metadata\.first_name: .*unpaired surrogate/)]);
    expect(await snapshot()).toBe(before);
    expect((await visitor.json('/api/accounts/signup', { method: 'POST', json: body('Ada \ud83d\ude00') })).status).toBe(201);
  });

  it("better-auth's own JSON routes refuse a NUL or an unpaired surrogate the same way", async () => {
    const before = await snapshot();
    for (const [path, json] of [
      ['/api/auth/sign-in/email', { email: 'someone@example.com', password: 'pass\u0000word' }],
      ['/api/auth/revoke-session', { token: 'token\u0000' }],
      ['/api/auth/sign-in/email', { email: 'someone@example.com', password: 'pass\udc00word' }],
      ['/api/auth/revoke-session', { token: '\ud800' }],
    ] as const) {
      const r = await admin.json(path, { method: 'POST', json });
      expect([r.status, r.body.error.message], path).toEqual([400, expect.stringMatching(/^(password|token): /)]);
    }
    expect(await snapshot()).toBe(before);
  });

  it('random JSON (fast-check): never a 5xx; a refusal is clear and writes nothing', async () => {
    const hostileValue = fc.oneof(
      fc.jsonValue({ maxDepth: 3 }),
      fc.constantFrom(...ABSURD_NUMBERS),
      fc.string({ maxLength: 40 }),
      fc.constantFrom('', ' ', '\u0000', '<script>alert(1)</script>', "' or 1=1 --", '../../etc/passwd', 'javascript:alert(1)'),
    );
    for (const op of operations) {
      const names = [...propertiesOf(op.schema).keys()];
      const body = fc.oneof(
        fc.jsonValue({ maxDepth: 4 }),
        fc.dictionary(fc.constantFrom(...names, 'unknown', '__proto__', 'constructor'), hostileValue, { maxKeys: names.length + 2 }),
      );
      await fc.assert(
        fc.asyncProperty(body, async (value) => {
          const before = await snapshot();
          const r = await send(op, JSON.stringify(value) ?? 'null');
          expect(r.status, `${op.method} ${op.path} ${JSON.stringify(value)?.slice(0, 200)}: ${r.text.slice(0, 300)}`).toBeLessThan(500);
          if (r.status >= 400) {
            expectClearRefusal(`${op.method} ${op.path} ${JSON.stringify(value)?.slice(0, 200)}`, r);
            expect(await snapshot()).toBe(before);
          }
        }),
        { numRuns: 8, seed: 21 },
      );
    }
  });
});
