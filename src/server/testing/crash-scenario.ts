/**
 * Crash safety, run for real: Renderlift started as its own process (single-machine mode on PGlite), a user submits
 * jobs, and the server is killed with SIGKILL at seeded random moments (while an upload arrives, with a job queued, mid-
 * inference, while a result is written, while it is charged) and started again on the same data folder. At the end
 * the database is opened afresh and checked: every job completed or failed, every completed job charged and every
 * failed one released, the balance equal to the ledger's sum, no stored file without its row and no result row
 * without its file. Used by `npm run bench:crash` (20 jobs) and by a reduced standing test.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { mulberry32 } from '@shared/seeded-random.js';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../db/database.js';
import { pgliteClosedCleanly } from '../db/pglite-control.js';
import { creditLedger, imageJobs, images, profiles, user } from '../db/schema.js';
import { thumbnailKeyFor } from '../services/storage/paths.js';
import { syntheticPng } from './images.js';
import { createTestDatabase } from './databases.js';
import { signUpVerified } from './test-server.js';

const root = path.resolve(import.meta.dirname, '../../..');
// a test runner defines BASE_URL=/ for its own purposes; the server would rightly refuse it
const { BASE_URL: _runnerBaseUrl, ...parentEnv } = process.env;
const SERVER_ENTRY = path.join(root, 'src/main/main.ts');
const ADMIN_ENTRY = path.join(root, 'scripts/admin.ts');

export const KILL_MOMENTS = ['upload', 'queued', 'inference', 'write', 'charge'] as const;
export type KillMoment = (typeof KILL_MOMENTS)[number];

export interface CrashOptions {
  jobs: number;
  kills: number;
  seed: number;
  /** Side of the square test image; a larger one makes each job (and its inference window) longer. */
  imageSide?: number;
  /** How long everything may take before the run gives up (the figures then say so). */
  timeoutMs?: number;
  log?: (line: string) => void;
  /**
   * A PostgreSQL server's URL (an administrative one: a database is made for the run and dropped after it). With it the
   * API and the worker run as separate processes, and each kill takes the one the moment belongs to.
   */
  databaseUrl?: string;
  /** The moments kills are drawn from, in this order for the first kills (default: all, drawn at random). */
  moments?: readonly KillMoment[];
}

export interface CrashReport {
  jobs: number;
  /** Jobs answered 201 (an upload killed on its way never becomes one). */
  submitted: number;
  kills: { moment: KillMoment; job: number; process: Role; at: string }[];
  completed: number;
  failed: number;
  inconsistencies: string[];
  ms: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Running {
  child: ChildProcess;
  url: string;
}

/** `server`: the single-machine process (PGlite); `api` and `worker`: the two roles on PostgreSQL. */
type Role = 'server' | 'api' | 'worker';

function startServer(dataDir: string, role: Role = 'server', databaseUrl?: string): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    cwd: root,
    env: {
      ...parentEnv,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // converted models are shared with the test suite, so a run does not convert them again
      MODEL_CACHE_DIR: path.join(os.tmpdir(), 'renderlift-test-models'),
      WORKERS: '1',
      ENGINE_THREADS: '1',
      JOB_HEARTBEAT_SECONDS: '10',
      JOB_SUPERVISE_INTERVAL_SECONDS: '2',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      RATE_LIMIT_SIGN_UP: '1000/60',
      RATE_LIMIT_SIGN_IN: '1000/60',
      ...(role === 'server' ? {} : { PROCESS_ROLE: role, DATABASE_URL: databaseUrl!, STORAGE_SHARED: 'true', WORKERS: role === 'api' ? '0' : '1' }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise<Running>((resolve, reject) => {
    let out = '';
    const collect = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening on port (\d+)/.exec(out);
      if (m) {
        child.stdout!.off('data', collect);
        if (process.env.CRASH_SERVER_LOG) child.stdout!.pipe(process.stderr);
        else child.stdout!.resume();
        child.once('exit', (code, signal) => process.env.CRASH_SERVER_LOG && process.stderr.write(`server exited ${code ?? signal}\n`));
        resolve({ child, url: `http://127.0.0.1:${m[1]}` });
      }
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (process.env.CRASH_SERVER_LOG) process.stderr.write(chunk);
    });
    child.once('exit', (code, signal) => reject(new Error(`the server exited (${code ?? signal}) before listening:\n${out.slice(-4000)}`)));
  });
}

