import type { ChildProcess } from 'node:child_process';

/** A started process of ours, as the multi-process tests watch it: its output, its structured log, its life. */
export interface TrackedProcess {
  child: ChildProcess;
  /** The exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  /** Every structured log line with this message. */
  entries(message: string): Record<string, unknown>[];
  alive(): boolean;
  /** SIGKILL, as a machine dies: nothing is handed back. */
  kill(): Promise<void>;
}

export function trackProcess(child: ChildProcess): TrackedProcess {
  let out = '';
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const alive = () => child.exitCode === null && child.signalCode === null;
  return {
    child,
    exited,
    output: () => out,
    entries: (message) =>
      out
        .split('\n')
        .filter((l) => l.startsWith('{') && l.includes(`"msg":"${message}"`))
        .map((l) => JSON.parse(l) as Record<string, unknown>),
    alive,
    kill: async () => {
      if (alive()) child.kill('SIGKILL');
      await exited;
    },
  };
}
