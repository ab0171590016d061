/**
 * Load on loopback: a Renderlift server started as its own process (single-machine defaults, temporary data folder),
 * held open by SSE clients while mixed authenticated traffic arrives at a fixed rate: reads, viewport saves and job
 * submissions (each submission cancelled at once, so it exercises the queue, the credit reservation and the live
 * channel without spending the CPU on inference).
 *
 *   npm run bench:load                 (SSE=200 RATE=50 DURATION=60 USERS=20 to change the shape)
 *
 * Prints errors, p50/p99 per route, the server's RSS before and after, and the delivery latency of live events
 * (from the cancel request's start to the job event arriving on each of the owner's open streams).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { TestClient } from '@server/testing/test-server.js';
import { rssMiB, signUp, sleep, startServer } from './server.js';

const SSE_CLIENTS = Number(process.env.SSE ?? 200);
const RATE = Number(process.env.RATE ?? 50);
const DURATION_S = Number(process.env.DURATION ?? 60);
const USERS = Number(process.env.USERS ?? 20);
const JOB_USERS = Math.min(USERS, 5);
const GOALS = { errors: 0, readP99Ms: 50, rssGrowth: 0.2 };

async function grantBusiness(dataDir: string, email: string) {
  const { main } = await import('../../scripts/admin.js');
  const lines: string[] = [];
  const code = await main(['grant-plan', email, 'business'], { DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, (l: string) => lines.push(l));
  if (code !== 0) throw new Error(`grant-plan failed: ${lines.join('\n')}`);
}

/** An SSE connection that timestamps every job event it sees, keyed by job id. */
function openStream(url: string, cookie: string, seen: Map<string, number[]>, errors: string[]) {
  const controller = new AbortController();
  const ready = (async () => {
    const res = await fetch(`${url}/api/events`, { headers: { cookie, accept: 'text/event-stream' }, signal: controller.signal });
    if (res.status !== 200 || !res.body) throw new Error(`SSE answered ${res.status}`);
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          let cut;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            const data = block
              .split('\n')
              .filter((l) => l.startsWith('data:'))
              .map((l) => l.slice(5).trim())
              .join('\n');
            if (!/^event:\s*job$/m.test(block) || !data) continue;
            const id = (JSON.parse(data) as { data?: { id?: string } }).data?.id;
            if (id) seen.set(id, [...(seen.get(id) ?? []), performance.now()]);
          }
        }
      } catch (err) {
        if (!controller.signal.aborted) errors.push(`SSE dropped: ${(err as Error).message}`);
      }
    })();
  })();
  return { ready, close: () => controller.abort() };
}

