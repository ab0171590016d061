/**
 * Hostile request bodies: every body has a byte limit whatever its type, refused before it is read; the streamed
 * routes (uploads, profile picture, removal mask) are refused while their body arrives; client reports are bounded,
 * viewport data accepts only image URLs, and upload names are read as UTF-8 and stored cleaned up.
 */
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestServer, TestClient, type TestServer } from '../testing/test-server.js';
import { signUpVerifiedUser } from '../testing/accounts.js';
import { images, imageJobs, profiles, securityEvents, viewportSessions } from '../db/schema.js';
import { makeImage } from '../services/uploads/test-images.js';
import { AVATAR_MAX_BYTES, MASK_MAX_BYTES, normaliseFileName } from '@shared/limits.js';
import { fill } from '@shared/messages.js';
import { storageMessages } from '@shared/storage-messages.js';

interface LazyAnswer {
  status: number;
  body: any;
  connection: string | null;
  /** Body bytes written when the answer arrived. */
  sent: number;
}

/**
 * How long a refusal may take to arrive. It comes at once (before any of the body is read); the margin is for a
 * test machine busy with other suites, where the in-process server's answer was once seen 15 s late.
 */
const ANSWER_WAIT_MS = 30_000;

/**
 * A request whose body is made while it goes out, 64 KB at a time as the connection takes them, so a body of any
 * size costs the test no memory. `declare`: the size is announced by Content-Length and nothing of the body is sent,
 * so only an answer given before reading it can arrive (status 0 when none came within `waitMs`). Otherwise the body
 * is sent chunked, and sending stops the moment the answer arrives.
 */
function sendLazily(
  server: TestServer,
  opts: { method?: string; path: string; headers: Record<string, string>; head?: string; size: number; tail?: string; declare?: boolean; waitMs?: number },
): Promise<LazyAnswer> {
  const head = Buffer.from(opts.head ?? '');
  const tail = Buffer.from(opts.tail ?? '');
  const total = head.length + opts.size + tail.length;
  return new Promise((resolve) => {
    let sent = 0;
    let answered = false;
    const framing = opts.declare ? { 'content-length': String(total) } : { 'transfer-encoding': 'chunked' };
    const req = http.request({
      host: '127.0.0.1',
      port: server.port,
      path: opts.path,
      method: opts.method ?? 'POST',
      headers: { ...opts.headers, ...framing },
    });
    const timer = setTimeout(() => {
      req.destroy();
      resolve({ status: 0, body: null, connection: null, sent });
    }, opts.waitMs ?? ANSWER_WAIT_MS);
    req.on('response', (res) => {
      answered = true;
      const at = sent;
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      const done = () => {
        clearTimeout(timer);
        req.destroy();
        let body: any = text;
        try {
          body = JSON.parse(text);
        } catch {
          /* not JSON */
        }
        resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection ?? null, sent: at });
      };
      res.on('end', done);
      res.on('error', done);
    });
    // the server closing a connection it will not read further is the expected end of the sending side
    req.on('error', () => {});
    if (opts.declare) return void req.flushHeaders();
    const filler = Buffer.alloc(64 * 1024, 0x61);
    req.write(head);
    let left = opts.size;
    const pump = () => {
      while (!answered && left > 0) {
        const piece = left >= filler.length ? filler : filler.subarray(0, left);
        left -= piece.length;
        sent += piece.length;
        if (!req.write(piece)) return void req.once('drain', pump);
      }
      if (!answered) req.end(tail);
    };
    pump();
  });
}

/** The opening of a multipart body: the given text fields, then the header of one file part whose bytes follow. */
function multipartHead(boundary: string, file: { field: string; name: string }, fields: Record<string, string> = {}) {
  const parts = Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  return `${parts.join('')}--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: image/png\r\n\r\n`;
}

/** A server started before the block's tests and stopped after them, with Alice signed up, verified and signed in. */
function serverWithAlice() {
  const ctx = {} as { server: TestServer; alice: TestClient; aliceId: string };
  beforeAll(async () => {
    ctx.server = await startTestServer();
    ctx.alice = new TestClient(ctx.server.url);
    ctx.aliceId = (await signUpVerifiedUser(ctx.alice, ctx.server.deps)).userId;
  });
  afterAll(async () => {
    await ctx.server?.stop();
  });
  return ctx;
}

