import type { RowProgress } from './copy-tables.js';
import type { FileProgress } from './copy-files.js';

export interface ProgressOutput {
  write(text: string): void;
  isTTY?: boolean;
  columns?: number;
}

const BAR_WIDTH = 24;

export function formatBytes(n: number): string {
  const units = ['B', 'kB', 'MB', 'GB', 'TB'];
  let v = n;
  let u = 0;
  while (v >= 1000 && u < units.length - 1) {
    v /= 1000;
    u++;
  }
  return `${u === 0 ? v : v.toFixed(1)} ${units[u]}`;
}

const bar = (done: number, total: number) => {
  const filled = total === 0 ? BAR_WIDTH : Math.round((done / total) * BAR_WIDTH);
  return `[${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}]`;
};

/**
 * Progress of rows and bytes: on a terminal one line per table (or the files) with a bar, redrawn in place; anywhere
 * else (a log, a pipe) a plain line per committed batch, which is what a reader of a log can follow.
 */
export function createProgress(out: ProgressOutput) {
  let open = false;
  const line = (text: string, finished: boolean) => {
    if (out.isTTY) {
      out.write(`\r${text.slice(0, (out.columns ?? 100) - 1).padEnd(Math.min(out.columns ?? 100, 100) - 1)}`);
      open = !finished;
      if (finished) out.write('\n');
    } else {
      out.write(`${text}\n`);
    }
  };
  return {
    rows(p: RowProgress) {
      if (!out.isTTY && p.done === 0 && p.total > 0) return;
      line(`${bar(p.done, p.total)} ${p.table}: ${p.done}/${p.total} rows, ${formatBytes(p.bytes)}`, p.done >= p.total);
    },
    files(p: FileProgress) {
      if (!out.isTTY && p.done === 0 && p.total > 0) return;
      line(`${bar(p.bytes, p.totalBytes)} files: ${p.done}/${p.total}, ${formatBytes(p.bytes)} of ${formatBytes(p.totalBytes)}`, p.done >= p.total);
    },
    /** A message between bars starts on a line of its own. */
    say(text: string) {
      if (open) out.write('\n');
      open = false;
      out.write(`${text}\n`);
    },
  };
}

export type Progress = ReturnType<typeof createProgress>;
