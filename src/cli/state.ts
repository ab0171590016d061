import fs from 'node:fs';
import path from 'node:path';
import { CLI_STATE_FILE } from '@shared/cli.js';

/** One file's way through the server: kept as soon as each step is done, so a killed run picks it up again. */
export interface StateEntry {
  source: string;
  sha256: string;
  imageId?: string;
  jobId?: string;
  output?: string;
  done?: boolean;
}

/**
 * The `.renderlift` file in the output folder: per idempotency key (file hash + settings) the upload, the job and
 * the result written. Saved whole through a temporary file, so it is never half written.
 */
export class StateFile {
  readonly file: string;
  private entries: Record<string, StateEntry> = {};

  constructor(outDir: string) {
    this.file = path.join(outDir, CLI_STATE_FILE);
    try {
      const parsed = JSON.parse(fs.readFileSync(this.file, 'utf8')) as { entries?: Record<string, StateEntry> };
      this.entries = parsed.entries ?? {};
    } catch {}
  }

  get(key: string): StateEntry | undefined {
    return this.entries[key];
  }

  update(key: string, patch: Partial<StateEntry> & Pick<StateEntry, 'source' | 'sha256'>): StateEntry {
    const entry = { ...this.entries[key], ...patch };
    this.entries[key] = entry;
    const tmp = `${this.file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, `${JSON.stringify({ version: 1, entries: this.entries }, null, 2)}\n`);
    fs.renameSync(tmp, this.file);
    return entry;
  }
}