/** A chunked body (no Content-Length) streamed in pieces, as a client that hides its size sends it. */
function chunkedPost(server: TestServer, path: string, cookie: string, totalBytes: number) {
  return new Promise<number>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: server.port,
        path,
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, origin: server.url, 'transfer-encoding': 'chunked' },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', (err) =>
      (err as NodeJS.ErrnoException).code === 'EPIPE' || (err as NodeJS.ErrnoException).code === 'ECONNRESET' ? resolve(413) : reject(err),
    );
    req.write('{"name":"big","viewport_data":{"images":[],"pad":"');
    const chunk = 'x'.repeat(64 * 1024);
    let sent = 0;
    const pump = () => {
      while (sent < totalBytes) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      req.end('"}}');
    };
    pump();
  });
}

describe('request limits', () => {
  const ctx = serverWithAlice();

  it('a JSON body over 1 MB is answered 413 before it is parsed, whether its size is declared or streamed', async () => {
    const big = { name: 'Big', viewport_data: { images: [{ id: 'a', originalUrl: 'https://x.test/1.png' }], pad: 'x'.repeat(2 * 1024 * 1024) } };
    const declared = await ctx.alice.json('/api/viewports', { method: 'POST', json: big });
    expect(declared.status).toBe(413);
    expect(declared.body.error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(await chunkedPost(ctx.server, '/api/viewports', ctx.alice.cookieHeader(), 3 * 1024 * 1024)).toBe(413);
    expect(await ctx.server.deps.db.select().from(viewportSessions).where(eq(viewportSessions.userId, ctx.aliceId))).toHaveLength(0);
  });

  it('client security reports: details bounded to 4 KB, bodies to 16 KB', async () => {
    const anon = new TestClient(ctx.server.url);
    const bigDetails = await anon.json('/api/security-events', {
      method: 'POST',
      json: { action: 'client_error', status: 'failure', details: { blob: 'x'.repeat(5000) } },
    });
    expect(bigDetails.status).toBe(400);
    const bigBody = await anon.json('/api/security-events', {
      method: 'POST',
      json: { action: 'client_error', status: 'failure', page_url: 'y'.repeat(30_000) },
    });
    expect(bigBody.status).toBe(413);
    const fine = await anon.json('/api/security-events', { method: 'POST', json: { action: 'client_error', status: 'failure', details: { note: 'ok' } } });
    expect(fine.status).toBe(202);
    const stored = await ctx.server.deps.db.select().from(securityEvents).where(eq(securityEvents.action, 'client_error'));
    expect(stored).toHaveLength(1);
  });

  it('viewport data refuses javascript: and other schemes as image URLs, saving nothing', async () => {
    for (const url of ['javascript:alert(document.cookie)', 'vbscript:msgbox(1)', 'file:///etc/passwd']) {
      const r = await ctx.alice.json('/api/viewports', { method: 'POST', json: { name: 'Evil', viewport_data: { images: [{ id: 'a', originalUrl: url }] } } });
      expect(r.status, url).toBe(400);
    }
    const ok = await ctx.alice.json('/api/viewports', {
      method: 'POST',
      json: { name: 'Fine', viewport_data: { images: [{ id: 'a', originalUrl: 'https://x.test/1.png' }] } },
    });
    expect(ok.status).toBe(201);
    const rows = await ctx.server.deps.db.select({ name: viewportSessions.sessionName }).from(viewportSessions).where(eq(viewportSessions.userId, ctx.aliceId));
    expect(rows.map((r) => r.name)).toEqual(['Fine']);
  });

  it('a file name whose control characters arrive percent-encoded is stored under a clean, bounded name', async () => {
    // RFC 5987 / 7578: filename* carries any character percent-encoded, a NUL byte included
    const name = `evil\u0000${'n'.repeat(300)}.png`;
    const boundary = 'renderlift-test-boundary';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename*=UTF-8''${encodeURIComponent(name)}\r\nContent-Type: image/png\r\n\r\n`,
      ),
      await makeImage('png'),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const r = await ctx.alice.json('/api/uploads', { method: 'POST', body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(r.status).toBe(201);
    const [row] = await ctx.server.deps.db.select({ name: images.originalName }).from(images).where(eq(images.userId, ctx.aliceId));
    expect(row.name).toBe(normaliseFileName(name));
    expect(row.name).not.toContain('\u0000');
    expect(row.name!.length).toBeLessThanOrEqual(255);
    expect(row.name!.endsWith('.png')).toBe(true);
  });

  it('a raw NUL byte in a part header is refused as unreadable: a clear 400, nothing stored', async () => {
    const f = new FormData();
    f.append('files', new Blob([new Uint8Array(await makeImage('png'))], { type: 'image/png' }), `evil\u0000name.png`);
    const before = await ctx.server.deps.db.select().from(images).where(eq(images.userId, ctx.aliceId));
    const r = await ctx.alice.json('/api/uploads', { method: 'POST', body: f });
    expect([r.status, r.body.error.code]).toEqual([400, 'INVALID_MULTIPART']);
    expect(r.body.error.message).toMatch(/malformed/);
    expect(await ctx.server.deps.db.select().from(images).where(eq(images.userId, ctx.aliceId))).toHaveLength(before.length);
  });

  it('an upload name sent as raw UTF-8, as browsers send it, is stored and answered exactly', async () => {
    const name = 'Café–Ärger.png';
    const boundary = 'renderlift-utf8-boundary';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`, 'utf8'),
      await makeImage('png'),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const r = await ctx.alice.json('/api/uploads', { method: 'POST', body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(r.status).toBe(201);
    expect([r.body.results[0].status, r.body.results[0].name]).toEqual(['accepted', name]);
    const [row] = await ctx.server.deps.db.select({ name: images.originalName }).from(images).where(eq(images.id, r.body.results[0].id));
    expect(row.name).toBe(name);
  });

  it('file names: last path component, no control characters, extension kept when cut', () => {
    expect(normaliseFileName('../../etc/passwd')).toBe('passwd');
    expect(normaliseFileName('C:\\renders\\atrium.png')).toBe('atrium.png');
    expect(normaliseFileName('\u0000\u001f')).toBe('image');
    expect(normaliseFileName(`${'a'.repeat(400)}.jpeg`)).toHaveLength(255);
    expect(normaliseFileName(`${'a'.repeat(400)}.jpeg`).endsWith('.jpeg')).toBe(true);
  });
});

describe('every request body has a byte limit, whatever its type', { timeout: 120_000 }, () => {
  const ctx = serverWithAlice();
  const MB = 1024 * 1024;

  const boundary = 'renderlift-limit-boundary';
  const kinds = {
    multipart: { type: `multipart/form-data; boundary=${boundary}`, head: multipartHead(boundary, { field: 'file', name: 'big.png' }) },
    'text/plain': { type: 'text/plain', head: '' },
  };
  // no cookie and no Origin: what anyone on the network can send
  const anonymousRoutes = ['/api/auth/anything', '/api/auth/sign-in/email', '/api/webhooks/stripe'];

  for (const [kind, { type, head }] of Object.entries(kinds)) {
    it(`a ${kind} body announcing 200 MB is answered 413 before any of it is sent, signed out or in`, async () => {
      for (const path of anonymousRoutes) {
        const r = await sendLazily(ctx.server, { path, headers: { 'content-type': type }, head, size: 200 * MB, declare: true, waitMs: ANSWER_WAIT_MS });
        expect([path, r.status, r.body?.error?.code, r.connection]).toEqual([path, 413, 'PAYLOAD_TOO_LARGE', 'close']);
      }
      const viewport = await sendLazily(ctx.server, {
        path: '/api/viewports',
        headers: { 'content-type': type, cookie: ctx.alice.cookieHeader(), origin: ctx.server.url },
        head,
        size: 200 * MB,
        declare: true,
        waitMs: ANSWER_WAIT_MS,
      });
      expect([viewport.status, viewport.body?.error?.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    });

    it(`a chunked ${kind} body is refused once it passes 1 MB, long before its 200 MB are sent`, async () => {
      for (const path of [...anonymousRoutes, '/api/viewports']) {
        const headers: Record<string, string> = {
          'content-type': type,
          ...(path === '/api/viewports' ? { cookie: ctx.alice.cookieHeader(), origin: ctx.server.url } : {}),
        };
        const r = await sendLazily(ctx.server, { path, headers, head, size: 200 * MB });
        expect([path, r.status, r.body?.error?.code]).toEqual([path, 413, 'PAYLOAD_TOO_LARGE']);
        // 1 MB read, plus what the sockets' buffers hold when the answer arrives (about 3 MB here)
        expect(r.sent, path).toBeLessThan(24 * MB);
      }
    });
  }

  const avatarTooLarge = fill(storageMessages.avatarTooLarge, { n: AVATAR_MAX_BYTES / MB });
  const maskTooLarge = fill(storageMessages.maskTooLarge, { n: MASK_MAX_BYTES / MB });

  it('a profile picture over its limit is refused by its announced size, and while a chunked one arrives', async () => {
    const headers = { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: ctx.alice.cookieHeader(), origin: ctx.server.url };
    const head = multipartHead(boundary, { field: 'avatar', name: 'me.png' });
    const tail = `\r\n--${boundary}--\r\n`;
    const declared = await sendLazily(ctx.server, {
      method: 'PUT',
      path: '/api/profile/avatar',
      headers,
      head,
      size: 150 * MB,
      tail,
      declare: true,
      waitMs: ANSWER_WAIT_MS,
    });
    expect([declared.status, declared.body?.error?.code, declared.body?.error?.message]).toEqual([413, 'FILE_TOO_LARGE', avatarTooLarge]);
    const chunked = await sendLazily(ctx.server, { method: 'PUT', path: '/api/profile/avatar', headers, head, size: 150 * MB, tail });
    expect([chunked.status, chunked.body?.error?.code, chunked.body?.error?.message]).toEqual([413, 'FILE_TOO_LARGE', avatarTooLarge]);
    expect(chunked.sent).toBeLessThan(AVATAR_MAX_BYTES + 24 * MB);
    // one byte over, inside a body the request limit lets through: the file's own limit answers the same
    const form = new FormData();
    form.append('avatar', new Blob([new Uint8Array(AVATAR_MAX_BYTES + 1)]), 'me.png');
    const justOver = await ctx.alice.json('/api/profile/avatar', { method: 'PUT', body: form });
    expect([justOver.status, justOver.body.error.message]).toEqual([413, avatarTooLarge]);
    const [profile] = await ctx.server.deps.db.select({ avatarPath: profiles.avatarPath }).from(profiles).where(eq(profiles.userId, ctx.aliceId));
    expect(profile.avatarPath).toBeNull();
  });

  it('a removal mask over its limit is refused by its announced size, and while a chunked one arrives', async () => {
    const headers = { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: ctx.alice.cookieHeader(), origin: ctx.server.url };
    const head = multipartHead(boundary, { field: 'maskImage', name: 'mask.png' }, { targetImageId: randomUUID() });
    const tail = `\r\n--${boundary}--\r\n`;
    const declared = await sendLazily(ctx.server, { path: '/api/jobs/remove', headers, head, size: 150 * MB, tail, declare: true, waitMs: ANSWER_WAIT_MS });
    expect([declared.status, declared.body?.error?.code, declared.body?.error?.message]).toEqual([413, 'MASK_TOO_BIG', maskTooLarge]);
    const chunked = await sendLazily(ctx.server, { path: '/api/jobs/remove', headers, head, size: 150 * MB, tail });
    expect([chunked.status, chunked.body?.error?.code, chunked.body?.error?.message]).toEqual([413, 'MASK_TOO_BIG', maskTooLarge]);
    expect(chunked.sent).toBeLessThan(MASK_MAX_BYTES + 24 * MB);
    expect(await ctx.server.deps.db.select().from(imageJobs).where(eq(imageJobs.userId, ctx.aliceId))).toHaveLength(0);
  });

  it('a client still sending when its body is refused reads the refusal, not a broken connection, every time', async () => {
    // closed at once, the connection was reset under the client's next write about one time in five
    const headers = { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: ctx.alice.cookieHeader(), origin: ctx.server.url };
    const head = multipartHead(boundary, { field: 'maskImage', name: 'mask.png' }, { targetImageId: randomUUID() });
    const answers: (string | number)[] = [];
    for (let i = 0; i < 30; i++) {
      const r = await sendLazily(ctx.server, { path: '/api/jobs/remove', headers, head, size: 150 * MB, tail: `\r\n--${boundary}--\r\n` });
      answers.push(r.body?.error?.message === maskTooLarge ? r.status : `${r.status} after ${r.sent} bytes`);
    }
    expect(answers).toEqual(Array(30).fill(413));
  });
});
