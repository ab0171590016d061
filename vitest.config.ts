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
    reporters: process.env.CI ? ['default'] : ['default'],
  },
});
