/**
 * The Blender add-on against a real server: Debian's `blender` runs headless, installs the add-on from a zip, renders
 * a 320×240 Cycles frame and lets the add-on's automatic path (render_complete) upload it, follow the job and write
 * `<name>_x2_precision.png` beside the render. Skipped where `blender` is not installed (.ci/run installs it).
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ZipFile } from 'yazl';
import { startJobTestServer, type JobTestServer } from '@server/testing/job-test-server.js';
import { TestClient } from '@server/testing/test-server.js';
import { signUpVerifiedUser } from '@server/testing/accounts.js';
import { grantPlan } from '@server/services/plans/grant-plan.js';
import { processImageJob } from '@server/services/jobs/process-image-job.js';
import { creditLedger, imageJobs, profiles } from '@server/db/schema.js';
import { apiKeyMessages } from '@shared/api/api-keys.js';
import { msg } from '@shared/messages.js';

const ADDON_DIR = path.join(import.meta.dirname, 'renderlift');
const SCRIPT = path.join(import.meta.dirname, 'tests', 'render_and_enhance.py');
const hasBlender = spawnSync('blender', ['--version'], { stdio: 'ignore' }).status === 0;

/** The add-on folder as the zip an artist installs (Edit > Preferences > Add-ons > Install…). */
async function zipAddon(to: string): Promise<void> {
  const zip = new ZipFile();
  for (const name of fs.readdirSync(ADDON_DIR).filter((n) => n.endsWith('.py'))) {
    zip.addFile(path.join(ADDON_DIR, name), `renderlift/${name}`);
  }
  zip.end();
  await new Promise<void>((resolve, reject) => {
    zip.outputStream.pipe(fs.createWriteStream(to)).on('close', resolve).on('error', reject);
  });
}

