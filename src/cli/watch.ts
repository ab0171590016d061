import fs from 'node:fs';
import path from 'node:path';
import { CLI_WATCH_STABLE_MS } from '@shared/cli.js';
import { enhanceFile, type FileResult, type RunContext } from './enhance.js';
import { isImage } from './files.js';
import type { EnhanceSettings } from './files.js';

/**
 * A watch folder: every image in `dir` (already there or arriving) is enhanced once its size has stayed the same
 * for CLI_WATCH_STABLE_MS, so a render still being written is never uploaded half. What is done is known from the
 * results and the `.renderlift` state file in the output folder, so a restart neither redoes nor repays anything.
 * Runs until the process is stopped.
 */
export async function watchFolder(ctx: RunContext, dir: string, settings: EnhanceSettings, onResult: (r: FileResult) => void): Promise<never> {
  const seen = new Map<string, { size: number; mtime: number; since: number }>();
  const handled = new Set<string>();
  for (;;) {
    const now = Date.now();
    for (const name of fs.readdirSync(dir)) {
      const file = path.resolve(dir, name);
      if (name.startsWith('.') || !isImage(file)) continue;
      const stat = fs.statSync(file, { throwIfNoEntry: false });
      if (!stat?.isFile()) continue;
      const sig = `${file}:${stat.size}:${stat.mtimeMs}`;
      if (handled.has(sig)) continue;
      const last = seen.get(file);
      if (!last || last.size !== stat.size || last.mtime !== stat.mtimeMs) {
        seen.set(file, { size: stat.size, mtime: stat.mtimeMs, since: now });
        continue;
      }
      if (now - last.since < CLI_WATCH_STABLE_MS || stat.size === 0) continue;
      handled.add(sig);
      void enhanceFile(ctx, file, settings).then(onResult);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}
