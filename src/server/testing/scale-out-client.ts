/**
 * What a browser does against the scaled-out cluster, through its proxy: sign in through one API process, upload
 * renders, start enhancements (waiting its turn when the image is still processing), each answer naming the API
 * process that served it.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { grantPlan } from '../services/plans/grant-plan.js';
import { signupBody, verificationCodeFrom, waitForMail } from './accounts.js';
import { UPSTREAM_HEADER } from './round-robin-proxy.js';
import type { ScaleOut } from './scale-out.js';
import { TestClient } from './test-server.js';

const RENDERS_DIR = path.resolve(import.meta.dirname, '../../../bench/renders');

/** Headers that send a request through the proxy to one API process. */
export const through = (api: number) => ({ [UPSTREAM_HEADER]: String(api) });

/**
 * A browser that signs up, verifies (the code read from the e-mail outbox in the database: with BASE_URL set there is
 * no /dev/mailbox) and signs in through one API process, then gets a complimentary plan as the operator grants it.
 */
export async function signedInThrough(cluster: ScaleOut, api: number, tier = 'enterprise') {
  const client = new TestClient(cluster.proxy.url);
  const body = signupBody();
  const db = { db: cluster.database.database.db };
  const pinned = { headers: through(api) };
  const signup = await client.json('/api/accounts/signup', { ...pinned, method: 'POST', json: body });
  if (signup.status !== 201) throw new Error(`sign-up: ${signup.status} ${JSON.stringify(signup.body)}`);
  const mail = await waitForMail(db, body.email, 'verification');
  const verify = await client.json('/api/accounts/verify-email', { ...pinned, method: 'POST', json: { token: verificationCodeFrom(mail.text) } });
  if (verify.status !== 200) throw new Error(`verify: ${verify.status} ${JSON.stringify(verify.body)}`);
  const signIn = await client.json('/api/auth/sign-in/email', { ...pinned, method: 'POST', json: { email: body.email, password: body.password } });
  if (signIn.status !== 200) throw new Error(`sign-in: ${signIn.status} ${JSON.stringify(signIn.body)}`);
  await grantPlan({ db: cluster.database.database.db, clock: () => new Date() }, { email: body.email, tier });
  return {
    client,
    email: body.email,
    userId: signup.body.user.id as string,
    servedBy: [signup, verify, signIn].map((r) => r.res.headers.get(UPSTREAM_HEADER)),
  };
}

/** The first `count` renders of bench/renders, scaled down to `width` px wide as PNGs (small enough to enhance in a blink). */
export async function renders(count: number, width: number): Promise<{ name: string; png: Buffer }[]> {
  const names = fs
    .readdirSync(RENDERS_DIR)
    .filter((f) => f.endsWith('.png'))
    .sort();
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const name = names[i % names.length];
      return { name, png: await sharp(path.join(RENDERS_DIR, name)).resize({ width }).png().toBuffer() };
    }),
  );
}

/** Uploads one render; its image id and the API process that took it. */
export async function upload(client: TestClient, name: string, png: Buffer, headers: Record<string, string> = {}) {
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(png)], { type: 'image/png' }), name);
  const res = await client.json('/api/uploads', { method: 'POST', body: form, headers });
  if (res.status !== 201) throw new Error(`upload ${name}: ${res.status} ${JSON.stringify(res.body)}`);
  return { imageId: res.body.results[0].id as string, servedBy: res.res.headers.get(UPSTREAM_HEADER) };
}

/**
 * Starts an enhancement; while the image is still processing an earlier job (409) or the plan's limit is reached
 * (429) it tries again, as a user would. The job, its cost and the API process that accepted it.
 */
export async function startJob(
  client: TestClient,
  imageId: string,
  opts: { scale: number; mode: string; headers?: Record<string, string>; timeoutMs?: number },
) {
  const until = Date.now() + (opts.timeoutMs ?? 120_000);
  for (;;) {
    const res = await client.json('/api/jobs', { method: 'POST', json: { imageId, scale: opts.scale, mode: opts.mode }, headers: opts.headers });
    if (res.status === 201)
      return { jobId: res.body.job.id as string, cost: res.body.job.credits_used as number, servedBy: res.res.headers.get(UPSTREAM_HEADER) };
    if ((res.status !== 409 && res.status !== 429) || Date.now() > until) throw new Error(`job on ${imageId}: ${res.status} ${JSON.stringify(res.body)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
