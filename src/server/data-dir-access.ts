import fs from 'node:fs';
import path from 'node:path';

/**
 * DATA_DIR holds the database (password hashes, TOTP secrets, the e-mail outbox with its reset codes), the uploads,
 * the generated AUTH_SECRET and the operator socket: nothing in it is for other accounts of the machine. The server
 * process creates its files with this umask, so group and others get no bits on anything it writes.
 */
export const OWNER_ONLY_UMASK = 0o077;

const GROUP_AND_OTHERS = 0o077;

/**
 * Creates DATA_DIR for the server's account alone. A folder that already exists keeps the mode its operator gave it;
 * the answer is a warning when group or others can reach into it.
 */
export function ensureDataDir(dir: string): { warning?: string } {
  let st: fs.Stats;
  try {
    st = fs.statSync(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    return {};
  }
  if (!(st.mode & GROUP_AND_OTHERS)) return {};
  const mode = (st.mode & 0o777).toString(8);
  return {
    warning:
      `The data folder ${dir} (mode ${mode}) is open to other users of this machine, and it holds the database, ` +
      `reset codes, uploads and secrets; allow the server's account alone with: chmod -R go-rwx ${dir}`,
  };
}

/**
 * Takes group and other bits off everything under `dir`. The embedded database sets its files' modes itself (its
 * initial files are created readable and writable by all), past the process umask.
 */
export function restrictToOwner(dir: string): void {
  const visit = (p: string) => {
    let st: fs.Stats;
    try {
      st = fs.lstatSync(p);
    } catch {
      return; // removed meanwhile
    }
    if (st.isSymbolicLink()) return;
    if (st.mode & GROUP_AND_OTHERS) fs.chmodSync(p, st.mode & 0o7700);
    if (st.isDirectory()) for (const name of fs.readdirSync(p)) visit(path.join(p, name));
  };
  visit(dir);
}