/** PNG width and height from its IHDR chunk. */
const pngSize = (file: string) => {
  const head = fs.readFileSync(file).subarray(0, 24);
  expect(head.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [head.readUInt32BE(16), head.readUInt32BE(20)];
};

describe.skipIf(!hasBlender)('Blender add-on', () => {
  let t: JobTestServer;
  let userId: string;
  let key = '';
  let work = '';
  let zipPath = '';

  /** Runs the headless script; meanwhile runs the jobs it starts, as a worker would. */
  const runBlender = async (apiKey: string, outDir: string, serverUrl = t.server.url, scale = '2', write = 'write') => {
    fs.mkdirSync(outDir, { recursive: true });
    const child = spawn(
      'blender',
      ['-b', '--factory-startup', '--python-exit-code', '1', '--python', SCRIPT, '--', zipPath, serverUrl, apiKey, outDir, scale, write],
      {
        env: {
          ...process.env,
          // the add-on is installed into a throwaway user folder, never the machine's own Blender settings
          BLENDER_USER_SCRIPTS: path.join(work, 'scripts'),
          BLENDER_USER_CONFIG: path.join(work, 'config'),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    let code: number | null | undefined;
    void exited.then((c) => (code = c));
    const ran = new Set<string>();
    while (code === undefined) {
      const waiting = await t.server.deps.db
        .select({ id: imageJobs.id })
        .from(imageJobs)
        .where(and(eq(imageJobs.userId, userId), eq(imageJobs.status, 'processing')));
      for (const { id } of waiting.filter((j) => !ran.has(j.id))) {
        ran.add(id);
        await processImageJob({ ...t.server.deps, engine: t.engine }, id, new AbortController().signal);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    return { code, output };
  };
  const jobsOfUser = () => t.server.deps.db.select().from(imageJobs).where(eq(imageJobs.userId, userId));
  const credits = async () => (await t.server.deps.db.select().from(profiles).where(eq(profiles.userId, userId)))[0].creditsRemaining;

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'renderlift-blender-'));
    zipPath = path.join(work, 'renderlift.zip');
    await zipAddon(zipPath);
    t = await startJobTestServer('pglite');
    const artist = new TestClient(t.server.url);
    const account = await signUpVerifiedUser(artist, t.server.deps);
    userId = account.userId;
    await grantPlan(t.server.deps, { email: account.email, tier: 'business', until: new Date(Date.now() + 30 * 86_400_000) });
    const made = await artist.json('/api/api-keys', {
      method: 'POST',
      json: { name: 'Blender', scopes: ['images:write', 'jobs:write', 'jobs:read', 'files:read'] },
    });
    expect(made.status).toBe(201);
    key = made.body.key;
  }, 120_000);
  afterAll(async () => {
    await t?.stop();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  it('enhances a finished Cycles render by itself and writes <name>_x2_precision.png at twice its size, charged once', async () => {
    const before = await credits();
    const out = path.join(work, 'renders');
    const { code, output } = await runBlender(key, out);
    expect(code, output).toBe(0);
    expect(output).toContain('renderlift finished');
    // the add-on took the file the render wrote (write_still) and wrote its result beside it
    expect(fs.readdirSync(out).sort()).toEqual(['shot.png', 'shot_x2_precision.png']);
    expect(pngSize(path.join(out, 'shot.png'))).toEqual([320, 240]);
    const result = path.join(out, 'shot_x2_precision.png');
    expect(output).toContain(`Renderlift: wrote ${result}`);
    expect(pngSize(result)).toEqual([640, 480]);

    const jobs = await jobsOfUser();
    expect(jobs).toHaveLength(1);
    const [job] = jobs;
    expect([job.status, job.creditState, job.scale, job.mode]).toEqual(['completed', 'charged', 2, 'precision']);
    expect(job.creditsUsed).toBeGreaterThan(0);
    const charges = await t.server.deps.db.select().from(creditLedger).where(eq(creditLedger.jobId, job.id));
    expect(charges.filter((e) => e.delta < 0).reduce((n, e) => n + e.delta, 0)).toBe(-job.creditsUsed);
    expect(await credits()).toBe(before - job.creditsUsed);
  }, 300_000);

  it('with a wrong key it prints the server’s message and writes nothing', async () => {
    const out = path.join(work, 'wrong-key');
    const jobsBefore = (await jobsOfUser()).length;
    const { code, output } = await runBlender('rl_live_not-a-key-of-this-server', out);
    expect(code, output).toBe(0);
    expect(output).toContain(`Renderlift: ${apiKeyMessages.unknownKey}`);
    expect(fs.readdirSync(out)).toEqual(['shot.png']);
    expect(await jobsOfUser()).toHaveLength(jobsBefore);
  }, 300_000);

  it('with no credits left it prints the catalogue’s message and writes nothing', async () => {
    await t.server.deps.db.update(profiles).set({ creditsRemaining: 0 }).where(eq(profiles.userId, userId));
    const out = path.join(work, 'no-credits');
    const jobsBefore = (await jobsOfUser()).length;
    const { code, output } = await runBlender(key, out);
    expect(code, output).toBe(0);
    expect(output).toContain(`Renderlift: ${msg('enhanceInsufficientCredits')}`);
    expect(fs.readdirSync(out)).toEqual(['shot.png']);
    expect(await jobsOfUser()).toHaveLength(jobsBefore);
  }, 300_000);

  it('a render not written is saved as PNG first; with no server at the address it says it cannot reach it', async () => {
    const closed = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const out = path.join(work, 'unreachable');
    const { code, output } = await runBlender(key, out, `http://127.0.0.1:${closed}`, '2', 'nowrite');
    expect(code, output).toBe(0);
    expect(output).toContain(`Renderlift: Cannot reach the Renderlift server at http://127.0.0.1:${closed}:`);
    // nothing was written by the render: the add-on saved the result to the frame's output path, and nothing else
    expect(output).toContain('Renderlift: uploading shot0001.png');
    expect(fs.readdirSync(out)).toEqual(['shot0001.png']);
    expect(pngSize(path.join(out, 'shot0001.png'))).toEqual([320, 240]);
  }, 300_000);
});
