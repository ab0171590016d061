import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('gives the single-machine defaults with an empty environment', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.BASE_URL).toBe('http://localhost:3000');
    expect(config.paths.db).toBe(path.resolve('./data/db'));
    expect(config.paths.storage).toBe(path.resolve('./data/storage'));
    expect(config.PROCESS_ROLE).toBe('all');
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).PORT).toBe(3000);
  });

  it('names each wrong variable and why', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x/y', PROCESS_ROLE: 'everything' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const issues = (error as ConfigError).issues.map((i) => i.variable).sort();
    expect(issues).toEqual(['DATABASE_URL', 'PORT', 'PROCESS_ROLE']);
    expect((error as ConfigError).message).toContain('DATABASE_URL: must be a URL starting with postgres:// or postgresql://');
    expect((error as ConfigError).message).toContain('(got "eighty")');
  });

  it('strips a trailing slash from BASE_URL', () => {
    expect(loadConfig({ BASE_URL: 'https://app.example.com/' }).BASE_URL).toBe('https://app.example.com');
  });

  it('makes the server exit non-zero with the variable named on stderr', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/main/main.ts'], {
      env: { ...process.env, BASE_URL: '', PORT: '-5', DATA_DIR: '/tmp/renderlift-never-used' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Invalid configuration');
    expect(result.stderr).toContain('PORT:');
  });
});

describe('README configuration table', () => {
  it('lists every environment variable the server reads', async () => {
    const fs = await import('node:fs');
    const { ConfigSchema } = await import('./config.js');
    const readme = fs.readFileSync(path.resolve(import.meta.dirname, '../../README.md'), 'utf8');
    const missing = Object.keys(ConfigSchema.shape).filter((key) => !readme.includes(`| \`${key}\``));
    expect(missing).toEqual([]);
  });
});
