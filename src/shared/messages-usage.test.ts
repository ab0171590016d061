import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { messages } from './messages.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CATALOGUE = ['src/shared/messages.ts', 'src/shared/shell-messages.ts'];

/** Every non-test source file under src/ except the catalogue itself. */
function sources(dir = path.join(ROOT, 'src')): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    const rel = path.relative(ROOT, full).split(path.sep).join('/');
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !CATALOGUE.includes(rel) ? [full] : [];
  });
}

/** The keys docs/messages.md lists as not shown, with the message it quotes. */
function documented(): Map<string, string> {
  const doc = fs.readFileSync(path.join(ROOT, 'docs/messages.md'), 'utf8');
  return new Map([...doc.matchAll(/^\| `(\w+)` \| (.*?) \| (.+) \|$/gm)].map((m) => [m[1], m[2]]));
}

describe('message catalogue usage', () => {
  const code = sources()
    .map((f) => fs.readFileSync(f, 'utf8'))
    .join('\n');
  const used = (key: string) => new RegExp(`\\b${key}\\b`).test(code);
  const listed = documented();

  it('shows every message somewhere, or says in docs/messages.md why not', () => {
    const neither = Object.keys(messages).filter((k) => !used(k) && !listed.has(k));
    expect(neither, 'catalogue keys neither used in src/ nor listed in docs/messages.md').toEqual([]);
  });

  it('lists only messages that are really not shown', () => {
    expect([...listed.keys()].filter(used), 'keys docs/messages.md calls unused that src/ uses').toEqual([]);
  });

  it('lists only catalogue keys, each with its message verbatim', () => {
    expect(listed.size).toBeGreaterThan(0);
    for (const [key, text] of listed) expect(text, key).toBe((messages as Record<string, string>)[key]);
  });
});