const pct = (values: number[], p: number) => {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'renderlift-load-'));
  // every simulated browser connects from this one loopback address: the per-address and per-user stream caps are
  // raised to the load's shape, so the figures measure the server under SSE clients, not the caps' 429s
  const { child, url } = await startServer(dataDir, {
    SSE_MAX_STREAMS_PER_ADDRESS: String(SSE_CLIENTS + 10),
    SSE_MAX_STREAMS_PER_USER: String(Math.ceil(SSE_CLIENTS / USERS) + 10),
  });
  const streams: Array<{ close: () => void }> = [];
  try {
    console.log(`server ${url}, pid ${child.pid}; ${USERS} users, ${SSE_CLIENTS} SSE clients, ${RATE} requests/s for ${DURATION_S} s\n`);
    const users: Array<{ client: TestClient; email: string; images: string[]; viewportId?: string; viewportVersion: number; streams: number }> = [];
    for (let i = 0; i < USERS; i++) users.push({ ...(await signUp(url, i)), images: [], viewportVersion: 1, streams: 0 });
    const png = await sharp({ create: { width: 96, height: 72, channels: 3, background: '#6a5acd' } })
      .png()
      .toBuffer();
    for (const user of users.slice(0, JOB_USERS)) {
      await grantBusiness(dataDir, user.email);
      const form = new FormData();
      for (let k = 0; k < 4; k++) form.append('files', new Blob([new Uint8Array(png)], { type: 'image/png' }), `render-${k}.png`);
      const up = await user.client.json('/api/uploads', { method: 'POST', body: form });
      if (up.status !== 201) throw new Error(`upload: ${up.status} ${JSON.stringify(up.body)}`);
      user.images = up.body.results.map((r: { id: string }) => r.id);
    }
    for (const user of users) {
      const created = await user.client.json('/api/viewports/new', { method: 'POST', json: { name: 'Load test' } });
      user.viewportId = created.body?.session?.id;
    }

    const seen = new Map<string, number[]>();
    const errors: string[] = [];
    for (let i = 0; i < SSE_CLIENTS; i++) {
      const user = users[i % users.length];
      user.streams++;
      const s = openStream(url, user.client.cookieHeader(), seen, errors);
      streams.push(s);
      await s.ready;
    }
    await sleep(1000);
    const rssBefore = rssMiB(child.pid!);

    const timings = new Map<string, number[]>();
    const statusCounts = new Map<string, number>();
    const deliveries: number[] = [];
    const record = (route: string, ms: number, status: number) => {
      timings.set(route, [...(timings.get(route) ?? []), ms]);
      if (status >= 400) {
        statusCounts.set(`${route} ${status}`, (statusCounts.get(`${route} ${status}`) ?? 0) + 1);
      }
    };
    const timed = async (user: (typeof users)[number], route: string, method: string, pathname: string, body?: unknown) => {
      const start = performance.now();
      try {
        const res = await user.client.json(pathname, { method, ...(body === undefined ? {} : { json: body }) });
        record(route, performance.now() - start, res.status);
        return res;
      } catch (err) {
        record(route, performance.now() - start, 599);
        errors.push(`${route}: ${(err as Error).message}`);
        return { status: 599, body: null };
      }
    };

    const reads = [
      ['GET /api/me', '/api/me'],
      ['GET /api/images', '/api/images'],
      ['GET /api/viewports', '/api/viewports'],
      ['GET /api/credits', '/api/credits'],
      ['GET /api/jobs/active', '/api/jobs/active'],
    ] as const;
    let n = 0;
    async function oneRequest() {
      const i = n++;
      const kind = i % 20;
      if (kind < 12) {
        const [route, pathname] = reads[i % reads.length];
        await timed(users[i % users.length], route, 'GET', pathname);
      } else if (kind < 17) {
        const user = users[i % users.length];
        // saves based on the version this user last saw: two of one user's saves in flight at once are a conflict (409)
        const res = await timed(user, 'PUT /api/viewports/:id', 'PUT', `/api/viewports/${user.viewportId}`, {
          base_version: user.viewportVersion,
          viewport_data: { images: [{ id: `card-${i}`, originalUrl: `/api/files/user-images/x/render-${i}.png`, position: { x: (i % 7) * 900, y: 0 } }] },
        });
        const body = res.body as { session?: { version: number }; error?: { details?: { current_version?: number } } } | null;
        user.viewportVersion = body?.session?.version ?? body?.error?.details?.current_version ?? user.viewportVersion;
      } else {
        // one job at a time per user: a second submission for a busy image is refused by design (already processing)
        const user = users.slice(0, JOB_USERS).find((u) => !jobBusy.has(u));
        if (!user) {
          await timed(users[i % users.length], 'GET /api/me', 'GET', '/api/me');
          return;
        }
        jobBusy.add(user);
        try {
          await submitAndCancel(user, user.images[i % user.images.length]);
        } finally {
          jobBusy.delete(user);
        }
      }
    }

    const jobBusy = new Set<(typeof users)[number]>();
    async function submitAndCancel(user: (typeof users)[number], imageId: string) {
      {
        const submit = await timed(user, 'POST /api/jobs', 'POST', '/api/jobs', { imageId, scale: 2, mode: 'precision' });
        const jobId = submit.body?.job?.id;
        if (submit.status === 201 || submit.status === 200) {
          const start = performance.now();
          await timed(user, 'POST /api/jobs/:id/cancel', 'POST', `/api/jobs/${jobId}/cancel`);
          // the cancel's event reaches every stream the owner has open
          const deadline = performance.now() + 5000;
          while (performance.now() < deadline && (seen.get(jobId)?.filter((t) => t >= start).length ?? 0) < user.streams) await sleep(5);
          for (const t of seen.get(jobId)?.filter((t) => t >= start) ?? []) deliveries.push(t - start);
          const missing = user.streams - (seen.get(jobId)?.filter((t) => t >= start).length ?? 0);
          if (missing > 0) errors.push(`job ${jobId}: ${missing} of ${user.streams} streams got no event within 5 s`);
        }
      }
    }

    const inFlight = new Set<Promise<void>>();
    const total = RATE * DURATION_S;
    const started = performance.now();
    for (let k = 0; k < total; k++) {
      const due = started + (k * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      const p = oneRequest().finally(() => inFlight.delete(p));
      inFlight.add(p);
    }
    await Promise.all(inFlight);
    const elapsed = (performance.now() - started) / 1000;
    await sleep(2000);
    const rssAfter = rssMiB(child.pid!);

    const failures = [...statusCounts.values()].reduce((a, b) => a + b, 0) + errors.length;
    console.log('route                          requests    p50 ms    p99 ms');
    for (const [route, values] of [...timings].sort()) {
      console.log(
        `${route.padEnd(30)} ${String(values.length).padStart(8)} ${pct(values, 50).toFixed(1).padStart(9)} ${pct(values, 99).toFixed(1).padStart(9)}`,
      );
    }
    const readP99 = Math.max(...reads.map(([route]) => pct(timings.get(route) ?? [], 99)));
    console.log(`\nsent ${n} requests in ${elapsed.toFixed(1)} s (${(n / elapsed).toFixed(1)}/s), ${SSE_CLIENTS} SSE clients open`);
    console.log(
      `errors: ${failures}${
        failures
          ? ` (${[...statusCounts]
              .map(([k, v]) => `${k} ×${v}`)
              .concat(errors.slice(0, 5))
              .join('; ')})`
          : ''
      }   goal ${GOALS.errors}`,
    );
    console.log(`read p99: ${readP99.toFixed(1)} ms   goal < ${GOALS.readP99Ms} ms`);
    console.log(`live event delivery: ${deliveries.length} deliveries, p50 ${pct(deliveries, 50).toFixed(1)} ms, p99 ${pct(deliveries, 99).toFixed(1)} ms`);
    const growth = rssAfter / rssBefore - 1;
    console.log(
      `server RSS: ${rssBefore.toFixed(0)} MiB before, ${rssAfter.toFixed(0)} MiB after (×${(rssAfter / rssBefore).toFixed(2)})   goal ≤ ×${(1 + GOALS.rssGrowth).toFixed(2)}`,
    );
    const met = failures <= GOALS.errors && readP99 < GOALS.readP99Ms && growth <= GOALS.rssGrowth;
    console.log(met ? 'All goals met.' : 'Some goals are not met.');
  } finally {
    for (const s of streams) s.close();
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
