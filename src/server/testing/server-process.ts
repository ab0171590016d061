/**
 * Renderlift started as its own process, as `npm start` starts it, for the tests of the process itself: its start,
 * its stop on signals, its data folder. Every process started here is killed by `killServerProcesses` if a test
 * leaves it running.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../..');
// the test runner defines BASE_URL=/ for its own purposes; the server would rightly reject it
const { BASE_URL: _ignored, ...parentEnv } = process.env;

/** What the server logs when it starts on the data folder of a process that was killed. */
export const STALE_LOCK = 'took over the data folder of a server that did not stop cleanly';
export const RECOVERY = 'the embedded database was not closed cleanly; recovering it from its write-ahead log';

export interface ServerProcess {
  child: ChildProcess;
  /** The exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  /** The port once the server listens; rejects with its output if it exits first. */
  listening: Promise<number>;
  stdout: () => string;
  stderr: () => string;
}

const started: ChildProcess[] = [];

/**
 * Starts `src/main/main.ts` with the test runner's environment and `env` over it. `shellCommand` runs that command
 * line through the shell instead, as the leader of a new process group, as a terminal runs `npm start`, so a signal
 * can go to the whole group as Ctrl-C sends it.
 */
export function startServerProcess(env: Record<string, string>, opts: { shellCommand?: string } = {}): ServerProcess {
  const options = { cwd: root, env: { ...parentEnv, ...env }, stdio: ['ignore', 'pipe', 'pipe'] as ['ignore', 'pipe', 'pipe'] };
  const child = opts.shellCommand
    ? spawn('sh', ['-c', opts.shellCommand], { ...options, detached: true })
    : spawn(process.execPath, ['--import', 'tsx', 'src/main/main.ts'], options);
  started.push(child);
  let out = '';
  let err = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (err += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const listening = new Promise<number>((resolve, reject) => {
    const timer = setInterval(() => {
      const m = out.match(/listening on port (\d+)/);
      if (m) {
        clearInterval(timer);
        resolve(Number(m[1]));
      }
    }, 50);
    void exited.then((code) => {
      clearInterval(timer);
      reject(new Error(`server exited with ${code ?? child.signalCode}: ${err}${out}`));
    });
  });
  // a test that expects the process to fail awaits `exited` alone
  listening.catch(() => undefined);
  return { child, exited, listening, stdout: () => out, stderr: () => err };
}

/** The server's structured log lines (JSON, one a line) in `output`. */
export const logEntries = (output: string) =>
  output
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as { msg: string; level: number });

/** Kills every process started here that is still running. */
export function killServerProcesses() {
  for (const c of started) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
}
