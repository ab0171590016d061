import fs from 'node:fs';
import path from 'node:path';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './env.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/**
 * Serves the built web app from `root`. Files by path; every other GET that is not an API path falls
 * back to index.html so client routes (/enhance, /profile?tab=billing, unknown paths → 404 page) work.
 * Hashed assets are cached for a year, index.html never.
 */
export function serveWebApp(root: string, reservedPrefixes: string[]): MiddlewareHandler<AppEnv> {
  const resolvedRoot = path.resolve(root);
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const urlPath = decodeURIComponent(new URL(c.req.url).pathname);
    if (reservedPrefixes.some((p) => urlPath === p || urlPath.startsWith(p + '/'))) return next();
    const candidate = path.resolve(resolvedRoot, '.' + urlPath);
    if (!candidate.startsWith(resolvedRoot)) return next();
    let file = candidate;
    let stat = fs.statSync(file, { throwIfNoEntry: false });
    let isFallback = false;
    if (!stat || !stat.isFile()) {
      // a missing file with an extension is a real 404, not a client route
      if (path.extname(urlPath) && !urlPath.endsWith('.html')) return next();
      file = path.join(resolvedRoot, 'index.html');
      stat = fs.statSync(file, { throwIfNoEntry: false });
      isFallback = true;
      if (!stat) {
        return c.text('The web app has not been built yet. Run `npm run build:web` (npm start does this for you).', 503);
      }
    }
    const ext = path.extname(file);
    const headers: Record<string, string> = {
      'Content-Type': TYPES[ext] ?? 'application/octet-stream',
      'Content-Length': String(stat.size),
      'Cache-Control':
        !isFallback && urlPath.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : ext === '.html' ? 'no-cache' : 'public, max-age=3600',
      'Last-Modified': stat.mtime.toUTCString(),
      ETag: `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`,
    };
    if (c.req.header('if-none-match') === headers.ETag) return c.body(null, 304, headers);
    if (c.req.method === 'HEAD') return c.body(null, 200, headers);
    return c.body(fs.readFileSync(file), 200, headers);
  };
}
