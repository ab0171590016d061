import { Hono, type Context } from 'hono';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import { HTTPException } from 'hono/http-exception';
import { routePath } from 'hono/route';
import type { Deps, SessionUser } from './deps.js';
import type { AppEnv } from './http/env.js';
import { AppError } from './errors.js';
import { serveWebApp } from './http/static-web.js';
import { depsForRequest, requireKnownHost } from './http/public-origin.js';
import { requireTrustedOrigin } from './auth/origin-check.js';
import { requestBodyLimit } from './http/body-limit.js';
import { refuseUnstorableText } from './http/storable-text.js';
import { health } from './routes/health.js';
import { eventsRoute, StreamRegistry } from './routes/events.js';
import { me } from './routes/me.js';
import { jobsRoute } from './routes/jobs.js';
import { imagesRoute } from './routes/images.js';
import { trashRoute } from './routes/trash.js';
import { libraryRoute } from './routes/library.js';
import { viewportsRoute } from './routes/viewports.js';
import { files } from './routes/files.js';
import { sharesRoute } from './routes/shares.js';
import { SHARED_FILE_ROUTE_PREFIX } from '@shared/share-links.js';
import { uploads } from './routes/uploads.js';
import { signedUrls } from './routes/signed-urls.js';
import { authRoute } from './routes/auth.js';
import { accountRoute, accountsRoute } from './routes/account.js';
import { securityEventsRoute } from './routes/security-events.js';
import { devMailboxRoute } from './routes/dev-mailbox.js';
import { billingRoute } from './routes/billing.js';
import { subscriptionRoute } from './routes/subscription.js';
import { webhooksRoute } from './routes/webhooks.js';
import { unsubscribeRoute } from './routes/unsubscribe.js';
import { adminRoute } from './routes/admin.js';
import { creditsRoute, profileRoute } from './routes/profile.js';
import { contactRoute } from './routes/contact.js';
import { serviceStatusRoute } from './routes/service-status.js';
import { emailPreviewRoute } from './routes/email-preview.js';
import { versionRoute } from './routes/version.js';
import { workerApiRoute } from './routes/worker-api.js';
import { adminWorkersRoute } from './routes/admin-workers.js';
import { WORKER_API_PREFIX } from '@shared/api/workers.js';
import { contract } from './http/contract.js';
import { apiV1Route } from './routes/api-v1.js';
import { adminApiKeysRoute, apiKeysRoute } from './routes/api-keys.js';
import { webhookEndpointsRoute } from './routes/webhook-endpoints.js';
import { publicApiDocs } from './http/public-openapi.js';
import { isPublicApiPath, problemResponse } from './http/problem.js';
import { PUBLIC_API_PREFIX } from '@shared/api/api-keys.js';
import { openApiRoute } from './http/openapi-document.js';

export interface AppOptions {
  /** Resolves the signed-in user of a request (null when signed out). */
  resolveUser?: (req: Request) => Promise<SessionUser | null>;
  streams?: StreamRegistry;
  /** Serve the built web app (off for API-only tests). */
  serveWeb?: boolean;
}

