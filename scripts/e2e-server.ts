/**
 * Starts the real server for the browser tests as a newcomer runs it (no BASE_URL: the journeys reach it at
 * http://127.0.0.1:<port>): a fresh DATA_DIR (E2E_DATA_DIR when the test runner chose it), the
 * built web app, the port from E2E_PORT. Stops cleanly on SIGTERM/SIGINT and removes its data, unless
 * E2E_KEEP_DATA=1: then a server started again on the same folder carries on where this one stopped.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '@server/config.js';
import { startServer } from '@main/server.js';

const dataDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'renderlift-e2e-'));
fs.mkdirSync(dataDir, { recursive: true });
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'test',
  PORT: process.env.E2E_PORT ?? '0',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  // converted models are shared between runs, like the integration tests do
  MODEL_CACHE_DIR: process.env.MODEL_CACHE_DIR ?? path.join(os.tmpdir(), 'renderlift-test-models'),
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  // every browser test signs in from the same loopback address; the limits themselves are proven by the integration tests
  RATE_LIMIT_SIGN_IN: process.env.RATE_LIMIT_SIGN_IN ?? '100/60',
  RATE_LIMIT_SIGN_UP: process.env.RATE_LIMIT_SIGN_UP ?? '100/600',
  RATE_LIMIT_TWO_FACTOR: process.env.RATE_LIMIT_TWO_FACTOR ?? '100/60',
});
const server = await startServer(config);
console.log(`listening on ${server.url}`);

const stop = async () => {
  await server.close();
  if (process.env.E2E_KEEP_DATA !== '1') fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
