import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * PGlite is one process's database: two processes opening the same folder silently lose writes.
 * The server holds DATA_DIR/server.lock (with its pid) while it runs; a lock left by a dead process is taken over
 * (`onStale` hears of it: that process did not stop cleanly).
 */
export function lockDataDir(dataDir: string, opts: { onStale?: (pid: number) => void } = {}): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(fs.readFileSync(file, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError(
          `Another Renderlift server (pid ${pid}) is using ${dataDir}. The embedded database allows one process; stop it first, ` +
            `use another DATA_DIR, or set DATABASE_URL to run several processes on PostgreSQL.`,
        );
      }
      fs.rmSync(file, { force: true });
      opts.onStale?.(pid);
    }
  }
  throw new DataDirLockedError(`Could not lock ${dataDir}`);
}
