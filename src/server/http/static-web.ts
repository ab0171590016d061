import fs from 'node:fs';
import path from 'node:path';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './env.js';
import { isWebRoute } from '@shared/web-routes.js';

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
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/** Encodings the build writes beside each text file (`app.js.br`, `app.js.gz`), best first. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/** The precompressed twin of `file` the client accepts, if the build wrote one. */
function compressedTwin(file: string, acceptEncoding: string | undefined): { file: string; encoding: string; size: number } | null {
  if (!acceptEncoding) return null;
  const accepted = new Set(
    acceptEncoding
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q.trim()))
      .map(([name]) => name.trim().toLowerCase()),
  );
  for (const { name, suffix } of ENCODINGS) {
    if (!accepted.has(name)) continue;
    const stat = fs.statSync(file + suffix, { throwIfNoEntry: false });
    if (stat?.isFile()) return { file: file + suffix, encoding: name, size: stat.size };
  }
  return null;
}

/**
 * Serves the built web app from `root`. Files by path; every other GET that is not an API path falls
 * back to index.html so client routes (/enhance, /profile?tab=billing) work: with 200 for a route of the web app
 * (src/shared/web-routes.ts), with 404 for any other path, where the app renders its 404 page. Hashed assets are cached for a year, index.html never. Text files go out brotli- or gzip-compressed when the build
 * wrote a compressed twin (vite.config.ts) and the client accepts it.
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
    let status: 200 | 404 = 200;
    if (!stat || !stat.isFile()) {
      // a missing file with an extension is a real 404, not a client route
      if (path.extname(urlPath) && !urlPath.endsWith('.html')) return next();
      file = path.join(resolvedRoot, 'index.html');
      stat = fs.statSync(file, { throwIfNoEntry: false });
      isFallback = true;
      if (!isWebRoute(urlPath)) status = 404;
      if (!stat) {
        return c.text('The web app has not been built yet. Run `npm run build:web` (npm start does this for you).', 503);
      }
    }
    const ext = path.extname(file);
    const twin = compressedTwin(file, c.req.header('accept-encoding'));
    const headers: Record<string, string> = {
      'Content-Type': TYPES[ext] ?? 'application/octet-stream',
      'Content-Length': String(twin ? twin.size : stat.size),
      ...(twin ? { 'Content-Encoding': twin.encoding } : {}),
      ...(fs.existsSync(file + '.gz') ? { Vary: 'Accept-Encoding' } : {}),
      'Cache-Control':
        !isFallback && urlPath.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : ext === '.html' ? 'no-cache' : 'public, max-age=3600',
      'Last-Modified': stat.mtime.toUTCString(),
      ETag: `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}${twin ? '-' + twin.encoding : ''}"`,
    };
    // a 304 would stand for a page; an unknown path gets its 404 every time
    if (status === 200 && c.req.header('if-none-match') === headers.ETag) return c.body(null, 304, headers);
    if (c.req.method === 'HEAD') return c.body(null, status, headers);
    return c.body(fs.readFileSync(twin ? twin.file : file), status, headers);
  };
}
