import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isWebRoute, WEB_ROUTES } from './web-routes.js';

describe('web app routes', () => {
  it('knows every page, with its parameters, optional ones and a trailing slash', () => {
    for (const p of [
      '/',
      '/pricing',
      '/pricing/',
      '/PRICING',
      '/login',
      '/enhance',
      '/admin',
      '/reset-password',
      '/reset-password/ABC123',
      '/verify',
      '/verify/tok',
      '/checkout-test/cs_1',
      '/checkout-test/portal',
    ])
      expect(isWebRoute(p), p).toBe(true);
  });

  it('knows no other path', () => {
    for (const p of ['/no-such-page', '/pricing/extra', '/reset-password/ABC123/more', '/checkout-test', '/admin/users', '/index.htm', '/api-docs'])
      expect(isWebRoute(p), p).toBe(false);
  });

  it('is the list the router is built from: every route of it, and no path written in the router but the catch-all', () => {
    const source = fs.readFileSync(path.resolve(import.meta.dirname, '../web/app/router.tsx'), 'utf8');
    const named = [...source.matchAll(/\bpath: WEB_ROUTES\.(\w+)/g)].map((m) => m[1]);
    expect(named.sort()).toEqual(Object.keys(WEB_ROUTES).sort());
    expect([...source.matchAll(/\bpath: (?!WEB_ROUTES\.)(\S+?),/g)].map((m) => m[1])).toEqual(["'*'"]);
  });
});
