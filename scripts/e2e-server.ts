/**
 * Starts the real server for the browser tests: a fresh temporary DATA_DIR, the built web app,
 * the port from E2E_PORT. Stops cleanly on SIGTERM/SIGINT and removes its data.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/server/config.js';
import { startServer } from '../src/server/server.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'renderlift-e2e-'));
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'test',
  PORT: process.env.E2E_PORT ?? '0',
  HOST: '127.0.0.1',
  BASE_URL: `http://127.0.0.1:${process.env.E2E_PORT ?? '3000'}`,
  DATA_DIR: dataDir,
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
});
const server = await startServer(config);
console.log(`listening on ${server.url}`);

const stop = async () => {
  await server.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