async function kill(server: Running) {
  const exited = new Promise((r) => server.child.once('exit', r));
  server.child.kill('SIGKILL');
  await exited;
}

async function stop(server: Running) {
  const exited = new Promise((r) => server.child.once('exit', r));
  server.child.kill('SIGTERM');
  const forced = setTimeout(() => server.child.kill('SIGKILL'), 30_000);
  await exited;
  clearTimeout(forced);
}

async function signUp(url: string) {
  const email = `crash-${Date.now()}@example.com`;
  return { client: await signUpVerified(url, email, { first: 'Crash', last: 'Test' }), email };
}

/** The operator command, through the running server's socket (nobody else may open its database). */
function grantBusiness(dataDir: string, email: string, databaseUrl?: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ADMIN_ENTRY, 'grant-plan', email, 'business'], {
      cwd: root,
      env: { ...parentEnv, DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`grant-plan failed: ${out}`))));
  });
}

type JobView = { id: string; status: string; progress: number; credit_state: string };

export async function runCrashScenario(opts: CrashOptions): Promise<CrashReport> {
  const started = Date.now();
  const log = opts.log ?? (() => {});
  const rand = mulberry32(opts.seed);
  const deadline = started + (opts.timeoutMs ?? 15 * 60_000);
  const side = opts.imageSide ?? 160;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'renderlift-crash-'));
  const report: CrashReport = { jobs: opts.jobs, submitted: 0, kills: [], completed: 0, failed: 0, inconsistencies: [], ms: 0 };
  // which job each kill falls on, and at which moment
  const plan = new Map<number, KillMoment>();
  const moments = opts.moments ?? KILL_MOMENTS;
  while (plan.size < Math.min(opts.kills, opts.jobs)) {
    const job = Math.floor(rand() * opts.jobs);
    if (!plan.has(job)) plan.set(job, opts.moments ? moments[plan.size % moments.length] : moments[Math.floor(rand() * moments.length)]);
  }

  const pg = opts.databaseUrl ? await createTestDatabase('postgres', opts.databaseUrl) : undefined;
  const roles: Role[] = pg ? ['api', 'worker'] : ['server'];
  const running = new Map<Role, Running>();
  for (const role of roles) running.set(role, await startServer(dataDir, role, pg?.url));
  const front = () => running.get(pg ? 'api' : 'server')!;
  try {
    const { client: signedIn, email } = await signUp(front().url);
    await grantBusiness(dataDir, email, pg?.url);
    // the session cookie outlives the server: the same browser goes on after each restart, on the new port
    const cookie = signedIn.cookieHeader();
    const api = async (pathname: string, init: RequestInit = {}): Promise<{ status: number; body: any }> => {
      const headers = new Headers(init.headers);
      headers.set('cookie', cookie);
      headers.set('origin', front().url);
      const res = await fetch(new URL(pathname, front().url), { ...init, headers }).catch((err) => {
        throw new Error(`${init.method ?? 'GET'} ${pathname}: ${(err as Error).cause ?? err}`);
      });
      const text = await res.text();
      try {
        return { status: res.status, body: text ? JSON.parse(text) : null };
      } catch {
        return { status: res.status, body: text };
      }
    };
    const postJson = (pathname: string, json: unknown) =>
      api(pathname, { method: 'POST', body: JSON.stringify(json), headers: { 'content-type': 'application/json' } });
    const restart = async (moment: KillMoment, job: number) => {
      // an upload and a submission die with the API; inference, writing and charging with the worker
      const role: Role = !pg ? 'server' : moment === 'upload' ? 'api' : moment === 'queued' ? (rand() < 0.5 ? 'api' : 'worker') : 'worker';
      await kill(running.get(role)!);
      report.kills.push({ moment, job, process: role, at: new Date().toISOString() });
      log(`  kill ${report.kills.length}: job ${job + 1}, ${moment} (${role})`);
      running.set(role, await startServer(dataDir, role, pg?.url));
    };
    const jobsById = async (ids: string[]): Promise<JobView[]> => {
      if (ids.length === 0) return [];
      const r = await api(`/api/jobs?ids=${ids.join(',')}`);
      return r.status === 200 ? r.body.jobs : [];
    };
    const waitFor = async (jobId: string, ok: (j: JobView) => boolean, ms: number) => {
      for (const until = Math.min(deadline, Date.now() + ms); Date.now() < until; await sleep(25)) {
        const [j] = await jobsById([jobId]).catch(() => []);
        if (j && ok(j)) return j;
      }
      return undefined;
    };

    const jobIds: string[] = [];
    for (let i = 0; i < opts.jobs && Date.now() < deadline; i++) {
      const moment = plan.get(i);
      const png = await syntheticPng(side, side, i + 1);
      const form = new FormData();
      form.append('files', new Blob([new Uint8Array(png)], { type: 'image/png' }), `crash-${i}.png`);
      const upload = api('/api/uploads', { method: 'POST', body: form });
      if (moment === 'upload') {
        // the request dies with the server
        upload.catch(() => undefined);
        await sleep(rand() * 40);
        await restart(moment, i);
        continue;
      }
      const up = await upload;
      if (up.status !== 201) throw new Error(`upload ${i}: ${up.status} ${JSON.stringify(up.body)}`);
      let submitted: { status: number; body: any } | undefined;
      for (let tries = 0; tries < 600 && Date.now() < deadline; tries++) {
        submitted = await postJson('/api/jobs', { imageId: up.body.results[0].id, scale: 2, mode: 'detail' });
        // the plan's limit on jobs at once: wait for one to end
        if (submitted.status !== 429 && submitted.status !== 409) break;
        await sleep(200);
      }
      if (submitted?.status !== 201) throw new Error(`job ${i}: ${submitted?.status} ${JSON.stringify(submitted?.body)}`);
      const jobId: string = submitted.body.job.id;
      jobIds.push(jobId);
      if (moment === 'queued') await restart(moment, i);
      else if (moment === 'inference') {
        await waitFor(jobId, (j) => j.status !== 'processing' || (j.progress > 0 && j.progress < 0.9), 120_000);
        await restart(moment, i);
      } else if (moment === 'write' || moment === 'charge') {
        // the engine's last tiles; the result is written and charged right after
        await waitFor(jobId, (j) => j.status !== 'processing' || j.progress >= 0.9, 120_000);
        await sleep((moment === 'write' ? 0 : 40) + rand() * 120);
        await restart(moment, i);
      }
    }

    // every job ends: retried after its worker's heartbeat lapses, or failed by the supervision once retries run out
    report.submitted = jobIds.length;
    log(`  ${jobIds.length} jobs submitted, ${report.kills.length} kills; waiting for every job to end`);
    const settleBy = Math.min(deadline, Date.now() + 4 * 60_000);
    let views: JobView[] = [];
    for (; Date.now() < settleBy; await sleep(500)) {
      views = await jobsById(jobIds).catch(() => views);
      if (views.length === jobIds.length && views.every((j) => j.status !== 'processing' && j.status !== 'pending')) break;
    }
    for (const r of running.values()) await stop(r);

    report.inconsistencies.push(...(await checkDataFolder(dataDir, jobIds, pg?.url)));
    Object.assign(report, await countJobs(dataDir, pg?.url));
  } finally {
    for (const r of running.values()) if (r.child.exitCode === null && r.child.signalCode === null) await kill(r);
    await pg?.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
    report.ms = Date.now() - started;
  }
  return report;
}

