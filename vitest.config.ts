import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { layerAliases } from './aliases.js';

export default defineConfig({
  resolve: { alias: layerAliases },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'integrations/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // most suites wait on child processes, databases and sockets rather than compute, so every core takes a file
    // (vitest's default leaves one idle: a single worker on a 2-core machine; 1,092 s → 703 s for the suite there)
    maxWorkers: Math.max(2, availableParallelism()),
  },
});