export function createApp(deps: Deps, opts: AppOptions = {}) {
  const streams = opts.streams ?? new StreamRegistry();
  const app = new Hono<AppEnv>();

  app.use(requestId({ headerName: 'X-Request-Id' }));
  app.use(async (c, next) => {
    const started = performance.now();
    c.set('deps', depsForRequest(deps, c.req.raw));
    c.set('log', deps.logger.child({ requestId: c.var.requestId }));
    c.set('user', null);
    await next();
    const path = new URL(c.req.url).pathname;
    const ms = performance.now() - started;
    // by the route that answered as registered ('/api/jobs/:id'), so ids never become label values
    deps.metrics.httpRequest({ method: c.req.method, route: routePath(c), status: c.res.status, seconds: ms / 1000 });
    if (path !== '/healthz' && path !== '/readyz') {
      c.var.log.info({ method: c.req.method, path, status: c.res.status, ms: Math.round(ms) }, 'request');
    }
  });
  const commonHeaders = {
    strictTransportSecurity: deps.config.isProduction ? 'max-age=31536000; includeSubDomains' : false,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: 'same-origin',
    referrerPolicy: 'strict-origin-when-cross-origin',
  } as const;
  const appHeaders = secureHeaders({
    ...commonHeaders,
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
    },
  });
  // users' files are served from our own origin: opened directly, none of them may run or load anything
  const userFileHeaders = secureHeaders({ ...commonHeaders, contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], sandbox: [] } });
  const isUserFile = (path: string) => path.startsWith('/api/files/') || path.startsWith(SHARED_FILE_ROUTE_PREFIX);
  app.use((c, next) => (isUserFile(c.req.path) ? userFileHeaders(c, next) : appHeaders(c, next)));
  // a Host the server does not answer to is refused before anything reads it (public-origin.ts says why)
  app.use(requireKnownHost);
  if (opts.resolveUser) {
    const resolveUser = opts.resolveUser;
    app.use('/api/*', async (c, next) => {
      // stored files authorise by their signed URL, not by session: no session lookup per thumbnail; the public API
      // by its key alone (http/api-key-auth.ts)
      if (!c.req.path.startsWith('/api/files/') && !isPublicApiPath(c.req.path)) c.set('user', await resolveUser(c.req.raw));
      await next();
    });
  }

  app.route('/', health);
  // CSRF: every state-changing API request comes from a trusted origin; Stripe's webhooks prove themselves by signature,
  // and the public API authorises by a bearer key alone, which a browser never sends by itself
  app.use('/api/*', async (c, next) => (c.req.path.startsWith('/api/webhooks/') || isPublicApiPath(c.req.path) ? next() : requireTrustedOrigin(c, next)));
  app.use(requestBodyLimit);
  app.use('/api/*', refuseUnstorableText);
  if (deps.config.PROCESS_ROLE === 'worker') {
    // a worker process answers only the health checks its orchestrator asks
    app.notFound((c) => c.json({ error: { code: 'NOT_FOUND', message: 'This is a worker process; it serves no API.' } }, 404));
    return { app, streams };
  }
  app.route('/api/events', eventsRoute(streams));
  app.route('/api/me', me);
  app.route('/api/jobs', jobsRoute);
  app.route('/api/images', imagesRoute);
  app.route('/api/trash', trashRoute);
  app.route('/api/library', libraryRoute);
  app.route('/api/viewports', viewportsRoute);
  app.route('/api/files', files);
  app.route('/api', sharesRoute);
  app.route('/api/uploads', uploads);
  app.route('/api/signed-urls', signedUrls);
  app.route('/api/auth', authRoute);
  app.route('/api/accounts', accountsRoute);
  app.route('/api/account', accountRoute);
  app.route('/api/security-events', securityEventsRoute);
  app.route('/api/billing', billingRoute);
  app.route('/api/check-subscription', subscriptionRoute);
  app.route('/api/webhooks', webhooksRoute);
  app.route('/api/admin/workers', adminWorkersRoute);
  app.route('/api/admin/api-keys', adminApiKeysRoute);
  app.route('/api/api-keys', apiKeysRoute);
  app.route('/api/webhook-endpoints', webhookEndpointsRoute);
  app.route('/api/admin', adminRoute);
  app.route('/api/profile', profileRoute);
  app.route('/api/credits', creditsRoute);
  app.route('/api/contact', contactRoute);
  app.route('/api/notifications/unsubscribe', unsubscribeRoute);
  app.route('/api/service-status', serviceStatusRoute);
  app.route('/api/email-preview', emailPreviewRoute);
  app.route('/api/version', versionRoute);
  app.route(WORKER_API_PREFIX, workerApiRoute);
  // the public API's own document and reference: read without a key, so registered before its routes
  const publicDocs = publicApiDocs(apiV1Route, { title: deps.config.SITE_NAME, version: '1' });
  const publicDoc = (summary: string, media: string, description: string) =>
    contract({ summary, tag: 'public api', access: 'public', problems: true, responses: { 200: { media, description } } });
  app.get(
    `${PUBLIC_API_PREFIX}/openapi.json`,
    publicDoc('The public API (/api/v1) as OpenAPI 3.1', 'application/json', 'The OpenAPI 3.1 document of /api/v1'),
    publicDocs.openapi,
  );
  app.get(
    `${PUBLIC_API_PREFIX}/reference`,
    publicDoc('The public API’s reference page, with a curl example per endpoint', 'text/html', 'The reference as one page'),
    publicDocs.reference,
  );
  app.get(`${PUBLIC_API_PREFIX}/reference/copy.js`, publicDoc('The reference page’s copy buttons', 'text/javascript', 'The script'), publicDocs.script);
  app.route(PUBLIC_API_PREFIX, apiV1Route as unknown as Hono<AppEnv>);
  app.get(
    '/api/openapi.json',
    contract({
      summary: 'This document: every /api route as OpenAPI 3.1',
      tag: 'meta',
      access: 'public',
      responses: { 200: { media: 'application/json', description: 'The OpenAPI 3.1 document' } },
    }),
    openApiRoute(app, { title: deps.config.SITE_NAME, version: '1' }),
  );
  // the outbox holds every code: it exists only on a machine reached directly. With BASE_URL or TRUST_PROXY a proxy may
  // stand in front, and a same-host proxy makes every visitor a loopback peer naming a loopback host
  if (!deps.config.isProduction && !deps.config.baseUrlFixed && !deps.config.TRUST_PROXY) app.route('/dev/mailbox', devMailboxRoute);

  app.all('/api/*', (c) => c.json({ error: { code: 'NOT_FOUND', message: `No API route for ${c.req.method} ${new URL(c.req.url).pathname}` } }, 404));
  if (opts.serveWeb !== false) app.use('*', serveWebApp(deps.config.paths.webDist, ['/api', '/healthz', '/readyz', '/dev']));
  app.notFound((c) => c.json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404));

  app.onError((err, c) => {
    if (isPublicApiPath(c.req.path)) return publicApiError(err, c);
    if (err instanceof AppError) {
      const retryAfter = (err.details as { retryAfter?: unknown } | undefined)?.retryAfter;
      if (typeof retryAfter === 'number') c.header('Retry-After', String(retryAfter));
      return c.json({ error: { code: err.code, message: err.message, ...(err.details !== undefined ? { details: err.details } : {}) } }, err.status);
    }
    if (err instanceof HTTPException) {
      return c.json({ error: { code: 'HTTP_ERROR', message: err.message || 'Request failed' } }, err.status);
    }
    c.var.log?.error({ err }, 'unhandled error');
    return c.json({ error: { code: 'INTERNAL', message: `Something went wrong (request ${c.var.requestId})` } }, 500);
  });

  return { app, streams };
}

/** An error of the public API: RFC 9457 problem details with the catalogue's message and a stable code. */
function publicApiError(err: Error, c: Context<AppEnv>): Response {
  if (err instanceof AppError) {
    const retryAfter = (err.details as { retryAfter?: unknown } | undefined)?.retryAfter;
    if (typeof retryAfter === 'number') c.header('Retry-After', String(retryAfter));
    return problemResponse(c, err.status, { code: err.code, detail: err.message, details: err.details });
  }
  if (err instanceof HTTPException) return problemResponse(c, err.status, { code: 'HTTP_ERROR', detail: err.message || 'Request failed' });
  c.var.log?.error({ err }, 'unhandled error');
  return problemResponse(c, 500, { code: 'INTERNAL', detail: `Something went wrong (request ${c.var.requestId})` });
}
