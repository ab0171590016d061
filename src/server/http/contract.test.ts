import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { z } from 'zod';
import { contract, contractIssues } from './contract.js';
import type { AppEnv } from './env.js';
import { createLogger } from '../logger.js';
import { loadConfig } from '../config.js';
import type { Deps } from '../deps.js';

const Answer = z.strictObject({ id: z.string(), count: z.number().int() });

/** A route declaring `Answer`, answering whatever the test asks it to. */
function appAnswering(nodeEnv: 'test' | 'production', body: () => Response | Promise<Response>) {
  const config = loadConfig({ NODE_ENV: nodeEnv, DATA_DIR: '/nonexistent', LOG_LEVEL: 'silent' });
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    c.set('deps', { config } as Deps);
    c.set('log', createLogger('silent'));
    await next();
  });
  app.get('/thing', contract({ summary: 'a thing', tag: 'test', access: 'public', responses: { 200: Answer, 204: null } }), () => body());
  return app;
}

const json = (value: unknown, status = 200) => Response.json(value, { status });

describe('a route contract', () => {
  it('lets an answer through that its schema allows', async () => {
    const res = await appAnswering('test', () => json({ id: 'a', count: 2 })).request('/thing');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: 'a', count: 2 });
  });

  it('turns a wrong body into a loud 500 naming the route and the field', async () => {
    const errors: string[] = [];
    const original = console.error;
    console.error = (m: string) => errors.push(m);
    try {
      const res = await appAnswering('test', () => json({ id: 'a', count: 'two' })).request('/thing');
      expect(res.status).toBe(500);
      const body = await res.json();
      expect(body.error.code).toBe('RESPONSE_CONTRACT_VIOLATION');
      expect(body.error.message).toContain('GET /thing answered 200');
      expect(body.error.message).toContain('count');
      expect(errors.join('\n')).toContain('count');
    } finally {
      console.error = original;
    }
  });

  it('catches a missing field, an undeclared field and an undeclared success status', async () => {
    const quiet = console.error;
    console.error = () => {};
    try {
      expect((await appAnswering('test', () => json({ id: 'a' })).request('/thing')).status).toBe(500);
      expect((await appAnswering('test', () => json({ id: 'a', count: 1, secret: 'x' })).request('/thing')).status).toBe(500);
      expect((await appAnswering('test', () => json({ id: 'a', count: 1 }, 201)).request('/thing')).status).toBe(500);
      expect((await appAnswering('test', () => new Response('<p>hi</p>', { headers: { 'content-type': 'text/html' } })).request('/thing')).status).toBe(500);
    } finally {
      console.error = quiet;
    }
  });

  it('checks errors against the common error body and allows a declared empty answer', async () => {
    const quiet = console.error;
    console.error = () => {};
    try {
      expect((await appAnswering('test', () => json({ error: { code: 'NOPE', message: 'No' } }, 404)).request('/thing')).status).toBe(404);
      expect((await appAnswering('test', () => json({ message: 'No' }, 404)).request('/thing')).status).toBe(500);
      expect((await appAnswering('test', () => new Response(null, { status: 204 })).request('/thing')).status).toBe(204);
    } finally {
      console.error = quiet;
    }
  });

  it('does not check in production', async () => {
    const res = await appAnswering('production', () => json({ id: 'a', count: 'two' })).request('/thing');
    expect(res.status).toBe(200);
  });

  it('reports each issue by path', async () => {
    const c = { summary: 's', tag: 't', access: 'public' as const, responses: { 200: Answer } };
    expect(await contractIssues(c, json({ id: 1, count: 1 }))).toEqual([expect.stringContaining('id:')]);
    expect(await contractIssues(c, json({ id: '1', count: 1 }))).toEqual([]);
  });
});
