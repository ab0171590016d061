/**
 * The engine's terminal commands as an operator runs them: a real process, real files, the closing summary.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_MODELS_DIR } from '@engine/test-models.js';

const run = promisify(execFile);
const here = path.dirname(new URL(import.meta.url).pathname);

let dir: string;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'renderlift-cli-'));
  // the converted models the engine tests share, as this DATA_DIR's models
  fs.mkdirSync(TEST_MODELS_DIR, { recursive: true });
  fs.symlinkSync(TEST_MODELS_DIR, path.join(dir, 'models'));
  env = { ...process.env, DATA_DIR: dir, ENGINE_THREADS: '1' };
  const rgb = Buffer.alloc(40 * 30 * 3);
  for (let i = 0; i < rgb.length; i++) rgb[i] = (i * 37) % 251;
  // a red object where the mask is painted
  for (let y = 10; y < 16; y++) for (let x = 12; x < 20; x++) rgb.set([250, 0, 0], (y * 40 + x) * 3);
  await sharp(rgb, { raw: { width: 40, height: 30, channels: 3 } })
    .png()
    .toFile(path.join(dir, 'render.png'));
  const mask = Buffer.alloc(40 * 30);
  for (let y = 10; y < 16; y++) for (let x = 12; x < 20; x++) mask[y * 40 + x] = 255;
  await sharp(mask, { raw: { width: 40, height: 30, channels: 1 } })
    .png()
    .toFile(path.join(dir, 'mask.png'));
});

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const cli = (script: string, args: string[]) =>
  run(process.execPath, ['--import', 'tsx', path.join(here, script), ...args], { env, cwd: path.join(here, '..'), timeout: 120_000 });

describe('engine commands', () => {
  it('enhance writes the format its -o names, at the exact size, and sums up time, size and model', async () => {
    const out = path.join(dir, 'render-x2.jpg');
    const { stdout, stderr } = await cli('enhance.ts', [path.join(dir, 'render.png'), '--scale', '2', '--mode', 'detail', '-o', out]);
    const meta = await sharp(out).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 80, 60]);
    expect(stdout).toMatch(/80x60 jpeg, [\d.]+ MB, model esrgan-medium-x2, [\d.]+ (ms|s)/);
    // the progress bar (plain lines when not on a terminal)
    expect(stderr).toMatch(/enhance ×2 detail \[#+\] 100%/);
    expect(fs.readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('enhance refuses an unknown output extension and an unknown scale without writing anything', async () => {
    const before = fs.readdirSync(dir).sort();
    for (const args of [
      ['-o', path.join(dir, 'out.tga')],
      ['--scale', '5'],
    ]) {
      const err = (await cli('enhance.ts', [path.join(dir, 'render.png'), ...args]).catch((e) => e)) as { code: number; stderr: string };
      expect(err.code).toBe(2);
      expect(err.stderr).toContain('usage: npm run enhance');
    }
    expect(fs.readdirSync(dir).sort()).toEqual(before);
  });

  it('remove fills the masked region and names the method', async () => {
    const out = path.join(dir, 'removed.png');
    const { stdout } = await cli('remove.ts', [path.join(dir, 'render.png'), path.join(dir, 'mask.png'), '-o', out]);
    expect(stdout).toMatch(/40x30 png, method (telea|exemplar), /);
    const [a, b] = await Promise.all([sharp(path.join(dir, 'render.png')).raw().toBuffer(), sharp(out).raw().toBuffer()]);
    let red = 0;
    for (let y = 10; y < 16; y++) for (let x = 12; x < 20; x++) if (b[(y * 40 + x) * 3] > 240 && b[(y * 40 + x) * 3 + 1] < 10) red++;
    expect(red).toBe(0);
    // far from the mask nothing moved
    expect(Buffer.compare(a.subarray(0, 40 * 3 * 4), b.subarray(0, 40 * 3 * 4))).toBe(0);
  });
});
