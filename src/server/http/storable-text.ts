import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './env.js';
import { AppError } from '../errors.js';

const JSON_TYPE = /^application\/([a-z0-9.+-]+\+)?json\s*(;|$)/i;
const FORM_TYPE = /^application\/x-www-form-urlencoded\s*(;|$)/i;
// eslint-disable-next-line no-control-regex -- U+0000 is exactly what is looked for
const NUL = /\u0000/;
const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

type Flaw = 'a NUL character (U+0000)' | 'an unpaired surrogate (U+D800–U+DFFF alone is not text)';

function flawOf(text: string): Flaw | null {
  if (NUL.test(text)) return 'a NUL character (U+0000)';
  if (UNPAIRED_SURROGATE.test(text)) return 'an unpaired surrogate (U+D800–U+DFFF alone is not text)';
  return null;
}

interface Node {
  value: unknown;
  key: string | null;
  parent: Node | null;
}

const pathOf = (node: Node | null): string => {
  const keys: string[] = [];
  for (let n = node; n && n.key !== null; n = n.parent) keys.unshift(n.key);
  return keys.join('.');
};

/**
 * The first string or field name in a parsed JSON value that PostgreSQL cannot store: text and jsonb refuse U+0000,
 * and an unpaired surrogate has no UTF-8 form (it would be stored as U+FFFD or refused). Walked without recursion,
 * because a body may nest thousands of levels deep. Returns a message naming the field, e.g.
 * 'user_metadata.first_name: must not contain a NUL character (U+0000)'.
 */
export function unstorableTextIn(value: unknown, where = 'The request body'): string | null {
  const stack: Node[] = [{ value, key: null, parent: null }];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const { value: v } = node;
    if (typeof v === 'string') {
      const flaw = flawOf(v);
      if (flaw) return `${pathOf(node) || where}: must not contain ${flaw}`;
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], key: String(i), parent: node });
    } else if (v !== null && typeof v === 'object') {
      const entries = Object.entries(v);
      for (const [key] of entries) {
        const flaw = flawOf(key);
        if (flaw) return `${pathOf(node) || where}: a field name must not contain ${flaw}`;
      }
      for (let i = entries.length - 1; i >= 0; i--) stack.push({ value: entries[i][1], key: entries[i][0], parent: node });
    }
  }
  return null;
}

const refuse = (message: string) => new AppError('VALIDATION_FAILED', 400, message);

/**
 * Refuses, with 400 naming the field, any API request whose JSON body (or form body, or query) holds text PostgreSQL
 * cannot store, before any route or better-auth sees it: one place for every route, including those the schemas never
 * reach. A body that is not valid JSON is left to the route, which answers it as such. Stripe's webhooks are judged by
 * their signature, over the exact bytes sent.
 */
export const refuseUnstorableText: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.path.startsWith('/api/webhooks/')) return next();
  for (const [key, value] of new URL(c.req.url).searchParams) {
    const message = unstorableTextIn({ [key]: value }, 'The query');
    if (message) throw refuse(message);
  }
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
  const type = c.req.header('content-type') ?? '';
  if (JSON_TYPE.test(type)) {
    // read once: Hono keeps the text for the route's own c.req.json() or c.req.text()
    const text = await c.req.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return next();
    }
    const message = unstorableTextIn(parsed);
    if (message) throw refuse(message);
  } else if (FORM_TYPE.test(type) && c.req.path.startsWith('/api/auth/')) {
    // better-auth also reads form bodies; our own routes take JSON or multipart only
    const message = unstorableTextIn(Object.fromEntries(new URLSearchParams(await c.req.text())));
    if (message) throw refuse(message);
  }
  return next();
};
