import fs from 'node:fs';
import path from 'node:path';

/** PostgreSQL's DBState values (pg_control.h) that mean the last server shut the cluster down cleanly. */
const SHUT_DOWN = 1;
const SHUT_DOWN_IN_RECOVERY = 2;
/** pg_control starts with system_identifier (8 bytes), pg_control_version (4) and catalog_version_no (4), then the state. */
const STATE_OFFSET = 16;

/**
 * Whether the embedded database in `dir` was closed cleanly by its last user, read from global/pg_control before
 * it is opened: false means PostgreSQL will replay its write-ahead log (crash recovery); undefined, a new database.
 */
export function pgliteClosedCleanly(dir: string): boolean | undefined {
  let control: Buffer;
  try {
    control = fs.readFileSync(path.join(dir, 'global', 'pg_control'));
  } catch {
    return undefined;
  }
  if (control.length < STATE_OFFSET + 4) return false;
  const state = control.readUInt32LE(STATE_OFFSET);
  return state === SHUT_DOWN || state === SHUT_DOWN_IN_RECOVERY;
}
