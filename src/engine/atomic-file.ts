import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';

/** Writes to a temporary file in the same folder, flushes it, then renames: readers never see half a file. */
export async function writeFileAtomic(file: string, bytes: Uint8Array | string): Promise<void> {
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const handle = await open(tmp, 'w');
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(tmp, file);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}
