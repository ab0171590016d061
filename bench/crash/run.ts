/**
 * Crash safety on loopback: a single-machine Renderlift (PGlite), or with TEST_DATABASE_URL (or DATABASE_URL: a
 * PostgreSQL server where a database is made for the run and dropped after it) its API and worker as separate
 * processes, is killed with SIGKILL at seeded random moments of
 * a run of jobs (upload, queued, mid-inference, mid-write, mid-charge) and started again; afterwards every job must
 * have ended (completed or failed), the balance must equal grants minus charged jobs (the ledger's sum), and storage
 * must hold no file without its row and no row without its file.
 *
 *   npm run bench:crash                (JOBS=20 KILLS=8 SEED=21 IMAGE=160 to change the run; CRASH_SERVER_LOG=1 shows the server)
 *
 * Prints jobs, kills by moment, completed/failed and the inconsistencies (goal 0); exits 1 when there are any.
 */
import os from 'node:os';
import { runCrashScenario } from '@server/testing/crash-scenario.js';

const jobs = Number(process.env.JOBS ?? 20);
const kills = Number(process.env.KILLS ?? 8);
const seed = Number(process.env.SEED ?? 21);
const imageSide = Number(process.env.IMAGE ?? 160);

console.log(`crash safety: ${jobs} jobs, ${kills} kills, seed ${seed}, load average ${os.loadavg()[0].toFixed(1)}`);
const databaseUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
console.log(databaseUrl ? 'API and worker as separate processes on PostgreSQL' : 'single-machine mode on PGlite');
const report = await runCrashScenario({ jobs, kills, seed, imageSide, databaseUrl, timeoutMs: 15 * 60_000, log: (l) => console.log(l) });
const byMoment = new Map<string, number>();
for (const k of report.kills)
  byMoment.set(
    `${k.moment}${k.process === 'server' ? '' : ` (${k.process})`}`,
    (byMoment.get(`${k.moment}${k.process === 'server' ? '' : ` (${k.process})`}`) ?? 0) + 1,
  );
console.log(`jobs ${report.jobs} (${report.submitted} submitted): completed ${report.completed}, failed ${report.failed}`);
console.log(`kills ${report.kills.length}: ${[...byMoment].map(([m, n]) => `${m} ${n}`).join(', ')}`);
console.log(`inconsistencies ${report.inconsistencies.length}${report.inconsistencies.map((p) => `\n  - ${p}`).join('')}`);
console.log(`${(report.ms / 1000).toFixed(0)} s`);
process.exit(report.inconsistencies.length ? 1 : 0);
