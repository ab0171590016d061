import { ConfigError, loadConfig } from '@server/config.js';
import { DataDirLockedError } from '@server/data-dir-lock.js';
import { OWNER_ONLY_UMASK } from '@server/data-dir-access.js';
import { createLogger } from '@server/logger.js';
import { startServer } from './server.js';
import { createStopOnSignal, FORCED_CLOSE_BOUND_MS, SIGNAL_GRACE_MS } from '@server/stop-on-signal.js';

// Before anything is written: the umask covers every file this process creates in DATA_DIR (stored uploads, converted
// models, the generated secret, the lock, the operator socket, the database's new files), whichever library or thread
// creates it. It is process-wide, so the entry point sets it once, rather than whichever module happens to write first.
process.umask(OWNER_ONLY_UMASK);

let config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

const logger = createLogger(config.LOG_LEVEL);
const starting = startServer(config, { logger });
// listening before the server is up too: a stop requested while it starts waits for the start, then stops it
const onSignal = createStopOnSignal({
  close: async () => (await starting).close(),
  forceClose: async () => (await starting).forceClose(),
  graceMs: SIGNAL_GRACE_MS,
  timeoutMs: config.SHUTDOWN_TIMEOUT_MS,
  forceBoundMs: FORCED_CLOSE_BOUND_MS,
  exit: (code) => process.exit(code),
  logger,
});
process.on('SIGTERM', () => onSignal('SIGTERM'));
process.on('SIGINT', () => onSignal('SIGINT'));

try {
  const server = await starting;
  const where = config.baseUrlFixed ? config.BASE_URL : `http://localhost:${server.port} (and at any address of this machine)`;
  console.log(`Renderlift is running on ${where} (listening on port ${server.port}, interface ${config.HOST})`);
  if (!config.isProduction && !config.SMTP_URL) {
    console.log(`E-mail is not delivered: read it at http://localhost:${server.port}/dev/mailbox (on this machine only)`);
  }
} catch (err) {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(err.message);
    process.exit(1);
  }
  logger.fatal({ err }, 'failed to start');
  process.exit(1);
}