const open = (dataDir: string, databaseUrl?: string) => openDatabase(databaseUrl ? { databaseUrl, poolSize: 2 } : { pgliteDir: path.join(dataDir, 'db') });

async function countJobs(dataDir: string, databaseUrl?: string) {
  const database = await open(dataDir, databaseUrl);
  try {
    const rows = await database.db.select({ status: imageJobs.status }).from(imageJobs);
    return { completed: rows.filter((r) => r.status === 'completed').length, failed: rows.filter((r) => r.status === 'failed').length };
  } finally {
    await database.close();
  }
}

/** Every file under the storage folder, as bucket and key; temporary `.incoming-` files included. */
function storedFiles(storageDir: string): { bucket: string; key: string }[] {
  if (!fs.existsSync(storageDir)) return [];
  const out: { bucket: string; key: string }[] = [];
  for (const bucket of fs.readdirSync(storageDir)) {
    const walk = (dir: string, prefix: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        if (e.isDirectory()) walk(path.join(dir, e.name), `${prefix}${e.name}/`);
        else out.push({ bucket, key: `${prefix}${e.name}` });
      }
    };
    walk(path.join(storageDir, bucket), '');
  }
  return out;
}

/** Opens the database afresh (as the next start would) and lists what does not add up. */
async function checkDataFolder(dataDir: string, jobIds: string[], databaseUrl?: string): Promise<string[]> {
  const problems: string[] = [];
  // the last stop was a clean one (after the kills' restarts), so the files say the database was shut down cleanly
  if (!databaseUrl && pgliteClosedCleanly(path.join(dataDir, 'db')) === false) problems.push('the database was not closed cleanly by the last stop');
  let database;
  try {
    database = await open(dataDir, databaseUrl);
    await database.ping();
  } catch (err) {
    return [`the database does not open cleanly: ${(err as Error).message}`];
  }
  try {
    const db = database.db;
    const jobs = await db.select().from(imageJobs);
    const known = new Set(jobIds);
    for (const id of jobIds) if (!jobs.some((j) => j.id === id)) problems.push(`job ${id} was answered 201 but has no row`);
    for (const j of jobs) {
      const label = `job ${j.id}${known.has(j.id) ? '' : ' (unknown)'}`;
      if (j.status !== 'completed' && j.status !== 'failed' && j.status !== 'cancelled') problems.push(`${label} is still ${j.status}`);
      if (j.status === 'completed' && j.creditState !== 'charged') problems.push(`${label} completed but its credits are ${j.creditState}`);
      if (j.status !== 'completed' && j.creditState !== 'released') problems.push(`${label} ${j.status} but its credits are ${j.creditState}`);
      if (j.status === 'completed' && !j.resultImageId) problems.push(`${label} completed without a result row`);
      const ledger = await db.select().from(creditLedger).where(eq(creditLedger.jobId, j.id));
      const reasons = ledger.map((l) => l.reason).sort();
      const expected = j.status === 'completed' ? ['charge', 'reserve'] : ['release', 'reserve'];
      if (JSON.stringify(reasons) !== JSON.stringify(expected)) problems.push(`${label} ${j.status}: ledger ${reasons.join('+') || 'empty'}`);
    }
    // the balance is the ledger's sum: grants minus what charged jobs cost
    for (const u of await db.select({ id: user.id }).from(user)) {
      const [p] = await db.select({ credits: profiles.creditsRemaining }).from(profiles).where(eq(profiles.userId, u.id));
      const entries = await db.select().from(creditLedger).where(eq(creditLedger.userId, u.id));
      const sum = entries.reduce((s, e) => s + e.delta, 0);
      if (p && p.credits !== sum) problems.push(`user ${u.id}: balance ${p.credits}, ledger sum ${sum}`);
      const grants = entries.filter((e) => !['reserve', 'release', 'charge'].includes(e.reason)).reduce((s, e) => s + e.delta, 0);
      const charged = jobs.filter((j) => j.userId === u.id && j.creditState === 'charged').reduce((s, j) => s + j.creditsUsed, 0);
      if (p && p.credits !== grants - charged) problems.push(`user ${u.id}: balance ${p.credits}, grants ${grants} − charged ${charged}`);
    }
    // every stored file has its row (a result's preview counts with its result), every row its file
    const rows = await db.select({ bucket: images.bucket, path: images.path }).from(images);
    const withRows = new Set(rows.flatMap((r) => [`${r.bucket}/${r.path}`, `${r.bucket}/${thumbnailKeyFor(r.path)}`]));
    const files = storedFiles(path.join(dataDir, 'storage'));
    const onDisk = new Set(files.map((f) => `${f.bucket}/${f.key}`));
    const masks = new Set(jobs.map((j) => (typeof j.params.maskKey === 'string' ? `processed-images/${j.params.maskKey}` : '')));
    for (const f of files) {
      const name = `${f.bucket}/${f.key}`;
      if (!withRows.has(name) && !masks.has(name)) problems.push(`orphan file ${name}`);
    }
    for (const r of rows) if (!onDisk.has(`${r.bucket}/${r.path}`)) problems.push(`image row without its file: ${r.bucket}/${r.path}`);
  } finally {
    await database.close();
  }
  return problems;
}
