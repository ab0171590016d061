/**
 * The real `renderlift` command, run as a process against a real server on loopback: a folder of renders enhanced,
 * the run killed after its first result and run again (every result once, every image charged once), a watch folder
 * that takes a file copied in slowly exactly once (a restart takes nothing again), and a refused key.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { startJobTestServer, type JobTestServer } from '@server/testing/job-test-server.js';
import { TestClient } from '@server/testing/test-server.js';
import { signUpVerifiedUser } from '@server/testing/accounts.js';
import { grantPlan } from '@server/services/plans/grant-plan.js';
import { processImageJob } from '@server/services/jobs/process-image-job.js';
import { creditLedger, imageJobs, profiles } from '@server/db/schema.js';
import { apiKeyMessages } from '@shared/api/api-keys.js';
import { CLI_EXIT, CLI_STATE_FILE } from '@shared/cli.js';
import { msg } from '@shared/messages.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const BIN = path.join(ROOT, 'bin', 'renderlift.js');
const RENDERS = path.join(ROOT, 'bench', 'renders');

describe('renderlift, the command-line client', { timeout: 300_000 }, () => {
  let t: JobTestServer;
  let userId = '';
  let key = '';
  let tmp = '';
  let worker: NodeJS.Timeout | undefined;
  /** Jobs the test's worker has run, and how many it may run (held, so that a run is killed with jobs left). */
  let processed = 0;
  let allowed = Infinity;
  const running = new Set<ChildProcess>();
  /** What the CLIs printed, told when a wait times out. */
  let printed = '';

  /** The CLI with its own config folder (XDG_CONFIG_HOME), as a user would run it. */
  const cli = (args: string[]) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: tmp,
      env: { ...process.env, XDG_CONFIG_HOME: path.join(tmp, 'config'), RENDERLIFT_API_KEY: '', RENDERLIFT_SERVER: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running.add(child);
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (d) => ((stdout += d), (printed += d)));
    child.stderr!.on('data', (d) => ((stderr += d), (printed += d)));
    const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
      child.on('close', (code) => {
        running.delete(child);
        resolve({ code, stdout, stderr });
      }),
    );
    return { child, done };
  };
  /** Waits for `ok`, failing early when the CLI it waits on has ended. */
  const until = async (what: string, ok: () => boolean | Promise<boolean>, child?: ChildProcess, ms = 120_000) => {
    const end = Date.now() + ms;
    while (!(await ok())) {
      if (Date.now() > end || child?.exitCode != null) throw new Error(`timed out waiting for ${what}; the CLI printed:\n${printed.slice(-2000)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const jobsOf = () => t.server.deps.db.select().from(imageJobs).where(eq(imageJobs.userId, userId));
  const credits = async () => (await t.server.deps.db.select().from(profiles).where(eq(profiles.userId, userId)))[0].creditsRemaining;
  const results = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.png')) : []);

  beforeAll(async () => {
    t = await startJobTestServer(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
    const browser = new TestClient(t.server.url);
    const u = await signUpVerifiedUser(browser, t.server.deps);
    userId = u.userId;
    await grantPlan(t.server.deps, { email: u.email, tier: 'business', until: new Date(Date.now() + 30 * 86_400_000) });
    key = (
      await browser.json('/api/api-keys', { method: 'POST', json: { name: 'Render farm', scopes: ['images:write', 'jobs:write', 'jobs:read', 'files:read'] } })
    ).body.key;
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'renderlift-cli-'));
    // small renders: the first four of the bench's, 96 px wide
    fs.mkdirSync(path.join(tmp, 'renders'));
    const sources = fs
      .readdirSync(RENDERS)
      .filter((f) => f.endsWith('.png'))
      .sort()
      .slice(0, 4);
    for (const name of sources)
      await sharp(path.join(RENDERS, name))
        .resize({ width: 96 })
        .png()
        .toFile(path.join(tmp, 'renders', name));
    // the worker: the test runs each new job through the engine, as a worker of the queue would
    const taken = new Set<string>();
    let busy = false;
    worker = setInterval(async () => {
      if (busy) return;
      busy = true;
      try {
        const open = await t.server.deps.db
          .select({ id: imageJobs.id })
          .from(imageJobs)
          .where(inArray(imageJobs.status, ['pending', 'processing']));
        for (const { id } of open.filter((j) => !taken.has(j.id))) {
          if (processed >= allowed) break;
          taken.add(id);
          processed++;
          await processImageJob({ ...t.server.deps, engine: t.engine }, id, new AbortController().signal);
        }
      } finally {
        busy = false;
      }
    }, 200);
  }, 120_000);

  afterAll(async () => {
    clearInterval(worker);
    for (const child of running) child.kill('SIGKILL');
    await t?.stop();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('refuses a bad key with the auth exit code and the catalogue’s message, keeping nothing', async () => {
    const bad = await cli(['login', '--server', t.server.url, '--key', 'rl_live_not_a_key']).done;
    expect(bad.code).toBe(CLI_EXIT.auth);
    expect(bad.stderr).toContain(apiKeyMessages.unknownKey);
    expect(fs.existsSync(path.join(tmp, 'config', 'renderlift', 'config.json'))).toBe(false);
    const asJson = await cli(['jobs', '--json', '--server', t.server.url, '--key', 'rl_live_not_a_key']).done;
    expect(asJson.code).toBe(CLI_EXIT.auth);
    expect(JSON.parse(asJson.stdout).error).toMatchObject({ code: 'UNAUTHORIZED', detail: apiKeyMessages.unknownKey, status: 401 });
  });

  it('logs in, keeping the server and key in the config folder readable by its owner only', async () => {
    const ok = await cli(['login', '--server', t.server.url, '--key', key]).done;
    expect(ok.code, ok.stderr).toBe(CLI_EXIT.ok);
    const file = path.join(tmp, 'config', 'renderlift', 'config.json');
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({ server: t.server.url.replace(/\/+$/, ''), key });
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it('enhances a folder, killed after its first result and run again: every result once, every image charged once', async () => {
    const out = path.join(tmp, 'out');
    const before = await credits();
    // the worker runs one job, then holds the others until the run is killed
    allowed = processed + 1;
    const first = cli(['enhance', 'renders', '--scale', '2', '--mode', 'precision', '--out', 'out']);
    await until('the first result', () => results(out).length > 0, first.child);
    await until('the other jobs started', async () => (await jobsOf()).length === 4, first.child);
    first.child.kill('SIGKILL');
    await first.done;
    allowed = Infinity;
    expect(results(out)).toHaveLength(1);

    const second = await cli(['enhance', 'renders', '--scale', '2', '--mode', 'precision', '--out', 'out', '--json']).done;
    expect(second.code, second.stderr).toBe(CLI_EXIT.ok);
    const report = JSON.parse(second.stdout);
    expect(report.results.map((r: { status: string }) => r.status).sort()).toContain('skipped');
    const names = fs.readdirSync(path.join(tmp, 'renders')).map((n) => `${path.basename(n, '.png')}_x2_precision.png`);
    expect(results(out).sort()).toEqual(names.sort());
    expect(fs.readdirSync(out).filter((f) => f.endsWith('.part'))).toEqual([]);
    for (const name of names) expect((await sharp(path.join(out, name)).metadata()).width).toBe(192);
    expect(fs.existsSync(path.join(out, CLI_STATE_FILE))).toBe(true);

    // one job per image, each charged once
    const jobs = await jobsOf();
    expect(jobs).toHaveLength(4);
    expect(new Set(jobs.map((j) => j.targetImageId)).size).toBe(4);
    for (const job of jobs) {
      const entries = await t.server.deps.db.select().from(creditLedger).where(eq(creditLedger.jobId, job.id));
      expect(
        entries.reduce((n, e) => n + e.delta, 0),
        job.id,
      ).toBe(-1);
    }
    expect(await credits()).toBe(before - 4);

    // a third run finds everything done and spends nothing
    const third = await cli(['enhance', 'renders', '--out', 'out']).done;
    expect(third.code).toBe(CLI_EXIT.ok);
    expect(third.stdout).toContain('0 done, 4 already done, 0 failed');
    expect(await jobsOf()).toHaveLength(4);
  });

  it('enhances to an exact target size, named after it', async () => {
    const image = path.join(tmp, 'renders', fs.readdirSync(path.join(tmp, 'renders'))[2]);
    const done = await cli(['enhance', image, '--target-size', 'width:150', '--mode', 'detail', '--out', 'sized', '--json']).done;
    expect(done.code, done.stderr).toBe(CLI_EXIT.ok);
    const output = path.join(tmp, 'sized', `${path.basename(image, '.png')}_w150_detail.png`);
    expect(JSON.parse(done.stdout).results[0]).toMatchObject({ status: 'done', output });
    expect((await sharp(output).metadata()).width).toBe(150);
    const wrong = await cli(['enhance', image, '--target-size', 'print:a4', '--out', 'sized']).done;
    expect([wrong.code, wrong.stderr]).toEqual([CLI_EXIT.usage, expect.stringContaining('--target-size: width:PX')]);
  });

  it('without credits exits 4 with the catalogue’s message; with credits again the same run goes through', async () => {
    const image = path.join(tmp, 'broke.png');
    await sharp(path.join(tmp, 'renders', fs.readdirSync(path.join(tmp, 'renders'))[3]))
      .flip()
      .toFile(image);
    const balance = await credits();
    await t.server.deps.db.update(profiles).set({ creditsRemaining: 0 }).where(eq(profiles.userId, userId));
    const broke = await cli(['enhance', image, '--out', 'broke']).done;
    expect(broke.code).toBe(CLI_EXIT.noCredits);
    expect(broke.stderr).toContain(msg('enhanceInsufficientCredits'));
    // the server lets the file's Idempotency-Key go after a no-credits refusal: the next run asks again under it
    await t.server.deps.db.update(profiles).set({ creditsRemaining: balance }).where(eq(profiles.userId, userId));
    const paid = await cli(['enhance', image, '--out', 'broke']).done;
    expect(paid.code, paid.stderr).toBe(CLI_EXIT.ok);
    expect(fs.existsSync(path.join(tmp, 'broke', 'broke_x2_precision.png'))).toBe(true);
    expect(await credits()).toBe(balance - 1);
    const state = JSON.parse(fs.readFileSync(path.join(tmp, 'broke', CLI_STATE_FILE), 'utf8'));
    expect(Object.values<{ attempt?: number }>(state.entries).map((e) => e.attempt)).toEqual([undefined]);
  });

  it('removes what a mask paints white, once', async () => {
    const image = path.join(tmp, 'renders', fs.readdirSync(path.join(tmp, 'renders'))[1]);
    const { width, height } = await sharp(image).metadata();
    const mask = path.join(tmp, 'mask.png');
    const square = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    await sharp({ create: { width: width!, height: height!, channels: 3, background: '#000' } })
      .composite([{ input: square, left: 8, top: 8 }])
      .png()
      .toFile(mask);
    const jobsBefore = (await jobsOf()).length;
    const done = await cli(['remove', image, '--mask', mask, '--out', 'removed', '--json']).done;
    expect(done.code, done.stderr).toBe(CLI_EXIT.ok);
    const [result] = JSON.parse(done.stdout).results;
    expect(result).toMatchObject({ status: 'done', output: path.join(tmp, 'removed', `${path.basename(image, '.png')}_removed.png`) });
    expect((await sharp(result.output).metadata()).width).toBe(width);
    const again = await cli(['remove', image, '--mask', mask, '--out', 'removed']).done;
    expect([again.code, (await jobsOf()).length]).toEqual([CLI_EXIT.ok, jobsBefore + 1]);
  });

  it('runs no more jobs at once than the plan allows, waiting for a slot when the server says so', async () => {
    // a Basic account: one enhancement at a time
    const browser = new TestClient(t.server.url);
    const u = await signUpVerifiedUser(browser, t.server.deps);
    await grantPlan(t.server.deps, { email: u.email, tier: 'basic', until: new Date(Date.now() + 30 * 86_400_000) });
    const basicKey = (
      await browser.json('/api/api-keys', { method: 'POST', json: { name: 'Laptop', scopes: ['images:write', 'jobs:write', 'jobs:read', 'files:read'] } })
    ).body.key;
    const run = await cli(['enhance', 'renders', '--out', 'basic', '--concurrency', '4', '--server', t.server.url, '--key', basicKey, '--json']).done;
    expect(run.code, run.stderr).toBe(CLI_EXIT.ok);
    expect(JSON.parse(run.stdout).results.map((r: { status: string }) => r.status)).toEqual(['done', 'done', 'done', 'done']);
    const jobs = await t.server.deps.db.select().from(imageJobs).where(eq(imageJobs.userId, u.userId));
    expect(jobs).toHaveLength(4);
    // one after another: each started after the one before had ended
    const byStart = jobs.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    for (let i = 1; i < byStart.length; i++) expect(byStart[i].createdAt.getTime()).toBeGreaterThanOrEqual(byStart[i - 1].finishedAt!.getTime());
  });

  it('watch takes a file copied in slowly exactly once, and a restart takes nothing again', async () => {
    const inbox = path.join(tmp, 'inbox');
    const out = path.join(tmp, 'watched');
    fs.mkdirSync(inbox);
    const jobsBefore = (await jobsOf()).length;
    const watcher = cli(['watch', 'inbox', '--out', 'watched']);
    // a render written in six chunks over three seconds, as a farm's copy would
    const bytes = await sharp(path.join(tmp, 'renders', fs.readdirSync(path.join(tmp, 'renders'))[0]))
      .flop()
      .png()
      .toBuffer();
    const target = path.join(inbox, 'frame_0001.png');
    for (let i = 0; i < 6; i++) {
      fs.appendFileSync(target, bytes.subarray(Math.floor((i * bytes.length) / 6), Math.floor(((i + 1) * bytes.length) / 6)));
      await new Promise((r) => setTimeout(r, 500));
    }
    await until('the watched result', () => fs.existsSync(path.join(out, 'frame_0001_x2_precision.png')), watcher.child);
    await new Promise((r) => setTimeout(r, 3000));
    expect((await jobsOf()).length).toBe(jobsBefore + 1);
    watcher.child.kill('SIGTERM');
    await watcher.done;

    const again = cli(['watch', 'inbox', '--out', 'watched']);
    await new Promise((r) => setTimeout(r, 4000));
    again.child.kill('SIGTERM');
    const restarted = await again.done;
    expect(restarted.stderr).toContain('already done');
    expect((await jobsOf()).length).toBe(jobsBefore + 1);
    expect(results(out)).toEqual(['frame_0001_x2_precision.png']);
  });
});
