import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { CLI_IMAGE_EXTENSIONS, cliMessages } from '@shared/cli.js';
import { fill } from '@shared/messages.js';
import type { TargetSize } from '@shared/target-size.js';
import { usageError } from './exit-error.js';

export const isImage = (file: string) => (CLI_IMAGE_EXTENSIONS as readonly string[]).includes(path.extname(file).toLowerCase());

/** The images named, folders walked (hidden entries skipped), in a stable order. */
export function collectImages(paths: string[]): string[] {
  const found = new Set<string>();
  const walk = (p: string) => {
    const stat = fs.statSync(p, { throwIfNoEntry: false });
    if (!stat) throw usageError(fill(cliMessages.notFound, { path: p }));
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(p).sort()) if (!name.startsWith('.')) walk(path.join(p, name));
    } else if (isImage(p)) found.add(path.resolve(p));
  };
  for (const p of paths) walk(p);
  return [...found];
}

export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Settings of an enhancement, as they name its output and its idempotency key. */
export interface EnhanceSettings {
  scale?: number;
  targetSize?: TargetSize;
  mode: string;
}

const targetLabel = (t: TargetSize) =>
  t.kind === 'width' ? `w${t.width}` : t.kind === 'height' ? `h${t.height}` : t.kind === 'screen' ? t.preset : `${t.paper}-${t.dpi}dpi`;

/** x2_precision, w5000_detail, 4k_precision, a3-300dpi_creativity: part of the result's name and of its idempotency key. */
export const settingsLabel = (s: EnhanceSettings) => `${s.targetSize ? targetLabel(s.targetSize) : `x${s.scale}`}_${s.mode}`;

/** `render_0001.png` at x2 precision → `render_0001_x2_precision.png`. */
export const outputName = (source: string, label: string) => `${path.basename(source, path.extname(source))}_${label}.png`;

/** The Idempotency-Key of one file with one set of settings: the same file and settings never start a second job. */
export const idempotencyKey = (sha256: string, label: string) =>
  `renderlift-cli-${createHash('sha256').update(`${sha256}:${label}`).digest('hex').slice(0, 48)}`;

/** Writes through a temporary file, so a result is either whole or absent. */
export function writeWhole(file: string, bytes: Uint8Array): void {
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.part`);
  fs.writeFileSync(tmp, bytes);
  fs.renameSync(tmp, file);
}

/** Removes what a killed run left half written of this result (`.name.<pid>.part`). */
export function clearParts(file: string): void {
  const dir = path.dirname(file);
  const prefix = `.${path.basename(file)}.`;
  for (const name of fs.existsSync(dir) ? fs.readdirSync(dir) : [])
    if (name.startsWith(prefix) && name.endsWith('.part')) fs.rmSync(path.join(dir, name), { force: true });
}
