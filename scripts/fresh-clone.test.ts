/**
 * What a newcomer gets from `git clone` is all the project needs: every file the tests, benchmarks and scripts read
 * is inside the repository, and nothing reaches for a folder beside it.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
let clone: string;

const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });

beforeAll(() => {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'renderlift-clone-'));
  clone = path.join(parent, 'renderlift');
  // the committed tree, alone in a fresh folder: nothing beside it
  git(parent, 'clone', '--quiet', '--no-checkout', root, clone);
  git(clone, 'checkout', '--quiet', git(root, 'rev-parse', 'HEAD').trim());
}, 120_000);
afterAll(() => {
  if (clone) fs.rmSync(path.dirname(clone), { recursive: true, force: true });
});

/** The string literal a `const NAME = path.resolve(import.meta.dirname, '…')` (or `path.join(root, '…')`) points at. */
function literalPath(file: string, pattern: RegExp): string {
  const m = fs.readFileSync(path.join(clone, file), 'utf8').match(pattern);
  if (!m) throw new Error(`${file}: no match for ${pattern}`);
  return path.resolve(path.join(clone, path.dirname(file)), m[1]);
}

const pngs = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.png')) : []);

describe('a fresh clone', () => {
  it('no tracked file reads a folder outside the repository', () => {
    const args = ['grep', '-l', '-E', String.raw`shared/(benchmark|seeds|hooks|ARCHITECTURE|STYLE)`, '--', '.', ':!scripts/fresh-clone.test.ts'];
    const r = spawnSync('git', args, { cwd: clone, encoding: 'utf8' });
    // git grep answers 1 when nothing matches, 0 with the matching files
    expect(r.status, r.stderr).toBe(1);
    expect(r.stdout.split('\n').filter(Boolean)).toEqual([]);
  });

  it('holds the renders the browser journeys, the engine benchmarks and the landing-image script read', () => {
    const renders = path.join(clone, 'bench/renders');
    expect(pngs(renders)).toHaveLength(8);
    expect(fs.readFileSync(path.join(renders, 'README.md'), 'utf8')).toMatch(/may be used freely/);
    for (const spec of fs.readdirSync(path.join(clone, 'e2e')).filter((f) => f.endsWith('.spec.ts'))) {
      const source = fs.readFileSync(path.join(clone, 'e2e', spec), 'utf8');
      if (!/const RENDERS = /.test(source)) continue;
      const dir = literalPath(`e2e/${spec}`, /const RENDERS = path\.resolve\(import\.meta\.dirname, '([^']+)'\)/);
      expect(pngs(dir).length, `${spec} reads ${dir}`).toBeGreaterThanOrEqual(3);
    }
    const bench = literalPath('bench/engine/common.ts', /RENDERS_DIR \?\? path\.resolve\(here, '([^']+)'\)/);
    expect(pngs(bench)).toHaveLength(8);
    const landing = path.join(clone, fs.readFileSync(path.join(clone, 'scripts/landing-images.ts'), 'utf8').match(/path\.join\(root, '([^']+)'\)/)![1]);
    expect(pngs(landing)).toHaveLength(8);
  });
});
